package crawl_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// switchServer serves robots.txt with a status and headers the test can
// change.
type switchServer struct {
	*robotsServer
	mu      sync.Mutex
	status  int
	body    string
	headers map[string]string
}

func newSwitchServer(t *testing.T, status int, body string) *switchServer {
	s := &switchServer{status: status, body: body}
	s.robotsServer = newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		for k, v := range s.headers {
			w.Header().Set(k, v)
		}
		w.WriteHeader(s.status)
		fmt.Fprint(w, s.body)
	})
	return s
}

func (s *switchServer) set(status int, headers map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.headers = status, headers
}

func TestCheckerBackoff(t *testing.T) {
	s := newSwitchServer(t, 503, "User-agent: *\nAllow: /\n")
	clk := newClock()
	start := clk.Now()
	c := crawl.WithClock(&crawl.Checker{}, clk.Now)
	// The waits after each failure in a row: 1, 2, 4 ... minutes, at most
	// an hour.
	waits := []time.Duration{1, 2, 4, 8, 16, 32, 60, 60}
	at := time.Duration(0)
	for i, wait := range waits {
		wait *= time.Minute
		e, err := c.Explain(context.Background(), "MyBot", s.URL+"/page")
		if err != nil {
			t.Fatal(err)
		}
		if e.Allowed || e.Access.Failures != i+1 || !e.Access.UnreachableSince.Equal(start) || !e.Access.Expires.Equal(clk.Now().Add(wait)) {
			t.Fatalf("failure %d: %v, %+v; want disallowed, %d failures since %v, expiring in %v", i+1, e.Allowed, e.Access, i+1, start, wait)
		}
		clk.Add(wait - time.Second)
		c.Allowed(context.Background(), "MyBot", s.URL+"/page")
		if n := s.hits.Load(); n != int64(i+1) {
			t.Fatalf("%v after failure %d: %d requests, want %d", wait-time.Second, i+1, n, i+1)
		}
		clk.Add(time.Second)
		at += wait
	}
	// The origin comes back: one fetch, and the back-off is forgotten.
	s.set(200, nil)
	e, err := c.Explain(context.Background(), "MyBot", s.URL+"/page")
	if err != nil {
		t.Fatal(err)
	}
	if !e.Allowed || e.Access.State != robots.Parsed || e.Access.Failures != 0 || !e.Access.Expires.Equal(clk.Now().Add(24*time.Hour)) {
		t.Errorf("after recovery: %v, %+v; want allowed, parsed, no failures, 24 hours", e.Allowed, e.Access)
	}
}

func TestCheckerRetryAfter(t *testing.T) {
	base := newClock().Now()
	tests := []struct {
		name       string
		status     int
		retryAfter string
		wait       time.Duration
	}{
		{"seconds", 503, "600", 10 * time.Minute},
		{"on 429", 429, "7200", 2 * time.Hour},
		{"HTTP date", 503, base.Add(3 * time.Hour).Format(http.TimeFormat), 3 * time.Hour},
		{"below the bound", 503, "5", time.Minute},
		{"date in the past", 503, base.Add(-time.Hour).Format(http.TimeFormat), time.Minute},
		{"above the bound", 503, "99999999", 24 * time.Hour},
		{"unreadable", 503, "soon", time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSwitchServer(t, tt.status, "")
			s.set(tt.status, map[string]string{"Retry-After": tt.retryAfter})
			clk := newClock()
			c := crawl.WithClock(&crawl.Checker{}, clk.Now)
			f, err := c.File(context.Background(), s.URL)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Access().Expires.Sub(clk.Now()); got != tt.wait {
				t.Errorf("next fetch in %v, want %v", got, tt.wait)
			}
			clk.Add(tt.wait - time.Second)
			c.File(context.Background(), s.URL)
			clk.Add(time.Second)
			c.File(context.Background(), s.URL)
			if n := s.hits.Load(); n != 2 {
				t.Errorf("%d requests, want 2 (the second one at %v)", n, tt.wait)
			}
		})
	}
}

