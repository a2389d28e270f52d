package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// The tests here run Checkers, each with its own memory and its own Redis
// client as if on its own machine, over one redis-server and httptest
// origins.

const robotsBody = "User-agent: *\nDisallow: /private\n"

// An origin is an httptest server whose /robots.txt disallows /private; it
// counts the requests for it.
type origin struct {
	*httptest.Server
	requests atomic.Int32
	// hold, if set, is called for each robots.txt request before it is
	// answered, with the request's number (1 for the first).
	hold func(n int32, r *http.Request)
}

// leasePoll is how often a Checker without the lease polls the Store, as
// the crawl.Checker documentation says.
const leasePoll = 50 * time.Millisecond

func newOrigin(t *testing.T, hold func(n int32, r *http.Request)) *origin {
	t.Helper()
	o := &origin{hold: hold}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		n := o.requests.Add(1)
		if o.hold != nil {
			o.hold(n, r)
		}
		fmt.Fprint(w, robotsBody)
	}))
	t.Cleanup(o.Close)
	return o
}

// A hook records what a Checker's StoreError hook is given.
type hook struct {
	mu   sync.Mutex
	errs []error
}

func (h *hook) record(origin string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.errs = append(h.errs, fmt.Errorf("%s: %w", origin, err))
}

// waitFor waits at most d for the hook to hold n errors in all, and
// returns how many it holds: a Checker puts its entry after it answers.
func (h *hook) waitFor(n int, d time.Duration) int {
	deadline := time.Now().Add(d)
	for {
		got := len(h.all())
		if got >= n || time.Now().After(deadline) {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (h *hook) all() []error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]error(nil), h.errs...)
}

// fleet returns n Checkers, each with its own client of srv's Redis and its
// own Store, reporting Store errors to h.
func fleet(t *testing.T, srv *server, n int, opts redisstore.Options, h *hook, fetchTimeout time.Duration) []*crawl.Checker {
	t.Helper()
	checkers := make([]*crawl.Checker, n)
	for i := range checkers {
		o := opts
		s := redisstore.New(srv.client(), &o)
		checkers[i] = &crawl.Checker{
			Store:        s,
			Leaser:       s,
			Pacer:        s,
			StoreError:   h.record,
			FetchTimeout: fetchTimeout,
		}
	}
	return checkers
}

// checkAll makes calls Allowed calls spread over checkers at once, half on
// /private and half on /public of o, and fails t on a wrong answer or an
// error. It returns the longest a call took.
func checkAll(t *testing.T, checkers []*crawl.Checker, o *origin, calls int) time.Duration {
	t.Helper()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		longest time.Duration
	)
	for i := 0; i < calls; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			path, want := "/public", true
			if i%2 == 0 {
				path, want = "/private", false
			}
			start := time.Now()
			got, err := checkers[i%len(checkers)].Allowed(context.Background(), "MyBot", o.URL+path)
			d := time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			if d > longest {
				longest = d
			}
			if err != nil || got != want {
				t.Errorf("Allowed(%s) = %v, %v; want %v", path, got, err, want)
			}
		}(i)
	}
	wg.Wait()
	return longest
}

func TestFleetFetchesOnce(t *testing.T) {
	srv := startServer(t)
	// The fetch takes a while, so that every Checker misses before the
	// entry is in Redis.
	o := newOrigin(t, func(int32, *http.Request) { time.Sleep(200 * time.Millisecond) })
	h := new(hook)
	// Exact counts: a Store timeout of the Checker's own bound, a second,
	// so that a slow reply on a loaded machine is not taken for a failure.
	checkers := fleet(t, srv, 20, redisstore.Options{Timeout: time.Second}, h, 0)
	checkAll(t, checkers, o, 200)
	if n := o.requests.Load(); n != 1 {
		t.Errorf("20 Checkers sharing a Redis made %d robots.txt requests, want 1", n)
	}
	if errs := h.all(); len(errs) > 0 {
		t.Errorf("StoreError got %d errors, want none: %v", len(errs), errs)
	}
	// The Checkers that did not fetch say so.
	stored := 0
	for _, c := range checkers {
		f, err := c.File(context.Background(), o.URL)
		if err != nil {
			t.Fatal(err)
		}
		if f.Access().Stored {
			stored++
		}
	}
	if stored != 19 {
		t.Errorf("%d Checkers have the file from the Store, want 19", stored)
	}
	// A 2xx fresh for 24 hours is kept 30 days more, as its last good copy.
	key := redisstore.New(nil, nil).Key(o.URL)
	ttl, err := srv.client().TTL(context.Background(), key).Result()
	if err != nil {
		t.Fatal(err)
	}
	if want := 31 * day; ttl < want-5*time.Second || ttl > want {
		t.Errorf("TTL of %s = %v, want %v", key, ttl, want)
	}
}

