package crawl_test

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
)

// downStore is a Store, a Leaser and a Pacer whose every call fails, as
// during a Redis outage.
type downStore struct{}

var errDown = errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")

func (downStore) Get(context.Context, string) (crawl.Entry, bool, error) {
	return crawl.Entry{}, false, errDown
}
func (downStore) Put(context.Context, string, crawl.Entry) error { return errDown }
func (downStore) Lease(context.Context, string, crawl.Lease, time.Duration) (crawl.Lease, bool, error) {
	return crawl.Lease{}, false, errDown
}
func (downStore) Renew(context.Context, string, string, time.Duration) (bool, error) {
	return false, errDown
}
func (downStore) Release(context.Context, string, string) (bool, error) { return false, errDown }
func (downStore) Reserve(context.Context, string, time.Duration) (crawl.Reservation, error) {
	return crawl.Reservation{}, errDown
}
func (downStore) Unreserve(context.Context, string, crawl.Reservation, time.Duration) error {
	return errDown
}
func (downStore) Defer(context.Context, string, time.Duration) error { return errDown }

// TestStoreErrorsOncePerMinute has a Checker work through an outage of
// its Store, Leaser and Pacer: StoreError hears of each distinct error of
// an origin once a minute, not once per call: a Wait per request would
// otherwise report the Pacer's error per request.
func TestStoreErrorsOncePerMinute(t *testing.T) {
	s := newRobotsServer(t, serve(200, "User-agent: *\nAllow: /\n"))
	clk := newClock()
	got := make(chan string, 100) // the call of each error StoreError gets
	storeError := func(origin string, err error) {
		if origin != s.URL {
			t.Errorf("StoreError origin %q, want %q", origin, s.URL)
		}
		if !errors.Is(err, errDown) {
			t.Errorf("StoreError got %v, want it to wrap the Store's error", err)
		}
		call, _, _ := strings.Cut(strings.TrimPrefix(err.Error(), "crawl: store "), ":")
		got <- call
	}
	// calls returns the calls of the errors reported, n of them, which
	// may come after the call that caused them (a Put follows the answer),
	// and any more that have come.
	calls := func(n int) []string {
		t.Helper()
		var calls []string
		for len(calls) < n {
			select {
			case call := <-got:
				calls = append(calls, call)
			case <-time.After(10 * time.Second): // only if the test fails
				t.Fatalf("StoreError got %v, want %d errors", calls, n)
			}
		}
		for more := true; more; {
			select {
			case call := <-got:
				calls = append(calls, call)
			default:
				more = false
			}
		}
		sort.Strings(calls) // the Put runs beside the Waits
		return calls
	}
	checker := func() *crawl.Checker {
		return crawl.WithClock(&crawl.Checker{
			Store: downStore{}, Leaser: downStore{}, Pacer: downStore{},
			Pacing:     crawl.Pacing{MinInterval: -1}, // no pace of its own: no sleep
			StoreError: storeError,
			OutageWait: -1, // no wait for the Store: a Lease after the Get

		}, clk.Now)
	}
	c := checker()
	ctx := context.Background()
	waits := func(n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			if err := c.Wait(ctx, "MyBot", s.URL+"/page"); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The first Wait fetches robots.txt: a Get, a Lease and a Put fail,
	// then the Reserve.
	waits(20)
	if err := c.Close(ctx); err != nil { // waits for the Put
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"get", "lease", "put", "reserve"}, calls(4)); diff != "" {
		t.Errorf("20 Waits: StoreError calls (-want +got):\n%s", diff)
	}
	// Another Checker keeps its own account.
	c = checker()
	waits(1)
	if diff := cmp.Diff([]string{"get", "lease", "put", "reserve"}, calls(4)); diff != "" {
		t.Errorf("another Checker: StoreError calls (-want +got):\n%s", diff)
	}
	clk.Add(crawl.ReportEvery - time.Nanosecond)
	waits(5)
	if got := calls(0); len(got) != 0 {
		t.Errorf("just under a minute later, StoreError calls %v, want none", got)
	}
	clk.Add(time.Nanosecond)
	waits(5)
	for i := 0; i < 5; i++ {
		c.Report(ctx, s.URL+"/page", http.StatusTooManyRequests, nil)
	}
	if diff := cmp.Diff([]string{"defer", "reserve"}, calls(2)); diff != "" {
		t.Errorf("a minute later: StoreError calls (-want +got):\n%s", diff)
	}
}
