package crawl_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
)

func TestWaitErrors(t *testing.T) {
	t.Parallel()
	s := exampleSite(200, "User-agent: *\nCrawl-delay: 60\n")
	t.Cleanup(s.Close)
	tests := []struct {
		name   string
		pacing crawl.Pacing
		agent  string
		want   error
		// interval is what Interval returns when want is nil.
		interval time.Duration
	}{
		{"capped at the default maximum", crawl.Pacing{}, "MyBot", nil, 30 * time.Second},
		{"capped at a maximum of 5s", crawl.Pacing{MaxDelay: 5 * time.Second}, "MyBot", nil, 5 * time.Second},
		{"no maximum", crawl.Pacing{MaxDelay: -1}, "MyBot", nil, time.Minute},
		{"Crawl-delay ignored", crawl.Pacing{IgnoreCrawlDelay: true}, "MyBot", nil, time.Second},
		{"refused above the maximum", crawl.Pacing{RefuseAboveMax: true}, "MyBot", crawl.ErrDelayTooLong, 0},
		{"bad agent", crawl.Pacing{}, "My Bot", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checker := &crawl.Checker{Pacing: tt.pacing}
			got, err := checker.Interval(context.Background(), tt.agent, s.URL+"/")
			if tt.agent == "My Bot" {
				if err == nil {
					t.Errorf("Interval with agent %q = %v, nil; want an error", tt.agent, got)
				}
				if err := checker.Wait(context.Background(), tt.agent, s.URL+"/"); err == nil {
					t.Errorf("Wait with agent %q = nil, want an error", tt.agent)
				}
				return
			}
			if !errors.Is(err, tt.want) || got != tt.interval {
				t.Errorf("Interval = %v, %v; want %v, %v", got, err, tt.interval, tt.want)
			}
			if tt.want != nil {
				if err := checker.Wait(context.Background(), tt.agent, s.URL+"/"); !errors.Is(err, tt.want) {
					t.Errorf("Wait = %v, want %v", err, tt.want)
				}
			}
		})
	}
}

func TestIntervalDefaults(t *testing.T) {
	t.Parallel()
	s := exampleSite(200, "User-agent: slow\nCrawl-delay: 3\nDisallow: /a\n\nUser-agent: quick\nCrawl-delay: 0.25\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\n")
	t.Cleanup(s.Close)
	tests := []struct {
		name   string
		pacing crawl.Pacing
		agent  string
		want   time.Duration
	}{
		{"Crawl-delay", crawl.Pacing{}, "slow", 3 * time.Second},
		{"no Crawl-delay: the minimum", crawl.Pacing{}, "other", time.Second},
		{"a Crawl-delay under the minimum", crawl.Pacing{}, "quick", time.Second},
		{"a Crawl-delay over a smaller minimum", crawl.Pacing{MinInterval: 100 * time.Millisecond}, "quick", 250 * time.Millisecond},
		{"no minimum", crawl.Pacing{MinInterval: -1}, "other", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checker := &crawl.Checker{Pacing: tt.pacing}
			got, err := checker.Interval(context.Background(), tt.agent, s.URL+"/")
			if err != nil || got != tt.want {
				t.Errorf("Interval(%q) = %v, %v; want %v", tt.agent, got, err, tt.want)
			}
		})
	}
}

func BenchmarkWaitNoneDue(b *testing.B) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	b.Cleanup(s.Close)
	checker := &crawl.Checker{Pacing: crawl.Pacing{MinInterval: -1}}
	ctx := context.Background()
	url := s.URL + "/page"
	if err := checker.Wait(ctx, "MyBot", url); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := checker.Wait(ctx, "MyBot", url); err != nil {
			b.Fatal(err)
		}
	}
}
