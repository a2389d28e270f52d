package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/usage"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// usageSite is an httptest server with a robots.txt and a tdmrep.json,
// counting the requests for each.
type usageSite struct {
	*robotsServer
	tdmHits atomic.Int64
	mu      sync.Mutex
	tdm     http.HandlerFunc
}

func (s *usageSite) setTDMRep(h http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tdm = h
}

func newUsageSite(t *testing.T, robotsBody string, tdm http.HandlerFunc) *usageSite {
	t.Helper()
	s := &usageSite{tdm: tdm}
	s.robotsServer = newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, robotsBody)
		case "/.well-known/tdmrep.json":
			s.tdmHits.Add(1)
			s.mu.Lock()
			h := s.tdm
			s.mu.Unlock()
			h(w, r)
		default:
			http.NotFound(w, r)
		}
	})
	return s
}

const usageRobots = "User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /private/\n"

// TestUsageFetchesWhatIsMissing: robots.txt and tdmrep.json are fetched
// once each, and their statements join the page's header fields.
func TestUsageFetchesWhatIsMissing(t *testing.T) {
	s := newUsageSite(t, usageRobots, serve(200, `[{"location":"/a/","tdm-reservation":1,"tdm-policy":"https://example.com/p.json"}, {"location":"/","tdm-reservation":0}]`))
	c := &crawl.Checker{}
	for i := 0; i < 3; i++ {
		a, err := c.Usage(context.Background(), "Bingbot", usage.Input{URL: s.URL + "/a/page", Header: http.Header{"Content-Usage": {"search=n"}}})
		if err != nil {
			t.Fatal(err)
		}
		want := usage.Answer{
			Agent: "Bingbot", Fetchable: true,
			Search: usage.Decision{State: usage.Disallowed, By: []usage.Source{{From: usage.FromHeader, Line: 1, Text: "Content-Usage: search=n"}}},
			AITrain: usage.Decision{State: usage.Disallowed, Policy: "https://example.com/p.json", By: []usage.Source{
				{From: usage.FromRobots, Line: 2, Text: "Content-Signal: search=yes, ai-train=no"},
				{From: usage.FromTDMRep, Line: 1, Text: `{"location":"/a/","tdm-reservation":1,"tdm-policy":"https://example.com/p.json"}`},
			}},
		}
		if diff := cmp.Diff(want, a, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("call %d: Usage mismatch (-want +got):\n%s", i, diff)
		}
	}
	if r, tdm := s.hits.Load(), s.tdmHits.Load(); r != 1 || tdm != 1 {
		t.Errorf("%d robots.txt and %d tdmrep.json fetches, want one of each", r, tdm)
	}
}

