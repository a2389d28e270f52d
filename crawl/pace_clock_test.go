//go:build go1.25

package crawl_test

// The pacing tests run in testing/synctest bubbles, whose clock moves only
// when every goroutine in them waits: each expects exact times, and none
// sleeps on the wall clock. HTTP goes over pipeNet (pipenet_test.go).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// pget fetches url through client, reads the body and returns the status.
func pget(t *testing.T, client *http.Client, url string) int {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Errorf("GET %s: %v", url, err)
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// pclient returns an http.Client whose Transport asks checker for MyBot,
// and sends through n.
func pclient(t *testing.T, n *pipeNet, checker *crawl.Checker) *http.Client {
	base := n.transport()
	t.Cleanup(base.CloseIdleConnections)
	return &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot", Base: base}}
}

// steps returns n times, every from first on.
func steps(n int, first, every time.Duration) []time.Duration {
	var d []time.Duration
	for i := range n {
		d = append(d, first+time.Duration(i)*every)
	}
	return d
}

func TestTransportPacesCrawlDelay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := &pipeNet{}
		slow := newPipeSite(t, n, "127.0.0.21", "User-agent: *\nCrawl-delay: 1\n", nil)
		other := newPipeSite(t, n, "127.0.0.22", "User-agent: *\nCrawl-delay: 1\n", nil)
		client := pclient(t, n, &crawl.Checker{})
		start := time.Now()
		var wg sync.WaitGroup
		for g := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 5 {
					pget(t, client, fmt.Sprintf("%s/g%d/%d", slow.URL, g, i))
				}
			}()
		}
		// While the first origin's queue of 50 requests, 49 seconds long,
		// is under way, another origin with the same delay is served at
		// its own pace.
		time.Sleep(100 * time.Millisecond)
		var otherDone time.Duration
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 3 {
				pget(t, client, fmt.Sprintf("%s/%d", other.URL, i))
			}
			otherDone = time.Since(start)
		}()
		wg.Wait()
		if diff := cmp.Diff(steps(50, 0, time.Second), slow.arrivals(start)); diff != "" {
			t.Errorf("arrivals at the first origin (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(steps(3, 100*time.Millisecond, time.Second), other.arrivals(start)); diff != "" {
			t.Errorf("arrivals at the second origin (-want +got):\n%s", diff)
		}
		if want := 2100 * time.Millisecond; otherDone != want {
			t.Errorf("the second origin's 3 requests were done %v after the start, want %v", otherDone, want)
		}
	})
}

// Each redirect hop is a request of its own, and waits for its slot.
func TestTransportPacesRedirects(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := &pipeNet{}
		s := newPipeSite(t, n, "127.0.0.31", "User-agent: *\nCrawl-delay: 1\nDisallow: /private\n", func(n int, w http.ResponseWriter) {
			if n < 2 {
				w.Header().Set("Location", fmt.Sprintf("/hop%d", n+1))
				w.WriteHeader(http.StatusFound)
			}
		})
		start := time.Now()
		if status := pget(t, pclient(t, n, &crawl.Checker{}), s.URL+"/start"); status != 200 {
			t.Fatalf("GET /start, redirected twice: status %d", status)
		}
		if diff := cmp.Diff(steps(3, 0, time.Second), s.arrivals(start)); diff != "" {
			t.Errorf("arrivals of a request redirected twice (-want +got):\n%s", diff)
		}
	})
}