func TestFleetWithRedisDown(t *testing.T) {
	srv := startServer(t)
	const timeout = 500 * time.Millisecond
	h := new(hook)
	const fetchTimeout = 2 * time.Second
	checkers := fleet(t, srv, 5, redisstore.Options{Timeout: timeout}, h, fetchTimeout)

	// Each phase checks a new origin, so that every Checker misses in
	// memory and goes to Redis.
	o := newOrigin(t, nil)
	checkAll(t, checkers, o, 50)
	if n := o.requests.Load(); n != 1 {
		t.Errorf("with Redis up: %d robots.txt requests, want 1", n)
	}

	// A Checker with Redis down calls Get, bounded by the Store's
	// timeout, again every 100 ms until crawl.DefaultOutageWait has
	// passed since its first Get began (it waits for Redis to come back;
	// a Get under way then is cut short), before its own loopback fetch,
	// bounded by its FetchTimeout, and Put after it answers: the bound is
	// the sum of those design constants. (The outage tests show the
	// Store's own bound; here the Checker's, a second a call, would also
	// do.)
	bound := crawl.DefaultOutageWait + fetchTimeout
	down := func(name string) {
		t.Helper()
		before := len(h.all())
		o := newOrigin(t, nil)
		if longest := checkAll(t, checkers, o, 50); longest > bound {
			t.Errorf("%s: Allowed took up to %v, want at most %v", name, longest, bound)
		}
		if n := o.requests.Load(); n != int32(len(checkers)) {
			t.Errorf("%s: %d robots.txt requests, want one per Checker, %d", name, n, len(checkers))
		}
		// Each Checker's Gets and its Put failed, and said so, once
		// each; the Put comes after the answer. It made no Lease call:
		// a Store that failed throughout the wait would fail it too.
		want := 2 * len(checkers)
		if n := h.waitFor(before+want, bound) - before; n < want {
			t.Errorf("%s: StoreError got %d errors, want at least %d: %v", name, n, want, h.all()[before:])
		}
	}
	up := func(name string) {
		t.Helper()
		probe, _ := newStore(t, srv, redisstore.Options{})
		waitUsable(t, probe, "https://probe.example")
		before := len(h.all())
		o := newOrigin(t, nil)
		checkAll(t, checkers, o, 50)
		if n := o.requests.Load(); n != 1 {
			t.Errorf("%s: %d robots.txt requests, want 1", name, n)
		}
		if errs := h.all()[before:]; len(errs) > 0 {
			t.Errorf("%s: StoreError got %v, want nothing", name, errs)
		}
	}

	srv.kill()
	down("Redis killed")
	srv.restart()
	up("Redis restarted")
	srv.stall()
	down("Redis stalled")
	srv.resume()
	up("Redis resumed")
}

func TestFleetWithBadValues(t *testing.T) {
	srv := startServer(t)
	const maxValue = 64 << 10
	tests := []struct {
		name  string
		value []byte
		want  error
	}{
		{"garbage", []byte("\x00\x01 not an entry {"), crawl.ErrBadEntry},
		{"hostile entry", mustMarshal(t, crawl.Entry{Status: 200, Body: []byte("User-agent: *\nAllow: /\n"),
			Fetched: time.Now(), Expires: time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC)}), crawl.ErrBadEntry},
		{"JSON of an earlier release", []byte(`{"v":1,"status":200,"body":"VXNlci1hZ2VudDogKgpBbGxvdzogLwo=","expires":"2026-01-01T00:00:00Z"}`), crawl.ErrBadEntry},
		{"oversized", make([]byte, 2<<20), redisstore.ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := new(hook)
			checkers := fleet(t, srv, 3, redisstore.Options{MaxValue: maxValue, Timeout: time.Second}, h, 0)
			o := newOrigin(t, func(int32, *http.Request) { time.Sleep(100 * time.Millisecond) })
			store := redisstore.New(srv.client(), nil)
			originName := o.URL // httptest's URL is already an origin
			if err := srv.client().Set(context.Background(), store.Key(originName), tt.value, time.Hour).Err(); err != nil {
				t.Fatal(err)
			}
			checkAll(t, checkers, o, 30)
			if n := o.requests.Load(); n != 1 {
				t.Errorf("%d robots.txt requests, want 1", n)
			}
			errs := h.all()
			if len(errs) == 0 {
				t.Fatalf("StoreError got nothing, want errors wrapping %v", tt.want)
			}
			for _, err := range errs {
				if !errors.Is(err, tt.want) {
					t.Errorf("StoreError got %v, want an error wrapping %v", err, tt.want)
				}
			}
			// The fetcher's Put replaced the bad value.
			if e, ok, err := store.Get(context.Background(), originName); !ok || err != nil || string(e.Body) != robotsBody {
				t.Errorf("after the fetch, Get = %+v, ok %v, error %v; want the fetched entry", e, ok, err)
			}
		})
	}
}