// TestUsageNotFetchable: a URL robots.txt disallows has no uses, and its
// origin's tdmrep.json is not fetched for it.
func TestUsageNotFetchable(t *testing.T) {
	s := newUsageSite(t, usageRobots, serve(200, `[{"location":"/","tdm-reservation":1}]`))
	c := &crawl.Checker{}
	a, err := c.Usage(context.Background(), "GPTBot", usage.Input{URL: s.URL + "/private/x", Header: http.Header{"Tdm-Reservation": {"1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Fetchable || a.AITrain.State != usage.Unstated || a.AITrain.By[0].Text != "Disallow: /private/" {
		t.Errorf("Usage of a disallowed URL = %+v, want not fetchable, unstated", a)
	}
	if n := s.tdmHits.Load(); n != 0 {
		t.Errorf("%d tdmrep.json fetches for a URL robots.txt disallows, want none", n)
	}
}

// TestUsageGiven: what the caller gives is not fetched.
func TestUsageGiven(t *testing.T) {
	s := newUsageSite(t, usageRobots, serve(200, `[]`))
	c := &crawl.Checker{}
	in := usage.Input{
		URL:    s.URL + "/x",
		Robots: robots.Parse([]byte("User-agent: *\nContent-Usage: train-ai=y\n")),
		TDMRep: usage.ParseTDMRep([]byte(`[{"location":"/","tdm-reservation":0}]`)),
	}
	a, err := c.Usage(context.Background(), "GPTBot", in)
	if err != nil {
		t.Fatal(err)
	}
	if a.AITrain.State != usage.Allowed || len(a.AITrain.By) != 2 {
		t.Errorf("Usage = %+v, want ai-train allowed by the file and the entry given", a)
	}
	if r, tdm := s.hits.Load(), s.tdmHits.Load(); r != 0 || tdm != 0 {
		t.Errorf("%d robots.txt and %d tdmrep.json fetches, want none", r, tdm)
	}
}

// TestUsageTDMRepKept: tdmrep.json is kept as robots.txt is, by an
// injected clock: a 4xx for 24 hours, a max-age down to 15 minutes, a
// 5xx retried after a back-off while the last good file is kept.
func TestUsageTDMRepKept(t *testing.T) {
	s := newUsageSite(t, "", serve(404, "no"))
	clk := newClock()
	c := crawl.WithClock(&crawl.Checker{}, clk.Now)
	url := s.URL + "/a"
	ask := func(wantState usage.Preference, wantHits int64, wantDiag string) {
		t.Helper()
		a, err := c.Usage(context.Background(), "*", usage.Input{URL: url})
		if err != nil {
			t.Fatal(err)
		}
		if a.AITrain.State != wantState {
			t.Errorf("ai-train %v, want %v", a.AITrain.State, wantState)
		}
		if n := s.tdmHits.Load(); n != wantHits {
			t.Errorf("%d tdmrep.json fetches, want %d", n, wantHits)
		}
		if got := strings.Join(a.Diagnostics, "; "); got != wantDiag {
			t.Errorf("Diagnostics %q, want %q", got, wantDiag)
		}
	}
	ask(usage.Unstated, 1, "tdmrep.json: HTTP 404: it states nothing")
	clk.Add(23 * time.Hour)
	ask(usage.Unstated, 1, "tdmrep.json: HTTP 404: it states nothing")

	s.setTDMRep(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=60")
		fmt.Fprint(w, `[{"location":"/","tdm-reservation":1}]`)
	})
	clk.Add(2 * time.Hour)
	ask(usage.Disallowed, 2, "")
	clk.Add(14 * time.Minute) // max-age=60 counts for 15 minutes
	ask(usage.Disallowed, 2, "")
	clk.Add(2 * time.Minute)
	s.setTDMRep(serve(503, "down"))
	ask(usage.Disallowed, 3, "") // the last good file is kept
	clk.Add(59 * time.Second)
	ask(usage.Disallowed, 3, "") // one minute of back-off
	clk.Add(2 * time.Second)
	ask(usage.Disallowed, 4, "")
	clk.Add(61 * time.Second)
	ask(usage.Disallowed, 4, "") // two minutes after the second failure
	clk.Add(60 * time.Second)
	ask(usage.Disallowed, 5, "")
}

// TestUsageTDMRepFailures: what states nothing, with its diagnostic.
func TestUsageTDMRepFailures(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		diag    string
	}{
		{"503 with no file before", serve(503, "down"), "tdmrep.json: HTTP 503: it states nothing"},
		{"429", serve(429, "slow down"), "tdmrep.json: HTTP 429: it states nothing"},
		{"not JSON", serve(200, "<html></html>"), "tdmrep.json is not a JSON array: it states nothing"},
		{"over 64 KiB", serve(200, `[{"location":"/","tdm-reservation":1}`+strings.Repeat(" ", usage.MaxTDMRepBytes)+"]"), "tdmrep.json has over 65536 bytes: it states nothing"},
		{"too many redirects", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/.well-known/tdmrep.json?"+r.URL.RawQuery+"x", http.StatusFound)
		}, "tdmrep.json: HTTP 302: it states nothing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newUsageSite(t, "", tc.handler)
			c := &crawl.Checker{}
			a, err := c.Usage(context.Background(), "*", usage.Input{URL: s.URL + "/"})
			if err != nil {
				t.Fatal(err)
			}
			if a.AITrain.State != usage.Unstated || strings.Join(a.Diagnostics, "; ") != tc.diag {
				t.Errorf("Usage = %v %q, want unstated, %q", a.AITrain.State, a.Diagnostics, tc.diag)
			}
		})
	}
}

