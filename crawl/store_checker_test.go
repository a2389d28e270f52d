package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// memStore is a Store in memory that keeps entries encoded, as a shared
// store would, and counts its calls.
type memStore struct {
	mu   sync.Mutex
	m    map[string][]byte
	gets int
	puts int
	err  error // returned by every call when set
}

func newMemStore() *memStore {
	return &memStore{m: map[string][]byte{}}
}

func (s *memStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	if s.err != nil {
		return crawl.Entry{}, false, s.err
	}
	data, ok := s.m[origin]
	if !ok {
		return crawl.Entry{}, false, nil
	}
	var e crawl.Entry
	if err := e.UnmarshalBinary(data); err != nil {
		return crawl.Entry{}, false, err
	}
	return e, true, nil
}

func (s *memStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.err != nil {
		return s.err
	}
	data, err := e.MarshalBinary()
	if err != nil {
		return err
	}
	s.m[origin] = data
	return nil
}

func (s *memStore) entry(t *testing.T, origin string) crawl.Entry {
	t.Helper()
	e, ok, err := s.Get(context.Background(), origin)
	if err != nil || !ok {
		t.Fatalf("store has no entry for %s: %v", origin, err)
	}
	return e
}

func (s *memStore) counts() (gets, puts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets, s.puts
}

func TestCheckerSharesThroughStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	clk := newClock()
	store := newMemStore()
	ctx := context.Background()
	first := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
	if got, err := first.Allowed(ctx, "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("first.Allowed = %v, %v; want false", got, err)
	}
	waitFor(t, "the first put", func() bool { _, puts := store.counts(); return puts == 1 })
	e := store.entry(t, s.URL)
	if e.Status != 200 || string(e.Body) != privateRobots || !e.Expires.Equal(clk.Now().Add(24*time.Hour)) {
		t.Errorf("stored entry = %+v; want 200, the body, expiring in 24 hours", e)
	}
	// A second Checker sharing the store does not fetch.
	second := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
	f, err := second.File(ctx, s.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	if f.Allowed("MyBot", "/private") || !f.Access().Stored {
		t.Errorf("second Checker: Allowed(/private) = %v, Stored = %v; want false, true", f.Allowed("MyBot", "/private"), f.Access().Stored)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	// The hot path never touches the store.
	gets, puts := store.counts()
	for i := 0; i < 10; i++ {
		second.Allowed(ctx, "MyBot", fmt.Sprintf("%s/%d", s.URL, i))
	}
	if g, p := store.counts(); g != gets || p != puts {
		t.Errorf("cached checks made %d gets and %d puts, want none", g-gets, p-puts)
	}
	// Once the entry has expired, the next miss fetches and puts.
	clk.Add(24 * time.Hour)
	if _, err := second.Allowed(ctx, "MyBot", s.URL+"/x"); err != nil {
		t.Fatal(err)
	}
	if n := s.hits.Load(); n != 2 {
		t.Errorf("server saw %d requests after expiry, want 2", n)
	}
	waitFor(t, "the second put", func() bool { _, p := store.counts(); return p == puts+1 })
	if e := store.entry(t, s.URL); !e.Fetched.Equal(clk.Now()) {
		t.Errorf("stored entry fetched at %v, want %v", e.Fetched, clk.Now())
	}
}

func TestCheckerFailingStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	store := newMemStore()
	store.err = errors.New("store down")
	var mu sync.Mutex
	var reported []error
	c := &crawl.Checker{Store: store, StoreError: func(origin string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if origin != s.URL {
			t.Errorf("StoreError origin = %q, want %q", origin, s.URL)
		}
		reported = append(reported, err)
	}}
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false, nil", got, err)
	}
	waitFor(t, "two reports", func() bool { mu.Lock(); defer mu.Unlock(); return len(reported) >= 2 })
	time.Sleep(10 * time.Millisecond) // room for a wrong third report
	mu.Lock()
	defer mu.Unlock()
	if len(reported) != 2 {
		t.Fatalf("StoreError called %d times (%v), want 2 (get and put)", len(reported), reported)
	}
	for _, err := range reported {
		if !errors.Is(err, store.err) {
			t.Errorf("reported error %v does not wrap the store's", err)
		}
	}
}

// waitFor waits until cond holds, for at most 5 seconds: a Checker puts
// to its Store after answering.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// leaseStore is a memStore that is also a Leaser, whose leases lapse in
// real time as a shared store's do. It logs its calls.
type leaseStore struct {
	*memStore
	leases map[string]heldLease
	calls  []string // "get", "put", "lease", "took", "renew", "release"
	tokens []string // the token of each lease taken, renewal and release
}

