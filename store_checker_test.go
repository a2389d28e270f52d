package robots_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots"
)

// memStore is a Store in memory that keeps entries encoded, as a shared
// store would, and counts its calls.
type memStore struct {
	mu     sync.Mutex
	m      map[string][]byte
	gets   int
	puts   int
	leases map[string]time.Time
	err    error // returned by every call when set
}

func newMemStore() *memStore {
	return &memStore{m: map[string][]byte{}, leases: map[string]time.Time{}}
}

func (s *memStore) Get(ctx context.Context, origin string) (robots.Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	if s.err != nil {
		return robots.Entry{}, false, s.err
	}
	data, ok := s.m[origin]
	if !ok {
		return robots.Entry{}, false, nil
	}
	var e robots.Entry
	if err := e.UnmarshalBinary(data); err != nil {
		return robots.Entry{}, false, err
	}
	return e, true, nil
}

func (s *memStore) Put(ctx context.Context, origin string, e robots.Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.err != nil {
		return s.err
	}
	data, err := e.MarshalBinary()
	if err != nil {
		return err
	}
	s.m[origin] = data
	return nil
}

func (s *memStore) entry(t *testing.T, origin string) robots.Entry {
	t.Helper()
	e, ok, err := s.Get(context.Background(), origin)
	if err != nil || !ok {
		t.Fatalf("store has no entry for %s: %v", origin, err)
	}
	return e
}

func (s *memStore) counts() (gets, puts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets, s.puts
}

func TestCheckerSharesThroughStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	clk := newClock()
	store := newMemStore()
	ctx := context.Background()
	first := &robots.Checker{Store: store, Now: clk.Now}
	if got, err := first.Allowed(ctx, "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("first.Allowed = %v, %v; want false", got, err)
	}
	waitFor(t, "the first put", func() bool { _, puts := store.counts(); return puts == 1 })
	e := store.entry(t, s.URL)
	if e.Status != 200 || string(e.Body) != privateRobots || !e.Expires.Equal(clk.Now().Add(24*time.Hour)) {
		t.Errorf("stored entry = %+v; want 200, the body, expiring in 24 hours", e)
	}
	// A second Checker sharing the store does not fetch.
	second := &robots.Checker{Store: store, Now: clk.Now}
	f, err := second.File(ctx, s.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	if f.Allowed("MyBot", "/private") || !f.Access().Stored {
		t.Errorf("second Checker: Allowed(/private) = %v, Stored = %v; want false, true", f.Allowed("MyBot", "/private"), f.Access().Stored)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	// The hot path never touches the store.
	gets, puts := store.counts()
	for i := 0; i < 10; i++ {
		second.Allowed(ctx, "MyBot", fmt.Sprintf("%s/%d", s.URL, i))
	}
	if g, p := store.counts(); g != gets || p != puts {
		t.Errorf("cached checks made %d gets and %d puts, want none", g-gets, p-puts)
	}
	// Once the entry has expired, the next miss fetches and puts.
	clk.Add(24 * time.Hour)
	if _, err := second.Allowed(ctx, "MyBot", s.URL+"/x"); err != nil {
		t.Fatal(err)
	}
	if n := s.hits.Load(); n != 2 {
		t.Errorf("server saw %d requests after expiry, want 2", n)
	}
	waitFor(t, "the second put", func() bool { _, p := store.counts(); return p == puts+1 })
	if e := store.entry(t, s.URL); !e.Fetched.Equal(clk.Now()) {
		t.Errorf("stored entry fetched at %v, want %v", e.Fetched, clk.Now())
	}
}

func TestCheckerFailingStore(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	store := newMemStore()
	store.err = errors.New("store down")
	var mu sync.Mutex
	var reported []error
	c := &robots.Checker{Store: store, StoreError: func(origin string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if origin != s.URL {
			t.Errorf("StoreError origin = %q, want %q", origin, s.URL)
		}
		reported = append(reported, err)
	}}
	if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
		t.Fatalf("Allowed = %v, %v; want false, nil", got, err)
	}
	waitFor(t, "two reports", func() bool { mu.Lock(); defer mu.Unlock(); return len(reported) >= 2 })
	time.Sleep(10 * time.Millisecond) // room for a wrong third report
	mu.Lock()
	defer mu.Unlock()
	if len(reported) != 2 {
		t.Fatalf("StoreError called %d times (%v), want 2 (get and put)", len(reported), reported)
	}
	for _, err := range reported {
		if !errors.Is(err, store.err) {
			t.Errorf("reported error %v does not wrap the store's", err)
		}
	}
}

// waitFor waits until cond holds, for at most 5 seconds: a Checker puts
// to its Store after answering.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}
