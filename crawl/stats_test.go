//go:build go1.25

package crawl_test

// The tests here check a Checker's Stats against crawls whose fetches,
// answers, Store calls and waits are known, in a testing/synctest bubble
// (see bubble_test.go), so that the waits' times are exact.

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// TestCheckerStatsFleet runs two Checkers sharing a Store and a Leaser
// over three origins, each answering after 1,025 ms on the bubble's clock:
// one whose robots.txt parses, one that is unavailable (404) and one that
// is unreachable (503).
//
// Checker a makes three calls at once on the first origin: one fetch,
// answering all three, under the lease. Checker b then makes two calls on
// it: they wait behind a's lease, polling every 50 ms, and find a's entry
// at the poll at 1,050 ms. Then a makes five calls on the origin, from
// memory, and one on each other origin, which it fetches; b makes one more
// call, from memory.
func TestCheckerStatsFleet(t *testing.T) {
	ok := newRobotsServer(t, serve(200, privateRobots))
	gone := newRobotsServer(t, serve(404, ""))
	down := newRobotsServer(t, serve(503, ""))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(1025*time.Millisecond, nil)
		store := newLeaseStore()
		a := &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		b := &crawl.Checker{Store: store, Leaser: store, Client: site.client()}
		ctx := context.Background()
		calls := func(c *crawl.Checker, n int, url string) {
			var wg sync.WaitGroup
			for range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := c.Allowed(ctx, "MyBot", url); err != nil {
						t.Error(err)
					}
				}()
			}
			synctest.Wait() // every call has started, and waits
			t.Cleanup(wg.Wait)
		}
		start := time.Now()
		calls(a, 3, ok.URL+"/private")
		calls(b, 2, ok.URL+"/public")
		time.Sleep(2 * time.Second) // all answered
		for range 5 {
			if _, err := a.Allowed(ctx, "MyBot", ok.URL+"/x"); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []string{gone.URL, down.URL} {
			if _, err := a.Allowed(ctx, "MyBot", u+"/x"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.Allowed(ctx, "MyBot", ok.URL+"/y"); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d != 2*time.Second+2*1025*time.Millisecond {
			t.Fatalf("the crawl took %v", d)
		}
		for _, c := range []*crawl.Checker{a, b} {
			if err := c.Close(ctx); err != nil {
				t.Fatal(err)
			}
		}
		wantA := crawl.Stats{
			FromMemory:         5,
			FromFetch:          3 + 2,
			FetchesParsed:      1,
			FetchesUnavailable: 1,
			FetchesUnreachable: 1,
			// Per origin: a Get, the Lease, a Get once it is taken, a
			// renewal at 1 s (a third of the lease's 3 s) during the
			// 1,025 ms fetch, the Put and the Release.
			StoreCalls: crawl.StoreCounts{Get: 2 * 3, Lease: 3, Renew: 3, Put: 3, Release: 3},
		}
		wantB := crawl.Stats{
			FromMemory: 1,
			FromStore:  2,
			// A Get and the Lease at 0, then a Get and a Lease at each
			// poll from 50 ms to 1,000 ms (20), and the Get at 1,050 ms
			// that finds a's entry.
			StoreCalls:    crawl.StoreCounts{Get: 1 + 20 + 1, Lease: 1 + 20},
			LeaseWaits:    1,
			LeaseWaitTime: 1050 * time.Millisecond,
		}
		// The entries are a's three and b's one; their size is the
		// cache's estimate, checked apart.
		for name, c := range map[string]struct {
			c       *crawl.Checker
			want    crawl.Stats
			entries int
		}{"a": {a, wantA, 3}, "b": {b, wantB, 1}} {
			got := c.c.Stats()
			if got.Entries != c.entries || got.Bytes <= 0 || got.Bytes > 4096*int64(c.entries) {
				t.Errorf("%s: %d entries of %d bytes, want %d of a few hundred bytes", name, got.Entries, got.Bytes, c.entries)
			}
			got.Entries, got.Bytes = 0, 0
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s: Stats (-want +got):\n%s", name, diff)
			}
		}
		if n := ok.hits.Load() + gone.hits.Load() + down.hits.Load(); n != 3 {
			t.Errorf("the sites saw %d fetches, want 3", n)
		}
	})
}

// funcStore is a Store whose Get and Put are the functions it holds.
type funcStore struct {
	get func(ctx context.Context) (crawl.Entry, bool, error)
	put func(ctx context.Context) error
}

func (s funcStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	return s.get(ctx)
}

func (s funcStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	return s.put(ctx)
}

