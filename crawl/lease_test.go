//go:build go1.25

package crawl_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// The tests here run Checkers over a leaseStore, a Store in memory whose
// leases lapse as Redis's do, in a testing/synctest bubble (see
// bubble_test.go): leases, renewals, polls and deadlines happen at exact
// times, however loaded the machine.

// errs records what a StoreError hook is given.
type errs struct {
	mu   sync.Mutex
	list []error
}

func (e *errs) record(origin string, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.list = append(e.list, err)
}

func (e *errs) all() []error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]error(nil), e.list...)
}

// allowedAll makes one Allowed call on /private of url per Checker at
// once, fails t on an error or an answer other than disallowed, and
// returns the longest a call took.
func allowedAll(t *testing.T, checkers []*crawl.Checker, url string) time.Duration {
	t.Helper()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		longest time.Duration
	)
	for i, c := range checkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			got, err := c.Allowed(context.Background(), "MyBot", url+"/private")
			d := time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			longest = max(longest, d)
			if err != nil || got {
				t.Errorf("Checker %d: Allowed(/private) = %v, %v; want false", i, got, err)
			}
		}()
	}
	wg.Wait()
	return longest
}

// TestLeaseTakenRenewedReleased follows one Checker's fetch through its
// Store: it reads, takes the lease with a token of its own, reads again
// (a holder may have just put), renews the lease while the fetch lasts
// longer than the lease would, puts, and releases the lease with the
// same token. A second Checker that misses meanwhile does not fetch.
func TestLeaseTakenRenewedReleased(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(0, make(chan struct{}))
		store := newLeaseStore()
		const ttl = 600 * time.Millisecond // renewed every 200 ms
		holder := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store, Client: site.client()}, ttl)
		done := make(chan error, 1)
		go func() {
			_, err := holder.Allowed(context.Background(), "MyBot", s.URL+"/private")
			done <- err
		}()
		synctest.Wait()
		if n := site.started.Load(); n != 1 {
			t.Fatalf("%d fetches started, want the holder's", n)
		}
		// The fetch lasts many times the lease's life: the renewals, at
		// 200, 400, 600 and 800 ms, keep it.
		time.Sleep(850 * time.Millisecond)
		if n := store.count("renew"); n != 4 {
			t.Errorf("%d renewals in 850 ms, want 4", n)
		}
		if _, ok := store.held(s.URL); !ok {
			t.Fatal("the holder's lease lapsed while it fetched")
		}
		other := &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		otherDone := make(chan error, 1)
		go func() {
			_, err := other.Allowed(context.Background(), "MyBot", s.URL+"/private")
			otherDone <- err
		}()
		// The other tries the lease at once, then at each poll, 50 ms.
		time.Sleep(125 * time.Millisecond)
		if n := store.count("lease"); n != 3 {
			t.Errorf("the other tried the lease %d times in 125 ms, want 3", n)
		}
		close(site.gate)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := <-otherDone; err != nil {
			t.Fatal(err)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests, want 1", n)
		}
		synctest.Wait() // the holder releases after answering
		if n := store.count("release"); n != 1 {
			t.Errorf("%d releases, want 1", n)
		}
		if l, ok := store.held(s.URL); ok {
			t.Errorf("after the Put, the lease is still held: %+v", l)
		}
		store.mu.Lock()
		defer store.mu.Unlock()
		// The holder's calls, in order, renewals aside; the other's Gets and
		// lease tries come in between.
		var holderCalls []string
		for _, c := range store.calls {
			if c == "took" || c == "put" || c == "release" {
				holderCalls = append(holderCalls, c)
			}
		}
		if diff := cmp.Diff([]string{"took", "put", "release"}, holderCalls); diff != "" {
			t.Errorf("the holder's lease and Store calls (-want +got):\n%s", diff)
		}
		token := store.tokens[0]
		if len(token) != 32 {
			t.Errorf("token %q, want 32 hex digits", token)
		}
		for i, tok := range store.tokens {
			if tok != token {
				t.Errorf("call %d used token %q, want the lease's %q", i, tok, token)
			}
		}
	})
}

