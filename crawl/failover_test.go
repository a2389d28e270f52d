//go:build go1.25

package crawl_test

// The tests here have Checkers miss while their Store fails, in a
// testing/synctest bubble (see bubble_test.go): they wait for it to come
// back, polling every 100 ms, for OutageWait at most, at exact times.

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// failFor makes every call of store fail from from to until on the
// bubble's clock, counted from now.
func failFor(store *leaseStore, from, until time.Duration) {
	set := func(err error) func() {
		return func() {
			store.mu.Lock()
			defer store.mu.Unlock()
			store.err = err
		}
	}
	if from == 0 {
		set(errors.New("failing over"))()
	} else {
		time.AfterFunc(from, set(errors.New("failing over")))
	}
	if until > 0 {
		time.AfterFunc(until, set(nil))
	}
}

// TestCheckerRidesOutFailover has two Checkers miss on one origin while
// their Store fails, as a Redis primary does until its replica takes over;
// it comes back at 2.05 s. Both wait for it, polling every 100 ms, and at
// the poll at 2.1 s one takes the lease and fetches, from a site that
// takes 25 ms, and the other, finding the lease held, finds its entry at
// its next lease poll, 50 ms later: one fetch, where without waiting each
// would have fetched at once.
func TestCheckerRidesOutFailover(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		store := newLeaseStore()
		failFor(store, 0, 2050*time.Millisecond)
		site := newSiteTransport(25*time.Millisecond, nil)
		fleet := []*crawl.Checker{
			{Store: store, Leaser: store, Client: site.client()},
			{Store: store, Leaser: store, Client: site.client()},
		}
		if longest, want := allowedAll(t, fleet, s.URL), 2150*time.Millisecond; longest != want {
			t.Errorf("the longest call took %v, want %v", longest, want)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("the site saw %d fetches, want 1", n)
		}
		var sum crawl.Stats
		for i, c := range fleet {
			c.Close(context.Background())
			st := c.Stats()
			if st.OutageWaits != 1 || st.OutageWaitTime != 2100*time.Millisecond || st.OutageFetches != 0 {
				t.Errorf("Checker %d: %d outage waits of %v, %d fetches without the Store; want 1 of 2.1s, none",
					i, st.OutageWaits, st.OutageWaitTime, st.OutageFetches)
			}
			sum.FromFetch += st.FromFetch
			sum.FromStore += st.FromStore
			sum.LeaseWaits += st.LeaseWaits
			sum.LeaseWaitTime += st.LeaseWaitTime
		}
		want := crawl.Stats{FromFetch: 1, FromStore: 1, LeaseWaits: 1, LeaseWaitTime: 50 * time.Millisecond}
		if diff := cmp.Diff(want, sum); diff != "" {
			t.Errorf("the fleet's Stats (-want +got):\n%s", diff)
		}
	})
}

// TestCheckerOutageWait has a Checker miss on origins one after another
// while its Store stays down: the first miss waits OutageWait from its
// failed read, then fetches; so does the second, which the outage began
// before; the third, once the outage has lasted twice OutageWait, fetches
// at once. A miss once the Store has worked again, and failed again,
// waits again.
func TestCheckerOutageWait(t *testing.T) {
	var sites []*robotsServer
	for range 5 {
		sites = append(sites, newRobotsServer(t, serve(200, privateRobots)))
	}
	tests := []struct {
		name       string
		outageWait time.Duration
		wait       time.Duration // how long the first miss waits
	}{
		{"default", 0, crawl.DefaultOutageWait},
		{"500ms", 500 * time.Millisecond, 500 * time.Millisecond},
		{"none", -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := newLeaseStore()
				failFor(store, 0, 0)
				var reported errs
				c := &crawl.Checker{Store: store, Leaser: store, Client: bubbleClient(), OutageWait: tc.outageWait, StoreError: reported.record}
				took := func(i int) time.Duration {
					t.Helper()
					start := time.Now()
					if ok, err := c.Allowed(context.Background(), "MyBot", sites[i].URL+"/private"); ok || err != nil {
						t.Fatalf("Allowed = %v, %v; want false", ok, err)
					}
					return time.Since(start)
				}
				if d := took(0); d != tc.wait {
					t.Errorf("the first miss took %v, want %v", d, tc.wait)
				}
				if d := took(1); d != tc.wait {
					t.Errorf("the second miss took %v, want %v", d, tc.wait)
				}
				if d := took(2); d != 0 {
					t.Errorf("a miss once the outage has lasted twice OutageWait took %v, want 0", d)
				}
				time.Sleep(time.Second)
				store.mu.Lock()
				store.err = nil // back now: the next call works
				store.mu.Unlock()
				if d := took(3); d != 0 {
					t.Errorf("a miss with the Store back took %v, want 0", d)
				}
				failFor(store, 0, 0)
				if d := took(4); d != tc.wait {
					t.Errorf("a miss in a new outage took %v, want %v", d, tc.wait)
				}
				c.Close(context.Background())
				st := c.Stats()
				waits := int64(3)
				if tc.wait == 0 {
					waits = 0
				}
				got := [3]any{st.OutageWaits, st.OutageWaitTime, st.OutageFetches}
				if want := [3]any{waits, time.Duration(waits) * tc.wait, int64(4)}; got != want {
					t.Errorf("outage waits, their time and fetches without the Store: %v, want %v", got, want)
				}
				for i, s := range sites {
					if n := s.hits.Load(); n != 1 {
						t.Errorf("site %d saw %d fetches, want 1", i, n)
					}
					s.hits.Store(0)
				}
				if len(reported.all()) == 0 {
					t.Errorf("StoreError heard nothing of the outage")
				}
			})
		})
	}
}