// TestCheckerStatsStoreErrors counts a Store's errors by kind: each case
// is one Get and one Put that fail alike, for one fetch.
func TestCheckerStatsStoreErrors(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	both := crawl.StoreCounts{Get: 1, Put: 1}
	tests := []struct {
		name  string
		get   func(ctx context.Context) (crawl.Entry, bool, error)
		put   func(ctx context.Context) error
		want  crawl.Stats
		calls time.Duration // how long the call takes
	}{{
		name: "fine",
		get:  func(ctx context.Context) (crawl.Entry, bool, error) { return crawl.Entry{}, false, nil },
		put:  func(ctx context.Context) error { return nil },
		want: crawl.Stats{StoreCalls: both},
	}, {
		name: "bad entry",
		get: func(ctx context.Context) (crawl.Entry, bool, error) {
			return crawl.Entry{}, false, crawl.ErrBadEntry
		},
		put:  func(ctx context.Context) error { return nil },
		want: crawl.Stats{StoreCalls: both, StoreErrors: crawl.StoreCounts{Get: 1}, StoreBadEntries: 1},
	}, {
		name: "panics",
		get:  func(ctx context.Context) (crawl.Entry, bool, error) { panic("get") },
		put:  func(ctx context.Context) error { panic(errors.New("put")) },
		want: crawl.Stats{StoreCalls: both, StoreErrors: both, StorePanics: 2, OutageFetches: 1},
	}, {
		name: "hangs",
		get: func(ctx context.Context) (crawl.Entry, bool, error) {
			<-ctx.Done()
			return crawl.Entry{}, false, ctx.Err()
		},
		put: func(ctx context.Context) error {
			time.Sleep(2 * time.Second) // ignoring its context
			return nil
		},
		want:  crawl.Stats{StoreCalls: both, StoreErrors: both, StoreTimeouts: 2, OutageFetches: 1},
		calls: time.Second,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := &crawl.Checker{Store: funcStore{tc.get, tc.put}, Client: bubbleClient(), OutageWait: -1}
				start := time.Now()
				if _, err := c.Allowed(context.Background(), "MyBot", s.URL+"/"); err != nil {
					t.Fatal(err)
				}
				if d := time.Since(start); d != tc.calls {
					t.Errorf("Allowed took %v, want %v", d, tc.calls)
				}
				time.Sleep(2 * time.Second) // the Put, after the answer, even one that hangs
				c.Close(context.Background())
				got := c.Stats()
				got.Entries, got.Bytes = 0, 0
				tc.want.FromFetch, tc.want.FetchesParsed = 1, 1
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("Stats (-want +got):\n%s", diff)
				}
			})
		})
	}
}

// TestCheckerStatsHitPath checks that the calls answered from memory are
// counted, every one, and cost no allocation.
func TestCheckerStatsHitPath(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	c := &crawl.Checker{}
	ctx := context.Background()
	if _, err := c.Allowed(ctx, "MyBot", s.URL+"/"); err != nil {
		t.Fatal(err)
	}
	urls := []string{
		s.URL + "/private/page?q=1",              // canonical: the fast path
		"HTTP://" + s.URL[len("http://"):] + "/", // another spelling of the origin
	}
	for _, url := range urls {
		before := c.Stats()
		const runs = 100
		allocs := testing.AllocsPerRun(runs, func() {
			if _, err := c.Allowed(ctx, "MyBot", url); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 0 && url == urls[0] {
			t.Errorf("Allowed(%q) on a cached origin made %v allocations, want 0", url, allocs)
		}
		after := c.Stats()
		// AllocsPerRun makes one more call, to warm up.
		if n := after.FromMemory - before.FromMemory; n != runs+1 {
			t.Errorf("%d calls of Allowed(%q) counted %d answers from memory", runs+1, url, n)
		}
		after.FromMemory = before.FromMemory
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("Stats of Allowed(%q) from memory (-before +after):\n%s", url, diff)
		}
	}
}

// TestCheckerStatsZero checks that a Checker that has done nothing has
// zero Stats.
func TestCheckerStatsZero(t *testing.T) {
	var c crawl.Checker
	if diff := cmp.Diff(crawl.Stats{}, c.Stats()); diff != "" {
		t.Errorf("Stats of a new Checker (-want +got):\n%s", diff)
	}
}

// delayPacer is a Pacer whose every slot is delay away.
type delayPacer struct{ delay time.Duration }

func (p delayPacer) Reserve(ctx context.Context, origin string, interval time.Duration) (crawl.Reservation, error) {
	return crawl.Reservation{Delay: p.delay}, nil
}

func (delayPacer) Unreserve(ctx context.Context, origin string, r crawl.Reservation, interval time.Duration) error {
	return nil
}

func (delayPacer) Defer(ctx context.Context, origin string, d time.Duration) error { return nil }

// TestCheckerStatsPaceWaits counts the Waits that wait, and their time:
// with the default pace, one second between requests, three Waits in a
// row wait 0, 1 and 1 s; then two at once wait 1 s, and 1 s for their
// turn then 1 s. With a Pacer whose slots are 500 ms away, and no pace of
// the Checker's own, each Wait waits 500 ms for its slot, and the second
// of the two at once 500 ms more for its turn.
func TestCheckerStatsPaceWaits(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	tests := []struct {
		name      string
		checker   *crawl.Checker
		waits     int64
		totalTime time.Duration
	}{
		{"own pace", &crawl.Checker{}, 2 + 2, 2*time.Second + 3*time.Second},
		{"Pacer", &crawl.Checker{Pacer: delayPacer{500 * time.Millisecond}, Pacing: crawl.Pacing{MinInterval: -1}}, 5, 6 * 500 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := tc.checker
				c.Client = bubbleClient()
				ctx := context.Background()
				for range 3 {
					if err := c.Wait(ctx, "MyBot", s.URL+"/page"); err != nil {
						t.Fatal(err)
					}
				}
				var wg sync.WaitGroup
				for range 2 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if err := c.Wait(ctx, "MyBot", s.URL+"/page"); err != nil {
							t.Error(err)
						}
					}()
				}
				wg.Wait()
				c.Close(ctx)
				st := c.Stats()
				if st.PaceWaits != tc.waits || st.PaceWaitTime != tc.totalTime {
					t.Errorf("%d pace waits of %v in all, want %d of %v", st.PaceWaits, st.PaceWaitTime, tc.waits, tc.totalTime)
				}
				// The first Wait fetched robots.txt; the others found it
				// in memory.
				if st.FromFetch != 1 || st.FromMemory != 4 {
					t.Errorf("answers from a fetch %d, from memory %d; want 1, 4", st.FromFetch, st.FromMemory)
				}
			})
		})
	}
}