// TestUsageOneFetchForConcurrentCalls: calls that miss while tdmrep.json
// is being fetched wait for that one fetch.
func TestUsageOneFetchForConcurrentCalls(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	s := newUsageSite(t, "", func(w http.ResponseWriter, r *http.Request) {
		select {
		case entered <- struct{}{}:
		default:
		}
		<-release
		fmt.Fprint(w, `[{"location":"/","tdm-reservation":1}]`)
	})
	c := &crawl.Checker{}
	if _, err := c.File(context.Background(), s.URL+"/"); err != nil {
		t.Fatal(err)
	}
	const calls = 8
	var wg sync.WaitGroup
	states := make(chan usage.Preference, calls)
	for i := 0; i < calls; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := c.Usage(context.Background(), "*", usage.Input{URL: s.URL + "/x"})
			if err != nil {
				t.Error(err)
			}
			states <- a.AITrain.State
		}()
	}
	<-entered // the one fetch has reached the server; the calls wait for it or for the cache
	close(release)
	wg.Wait()
	close(states)
	for st := range states {
		if st != usage.Disallowed {
			t.Errorf("a call got %v, want disallowed", st)
		}
	}
	if n := s.tdmHits.Load(); n != 1 {
		t.Errorf("%d fetches for %d concurrent calls, want 1", n, calls)
	}
}

// TestUsageErrors: a bad agent or URL, an ended context and a closed
// Checker are errors.
func TestUsageErrors(t *testing.T) {
	hang := make(chan struct{})
	s := newUsageSite(t, "", func(w http.ResponseWriter, r *http.Request) { <-hang })
	t.Cleanup(func() { close(hang) }) // before the server closes, which waits for its handlers
	c := &crawl.Checker{}
	if _, err := c.Usage(context.Background(), "GPT Bot", usage.Input{URL: s.URL + "/"}); !errors.Is(err, robots.ErrBadAgent) {
		t.Errorf("bad agent: %v, want ErrBadAgent", err)
	}
	if _, err := c.Usage(context.Background(), "*", usage.Input{URL: "/relative"}); !errors.Is(err, robots.ErrBadURL) {
		t.Errorf("relative URL: %v, want ErrBadURL", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond) // the server hangs: only the context can end the call
	defer cancel()
	if _, err := c.Usage(ctx, "*", usage.Input{URL: s.URL + "/", Robots: robots.Parse(nil)}); !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "tdmrep.json") {
		t.Errorf("ended context: %v, want DeadlineExceeded while getting tdmrep.json", err)
	}
	closeCtx, cancelClose := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancelClose()
	c.Close(closeCtx) // gives up on the hanging fetch
	if _, err := c.Usage(context.Background(), "*", usage.Input{URL: s.URL + "/"}); !errors.Is(err, crawl.ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// TestUsageTDMRepBounded: the Checker keeps at most CacheEntries
// tdmrep.json files; beyond, the oldest goes and is fetched again.
func TestUsageTDMRepBounded(t *testing.T) {
	s := newUsageSite(t, "", serve(200, `[{"location":"/","tdm-reservation":1}]`))
	c := &crawl.Checker{Client: loopbackClient(s.Server), CacheEntries: 2}
	ask := func(host string) {
		t.Helper()
		if _, err := c.Usage(context.Background(), "*", usage.Input{URL: "http://" + host + "/"}); err != nil {
			t.Fatal(err)
		}
	}
	ask("a.example")
	ask("b.example")
	ask("a.example")
	if n := s.tdmHits.Load(); n != 2 {
		t.Fatalf("%d fetches for two origins within the bound, want 2", n)
	}
	ask("c.example") // a.example is the oldest: it goes
	ask("b.example")
	if n := s.tdmHits.Load(); n != 3 {
		t.Errorf("%d fetches after a third origin, want 3", n)
	}
	ask("a.example")
	if n := s.tdmHits.Load(); n != 4 {
		t.Errorf("%d fetches after asking the evicted origin again, want 4", n)
	}
}