// TestCheckerOutageWhileAwaiting has a Checker wait for the lease holder's
// entry while the Store fails, from 0.21 s to 0.81 s: three polls in a
// row fail (0.25 s to 0.35 s), and the waiter waits for the Store rather
// than fetch; the Store is back at its poll at 0.85 s, the lease is still
// the holder's, and the waiter finds the holder's entry, put at 1.025 s,
// at its lease poll at 1.05 s: one fetch.
func TestCheckerOutageWhileAwaiting(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(1025*time.Millisecond, nil)
		store := newLeaseStore()
		holder := &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		waiter := &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		go holder.Allowed(context.Background(), "MyBot", s.URL+"/private")
		synctest.Wait() // the holder has the lease, and fetches
		failFor(store, 210*time.Millisecond, 810*time.Millisecond)
		if d := allowedAll(t, []*crawl.Checker{waiter}, s.URL); d != 1050*time.Millisecond {
			t.Errorf("the waiter's call took %v, want 1.05s", d)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("the site saw %d fetches, want 1", n)
		}
		holder.Close(context.Background())
		waiter.Close(context.Background())
		st := waiter.Stats()
		got := [5]any{st.FromStore, st.LeaseWaits, st.LeaseWaitTime, st.OutageWaits, st.OutageWaitTime}
		// Waits behind the lease from 0 to 0.35 s and from 0.85 s to
		// 1.05 s, and for the Store from 0.35 s to 0.85 s.
		want := [5]any{int64(1), int64(2), 550 * time.Millisecond, int64(1), 500 * time.Millisecond}
		if got != want {
			t.Errorf("the waiter's answers from the Store, lease waits and time, outage waits and time: %v, want %v", got, want)
		}
	})
}

// leaseFailStore is a leaseStore whose Lease fails while its reads work,
// as a Redis whose memory is full under noeviction refuses writes.
type leaseFailStore struct{ *leaseStore }

func (leaseFailStore) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	return crawl.Lease{}, false, errors.New("OOM command not allowed when used memory > 'maxmemory'")
}

// TestCheckerLeaseFailsStoreReads has a Checker miss while its Leaser
// fails and its Store reads: it reads once more, a poll later, finds the
// Store working, and fetches without the lease, rather than wait
// OutageWait for a lease that will not come.
func TestCheckerLeaseFailsStoreReads(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		store := leaseFailStore{newLeaseStore()}
		c := &crawl.Checker{Store: store, Leaser: store, Client: bubbleClient()}
		if d := allowedAll(t, []*crawl.Checker{c}, s.URL); d != 100*time.Millisecond {
			t.Errorf("the call took %v, want 100ms: a poll", d)
		}
		c.Close(context.Background())
		st := c.Stats()
		got := [4]any{st.StoreCalls.Get, st.StoreErrors.Lease, st.OutageFetches, st.FetchesParsed}
		if want := [4]any{int64(2), int64(1), int64(1), int64(1)}; got != want {
			t.Errorf("Gets, failed Leases, fetches without the Store, fetches: %v, want %v", got, want)
		}
	})
}