// TestLeaseOfDeadHolder has the holder of a lease die mid-fetch: nobody
// renews its lease, which lapses, and the first Checker to find it gone
// takes it and fetches, while the others wait for that one, however long
// the dead holder's Deadline said.
func TestLeaseOfDeadHolder(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(0, make(chan struct{}))
		store := newLeaseStore()
		const lapse = 400 * time.Millisecond // a multiple of the poll, 50 ms
		dead := crawl.Lease{Token: "dead", Deadline: time.Now().Add(time.Minute)}
		store.plant(s.URL, dead, lapse)
		fleet := make([]*crawl.Checker, 6)
		for i := range fleet {
			fleet[i] = &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		}
		// The poll at 400 ms finds the lease lapsed: one Checker takes it
		// and fetches, and the site answers at 425 ms.
		time.AfterFunc(lapse+25*time.Millisecond, func() {
			if n := site.started.Load(); n != 1 {
				t.Errorf("%d fetches started, want the new holder's", n)
			}
			close(site.gate)
		})
		longest := allowedAll(t, fleet, s.URL)
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests, want 1", n)
		}
		// The others find its entry at the next poll.
		if want := lapse + 50*time.Millisecond; longest != want {
			t.Errorf("the longest call took %v, want %v: the dead holder's lease, and one poll", longest, want)
		}
		if n := store.count("took"); n != 1 {
			t.Errorf("the lease was taken %d times, want once", n)
		}
		if tokens := store.tokens; len(tokens) == 0 || tokens[0] == dead.Token {
			t.Errorf("tokens used: %v, want a new holder's", tokens)
		}
	})
}

// TestLeaseHolderDeadline has Checkers with a FetchTimeout of 100 ms wait
// for a holder whose lease says it gives up in 6 seconds, and whose entry
// comes after 4.525: they wait for it, rather than fetch once their own
// fetch would have ended (100 ms, plus 3 s for its Store calls).
func TestLeaseHolderDeadline(t *testing.T) {
	s := newRobotsServer(t, serve(200, "User-agent: *\nAllow: /\n"))
	synctest.Test(t, func(t *testing.T) {
		store := newLeaseStore()
		holder := crawl.Lease{Token: "holder", Deadline: time.Now().Add(6 * time.Second)}
		store.plant(s.URL, holder, time.Minute)
		const putAfter = 4525 * time.Millisecond // between two polls
		time.AfterFunc(putAfter, func() {
			now := time.Now()
			store.Put(context.Background(), s.URL, crawl.Entry{Status: 200, Body: []byte(privateRobots), Fetched: now, Expires: now.Add(time.Hour)})
			store.Release(context.Background(), s.URL, holder.Token)
		})
		fleet := make([]*crawl.Checker, 3)
		for i := range fleet {
			fleet[i] = &crawl.Checker{Store: store, Leaser: store, FetchTimeout: 100 * time.Millisecond, Client: bubbleClient()}
		}
		longest := allowedAll(t, fleet, s.URL) // the holder's file disallows /private, the origin's does not
		if n := s.hits.Load(); n != 0 {
			t.Errorf("server saw %d requests, want none: the holder fetched", n)
		}
		if want := 4550 * time.Millisecond; longest != want {
			t.Errorf("answered after %v, want %v: the poll after the holder's entry", longest, want)
		}
	})
}

// TestLeaseUnreadableDeadline has Checkers wait on a lease whose Deadline
// the Leaser cannot read (zero): each waits for its own holdFor from when
// it began to wait, its FetchTimeout of 500 ms plus 3 s for its Store
// calls, then two polls more (50 ms each), and fetches at the poll after
// that. On fbc5101 the end slid with every poll, and each waited until
// its context ended.
func TestLeaseUnreadableDeadline(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		store := newMemStore()
		c := &crawl.Checker{Store: store, Leaser: otherHolds{}, FetchTimeout: 500 * time.Millisecond, Client: bubbleClient()}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		start := time.Now()
		got, err := c.Allowed(ctx, "MyBot", s.URL+"/private")
		if err != nil || got {
			t.Errorf("Allowed = %v, %v; want false", got, err)
		}
		if d, want := time.Since(start), 3650*time.Millisecond; d != want {
			t.Errorf("Allowed took %v, want %v", d, want)
		}
		// The wait ends by two minutes at most, even on fbc5101.
		if err := c.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests, want 1", n)
		}
	})
}

// otherHolds is a Leaser under which another holds every lease, with a
// Deadline it cannot read.
type otherHolds struct{}

func (otherHolds) Lease(context.Context, string, crawl.Lease, time.Duration) (crawl.Lease, bool, error) {
	return crawl.Lease{Token: "other"}, false, nil
}

func (otherHolds) Renew(context.Context, string, string, time.Duration) (bool, error) {
	return false, nil
}

func (otherHolds) Release(context.Context, string, string) (bool, error) { return false, nil }