type heldLease struct {
	l     crawl.Lease
	until time.Time
}

func newLeaseStore() *leaseStore {
	return &leaseStore{memStore: newMemStore(), leases: map[string]heldLease{}}
}

func (s *leaseStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.mu.Lock()
	s.log("get", "")
	s.mu.Unlock()
	return s.memStore.Get(ctx, origin)
}

func (s *leaseStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	s.mu.Lock()
	s.log("put", "")
	s.mu.Unlock()
	return s.memStore.Put(ctx, origin, e)
}

// log records a call; s.mu is held.
func (s *leaseStore) log(call, token string) {
	s.calls = append(s.calls, call)
	if token != "" {
		s.tokens = append(s.tokens, token)
	}
}

// live returns origin's lease, if one lives; s.mu is held.
func (s *leaseStore) live(origin string) (crawl.Lease, bool) {
	h, ok := s.leases[origin]
	if !ok || !time.Now().Before(h.until) {
		return crawl.Lease{}, false
	}
	return h.l, true
}

// held returns origin's lease, if one lives.
func (s *leaseStore) held(origin string) (crawl.Lease, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live(origin)
}

// plant makes origin's lease held by l for ttl, as another Checker would.
func (s *leaseStore) plant(origin string, l crawl.Lease, ttl time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.leases[origin] = heldLease{l, time.Now().Add(ttl)}
}

func (s *leaseStore) count(call string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.calls {
		if c == call {
			n++
		}
	}
	return n
}

func (s *leaseStore) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.live(origin); ok || s.err != nil {
		s.log("lease", "")
		return h, false, s.err
	}
	s.leases[origin] = heldLease{l, time.Now().Add(ttl)}
	s.log("took", l.Token)
	return l, true, nil
}

func (s *leaseStore) Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log("renew", token)
	if h, ok := s.live(origin); !ok || h.Token != token || s.err != nil {
		return false, s.err
	}
	s.leases[origin] = heldLease{s.leases[origin].l, time.Now().Add(ttl)}
	return true, nil
}

func (s *leaseStore) Release(ctx context.Context, origin, token string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log("release", token)
	if h, ok := s.live(origin); !ok || h.Token != token || s.err != nil {
		return false, s.err
	}
	delete(s.leases, origin)
	return true, nil
}

func TestCheckerLeases(t *testing.T) {
	release := make(chan struct{})
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		fmt.Fprint(w, privateRobots)
	})
	store := newLeaseStore()
	clk := newClock()
	// A fleet of Checkers misses on one origin at once: one takes the
	// lease and fetches, the others wait for its entry in the store.
	fleet := make([]*crawl.Checker, 5)
	for i := range fleet {
		fleet[i] = crawl.WithClock(&crawl.Checker{Store: store, Leaser: store}, clk.Now)
	}
	var wg sync.WaitGroup
	for i, c := range fleet {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
				t.Errorf("Checker %d: Allowed = %v, %v; want false", i, got, err)
			}
		}()
	}
	waitFor(t, "five leases asked", func() bool { return store.count("took")+store.count("lease") >= 5 })
	close(release)
	wg.Wait()
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests from the fleet, want 1", n)
	}
	stored := 0
	for _, c := range fleet {
		f, _ := c.File(context.Background(), s.URL)
		if f.Access().Stored {
			stored++
		}
	}
	if stored != 4 {
		t.Errorf("%d Checkers used the stored entry, want 4", stored)
	}
}

// slowStore never answers until its context ends.
type slowStore struct{}

func (slowStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	<-ctx.Done()
	return crawl.Entry{}, false, ctx.Err()
}

func (slowStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	<-ctx.Done()
	return ctx.Err()
}

func TestCheckerSlowStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	reported := make(chan error, 2)
	c := &crawl.Checker{Store: slowStore{}, StoreError: func(origin string, err error) { reported <- err }}
	start := time.Now()
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false", got, err)
	}
	// The Get is cut short by the Checker's bound, a second at most.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Allowed took %v with a store that never answers", d)
	}
	for i := 0; i < 2; i++ {
		select {
		case err := <-reported:
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("reported %v, want a deadline exceeded", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("StoreError reported %d errors, want 2", i)
		}
	}
}