func TestTransportRetryAfter(t *testing.T) {
	// A refusal's status, and the Retry-After value it sends ("" for
	// none), made at the time of the request.
	type refusal struct {
		status int
		after  func() string
	}
	date := func(d time.Duration) func() string {
		return func() string { return time.Now().Add(d).UTC().Format(http.TimeFormat) }
	}
	secs := func(s string) func() string { return func() string { return s } }
	// backoffs returns n refusals in a row with no Retry-After.
	backoffs := func(n int) map[int]refusal {
		m := map[int]refusal{}
		for i := range n {
			m[i] = refusal{503, secs("")}
		}
		return m
	}
	const ms = time.Millisecond
	tests := []struct {
		name     string
		pacing   crawl.Pacing    // MinInterval 100 ms when zero
		refusals map[int]refusal // by request number; the others get 200
		gaps     []time.Duration // between the arrivals of requests i and i+1
	}{
		{
			name:     "429 with Retry-After in seconds",
			refusals: map[int]refusal{0: {429, secs("2")}},
			gaps:     []time.Duration{2 * time.Second, 100 * ms},
		},
		{
			// The bubble's clock starts on a whole second, as HTTP dates
			// count.
			name:     "503 with Retry-After as an HTTP date",
			refusals: map[int]refusal{0: {503, date(3 * time.Second)}},
			gaps:     []time.Duration{3 * time.Second, 100 * ms},
		},
		{
			name:     "Retry-After over MaxRetryAfter",
			refusals: map[int]refusal{0: {503, secs("86400")}},
			gaps:     []time.Duration{crawl.DefaultMaxRetryAfter, 100 * ms},
		},
		{
			// The back-off of the second refusal in a row, 4 s, is over
			// the bound too.
			name:     "Retry-After and back-off over a MaxRetryAfter of 3s",
			pacing:   crawl.Pacing{MinInterval: 100 * ms, MaxRetryAfter: 3 * time.Second},
			refusals: map[int]refusal{0: {503, secs("60")}, 1: {503, secs("")}},
			gaps:     []time.Duration{3 * time.Second, 3 * time.Second, 100 * ms},
		},
		{
			name:     "no MaxRetryAfter",
			pacing:   crawl.Pacing{MinInterval: 100 * ms, MaxRetryAfter: -1},
			refusals: map[int]refusal{0: {429, secs("172800")}},
			gaps:     []time.Duration{48 * time.Hour, 100 * ms},
		},
		{
			// Without a bound, the back-off doubles on: 2 s, 4 s... 4096 s,
			// past the default's hour.
			name:     "back-off with no MaxRetryAfter",
			pacing:   crawl.Pacing{MinInterval: 100 * ms, MaxRetryAfter: -1},
			refusals: backoffs(12),
			gaps: []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second, 64 * time.Second,
				128 * time.Second, 256 * time.Second, 512 * time.Second, 1024 * time.Second, 2048 * time.Second, 4096 * time.Second, 100 * ms},
		},
		{
			name:     "back-off with the default MaxRetryAfter",
			refusals: backoffs(12),
			gaps: []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second, 64 * time.Second,
				128 * time.Second, 256 * time.Second, 512 * time.Second, 1024 * time.Second, 2048 * time.Second, time.Hour, 100 * ms},
		},
		{
			// Without Retry-After, twice the interval, one second at
			// least, doubling with each refusal in a row: 2 s, 4 s; a
			// success resets it, and the next refusal waits 2 s, not 8.
			name:     "503 without Retry-After, twice, then success, then 503",
			refusals: map[int]refusal{0: {503, secs("")}, 1: {503, secs("")}, 3: {503, secs("")}},
			gaps:     []time.Duration{2 * time.Second, 4 * time.Second, 100 * ms, 2 * time.Second, 100 * ms},
		},
		{
			name:     "a Retry-After that cannot be read is the back-off",
			refusals: map[int]refusal{0: {429, secs("soon")}},
			gaps:     []time.Duration{2 * time.Second, 100 * ms},
		},
		{
			name:     "other statuses push nothing",
			refusals: map[int]refusal{0: {500, secs("5")}, 1: {404, secs("5")}},
			gaps:     []time.Duration{100 * ms, 100 * ms},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				n := &pipeNet{}
				s := newPipeSite(t, n, "127.0.0.23", "User-agent: *\nDisallow: /private\n", func(n int, w http.ResponseWriter) {
					if r, ok := tt.refusals[n]; ok {
						if v := r.after(); v != "" {
							w.Header().Set("Retry-After", v)
						}
						w.WriteHeader(r.status)
					}
				})
				pacing := tt.pacing
				if pacing == (crawl.Pacing{}) {
					pacing.MinInterval = 100 * ms
				}
				client := pclient(t, n, &crawl.Checker{Pacing: pacing})
				start := time.Now()
				for i := range len(tt.gaps) + 1 {
					pget(t, client, fmt.Sprintf("%s/%d", s.URL, i))
				}
				var got []time.Duration
				at := s.arrivals(start)
				for i := 1; i < len(at); i++ {
					got = append(got, at[i]-at[i-1])
				}
				if diff := cmp.Diff(tt.gaps, got); diff != "" {
					t.Errorf("gaps between arrivals (-want +got):\n%s", diff)
				}
			})
		})
	}
}