// TestLeaseStaleEntry has an entry that went stale while no lease lives,
// as after its holder released it: Checkers that miss find the lease free,
// one takes it and fetches, and the others use its entry at their next
// poll.
func TestLeaseStaleEntry(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(25*time.Millisecond, nil)
		store := newLeaseStore()
		old := time.Now().Add(-25 * time.Hour)
		store.Put(context.Background(), s.URL, crawl.Entry{Status: 200, Body: []byte("User-agent: *\nAllow: /\n"), Fetched: old, Expires: old.Add(24 * time.Hour)})
		fleet := make([]*crawl.Checker, 6)
		for i := range fleet {
			fleet[i] = &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		}
		longest := allowedAll(t, fleet, s.URL)
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests, want 1", n)
		}
		if want := 50 * time.Millisecond; longest != want {
			t.Errorf("the longest call took %v, want %v: one poll", longest, want)
		}
	})
}

// panicStore is a leaseStore whose method named by panicOn panics with
// value.
type panicStore struct {
	*leaseStore
	panicOn string
	value   any
}

func (s *panicStore) maybe(method string) {
	if s.panicOn == method {
		panic(s.value)
	}
}

func (s *panicStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.maybe("Get")
	return s.leaseStore.Get(ctx, origin)
}

func (s *panicStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	s.maybe("Put")
	return s.leaseStore.Put(ctx, origin, e)
}

func (s *panicStore) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	s.maybe("Lease")
	return s.leaseStore.Lease(ctx, origin, l, ttl)
}

func (s *panicStore) Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error) {
	s.maybe("Renew")
	return s.leaseStore.Renew(ctx, origin, token, ttl)
}

func (s *panicStore) Release(ctx context.Context, origin, token string) (bool, error) {
	s.maybe("Release")
	return s.leaseStore.Release(ctx, origin, token)
}

var errBoom = errors.New("boom")

// TestPanickingStore has each Store method panic in turn: the call
// answers, fetching by itself, and the panic reaches StoreError as the
// failed call's error, with its value.
func TestPanickingStore(t *testing.T) {
	tests := []struct {
		method string
		value  any
		want   string
	}{
		{"Get", "get exploded", "crawl: store get: panic: get exploded"},
		{"Put", errBoom, "crawl: store put: panic: boom"},
		{"Lease", 42, "crawl: store lease: panic: 42"},
		{"Renew", "renew exploded", "crawl: store renew: panic: renew exploded"},
		{"Release", "release exploded", "crawl: store release: panic: release exploded"},
	}
	s := newRobotsServer(t, serve(200, privateRobots))
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { testPanickingStore(t, s.URL, tt.method, tt.value, tt.want) })
		})
	}
}

func testPanickingStore(t *testing.T, url, method string, value any, want string) {
	// A fetch longer than the lease, so that it is renewed.
	site := newSiteTransport(200*time.Millisecond, nil)
	store := &panicStore{leaseStore: newLeaseStore(), panicOn: method, value: value}
	var got errs
	c := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store, StoreError: got.record, Client: site.client()}, 90*time.Millisecond)
	allowed, err := c.Allowed(context.Background(), "MyBot", url+"/private")
	if err != nil || allowed {
		t.Fatalf("Allowed = %v, %v; want false", allowed, err)
	}
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, err := range got.all() {
		texts = append(texts, err.Error())
	}
	if diff := cmp.Diff([]string{want}, texts); diff != "" {
		t.Errorf("StoreError got (-want +got):\n%s", diff)
	}
	if e, ok := value.(error); ok {
		for _, err := range got.all() {
			if !errors.Is(err, e) {
				t.Errorf("reported %v, want it to wrap the panic's error", err)
			}
		}
	}
}

// slowPutStore is a leaseStore whose Put takes a while, as over a slow
// link.
type slowPutStore struct {
	*leaseStore
	delay time.Duration
}

func (s *slowPutStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.leaseStore.Put(ctx, origin, e)
}

// TestCloseWaitsForPut has a Checker answer, then Close at once, as a
// process about to exit does: Close returns once the entry is in the Store
// and the lease released.
func TestCloseWaitsForPut(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) { testCloseWaitsForPut(t, s) })
}