// badStore holds a hostile entry, which claims to stay fresh for a
// century.
type badStore struct {
	entry crawl.Entry
	gets  atomic.Int64
}

func (s *badStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.gets.Add(1)
	return s.entry, true, nil
}

func (*badStore) Put(ctx context.Context, origin string, e crawl.Entry) error { return nil }

func TestCheckerDistrustsStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	clk := newClock()
	forever := crawl.Entry{Status: 200, Body: []byte("User-agent: *\nAllow: /\n"), Fetched: clk.Now(), Expires: clk.Now().AddDate(100, 0, 0)}
	store := &badStore{entry: forever}
	c := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
	f, err := c.File(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Access(); !a.Stored || !a.Expires.Equal(clk.Now().Add(24*time.Hour)) {
		t.Errorf("Access = %+v; want the stored entry, expiring in 24 hours at most", a)
	}
	// Memory keeps it 24 hours, then asks the store again.
	clk.Add(24*time.Hour - time.Second)
	c.Allowed(context.Background(), "MyBot", s.URL+"/private")
	if n := store.gets.Load(); n != 1 {
		t.Errorf("store read %d times within 24 hours, want 1", n)
	}
	clk.Add(time.Second)
	c.Allowed(context.Background(), "MyBot", s.URL+"/private")
	if n := store.gets.Load(); n != 2 {
		t.Errorf("store read %d times after 24 hours, want 2", n)
	}
}

// deafStore ignores its context and answers only when the test ends.
type deafStore struct{ stop chan struct{} }

func (s deafStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	<-s.stop
	return crawl.Entry{}, false, nil
}

func (s deafStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	<-s.stop
	return nil
}

func (s deafStore) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	<-s.stop
	return crawl.Lease{}, false, nil
}

func (s deafStore) Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error) {
	<-s.stop
	return false, nil
}

func (s deafStore) Release(ctx context.Context, origin, token string) (bool, error) {
	<-s.stop
	return false, nil
}

// hangingTransport ignores the request's context and never answers until
// the test ends.
type hangingTransport struct{ stop chan struct{} }

func (t hangingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	<-t.stop
	return nil, errors.New("stopped")
}

func TestCheckerNeverHangs(t *testing.T) {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	s := newRobotsServer(t, serve(200, privateRobots))
	tests := []struct {
		name    string
		checker *crawl.Checker
		allowed bool
		err     string
	}{
		{"store that ignores its context", &crawl.Checker{Store: deafStore{stop}, Leaser: deafStore{stop}}, false, ""},
		{"transport that ignores its context", &crawl.Checker{FetchTimeout: 100 * time.Millisecond,
			Client: &http.Client{Transport: hangingTransport{stop}}}, false, "timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			e, err := tt.checker.Explain(context.Background(), "MyBot", s.URL+"/private")
			if err != nil || e.Allowed != tt.allowed || e.Access.Err != tt.err {
				t.Errorf("Explain = %v (%q), %v; want %v, Err %q", e.Allowed, e.Access.Err, err, tt.allowed, tt.err)
			}
			if d := time.Since(start); d > 4*time.Second {
				t.Errorf("Explain took %v", d)
			}
		})
	}
}