func TestWaitCancelled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := &pipeNet{}
		s := newPipeSite(t, n, "127.0.0.27", "User-agent: *\nCrawl-delay: 5\n", nil)
		checker := &crawl.Checker{Client: &http.Client{Transport: n.transport()}}
		ctx := context.Background()
		url := s.URL + "/page"
		start := time.Now()
		if err := checker.Wait(ctx, "MyBot", url); err != nil {
			t.Fatalf("first Wait: %v", err)
		}

		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if err := checker.Wait(cancelled, "MyBot", url); !errors.Is(err, context.Canceled) {
			t.Errorf("Wait with a cancelled context = %v, want context.Canceled", err)
		}
		if d := time.Since(start); d != 0 {
			t.Errorf("Wait with a cancelled context took %v, want no time", d)
		}

		// A Wait that is cancelled while it waits for the slot, and one
		// behind it: the second gets the slot the first would have had,
		// 5 s after the first Wait, not 10.
		soon, cancelSoon := context.WithCancel(ctx)
		type result struct {
			err error
			at  time.Duration
		}
		soonc := make(chan result, 1)
		go func() {
			err := checker.Wait(soon, "MyBot", url)
			soonc <- result{err, time.Since(start)}
		}()
		time.Sleep(200 * time.Millisecond)
		next := make(chan result, 1)
		go func() {
			err := checker.Wait(ctx, "MyBot", url)
			next <- result{err, time.Since(start)}
		}()
		time.Sleep(200 * time.Millisecond)
		cancelSoon()
		r := <-soonc
		if !errors.Is(r.err, context.Canceled) || r.at != 400*time.Millisecond {
			t.Errorf("Wait cancelled at 400ms = %v at %v, want context.Canceled at once", r.err, r.at)
		}
		r = <-next
		if r.err != nil || r.at != 5*time.Second {
			t.Errorf("the Wait behind the cancelled one = %v at %v, want nil at its slot, 5s (not 10s)", r.err, r.at)
		}
		checker.Client.CloseIdleConnections()
	})
}

// A countPacer is a memoryPacer that counts the calls it starts and ends.
// Its Defer calls wait until hold, if not nil, is closed.
type countPacer struct {
	memoryPacer
	hold                    chan struct{}
	reserves, defers, ended atomic.Int32
}

func (p *countPacer) Reserve(ctx context.Context, origin string, interval time.Duration) (crawl.Reservation, error) {
	p.reserves.Add(1)
	defer p.ended.Add(1)
	return p.memoryPacer.Reserve(ctx, origin, interval)
}

func (p *countPacer) Defer(ctx context.Context, origin string, d time.Duration) error {
	p.defers.Add(1)
	defer p.ended.Add(1)
	if p.hold != nil {
		<-p.hold
	}
	return p.memoryPacer.Defer(ctx, origin, d)
}

