package crawl

import (
	"net/http"
	"testing"
	"time"
)

// TestRetryAfter reads the header as robots.txt fetches and pages do, each
// with its own bound.
func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	date := func(d time.Duration) string { return now.Add(d).Format(http.TimeFormat) }
	tests := []struct {
		name  string
		value string // "" for no header
		most  time.Duration
		want  time.Duration
	}{
		{"none", "", time.Hour, -1},
		{"seconds", "120", time.Hour, 2 * time.Minute},
		{"seconds with spaces", " 3 ", time.Hour, 3 * time.Second},
		{"zero", "0", time.Hour, 0},
		{"seconds over a page's bound", "7200", DefaultMaxRetryAfter, DefaultMaxRetryAfter},
		{"seconds within robots.txt's bound", "7200", maxRobotsRetryAfter, 2 * time.Hour},
		{"seconds over robots.txt's bound", "172800", maxRobotsRetryAfter, maxRobotsRetryAfter},
		{"seconds beyond any Duration", "99999999999999999999", maxRobotsRetryAfter, -1},
		{"the most seconds", "9223372036854775807", maxRobotsRetryAfter, maxRobotsRetryAfter},
		{"no bound", "172800", -1, 48 * time.Hour},
		{"no bound, more seconds than a Duration holds", "9223372036854775807", -1, 1<<63 - 1},
		{"an HTTP date", date(90 * time.Second), time.Hour, 90 * time.Second},
		{"an HTTP date past the bound", date(3 * time.Hour), time.Hour, time.Hour},
		{"an HTTP date in the past", date(-time.Hour), time.Hour, 0},
		{"an RFC 850 date", now.Add(time.Minute).Format("Monday, 02-Jan-06 15:04:05 GMT"), time.Hour, time.Minute},
		{"negative", "-1", time.Hour, -1},
		{"a fraction", "1.5", time.Hour, -1},
		{"words", "soon", time.Hour, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.value != "" {
				h.Set("Retry-After", tt.value)
			}
			if got := retryAfter(h, now, tt.most); got != tt.want {
				t.Errorf("retryAfter(%q, most %v) = %v, want %v", tt.value, tt.most, got, tt.want)
			}
		})
	}
}
