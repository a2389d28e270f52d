package crawl

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// FuzzReport checks what a page's response does to its origin's schedule,
// whatever its status and Retry-After header: Report never panics, a
// refusal pushes the next slot by at most MaxRetryAfter, another status
// never pushes it, and the schedules stay within their bound, their map
// and ring agreeing.
func FuzzReport(f *testing.F) {
	for _, s := range []struct {
		status int
		after  string
	}{
		{429, "2"}, {503, ""}, {503, "Wed, 21 Oct 2099 07:28:00 GMT"}, {429, "-1"},
		{503, "99999999999999999999"}, {429, "1e9"}, {200, "5"}, {503, " 3 "}, {0, "x"},
		{429, "Sun, 06 Nov 1994 08:49:37 GMT"}, {503, "Sunday, 06-Nov-94 08:49:37 GMT"},
	} {
		f.Add("https://example.com/a", s.status, s.after, 3)
	}
	f.Fuzz(func(t *testing.T, url string, status int, after string, repeat int) {
		c := &Checker{Pacing: Pacing{MaxRetryAfter: time.Hour, Origins: 4}}
		h := http.Header{}
		h.Set("Retry-After", after)
		repeat = min(max(repeat, 1), 20)
		for range repeat {
			c.Report(context.Background(), url, status, h)
			done := time.Now()
			c.paces.mu.Lock()
			for origin, s := range c.paces.m {
				if s.next.After(done.Add(time.Hour)) {
					t.Errorf("after Report(%q, %d, Retry-After %q), %s's next slot is %v away, over MaxRetryAfter",
						url, status, after, origin, s.next.Sub(done))
				}
				refused := status == 429 || status == 503
				if !refused && !s.next.IsZero() {
					t.Errorf("Report(%q, %d) set a next slot", url, status)
				}
			}
			if len(c.paces.m) > 4 {
				t.Errorf("%d schedules, over the bound of 4", len(c.paces.m))
			}
			for i, s := range c.paces.ring {
				if s.at != i || c.paces.m[s.origin] != s || len(c.paces.ring) != len(c.paces.m) {
					t.Errorf("schedule %d of the ring (%s, at %d) is not the map's, or the ring and map differ", i, s.origin, s.at)
				}
			}
			c.paces.mu.Unlock()
		}
	})
}
