package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// The tests here run Checkers over a leaseStore, a Store in memory whose
// leases lapse in real time, as Redis's do.

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
	release := make(chan struct{})
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		fmt.Fprint(w, privateRobots)
	})
	store := newLeaseStore()
	const ttl = 600 * time.Millisecond // renewed every 200 ms
	holder := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store}, ttl)
	done := make(chan error, 1)
	go func() {
		_, err := holder.Allowed(context.Background(), "MyBot", s.URL+"/private")
		done <- err
	}()
	waitFor(t, "the holder's fetch", func() bool { return s.hits.Load() == 1 })
	// The fetch lasts many times the lease's life: the renewals keep it.
	waitFor(t, "four renewals", func() bool { return store.count("renew") >= 4 })
	if _, ok := store.held(s.URL); !ok {
		t.Fatal("the holder's lease lapsed while it fetched")
	}
	other := &crawl.Checker{Store: store, Leaser: store}
	otherDone := make(chan error, 1)
	go func() {
		_, err := other.Allowed(context.Background(), "MyBot", s.URL+"/private")
		otherDone <- err
	}()
	waitFor(t, "the other's lease tries", func() bool { return store.count("lease") >= 2 })
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := <-otherDone; err != nil {
		t.Fatal(err)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	waitFor(t, "the release", func() bool { return store.count("release") == 1 })
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
}

// TestLeaseOfDeadHolder has the holder of a lease die mid-fetch: nobody
// renews its lease, which lapses, and the first Checker to find it gone
// takes it and fetches, while the others wait for that one, however long
// the dead holder's Deadline said.
func TestLeaseOfDeadHolder(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	store := newLeaseStore()
	const lapse = 400 * time.Millisecond
	dead := crawl.Lease{Token: "dead", Deadline: time.Now().Add(time.Minute)}
	store.plant(s.URL, dead, lapse)
	fleet := make([]*crawl.Checker, 6)
	for i := range fleet {
		fleet[i] = &crawl.Checker{Store: store, Leaser: store}
	}
	longest := allowedAll(t, fleet, s.URL)
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	if longest < lapse-50*time.Millisecond || longest > lapse+4*time.Second {
		t.Errorf("the longest call took %v, want about the %v left of the dead holder's lease", longest, lapse)
	}
	// One Checker takes the lapsed lease and fetches. A waiter whose poll
	// read the Store just before the holder's Put may take the lease the
	// holder has just released too, but then it finds the entry on its
	// read after taking it and does not fetch: the server's count above is
	// the promise.
	if n := store.count("took"); n < 1 {
		t.Errorf("the lease was taken %d times, want at least once", n)
	}
	if tokens := store.tokens; len(tokens) == 0 || tokens[0] == dead.Token {
		t.Errorf("tokens used: %v, want a new holder's", tokens)
	}
}

// TestLeaseHolderDeadline has Checkers with a FetchTimeout of 100 ms wait
// for a holder whose lease says it gives up in 6 seconds, and whose entry
// comes after 4.5: they wait for it, rather than fetch once their own
// fetch would have ended (100 ms, plus 3 s for its Store calls).
func TestLeaseHolderDeadline(t *testing.T) {
	s := newRobotsServer(t, serve(200, "User-agent: *\nAllow: /\n"))
	store := newLeaseStore()
	holder := crawl.Lease{Token: "holder", Deadline: time.Now().Add(6 * time.Second)}
	store.plant(s.URL, holder, time.Minute)
	const putAfter = 4500 * time.Millisecond
	time.AfterFunc(putAfter, func() {
		now := time.Now()
		store.Put(context.Background(), s.URL, crawl.Entry{Status: 200, Body: []byte(privateRobots), Fetched: now, Expires: now.Add(time.Hour)})
		store.Release(context.Background(), s.URL, holder.Token)
	})
	fleet := make([]*crawl.Checker, 3)
	for i := range fleet {
		fleet[i] = &crawl.Checker{Store: store, Leaser: store, FetchTimeout: 100 * time.Millisecond}
	}
	start := time.Now()
	allowedAll(t, fleet, s.URL) // the holder's file disallows /private, the origin's does not
	if n := s.hits.Load(); n != 0 {
		t.Errorf("server saw %d requests, want none: the holder fetched", n)
	}
	if d := time.Since(start); d < putAfter-time.Second {
		t.Errorf("answered after %v, before the holder's entry could come", d)
	}
}

// TestLeaseStaleEntry has an entry that went stale while no lease lives,
// as after its holder released it: Checkers that miss find the lease free,
// one takes it and fetches, and the others use its entry at once.
func TestLeaseStaleEntry(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	store := newLeaseStore()
	old := time.Now().Add(-25 * time.Hour)
	store.Put(context.Background(), s.URL, crawl.Entry{Status: 200, Body: []byte("User-agent: *\nAllow: /\n"), Fetched: old, Expires: old.Add(24 * time.Hour)})
	fleet := make([]*crawl.Checker, 6)
	for i := range fleet {
		fleet[i] = &crawl.Checker{Store: store, Leaser: store}
	}
	longest := allowedAll(t, fleet, s.URL)
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	if longest > 2*time.Second {
		t.Errorf("the longest call took %v, want well under the 3 s a lease lasts", longest)
	}
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
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			// A fetch longer than the lease, so that it is renewed.
			s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
				time.Sleep(200 * time.Millisecond)
				fmt.Fprint(w, privateRobots)
			})
			store := &panicStore{leaseStore: newLeaseStore(), panicOn: tt.method, value: tt.value}
			var got errs
			c := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store, StoreError: got.record}, 90*time.Millisecond)
			allowed, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private")
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
			if diff := cmp.Diff([]string{tt.want}, texts); diff != "" {
				t.Errorf("StoreError got (-want +got):\n%s", diff)
			}
			if e, ok := tt.value.(error); ok {
				for _, err := range got.all() {
					if !errors.Is(err, e) {
						t.Errorf("reported %v, want it to wrap the panic's error", err)
					}
				}
			}
		})
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
	store := &slowPutStore{leaseStore: newLeaseStore(), delay: 300 * time.Millisecond}
	c := &crawl.Checker{Store: store, Leaser: store}
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false", got, err)
	}
	if n := store.count("put"); n != 0 {
		t.Fatalf("the Put had ended before Close was called: the test shows nothing")
	}
	if err := c.Close(context.Background()); err != nil {
		t.Fatalf("Close = %v", err)
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
	store := newLeaseStore()
	c := &crawl.Checker{Store: store, Leaser: store}
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
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	store := newLeaseStore()
	var reported errs
	c := crawl.WithLeaseTTL(&crawl.Checker{Store: store, Leaser: store, StoreError: reported.record}, 90*time.Millisecond)
	answer := make(chan error, 1)
	go func() {
		_, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private")
		answer <- err
	}()
	waitFor(t, "the fetch", func() bool { return s.hits.Load() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := c.Close(ctx); !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "crawl: close: ") {
		t.Errorf("Close = %v, want crawl: close: and context.DeadlineExceeded", err)
	}
	select {
	case err := <-answer:
		if !errors.Is(err, crawl.ErrClosed) {
			t.Errorf("the waiting call returned %v, want ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting call did not return after Close gave up")
	}
	store.mu.Lock()
	n := len(store.calls)
	store.mu.Unlock()
	time.Sleep(300 * time.Millisecond) // three renewals' time
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