func testCloseWaitsForPut(t *testing.T, s *robotsServer) {
	store := &slowPutStore{leaseStore: newLeaseStore(), delay: 300 * time.Millisecond}
	c := &crawl.Checker{Store: store, Leaser: store, Client: bubbleClient()}
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false", got, err)
	}
	if n := store.count("put"); n != 0 {
		t.Fatalf("the Put had ended before Close was called: the test shows nothing")
	}
	start := time.Now()
	if err := c.Close(context.Background()); err != nil {
		t.Fatalf("Close = %v", err)
	}
	if d := time.Since(start); d != store.delay {
		t.Errorf("Close took %v, want the Put's %v", d, store.delay)
	}
	if e, ok, err := store.memStore.Get(context.Background(), s.URL); !ok || err != nil || string(e.Body) != privateRobots {
		t.Errorf("after Close, the Store holds %+v, %v, %v; want the fetched entry", e, ok, err)
	}
	if n := store.count("release"); n != 1 {
		t.Errorf("after Close, %d releases, want 1", n)
	}
	if _, ok := store.held(s.URL); ok {
		t.Error("after Close, the lease is still held")
	}
}

// TestClosedChecker checks that every call after Close returns ErrClosed,
// whether memory holds the origin or not, with no fetch and no Store
// call, and that Close may be called again.
func TestClosedChecker(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) { testClosedChecker(t, s) })
}

func testClosedChecker(t *testing.T, s *robotsServer) {
	store := newLeaseStore()
	c := &crawl.Checker{Store: store, Leaser: store, Client: bubbleClient()}
	ctx := context.Background()
	if _, err := c.Allowed(ctx, "MyBot", s.URL+"/x"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(ctx); err != nil {
		t.Fatal(err)
	}
	calls := store.count("get") + store.count("put") + store.count("took")
	for _, url := range []string{s.URL + "/x", "http://127.0.0.1:1/x"} { // in memory, and not
		if got, err := c.Allowed(ctx, "MyBot", url); got || !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("Allowed(%s) after Close = %v, %v; want ErrClosed", url, got, err)
		}
		if _, err := c.Explain(ctx, "MyBot", url); !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("Explain(%s) after Close: error %v, want ErrClosed", url, err)
		}
		if f, err := c.File(ctx, url); f != nil || !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("File(%s) after Close = %v, %v; want ErrClosed", url, f, err)
		}
		if _, f, err := c.Entry(ctx, url); f != nil || !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("Entry(%s) after Close = %v, %v; want ErrClosed", url, f, err)
		}
	}
	if n := store.count("get") + store.count("put") + store.count("took"); n != calls {
		t.Errorf("calls after Close made %d Store calls, want none", n-calls)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	if err := c.Close(ctx); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
	if err := new(crawl.Checker).Close(ctx); err != nil {
		t.Errorf("Close of an unused Checker = %v, want nil", err)
	}
}

// TestCloseGivesUp has Close's context end while a fetch hangs: Close
// returns the context's error, the call waiting for the fetch returns
// ErrClosed, and the Checker puts nothing, stops renewing its lease and
// makes no Store call after that.
func TestCloseGivesUp(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) { testCloseGivesUp(t, s) })
}

func testCloseGivesUp(t *testing.T, s *robotsServer) {
	site := newSiteTransport(0, make(chan struct{})) // a site that never answers
	store := newLeaseStore()
	var reported errs
	c := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store, StoreError: reported.record, Client: site.client()}, 90*time.Millisecond)
	answer := make(chan error, 1)
	go func() {
		_, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private")
		answer <- err
	}()
	synctest.Wait()
	if n := site.started.Load(); n != 1 {
		t.Fatalf("%d fetches started, want 1", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := c.Close(ctx); !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "crawl: close: ") {
		t.Errorf("Close = %v, want crawl: close: and context.DeadlineExceeded", err)
	}
	synctest.Wait()
	select {
	case err := <-answer:
		if !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("the waiting call returned %v, want ErrClosed", err)
		}
	default:
		t.Fatal("the waiting call did not return after Close gave up")
	}
	store.mu.Lock()
	n := len(store.calls)
	store.mu.Unlock()
	time.Sleep(300 * time.Millisecond) // ten renewals' time
	store.mu.Lock()
	defer store.mu.Unlock()
	if got := store.calls[n:]; len(got) > 0 {
		t.Errorf("after Close returned, the Checker called the Store: %v", got)
	}
	if puts := store.puts; puts != 0 {
		t.Errorf("%d Puts of a fetch Close cut short, want none", puts)
	}
	if errs := reported.all(); len(errs) > 0 {
		t.Errorf("StoreError got %v, want nothing: Close cut the calls short", errs)
	}
}

// countingStore wraps a Store and counts its calls, as a metrics wrapper
// would: it is a Store only.
type countingStore struct {
	crawl.Store
	calls atomic.Int64
}

func (s *countingStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.calls.Add(1)
	return s.Store.Get(ctx, origin)
}

