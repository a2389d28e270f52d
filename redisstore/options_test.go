package redisstore_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
)

// TestNegativeMaxValue checks that a negative MaxValue is no limit: an
// entry over DefaultMaxValue, which a Store with the default refuses, is
// put and read back whole.
func TestNegativeMaxValue(t *testing.T) {
	srv := startServer(t)
	body := make([]byte, 2*redisstore.DefaultMaxValue)
	rand.New(rand.NewSource(1)).Read(body) // does not compress
	e := crawl.Entry{Status: 200, Body: body, Fetched: now, Expires: now.Add(day)}
	ctx := context.Background()
	const origin = "https://big.example"

	def, _ := newStore(t, srv, redisstore.Options{})
	if err := def.Put(ctx, origin, e); !errors.Is(err, redisstore.ErrTooLarge) {
		t.Fatalf("Put of a %d-byte body with the default MaxValue: %v, want ErrTooLarge", len(body), err)
	}
	none, _ := newStore(t, srv, redisstore.Options{MaxValue: -1})
	if err := none.Put(ctx, origin, e); err != nil {
		t.Fatalf("Put with MaxValue -1: %v", err)
	}
	got, ok, err := none.Get(ctx, origin)
	if !ok || err != nil || !bytes.Equal(got.Body, body) {
		t.Errorf("Get with MaxValue -1 = %d bytes of body, ok %v, error %v; want the %d bytes put", len(got.Body), ok, err, len(body))
	}
}

// TestNegativeTimeout checks that a negative Timeout is no timeout: with
// Redis stalled, a call waits for its context, past DefaultTimeout. The
// bound is four times DefaultTimeout, a design constant; the test waits
// that long on the wall clock, and asserts only that the call lasted at
// least that, which no load can make false.
func TestNegativeTimeout(t *testing.T) {
	srv := startServer(t)
	store := newPatientStore(t, srv, -1)
	srv.stall()
	defer srv.resume()
	wait := 4 * redisstore.DefaultTimeout
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	start := time.Now()
	_, _, err := store.Get(ctx, "https://stalled.example")
	took := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) || took < wait {
		t.Errorf("Get with Timeout -1 and Redis stalled: %v after %v; want the context's deadline, after %v", err, took, wait)
	}
}
