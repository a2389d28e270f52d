//go:build go1.25

package crawl_test

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// lateStore is a Store whose Get takes 3 seconds, whatever its context
// says, and finds nothing; bounded is what it says of itself.
type lateStore struct{ bounded bool }

func (s lateStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	time.Sleep(3 * time.Second)
	return crawl.Entry{}, false, nil
}

func (s lateStore) Put(ctx context.Context, origin string, e crawl.Entry) error { return nil }

func (s lateStore) BoundedByContext() bool { return s.bounded }

// TestCheckerBoundedStore checks how a Checker calls a Store that is
// crawl.Bounded: on the calling goroutine, trusting it to return by its
// context's deadline, so that one that does not is waited for (3 s); and
// any other Store, or one that says it is not bounded, in a goroutine the
// Checker stops waiting for after a second.
func TestCheckerBoundedStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	tests := []struct {
		name  string
		store crawl.Store
		took  time.Duration
	}{
		{"Bounded", lateStore{bounded: true}, 3 * time.Second},
		{"Bounded says false", lateStore{bounded: false}, time.Second},
		{"not Bounded", struct{ crawl.Store }{lateStore{bounded: true}}, time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				// No OutageWait: a Get cut at its bound is the Store failing.
				c := &crawl.Checker{Store: tt.store, Client: bubbleClient(), OutageWait: -1}
				start := time.Now()
				ok, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private")
				if ok || err != nil {
					t.Errorf("Allowed = %v, %v; want false", ok, err)
				}
				if d := time.Since(start); d != tt.took {
					t.Errorf("Allowed took %v, want %v", d, tt.took)
				}
				c.Close(context.Background())
				time.Sleep(3 * time.Second) // a Get the Checker stopped waiting for ends

			})
		})
	}
}