// A page refused while a Wait waits for the slot its Pacer booked pushes
// that Wait too: it waits for the end of the refusal, and books a slot in
// the Pacer after it, where the fleet's other requests go after it too.
func TestRefusalWhileWaitingForPacer(t *testing.T) {
	tests := []struct {
		name  string
		delay time.Duration // of the slot the Pacer books
		after string        // Retry-After of the refusal, 200 ms in
		want  time.Duration // when Wait returns
	}{
		{"refusal past the slot", time.Second, "3", 3200 * time.Millisecond},
		{"refusal ending before the slot", 5 * time.Second, "1", 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				n := &pipeNet{}
				s := newPipeSite(t, n, "127.0.0.32", "User-agent: *\nDisallow: /private\n", nil)
				hc := &http.Client{Transport: n.transport()}
				t.Cleanup(hc.CloseIdleConnections)
				pacer := &memoryPacer{}
				checker := &crawl.Checker{Client: hc, Pacer: pacer}
				ctx := context.Background()
				url := s.URL + "/page"
				// Other crawlers of the fleet have booked the slots up to
				// tt.delay from now.
				if _, err := pacer.Reserve(ctx, s.URL, tt.delay); err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				done := make(chan time.Duration)
				go func() {
					if err := checker.Wait(ctx, "MyBot", url); err != nil {
						t.Errorf("Wait: %v", err)
					}
					done <- time.Since(start)
				}()
				time.Sleep(200 * time.Millisecond)
				checker.Report(ctx, url, http.StatusTooManyRequests, http.Header{"Retry-After": {tt.after}})
				if got := <-done; got != tt.want {
					t.Errorf("Wait returned at %v, want %v", got, tt.want)
				}
				// The next slot is a second (the interval) after that, in
				// the Checker and in the Pacer.
				if err := checker.Wait(ctx, "MyBot", url); err != nil {
					t.Errorf("second Wait: %v", err)
				}
				if got, want := time.Since(start), tt.want+time.Second; got != want {
					t.Errorf("the next Wait returned at %v, want %v", got, want)
				}
				r, err := pacer.Reserve(ctx, s.URL, time.Second)
				if want := tt.want + 2*time.Second - time.Since(start); err != nil || r.Delay != want {
					t.Errorf("the Pacer's next slot is %v away (%v), want %v", r.Delay, err, want)
				}
			})
		})
	}
}

// Close ends the Checker's calls to its Pacer: a Report after Close calls
// no Defer, a Wait that comes to its slot after Close returns ErrClosed
// and books none, and Close waits for a Defer under way.
func TestNoPacerCallAfterClose(t *testing.T) {
	refused := http.Header{"Retry-After": {"5"}}
	t.Run("Report and Wait after Close", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			n := &pipeNet{}
			s := newPipeSite(t, n, "127.0.0.33", "User-agent: *\nDisallow: /private\n", nil)
			hc := &http.Client{Transport: n.transport()}
			t.Cleanup(hc.CloseIdleConnections)
			pacer := &countPacer{}
			checker := &crawl.Checker{Client: hc, Pacer: pacer}
			ctx := context.Background()
			url := s.URL + "/page"
			if err := checker.Wait(ctx, "MyBot", url); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			waited := make(chan error)
			go func() { waited <- checker.Wait(ctx, "MyBot", url) }() // its slot is 1 s away
			time.Sleep(500 * time.Millisecond)
			if err := checker.Close(ctx); err != nil {
				t.Fatalf("Close: %v", err)
			}
			checker.Report(ctx, url, http.StatusServiceUnavailable, refused)
			if err := <-waited; err != crawl.ErrClosed || time.Since(start) != time.Second {
				t.Errorf("a Wait whose slot came after Close = %v at %v, want ErrClosed at its slot, 1s", err, time.Since(start))
			}
			if r, d := pacer.reserves.Load(), pacer.defers.Load(); r != 1 || d != 0 {
				t.Errorf("the Pacer had %d Reserve and %d Defer calls, want the first Wait's Reserve only", r, d)
			}
		})
	})
	t.Run("Close waits for a Defer under way", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			pacer := &countPacer{hold: make(chan struct{})}
			checker := &crawl.Checker{Pacer: pacer}
			ctx := context.Background()
			go checker.Report(ctx, "https://example.com/page", http.StatusTooManyRequests, refused)
			synctest.Wait() // the Defer waits for hold
			closed := make(chan error, 1)
			go func() { closed <- checker.Close(ctx) }()
			synctest.Wait()
			select {
			case err := <-closed:
				t.Errorf("Close returned %v while a Defer was under way", err)
				close(pacer.hold)
				return
			default:
			}
			close(pacer.hold)
			if err := <-closed; err != nil {
				t.Errorf("Close: %v", err)
			}
			if d, e := pacer.defers.Load(), pacer.ended.Load(); d != 1 || e != 1 {
				t.Errorf("when Close returned, %d Defer calls had started and %d ended, want 1 and 1", d, e)
			}
		})
	})
}