func (s *countingStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	s.calls.Add(1)
	return s.Store.Put(ctx, origin, e)
}

// bookingPacer is a Pacer that grants every slot at once, and counts the
// reservations.
type bookingPacer struct{ reserved atomic.Int64 }

func (p *bookingPacer) Reserve(context.Context, string, time.Duration) (crawl.Reservation, error) {
	p.reserved.Add(1)
	return crawl.Reservation{}, nil
}

func (p *bookingPacer) Unreserve(context.Context, string, crawl.Reservation, time.Duration) error {
	return nil
}

func (p *bookingPacer) Defer(context.Context, string, time.Duration) error { return nil }

// TestWrappedStoreKeepsLeasesAndPacing has a fleet whose Store is wrapped
// for metrics: with the Leaser and Pacer fields set, the fleet still
// fetches once and books its slots, while the wrapper sees every Store
// call. A Checker never looks behind its Store: one given a Store that
// could lease, and no Leaser, takes no lease.
func TestWrappedStoreKeepsLeasesAndPacing(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(25*time.Millisecond, nil)
		store := newLeaseStore()
		wrapped := &countingStore{Store: store}
		pacer := &bookingPacer{}
		fleet := make([]*crawl.Checker, 4)
		for i := range fleet {
			fleet[i] = &crawl.Checker{Store: wrapped, Leaser: store, Pacer: pacer, Client: site.client()}
		}
		allowedAll(t, fleet, s.URL)
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests from the fleet, want 1", n)
		}
		if n := store.count("took"); n != 1 {
			t.Errorf("the lease was taken %d times, want once", n)
		}
		synctest.Wait() // the holder puts after answering
		if got, want := wrapped.calls.Load(), int64(store.count("get")+store.count("put")); got != want {
			t.Errorf("the wrapper saw %d Store calls, the Store %d", got, want)
		}
		for _, c := range fleet {
			if err := c.Wait(context.Background(), "MyBot", s.URL+"/page"); err != nil {
				t.Fatal(err)
			}
		}
		if n := pacer.reserved.Load(); n != 4 {
			t.Errorf("the Pacer booked %d slots for 4 Waits, want 4", n)
		}

		alone := newLeaseStore()
		c := &crawl.Checker{Store: alone, Client: site.client()}
		if _, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil {
			t.Fatal(err)
		}
		if err := c.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := alone.count("took") + alone.count("lease"); n != 0 {
			t.Errorf("a Checker with no Leaser asked its Store for a lease %d times", n)
		}
		for _, c := range fleet {
			c.Close(context.Background())
		}
	})
}

// TestFetchTimeoutZeroAndNegative has a site answer after 31 s: with a
// zero FetchTimeout the fetch ends at DefaultFetchTimeout, 30 s, and finds
// the origin unreachable; with a negative one it has no timeout, waits for
// the answer, and its lease tells the others it gives up two minutes
// ahead, the longest they believe.
func TestFetchTimeoutZeroAndNegative(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	tests := []struct {
		name         string
		fetchTimeout time.Duration
		took         time.Duration
		status       int
		err          string
		deadline     time.Duration // the lease's, from the call
	}{
		{"zero is the default", 0, crawl.DefaultFetchTimeout, 0, "timeout", crawl.DefaultFetchTimeout + 3*time.Second},
		{"negative is none", -1, 31 * time.Second, 200, "", 2 * time.Minute},
		{"positive is the timeout", 5 * time.Second, 5 * time.Second, 0, "timeout", 8 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				site := newSiteTransport(31*time.Second, nil)
				store := newLeaseStore()
				c := &crawl.Checker{Store: store, Leaser: store, FetchTimeout: tt.fetchTimeout, Client: site.client()}
				start := time.Now()
				held := make(chan crawl.Lease, 1)
				time.AfterFunc(time.Second, func() { l, _ := store.held(s.URL); held <- l })
				e, err := c.Explain(context.Background(), "MyBot", s.URL+"/private")
				if err != nil {
					t.Fatal(err)
				}
				if d := time.Since(start); d != tt.took || e.Access.Status != tt.status || e.Access.Err != tt.err {
					t.Errorf("Explain took %v, status %d, error %q; want %v, %d, %q", d, e.Access.Status, e.Access.Err, tt.took, tt.status, tt.err)
				}
				if d := (<-held).Deadline.Sub(start); d != tt.deadline {
					t.Errorf("the lease's Deadline is %v after the call, want %v", d, tt.deadline)
				}
				if err := c.Close(context.Background()); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