func TestCheckerKeepsGoodCopy(t *testing.T) {
	for _, status := range []int{500, 503, 429, 0} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			s := newSwitchServer(t, 200, privateRobots)
			clk := newClock()
			c := crawl.WithClock(&crawl.Checker{FetchTimeout: time.Second}, clk.Now)
			ctx := context.Background()
			if _, err := c.File(ctx, s.URL); err != nil {
				t.Fatal(err)
			}
			goodAt := clk.Now()
			url := s.URL
			if status == 0 {
				s.Close() // connection refused from now on
			} else {
				s.set(status, nil)
			}
			clk.Add(25 * time.Hour)
			e, err := c.Explain(ctx, "MyBot", url+"/private/x")
			if err != nil {
				t.Fatal(err)
			}
			a := e.Access
			if e.Allowed || e.Reason != robots.RuleMatched || e.String() != "line 2: Disallow: /private" {
				t.Errorf("Explain(/private/x) = %v, %q; want the good copy's rule", e.Allowed, e)
			}
			if a.State != robots.Unreachable || !a.GoodCopy || !a.GoodFetched.Equal(goodAt) || a.Failures != 1 || a.Status != status {
				t.Errorf("Access = %+v; want unreachable (status %d) serving the copy of %v", a, status, goodAt)
			}
			if got, err := c.Allowed(ctx, "MyBot", url+"/open"); err != nil || !got {
				t.Errorf("Allowed(/open) = %v, %v; want true from the good copy", got, err)
			}
			// The copy survives further failures, 31 days of them.
			for clk.Now().Sub(goodAt) < 32*24*time.Hour {
				clk.Add(time.Hour)
				if got, err := c.Allowed(ctx, "MyBot", url+"/open"); err != nil || !got {
					t.Fatalf("after %v: Allowed(/open) = %v, %v; want true from the good copy", clk.Now().Sub(goodAt), got, err)
				}
			}
			f, _ := c.File(ctx, url)
			if a := f.Access(); !a.GoodCopy || clk.Now().Sub(a.UnreachableSince) < 30*24*time.Hour {
				t.Errorf("after 31 days: Access = %+v, want the good copy, unreachable for 30 days", a)
			}
		})
	}
}

func TestCheckerUnreachableFor31Days(t *testing.T) {
	s := newSwitchServer(t, 503, "")
	clk := newClock()
	start := clk.Now()
	c := crawl.WithClock(&crawl.Checker{}, clk.Now)
	ctx := context.Background()
	for day := 0; day <= 31; day++ {
		e, err := c.Explain(ctx, "MyBot", s.URL+"/page")
		if err != nil {
			t.Fatal(err)
		}
		want, wantState, wantText := false, robots.Unreachable, "robots.txt unreachable (HTTP 503): all disallowed"
		if day >= 30 {
			want, wantState, wantText = true, robots.Unavailable, "robots.txt unavailable (unreachable for 30 days): all allowed"
		}
		if e.Allowed != want || e.Access.State != wantState || e.String() != wantText {
			t.Errorf("day %d: %v, %v, %q; want %v, %v, %q", day, e.Allowed, e.Access.State, e, want, wantState, wantText)
		}
		if !e.Access.UnreachableSince.Equal(start) {
			t.Errorf("day %d: unreachable since %v, want %v", day, e.Access.UnreachableSince, start)
		}
		clk.Add(24 * time.Hour)
	}
	// When the origin answers again, its robots.txt is used.
	s.set(200, nil)
	s.mu.Lock()
	s.body = "User-agent: *\nDisallow: /page\n"
	s.mu.Unlock()
	if got, err := c.Allowed(ctx, "MyBot", s.URL+"/page"); err != nil || got {
		t.Errorf("after recovery: Allowed = %v, %v; want false", got, err)
	}
}
