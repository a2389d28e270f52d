package crawl_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// A memoryStore is a crawl.Store and a crawl.Leaser in memory: the
// reference to follow when writing one on a database or a cache server.
// It keeps entries encoded, as a store shared over a network must, and
// leases that lapse unless renewed, as a crashed holder's must.
type memoryStore struct {
	mu      sync.Mutex
	entries map[string][]byte      // by origin, as Entry.MarshalBinary writes them
	leases  map[string]memoryLease // by origin
}

type memoryLease struct {
	lease crawl.Lease
	until time.Time // when it lapses, unless renewed
}

func newMemoryStore() *memoryStore {
	return &memoryStore{entries: map[string][]byte{}, leases: map[string]memoryLease{}}
}

// Get returns origin's entry. What does not decode is a miss whose error
// wraps crawl.ErrBadEntry, as UnmarshalBinary's does.
func (s *memoryStore) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	s.mu.Lock()
	data, ok := s.entries[origin]
	s.mu.Unlock()
	if !ok {
		return crawl.Entry{}, false, nil
	}
	var e crawl.Entry
	if err := e.UnmarshalBinary(data); err != nil {
		return crawl.Entry{}, false, err
	}
	return e, true, nil
}

// Put replaces origin's entry.
func (s *memoryStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	data, err := e.MarshalBinary()
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entries[origin] = data
	return nil
}

// live returns origin's lease unless it has lapsed. s.mu is held.
func (s *memoryStore) live(origin string) (crawl.Lease, bool) {
	h, ok := s.leases[origin]
	if !ok || !time.Now().Before(h.until) {
		return crawl.Lease{}, false
	}
	return h.lease, true
}

// Lease takes origin's lease for ttl, or returns its holder's: testing
// and taking are one step, under the lock.
func (s *memoryStore) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if holder, ok := s.live(origin); ok {
		return holder, false, nil
	}
	s.leases[origin] = memoryLease{l, time.Now().Add(ttl)}
	return l, true, nil
}

// Renew extends origin's lease if token holds it: compare and extend in
// one step, so that a holder whose lease lapsed cannot extend another's.
func (s *memoryStore) Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if holder, ok := s.live(origin); !ok || holder.Token != token {
		return false, nil
	}
	s.leases[origin] = memoryLease{s.leases[origin].lease, time.Now().Add(ttl)}
	return true, nil
}

// Release ends origin's lease if token holds it.
func (s *memoryStore) Release(ctx context.Context, origin, token string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if holder, ok := s.live(origin); !ok || holder.Token != token {
		return false, nil
	}
	delete(s.leases, origin)
	return true, nil
}

// A Store of your own, here memoryStore above, shares what each Checker
// fetches; as a Leaser too, it lets one Checker fetch for all of them
// while the others wait. Three Checkers miss on one origin at once: the
// site sees one request, and two Checkers answer from the stored entry.
func ExampleStore() {
	var fetches atomic.Int64
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()

	store := newMemoryStore()
	fleet := make([]*crawl.Checker, 3)
	for i := range fleet {
		fleet[i] = &crawl.Checker{Store: store, Leaser: store}
	}
	var (
		wg     sync.WaitGroup
		stored atomic.Int64
	)
	for _, c := range fleet {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := c.File(context.Background(), site.URL+"/private/a")
			if err != nil {
				fmt.Println(err)
				return
			}
			if f.Access().Stored {
				stored.Add(1)
			}
		}()
	}
	wg.Wait()
	for _, c := range fleet {
		c.Close(context.Background())
	}
	e, ok, _ := store.Get(context.Background(), site.URL)
	fmt.Println("fetches:", fetches.Load())
	fmt.Println("answered from the Store:", stored.Load())
	fmt.Println("stored:", ok, e.Status)
	// Output:
	// fetches: 1
	// answered from the Store: 2
	// stored: true 200
}