// A Wait whose context's deadline comes before its slot returns at once,
// with ErrPaceDeadline, and takes no slot, as rate.Limiter.Wait does.
func TestWaitDeadlineBeforeSlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := &pipeNet{}
		s := newPipeSite(t, n, "127.0.0.34", "User-agent: *\nCrawl-delay: 5\n", nil)
		hc := &http.Client{Transport: n.transport()}
		t.Cleanup(hc.CloseIdleConnections)
		checker := &crawl.Checker{Client: hc}
		bg := context.Background()
		url := s.URL + "/page"
		start := time.Now()
		if err := checker.Wait(bg, "MyBot", url); err != nil {
			t.Fatal(err)
		}
		// The next slot is 5 s off.
		for _, deadline := range []time.Duration{time.Second, 5 * time.Second} {
			ctx, cancel := context.WithTimeout(bg, deadline)
			err := checker.Wait(ctx, "MyBot", url)
			cancel()
			if !errors.Is(err, crawl.ErrPaceDeadline) || !errors.Is(err, context.DeadlineExceeded) || time.Since(start) != 0 {
				t.Errorf("Wait with a deadline %v away, its slot 5s away = %v after %v, want ErrPaceDeadline and DeadlineExceeded at once", deadline, err, time.Since(start))
			}
		}
		// One with a deadline behind one that waits for the slot: the
		// first holds the turn, the second learns its slot when it gets
		// the turn, and tells then.
		long := make(chan error)
		go func() { long <- checker.Wait(bg, "MyBot", url) }()
		synctest.Wait()
		ctx, cancel := context.WithTimeout(bg, 7*time.Second)
		defer cancel()
		err := checker.Wait(ctx, "MyBot", url)
		if !errors.Is(err, crawl.ErrPaceDeadline) || time.Since(start) != 5*time.Second {
			t.Errorf("Wait behind another, with a deadline 7s away, its slot 10s away = %v after %v, want ErrPaceDeadline at 5s", err, time.Since(start))
		}
		if err := <-long; err != nil {
			t.Errorf("Wait ahead of it: %v", err)
		}
		// No slot was taken: the next is 5 s after the last, at 10 s, and
		// a deadline just after it is met.
		ctx, cancel = context.WithTimeout(bg, 5*time.Second+time.Nanosecond)
		defer cancel()
		if err := checker.Wait(ctx, "MyBot", url); err != nil || time.Since(start) != 10*time.Second {
			t.Errorf("Wait with a deadline just after its slot = %v at %v, want nil at 10s", err, time.Since(start))
		}
	})
}

// The same with a Pacer's slot: Wait gives it back at once.
func TestWaitDeadlineBeforePacerSlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := &pipeNet{}
		s := newPipeSite(t, n, "127.0.0.35", "User-agent: *\nDisallow: /private\n", nil)
		hc := &http.Client{Transport: n.transport()}
		t.Cleanup(hc.CloseIdleConnections)
		pacer := &memoryPacer{}
		checker := &crawl.Checker{Client: hc, Pacer: pacer}
		bg := context.Background()
		// The fleet's slots are booked for the next 3 s.
		if _, err := pacer.Reserve(bg, s.URL, 3*time.Second); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(bg, 2*time.Second)
		defer cancel()
		err := checker.Wait(ctx, "MyBot", s.URL+"/page")
		if !errors.Is(err, crawl.ErrPaceDeadline) || time.Since(start) != 0 {
			t.Errorf("Wait with a deadline 2s away, the Pacer's slot 3s away = %v after %v, want ErrPaceDeadline at once", err, time.Since(start))
		}
		r, err := pacer.Reserve(bg, s.URL, time.Second)
		if err != nil || r.Delay != 3*time.Second {
			t.Errorf("the Pacer's next slot is %v away (%v), want 3s: the slot Wait booked given back", r.Delay, err)
		}
	})
}
