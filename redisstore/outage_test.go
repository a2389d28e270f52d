package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// patientLeast is the least time a call waits when the Store leaves it to
// the patient client's own limits: with Redis killed, its MaxRetries (10)
// retries each back off MinRetryBackoff (500 ms) at least; with Redis
// stalled, it waits for its ReadTimeout (30 s). A call that returns sooner
// was ended by the Store's Timeout, which is what the outage tests check;
// the bound follows from those constants of patientClient, not from how
// fast the machine is.
const patientLeast = 10 * 500 * time.Millisecond

func newPatientStore(t *testing.T, s *server, timeout time.Duration) *redisstore.Store {
	return redisstore.WithClock(redisstore.New(s.patientClient(), &redisstore.Options{Timeout: timeout}), fixedNow)
}

// calls runs Get, Put, Lease, Renew and Release on store and returns their errors and the
// longest time one took.
func calls(store *redisstore.Store, origin string) (errs []error, longest time.Duration) {
	ctx := context.Background()
	for _, f := range []func() error{
		func() error { _, _, err := store.Get(ctx, origin); return err },
		func() error {
			return store.Put(ctx, origin, crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(day)})
		},
		func() error {
			_, _, err := store.Lease(ctx, origin, crawl.Lease{Token: "outage", Deadline: now}, time.Second)
			return err
		},
		func() error { _, err := store.Renew(ctx, origin, "outage", time.Second); return err },
		func() error { _, err := store.Release(ctx, origin, "outage"); return err },
	} {
		start := time.Now()
		errs = append(errs, f())
		if d := time.Since(start); d > longest {
			longest = d
		}
	}
	return errs, longest
}

func TestRedisKilledAndRestarted(t *testing.T) {
	srv := startServer(t)
	const timeout = 200 * time.Millisecond
	store := newPatientStore(t, srv, timeout)
	const origin = "https://outage.example"
	if errs, _ := calls(store, origin); errors.Join(errs...) != nil {
		t.Fatalf("with Redis up: %v", errs)
	}

	srv.kill()
	for round := 0; round < 3; round++ {
		errs, longest := calls(store, origin)
		for i, err := range errs {
			if err == nil {
				t.Errorf("round %d: call %d with Redis killed succeeded", round, i)
			}
		}
		if longest >= patientLeast {
			t.Errorf("round %d: a call with Redis killed took %v, want its Timeout %v, under the client's own %v", round, longest, timeout, patientLeast)
		}
	}
	if _, ok, _ := store.Get(context.Background(), origin); ok {
		t.Error("Get with Redis killed returned an entry")
	}

	srv.restart() // empty: persistence is off
	waitUsable(t, store, "https://back.example")
}

// TestRedisStalledAndResumed checks the Store's bound on a stalled
// server, with a client that ignores its context's deadline (the Store
// calls it in a goroutine) and with one made with ContextTimeoutEnabled
// (the Store calls it on the caller's goroutine).
func TestRedisStalledAndResumed(t *testing.T) {
	for _, ctxTimeouts := range []bool{false, true} {
		t.Run(fmt.Sprintf("ContextTimeoutEnabled=%v", ctxTimeouts), func(t *testing.T) {
			srv := startServer(t)
			const timeout = 200 * time.Millisecond
			store := redisstore.WithClock(redisstore.New(srv.patientClientWith(ctxTimeouts), &redisstore.Options{Timeout: timeout}), fixedNow)
			const origin = "https://stall.example"
			if errs, _ := calls(store, origin); errors.Join(errs...) != nil {
				t.Fatalf("with Redis up: %v", errs)
			}

			// A stalled server accepts connections and answers nothing: the
			// client alone would wait for its read timeout.
			srv.stall()
			for round := 0; round < 3; round++ {
				errs, longest := calls(store, origin)
				for i, err := range errs {
					if !errors.Is(err, context.DeadlineExceeded) {
						t.Errorf("round %d: call %d with Redis stalled: error %v, want DeadlineExceeded", round, i, err)
					}
				}
				if longest >= patientLeast {
					t.Errorf("round %d: a call with Redis stalled took %v, want its Timeout %v, under the client's own %v", round, longest, timeout, patientLeast)
				}
			}

			// A caller's own deadline ends a call, on a Store with no Timeout
			// (negative: none) too: only the context can end it before the
			// client's own limits.
			unbounded := redisstore.WithClock(redisstore.New(srv.patientClientWith(ctxTimeouts), &redisstore.Options{Timeout: -1}), fixedNow)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			start := time.Now()
			if _, _, err := unbounded.Get(ctx, origin); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Get with a 20ms context on a stalled Redis: error %v, want DeadlineExceeded", err)
			}
			if d := time.Since(start); d >= patientLeast {
				t.Errorf("Get with a 20ms context took %v, as long as the client's own limits", d)
			}

			// Redis carries out the commands it had received, late: the probe
			// uses another origin than the calls that timed out.
			srv.resume()
			waitUsable(t, store, "https://back.example")
		})
	}
}

// waitUsable checks that store works again within a few seconds of Redis
// coming back: the client drops its broken connections and dials anew.
func waitUsable(t *testing.T, store *redisstore.Store, origin string) {
	t.Helper()
	ctx := context.Background()
	want := crawl.Entry{Status: 200, Body: []byte("User-agent: *\nDisallow: /back\n"), Fetched: now, Expires: now.Add(day)}
	deadline := time.Now().Add(5 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		if err = store.Put(ctx, origin, want); err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		got, ok, gerr := store.Get(ctx, origin)
		if gerr != nil || !ok || string(got.Body) != string(want.Body) {
			t.Fatalf("Get after Put on a Redis back up = %+v, ok %v, error %v", got, ok, gerr)
		}
		return
	}
	t.Fatalf("store not usable 5s after Redis came back: %v", err)
}

// TestStalledRedisBoundsGoroutines checks the bound the Store's calls
// promise on a stalled server: a call that gives up leaves behind at most
// one goroutine per connection of the client's pool, whatever the number
// of calls.
func TestStalledRedisBoundsGoroutines(t *testing.T) {
	srv := startServer(t)
	const poolSize = 4
	client := redis.NewClient(&redis.Options{Addr: srv.addr, PoolSize: poolSize})
	t.Cleanup(func() { client.Close() })
	store := redisstore.New(client, &redisstore.Options{Timeout: 100 * time.Millisecond})
	if _, _, err := store.Get(context.Background(), "https://warm.example"); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	srv.stall()
	defer srv.resume()
	var wg sync.WaitGroup
	for i := 0; i < 500; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := store.Get(context.Background(), "https://stalled.example"); err == nil {
				t.Error("Get on a stalled Redis succeeded")
			}
		}()
	}
	wg.Wait()
	// The goroutines of the calls above end just after wg.Wait returns;
	// those left reading a stalled connection stay for the client's read
	// timeout, 3 seconds.
	var extra int
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if extra = runtime.NumGoroutine() - before; extra <= poolSize {
			return
		}
	}
	t.Errorf("500 calls on a stalled Redis left %d goroutines, want at most the pool size, %d", extra, poolSize)
}
