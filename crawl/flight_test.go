//go:build go1.25

package crawl_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/crawlkit/robots/crawl"
)

// TestCheckerOneFetchForConcurrentCalls has 100 calls miss on one origin
// while its fetch is under way, in a bubble (see bubble_test.go): once
// every call waits, the site answers, and all get its answer from the one
// fetch.
func TestCheckerOneFetchForConcurrentCalls(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	synctest.Test(t, func(t *testing.T) {
		site := newSiteTransport(0, make(chan struct{}))
		c := &crawl.Checker{Client: site.client()}
		var wg sync.WaitGroup
		results := make([]bool, 100)
		errs := make([]error, 100)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = c.Allowed(context.Background(), "MyBot", fmt.Sprintf("%s/private/%d", s.URL, i))
			}()
		}
		synctest.Wait() // every call waits, for the fetch or for its flight
		if n := site.started.Load(); n != 1 {
			t.Errorf("%d fetches started for 100 calls, want 1", n)
		}
		close(site.gate)
		wg.Wait()
		for i := range results {
			if errs[i] != nil || results[i] {
				t.Errorf("call %d = %v, %v; want false", i, results[i], errs[i])
			}
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("server saw %d robots.txt requests, want 1", n)
		}
	})
}