// BenchmarkCheckerMiss is a Checker's call for an origin it does not hold
// in memory: "redis" serves it from the Store, one GETRANGE round trip,
// the decoding of the entry and the parse of the body, through a client
// made with ContextTimeoutEnabled, as README advises; "fetch" fetches it from a loopback httptest server,
// without a Store, for comparison. The Checker holds one origin and the
// calls alternate between two, so each call misses.
func BenchmarkCheckerMiss(b *testing.B) {
	srv := startServer(b)
	ctx := context.Background()
	for _, name := range benchBodies {
		body := benchBody(b, name)
		var origins [2]*httptest.Server
		for i := range origins {
			origins[i] = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Write(body)
			}))
			defer origins[i].Close()
		}
		opts := benchOpts
		client := redis.NewClient(&redis.Options{Addr: srv.addr, ContextTimeoutEnabled: true})
		defer client.Close()
		store := redisstore.New(client, &opts)
		// Fill Redis with the two entries.
		filler := &crawl.Checker{Store: store, Leaser: store, Pacer: store}
		for _, o := range origins {
			if _, err := filler.Allowed(ctx, "MyBot", o.URL+"/"); err != nil {
				b.Fatal(err)
			}
		}
		for _, mode := range []string{"redis", "fetch"} {
			b.Run(mode+"/"+name, func(b *testing.B) {
				c := &crawl.Checker{CacheEntries: 1}
				if mode == "redis" {
					c.Store = store
				}
				urls := [2]string{origins[0].URL + "/page", origins[1].URL + "/page"}
				srv.client().ConfigResetStat(ctx)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					f, err := c.File(ctx, urls[i%2])
					if err != nil {
						b.Fatal(err)
					}
					if stored := f.Access().Stored; stored != (mode == "redis") {
						b.Fatalf("File from the Store: %v, want %v", stored, mode == "redis")
					}
				}
				b.StopTimer()
				info := srv.client().Info(ctx, "commandstats").Val()
				var calls int
				if i := strings.Index(info, "cmdstat_getrange:calls="); i >= 0 {
					fmt.Sscanf(info[i+len("cmdstat_getrange:calls="):], "%d", &calls)
				}
				b.ReportMetric(float64(calls)/float64(b.N), "gets/op")
			})
		}
	}
}

// TestRedisDiesWhileWaiting kills Redis while Checkers wait for the entry
// of a lease holder: after three failed polls they stop waiting, since no
// entry can come, and fetch themselves, rather than poll a dead Redis
// until the lease would end.
func TestRedisDiesWhileWaiting(t *testing.T) {
	srv := startServer(t)
	const timeout = 200 * time.Millisecond
	const fetchTimeout = 5 * time.Second // a holder's deadline 8 s ahead
	holding := make(chan struct{})
	o := newOrigin(t, func(n int32, r *http.Request) {
		if n == 1 {
			close(holding)
			time.Sleep(time.Second) // the holder's fetch is slow
		}
	})
	h := new(hook)
	checkers := fleet(t, srv, 6, redisstore.Options{Timeout: timeout}, h, fetchTimeout)
	go checkers[0].Allowed(context.Background(), "MyBot", o.URL+"/")
	<-holding
	waiting := make(chan time.Duration, 1)
	go func() { waiting <- checkAll(t, checkers[1:], o, 20) }()
	time.Sleep(3 * leasePoll) // the others are polling
	srv.kill()
	longest := <-waiting
	// The bound follows from the design constants: the three polls
	// before the kill, then three failed polls, each a poll's interval and
	// at most the Store's timeout, then the wait for Redis to come back,
	// crawl.DefaultOutageWait, then a fetch of its own, at most its
	// FetchTimeout. The waiting before that fetch (5.4 s) stays below the
	// holder's deadline, 8 s away, which is what a waiter must not sit
	// out.
	if bound := 3*leasePoll + 3*(leasePoll+timeout) + crawl.DefaultOutageWait + fetchTimeout; longest > bound {
		t.Errorf("with Redis killed while they waited for a lease, Allowed took up to %v, want at most %v (the holder's deadline is %v away)",
			longest, bound, fetchTimeout+3*time.Second)
	}
}
