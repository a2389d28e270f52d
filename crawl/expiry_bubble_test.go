//go:build go1.25

package crawl_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// TestCheckerExpiryOnTheClock checks that a Checker on the real clock,
// which reads no clock on a check until a timer marks the item a second
// before it expires, still fetches again exactly at the expiry: 15
// minutes after the fetch, by the file's max-age.
func TestCheckerExpiryOnTheClock(t *testing.T) {
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=900")
		fmt.Fprint(w, privateRobots)
	})
	synctest.Test(t, func(t *testing.T) {
		c := &crawl.Checker{Client: bubbleClient()}
		defer c.Close(context.Background())
		start := time.Now()
		steps := []struct {
			at   time.Duration
			hits int64
		}{
			{0, 1},
			{time.Minute, 1},
			{15*time.Minute - time.Second - time.Nanosecond, 1}, // the timer has not fired
			{15*time.Minute - time.Second, 1},                   // it has: the clock is read
			{15*time.Minute - time.Nanosecond, 1},
			{15 * time.Minute, 2},
			{16 * time.Minute, 2},
		}
		for _, st := range steps {
			time.Sleep(time.Until(start.Add(st.at)))
			synctest.Wait()
			if ok, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); ok || err != nil {
				t.Fatalf("at %v: Allowed = %v, %v; want false", st.at, ok, err)
			}
			if got := s.hits.Load(); got != st.hits {
				t.Errorf("at %v: %d fetches, want %d", st.at, got, st.hits)
			}
		}
	})
}