func TestCheckerHugeFailureCount(t *testing.T) {
	s := newRobotsServer(t, serve(503, ""))
	clk := newClock()
	store := newMemStore()
	// The largest count an entry decodes with.
	huge := crawl.Entry{Status: 503, Fetched: clk.Now(), Expires: clk.Now(), Failures: math.MaxInt32, UnreachableSince: clk.Now()}
	if err := store.Put(context.Background(), s.URL, huge); err != nil {
		t.Fatal(err)
	}
	c := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
	f, err := c.File(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Access(); a.Failures <= 0 || !a.Expires.Equal(clk.Now().Add(time.Hour)) {
		t.Errorf("Access = %+v; want a positive failure count and the longest back-off, an hour", a)
	}
	waitFor(t, "the put", func() bool { _, p := store.counts(); return p == 2 })
	if e := store.entry(t, s.URL); e.Failures <= 0 {
		t.Errorf("stored failure count %d, want positive", e.Failures)
	}
}

// TestCheckerLeaseHolderPutFails has a Checker wait for a lease holder
// that lives on, renewing its lease, but whose entry never comes (its Put
// failed, or was refused as too large), over a bad value the holder's
// entry would have replaced: the Checker reports the bad value once, not
// once per poll, and fetches itself once the holder is past the Deadline
// its lease gives, without waiting for the lease to end.
func TestCheckerLeaseHolderPutFails(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	store := newLeaseStore()
	const wait = 800 * time.Millisecond
	store.m[s.URL] = []byte("not an entry")
	store.plant(s.URL, crawl.Lease{Token: "holder", Deadline: time.Now().Add(wait)}, time.Minute)
	var mu sync.Mutex
	var reported []error
	c := &crawl.Checker{Store: store, Leaser: store, FetchTimeout: 100 * time.Millisecond, StoreError: func(origin string, err error) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, err)
	}}
	start := time.Now()
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false", got, err)
	}
	// The holder's Deadline, then two polls; the Checker's own fetch
	// would have ended sooner, after 100 ms and 3 s for its Store calls.
	if d := time.Since(start); d < wait || d > wait+2*time.Second {
		t.Errorf("Allowed took %v, want the holder's deadline %v and a few polls", d, wait)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	if l, ok := store.held(s.URL); !ok || l.Token != "holder" {
		t.Errorf("lease after the fetch = %+v, %v; want the holder's, untouched", l, ok)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reported) == 0 {
		t.Fatal("StoreError got nothing, want one error wrapping ErrBadEntry")
	}
	if len(reported) != 1 || !errors.Is(reported[0], crawl.ErrBadEntry) {
		t.Errorf("StoreError got %d errors (%v), want one wrapping ErrBadEntry", len(reported), reported)
	}
}

// TestStoredEntryExplainsAlike has one Checker fetch an origin and another
// read its entry from the Store: both explain the origin the same way,
// down to the redirects and the error.
func TestStoredEntryExplainsAlike(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    string // the fetcher's explanation
	}{
		{"timeout", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() },
			"robots.txt unreachable (timeout): all disallowed"},
		{"too many redirects", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/robots.txt", http.StatusFound)
		}, "robots.txt unavailable (too many redirects): all allowed"},
		{"redirect to ftp", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "ftp://x/", http.StatusMovedPermanently)
		}, `robots.txt unavailable (redirect to "ftp://x/"): all allowed`},
		{"redirected 2xx", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/elsewhere.txt", http.StatusFound)
				return
			}
			fmt.Fprint(w, privateRobots)
		}, "line 2: Disallow: /private"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, tt.handler)
			store := newMemStore()
			fetcher := &crawl.Checker{Store: store, FetchTimeout: 200 * time.Millisecond}
			reader := &crawl.Checker{Store: store, FetchTimeout: 200 * time.Millisecond}
			fetched, err := fetcher.Explain(context.Background(), "MyBot", s.URL+"/private")
			if err != nil {
				t.Fatal(err)
			}
			// The fetcher puts its entry after answering.
			waitFor(t, "the fetcher's Put", func() bool { _, puts := store.counts(); return puts == 1 })
			if got := fetched.String(); got != tt.want {
				t.Errorf("fetcher explains %q, want %q", got, tt.want)
			}
			stored, err := reader.Explain(context.Background(), "MyBot", s.URL+"/private")
			if err != nil {
				t.Fatal(err)
			}
			if !stored.Access.Stored {
				t.Fatalf("reader's Access = %+v, want it from the Store", stored.Access)
			}
			if got, want := stored.String(), fetched.String(); got != want {
				t.Errorf("reader explains %q, fetcher %q", got, want)
			}
			a, b := fetched.Access, stored.Access
			if a.FinalURL != b.FinalURL || a.Redirects != b.Redirects || a.Err != b.Err || a.Status != b.Status {
				t.Errorf("reader's Access %+v, fetcher's %+v: want the same FinalURL, Redirects, Err and Status", b, a)
			}
		})
	}
}

// TestStoredEntryTooManyRedirectsWithoutErr checks that an entry put
// before fetches wrote "too many redirects" into Err still explains itself
// so: six redirects say it.
func TestStoredEntryTooManyRedirectsWithoutErr(t *testing.T) {
	store := newMemStore()
	now := time.Now()
	origin := "http://127.0.0.1:1"
	if err := store.Put(context.Background(), origin, crawl.Entry{Status: 302, Redirects: 6, Fetched: now, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	c := &crawl.Checker{Store: store}
	e, err := c.Explain(context.Background(), "MyBot", origin+"/x")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.String(), "robots.txt unavailable (too many redirects): all allowed"; got != want || !e.Allowed {
		t.Errorf("Explain = %v, %q; want allowed, %q", e.Allowed, got, want)
	}
}
