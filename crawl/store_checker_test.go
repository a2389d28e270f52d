package crawl_test

import (
	"context"
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
	if err := first.Close(ctx); err != nil { // waits for the Put, which follows the answer
		t.Fatal(err)
	}
	if _, puts := store.counts(); puts != 1 {
		t.Fatalf("%d puts, want 1", puts)
	}
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
	if err := second.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if _, p := store.counts(); p != puts+1 {
		t.Errorf("%d puts after the fetch, want %d", p, puts+1)
	}
	if e := store.entry(t, s.URL); !e.Fetched.Equal(clk.Now()) {
		t.Errorf("stored entry fetched at %v, want %v", e.Fetched, clk.Now())
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
	if err := c.Close(context.Background()); err != nil { // waits for the Put
		t.Fatal(err)
	}
	if _, p := store.counts(); p != 2 {
		t.Errorf("%d puts, want 2", p)
	}
	if e := store.entry(t, s.URL); e.Failures <= 0 {
		t.Errorf("stored failure count %d, want positive", e.Failures)
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
			// The fetcher puts its entry after answering; Close waits for it.
			if err := fetcher.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			if _, puts := store.counts(); puts != 1 {
				t.Fatalf("%d puts, want 1", puts)
			}
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
