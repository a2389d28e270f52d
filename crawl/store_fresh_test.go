package crawl_test

// What a Checker makes of entries that peers stored: whether they are
// fresh, and the failures in a row they count, whatever the peers' clocks
// say.

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// mapStore is a Store in a map, for the tests of what a Checker makes of
// stored entries.
type mapStore struct {
	mu sync.Mutex
	m  map[string]crawl.Entry
}

func (s *mapStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.m[origin]
	return e, ok, nil
}

func (s *mapStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[origin] = e
	return nil
}

// TestStoredEntryFreshness: a stored entry is used only when it was
// fetched less than 24 hours ago, and not in the future (a few minutes
// are tolerated), whatever its Expires says.
func TestStoredEntryFreshness(t *testing.T) {
	const allowAll = "User-agent: *\nAllow: /\n"
	year := 365 * 24 * time.Hour
	tests := []struct {
		name             string
		fetched, expires time.Duration // from now
		used             bool
		expiresIn        time.Duration // when used: the memory's expiry, from now
	}{
		{"fetched 48 hours ago, expiring in a year", -48 * time.Hour, year, false, 0},
		{"fetched 24 hours ago, expiring in a year", -24 * time.Hour, year, false, 0},
		{"fetched 23 hours ago, expiring in a year", -23 * time.Hour, year, true, time.Hour},
		{"fetched 23 hours ago, expiring in 10 minutes", -23 * time.Hour, 10 * time.Minute, true, 10 * time.Minute},
		{"fetched a year ahead", year, year + 24*time.Hour, false, 0},
		{"fetched 10 minutes ahead", 10 * time.Minute, 24 * time.Hour, false, 0},
		{"fetched 2 minutes ahead", 2 * time.Minute, 24*time.Hour + 2*time.Minute, true, 24 * time.Hour},
		{"fetched now, expired", 0, -time.Second, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, serve(200, privateRobots))
			clk := newClock()
			now := clk.Now()
			store := &mapStore{m: map[string]crawl.Entry{s.URL: {
				Status: 200, Body: []byte(allowAll), Fetched: now.Add(tt.fetched), Expires: now.Add(tt.expires),
			}}}
			c := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
			f, err := c.File(context.Background(), s.URL+"/")
			if err != nil {
				t.Fatal(err)
			}
			a := f.Access()
			if tt.used {
				if !a.Stored || !f.Allowed("MyBot", "/private") || s.hits.Load() != 0 {
					t.Fatalf("Access = %+v, %d fetches; want the stored entry, no fetch", a, s.hits.Load())
				}
				if got := a.Expires.Sub(now); got != tt.expiresIn {
					t.Errorf("used until %v from now, want %v", got, tt.expiresIn)
				}
				return
			}
			if a.Stored || f.Allowed("MyBot", "/private") || s.hits.Load() != 1 {
				t.Fatalf("Access = %+v, %d fetches; want a fetch of the server's file", a, s.hits.Load())
			}
			// The fetch replaces the peer's entry, for the fleet; Close
			// waits for the Put.
			if err := c.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			if e, _, _ := store.Get(context.Background(), s.URL); !e.Fetched.Equal(now) {
				t.Errorf("the Store holds an entry fetched at %v, want the fetch's, %v", e.Fetched, now)
			}
		})
	}
}

// TestStoredFailuresFromSkewedPeers: the failures in a row that a peer
// with a wrong clock stored do not make the origin count as unreachable
// for 30 days, allowing everything, nor keep it from ever counting so.
func TestStoredFailuresFromSkewedPeers(t *testing.T) {
	year := 365 * 24 * time.Hour
	tests := []struct {
		name    string
		fetched time.Duration // the peer's entry, from now
		since   time.Duration // its UnreachableSince, from now
		want    time.Duration // the new UnreachableSince, from now
	}{
		{"a year behind", -year, -year - time.Hour, -49 * time.Hour},
		{"a year ahead", year, year - time.Hour, -time.Hour},
		{"on time", -time.Hour, -10 * 24 * time.Hour, -10 * 24 * time.Hour},
		{"a day without fetches", -30 * time.Hour, -40 * time.Hour, -40 * time.Hour},
		{"since after fetched", -time.Hour, time.Hour, -time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, serve(503, ""))
			clk := newClock()
			now := clk.Now()
			store := &mapStore{m: map[string]crawl.Entry{s.URL: {
				Status: 503, Fetched: now.Add(tt.fetched), Expires: now.Add(tt.fetched + time.Hour),
				Failures: 40, UnreachableSince: now.Add(tt.since),
			}}}
			c := crawl.WithClock(&crawl.Checker{Store: store}, clk.Now)
			e, err := c.Explain(context.Background(), "MyBot", s.URL+"/x")
			if err != nil {
				t.Fatal(err)
			}
			a := e.Access
			if e.Allowed || a.State != robots.Unreachable || a.Stored || a.Failures != 41 {
				t.Errorf("Explain = %v, %q, %+v; want a fetch, unreachable, 41 failures", e.Allowed, e, a)
			}
			if got := a.UnreachableSince.Sub(now); got != tt.want {
				t.Errorf("unreachable since %v from now, want %v", got, tt.want)
			}
		})
	}
}
