package crawl_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawlkit/robots/crawl"
)

// TestCheckerEvictsUnused checks the Checker's eviction, CLOCK: an origin
// asked for since the hand last passed it gets a second chance, and the
// first one that was not is evicted; when every origin was asked for, the
// hand clears them all and evicts in the order they were added.
func TestCheckerEvictsUnused(t *testing.T) {
	servers := make([]*robotsServer, 5)
	for i := range servers {
		servers[i] = newRobotsServer(t, serve(200, privateRobots))
	}
	c := crawl.WithClock(&crawl.Checker{CacheEntries: 3}, newClock().Now)
	ask := func(i int) {
		t.Helper()
		if _, err := c.Allowed(context.Background(), "MyBot", servers[i].URL+"/x"); err != nil {
			t.Fatal(err)
		}
	}
	hits := func() string {
		h := make([]int64, len(servers))
		for i, s := range servers {
			h[i] = s.hits.Load()
		}
		return fmt.Sprint(h)
	}
	ask(0)
	ask(1)
	ask(2) // the cache is full: 0, 1, 2
	ask(0) // 0 is asked for again, 1 and 2 are not
	ask(3) // evicts 1: the hand passes 0, clearing its mark
	if got, want := hits(), "[1 1 1 1 0]"; got != want {
		t.Errorf("after 3: requests per server = %s, want %s", got, want)
	}
	ask(0)
	ask(2) // 0 and 2 asked for again; 3, the newest, is not
	ask(4) // evicts 3
	ask(0)
	ask(2)
	ask(4)
	if got, want := hits(), "[1 1 1 1 1]"; got != want {
		t.Errorf("after 4: requests per server = %s, want %s", got, want)
	}
	ask(3) // every origin held was asked for: evicts 0, the first the hand finds
	ask(2)
	ask(4)
	if got, want := hits(), "[1 1 1 2 1]"; got != want {
		t.Errorf("after 3 again: requests per server = %s, want %s", got, want)
	}
	ask(0)
	if got, want := hits(), "[2 1 1 2 1]"; got != want {
		t.Errorf("after 0 again: requests per server = %s, want %s", got, want)
	}
}
