package crawl_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawlkit/robots/crawl"
)

func TestCheckerEvictsLeastRecentlyUsed(t *testing.T) {
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
	hits := func() []int64 {
		h := make([]int64, len(servers))
		for i, s := range servers {
			h[i] = s.hits.Load()
		}
		return h
	}
	ask(0)
	ask(1)
	ask(2) // the cache is full: 0, 1, 2
	ask(0) // 0 is now the most recently used, 1 the least
	ask(3) // evicts 1
	ask(0)
	ask(2)
	ask(3)
	if got, want := fmt.Sprint(hits()), "[1 1 1 1 0]"; got != want {
		t.Errorf("requests per server = %s, want %s", got, want)
	}
	ask(1) // fetched again; evicts 0, used before 2 and 3
	ask(2)
	ask(3)
	if got, want := fmt.Sprint(hits()), "[1 2 1 1 0]"; got != want {
		t.Errorf("requests per server = %s, want %s", got, want)
	}
	ask(0)
	if got, want := fmt.Sprint(hits()), "[2 2 1 1 0]"; got != want {
		t.Errorf("requests per server = %s, want %s", got, want)
	}
}
