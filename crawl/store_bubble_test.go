//go:build go1.25

package crawl_test

// The tests here run Checkers over Stores that fail, hang or lease, in a
// testing/synctest bubble (see bubble_test.go): the Store's one-second
// bound, the polls and the deadlines happen at exact times.

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

func TestCheckerFailingStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		store := newMemStore()
		store.err = errors.New("store down")
		var reported errs
		c := &crawl.Checker{Store: store, Client: bubbleClient(), StoreError: func(origin string, err error) {
			if origin != s.URL {
				t.Errorf("StoreError origin = %q, want %q", origin, s.URL)
			}
			reported.record(origin, err)
		}}
		if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
			t.Fatalf("Allowed = %v, %v; want false, nil", got, err)
		}
		synctest.Wait() // the Put, after the answer
		var texts []string
		for _, err := range reported.all() {
			texts = append(texts, err.Error())
			if !errors.Is(err, store.err) {
				t.Errorf("reported error %v does not wrap the store's", err)
			}
		}
		if diff := cmp.Diff([]string{"crawl: store get: store down", "crawl: store put: store down"}, texts); diff != "" {
			t.Errorf("StoreError got (-want +got):\n%s", diff)
		}
	})
}

// TestCheckerLeases has a fleet of Checkers miss on one origin at once:
// one takes the lease and fetches, the others wait for its entry in the
// store, and find it at their next poll.
func TestCheckerLeases(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(0, make(chan struct{}))
		store := newLeaseStore()
		fleet := make([]*crawl.Checker, 5)
		for i := range fleet {
			fleet[i] = &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		}
		// The site answers at 1.025 s, between two polls.
		time.AfterFunc(1025*time.Millisecond, func() {
			if n := store.count("took") + store.count("lease"); n != 5+4*20 {
				t.Errorf("%d lease calls, want 5, then 20 polls of 4 waiters", n)
			}
			close(site.gate)
		})
		longest := allowedAll(t, fleet, s.URL)
		if want := 1050 * time.Millisecond; longest != want {
			t.Errorf("the longest call took %v, want %v: the fetch, then a poll", longest, want)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests from the fleet, want 1", n)
		}
		stored := 0
		for _, c := range fleet {
			f, _ := c.File(context.Background(), s.URL)
			if f.Access().Stored {
				stored++
			}
			c.Close(context.Background())
		}
		if stored != 4 {
			t.Errorf("%d Checkers used the stored entry, want 4", stored)
		}
	})
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

// TestCheckerSlowStore has a Store that never answers: its Get is cut
// short by the Checker's bound, a second, and so is its Put. The Checker
// does not wait for the Store to come back (OutageWait -1), which
// failover_test.go tests.
func TestCheckerSlowStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		var reported errs
		c := &crawl.Checker{Store: slowStore{}, StoreError: reported.record, Client: bubbleClient(), OutageWait: -1}
		start := time.Now()
		if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
			t.Fatalf("Allowed = %v, %v; want false", got, err)
		}
		if d := time.Since(start); d != time.Second {
			t.Errorf("Allowed took %v with a store that never answers, want the bound, 1s", d)
		}
		if err := c.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d != 2*time.Second {
			t.Errorf("Close returned %v after the call, want 2s: the Get's bound and the Put's", d)
		}
		if got := reported.all(); len(got) != 2 {
			t.Errorf("StoreError got %v, want 2 errors", got)
		}
		for _, err := range reported.all() {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("reported %v, want a deadline exceeded", err)
			}
		}
	})
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

// TestCheckerNeverHangs has a Store, and a RoundTripper, that ignore their
// contexts: the Checker answers at the bound of each call, a second for
// the Store's Get and Lease, FetchTimeout for the fetch; with an
// OutageWait (the default, 4.5 s), it polls the Store until 4.5 s after
// the start of its Get, cutting the last poll short then, and fetches.
func TestCheckerNeverHangs(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	tests := []struct {
		name    string
		checker func(stop chan struct{}) *crawl.Checker
		allowed bool
		err     string
		took    time.Duration
	}{
		{"store that ignores its context", func(stop chan struct{}) *crawl.Checker {
			return &crawl.Checker{Store: deafStore{stop}, Leaser: deafStore{stop}, Client: bubbleClient(), OutageWait: -1}
		}, false, "", 2 * time.Second},
		{"store that ignores its context, with an OutageWait", func(stop chan struct{}) *crawl.Checker {
			return &crawl.Checker{Store: deafStore{stop}, Leaser: deafStore{stop}, Client: bubbleClient()}
		}, false, "", crawl.DefaultOutageWait},
		{"transport that ignores its context", func(stop chan struct{}) *crawl.Checker {
			return &crawl.Checker{FetchTimeout: 100 * time.Millisecond, Client: &http.Client{Transport: hangingTransport{stop}}}
		}, false, "timeout", 100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				stop := make(chan struct{})
				defer close(stop) // lets the deaf calls end with the bubble
				start := time.Now()
				e, err := tt.checker(stop).Explain(context.Background(), "MyBot", s.URL+"/private")
				if err != nil || e.Allowed != tt.allowed || e.Access.Err != tt.err {
					t.Errorf("Explain = %v (%q), %v; want %v, Err %q", e.Allowed, e.Access.Err, err, tt.allowed, tt.err)
				}
				if d := time.Since(start); d != tt.took {
					t.Errorf("Explain took %v, want %v", d, tt.took)
				}
			})
		})
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
	synctest.Test(t, func(t *testing.T) {
		store := newLeaseStore()
		const wait = 800 * time.Millisecond
		store.m[s.URL] = []byte("not an entry")
		store.plant(s.URL, crawl.Lease{Token: "holder", Deadline: time.Now().Add(wait)}, time.Minute)
		var mu sync.Mutex
		var reported []error
		c := &crawl.Checker{Store: store, Leaser: store, FetchTimeout: 100 * time.Millisecond, Client: bubbleClient(),
			StoreError: func(origin string, err error) {
				mu.Lock()
				defer mu.Unlock()
				reported = append(reported, err)
			}}
		start := time.Now()
		if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
			t.Fatalf("Allowed = %v, %v; want false", got, err)
		}
		// The holder's Deadline, then two polls, and the poll after; the
		// Checker's own fetch would have ended sooner, after 100 ms and
		// 3 s for its Store calls.
		if d, want := time.Since(start), wait+150*time.Millisecond; d != want {
			t.Errorf("Allowed took %v, want %v: the holder's deadline and three polls", d, want)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d requests, want 1", n)
		}
		if l, ok := store.held(s.URL); !ok || l.Token != "holder" {
			t.Errorf("lease after the fetch = %+v, %v; want the holder's, untouched", l, ok)
		}
		if err := c.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(reported) != 1 || !errors.Is(reported[0], crawl.ErrBadEntry) {
			t.Errorf("StoreError got %d errors (%v), want one wrapping ErrBadEntry", len(reported), reported)
		}
	})
}
