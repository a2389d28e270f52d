//go:build go1.25

package crawl_test

import (
	"context"
	"errors"
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

// waitingStore is a Store whose Get waits for its context to end, and
// sends the context's error on ended; bounded is what it says of itself.
type waitingStore struct {
	bounded bool
	ended   chan error
}

func (s waitingStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	<-ctx.Done()
	s.ended <- ctx.Err()
	return crawl.Entry{}, false, ctx.Err()
}

func (s waitingStore) Put(ctx context.Context, origin string, e crawl.Entry) error { return nil }

func (s waitingStore) BoundedByContext() bool { return s.bounded }

// TestCloseCutsStoreRead checks that Close giving up ends the Store read
// a call makes on its own goroutine, whose context Close does not end,
// Bounded or not: the read's context ends then, canceled (not at the
// Store's one-second bound), the call returns ErrClosed, and StoreError
// hears nothing.
func TestCloseCutsStoreRead(t *testing.T) {
	for _, bounded := range []bool{true, false} {
		name := map[bool]string{true: "Bounded", false: "not Bounded"}[bounded]
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := waitingStore{bounded: bounded, ended: make(chan error, 1)}
				var reported errs
				c := &crawl.Checker{Store: store, Client: bubbleClient(), StoreError: reported.record}
				answer := make(chan error, 1)
				go func() {
					_, err := c.Allowed(context.Background(), "MyBot", "https://example.com/page")
					answer <- err
				}()
				synctest.Wait()
				start := time.Now()
				ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
				defer cancel()
				if err := c.Close(ctx); !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("Close = %v, want context.DeadlineExceeded", err)
				}
				synctest.Wait()
				select {
				case err := <-store.ended:
					if !errors.Is(err, context.Canceled) {
						t.Errorf("the Store's Get saw its context end with %v, want context.Canceled", err)
					}
				default:
					t.Fatal("the Store's Get still waits after Close gave up")
				}
				if d := time.Since(start); d != 100*time.Millisecond {
					t.Errorf("the read ended %v after Close began, want 100ms", d)
				}
				select {
				case err := <-answer:
					if !errors.Is(err, crawl.ErrClosed) {
						t.Errorf("the call returned %v, want ErrClosed", err)
					}
				default:
					t.Fatal("the call did not return after Close gave up")
				}
				if errs := reported.all(); len(errs) > 0 {
					t.Errorf("StoreError got %v, want nothing: Close cut the read short", errs)
				}
			})
		})
	}
}
