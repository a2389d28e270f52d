package redisstore_test

// The tests here measure Redis as an operator sees it: the memory an
// origin takes, and what a Redis whose memory is full does to a fleet.
// The README's "Redis as an operator sees it" quotes what they log.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// infoInt returns a field of INFO section from client.
func infoInt(t *testing.T, client *redis.Client, section, field string) int64 {
	t.Helper()
	info, err := client.Info(context.Background(), section).Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), field+":"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("INFO %s: %s: %v", section, line, err)
			}
			return n
		}
	}
	t.Fatalf("INFO %s has no %s", section, field)
	return 0
}

// TestMemoryPerOrigin puts the entries of many origins whose robots.txt
// is testdata/bench's 5 KB or 500 KB file, as Checkers would, and
// measures what Redis uses per origin: MEMORY USAGE of the entry's key,
// and used_memory grown over all of them, divided. Each is bounded by the
// entry's encoded size plus Redis's own overhead per key, which the README
// states.
func TestMemoryPerOrigin(t *testing.T) {
	tests := []struct {
		file    string
		origins int
		most    int64 // bytes per origin, the README's figure rounded up
	}{
		{"realistic_5k.txt", 1000, 1800},
		{"big_500k.txt", 20, 125_000},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			srv := startServer(t)
			store, client := newStore(t, srv, redisstore.Options{})
			body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			e := crawl.Entry{Status: 200, Body: body, Fetched: now, Expires: now.Add(day), FinalURL: ""}
			encoded, err := e.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			before := infoInt(t, client, "memory", "used_memory")
			for i := 0; i < tc.origins; i++ {
				if err := store.Put(ctx, fmt.Sprintf("https://www.example%d.com", i), e); err != nil {
					t.Fatal(err)
				}
			}
			after := infoInt(t, client, "memory", "used_memory")
			usage, err := client.MemoryUsage(ctx, store.Key("https://www.example0.com")).Result()
			if err != nil {
				t.Fatal(err)
			}
			per := (after - before) / int64(tc.origins)
			t.Logf("%s (%d bytes): entry %d bytes encoded, MEMORY USAGE %d bytes, used_memory %d bytes per origin over %d origins",
				tc.file, len(body), len(encoded), usage, per, tc.origins)
			if usage > tc.most || per > tc.most || usage < int64(len(encoded)) {
				t.Errorf("an origin takes %d bytes (MEMORY USAGE) and %d (used_memory), want between %d (the entry) and %d",
					usage, per, len(encoded), tc.most)
			}
		})
	}
}

// TestFullMemory runs a fleet of 4 Checkers over a Redis whose maxmemory
// leaves room for a few hundred entries of the 5 KB file, under two
// eviction policies:
//
//   - allkeys-lru: the fleet walks 400 origins serving the file, then a
//     new fleet (empty memories) walks them again. Redis evicts the least
//     recently used keys, and refuses some lease scripts with OOM all the
//     same; every call answers right, and each Checker fetches an origin
//     once at most.
//   - noeviction: Redis is filled with entries until it refuses writes
//     (OOM), then the fleet walks 50 origins. Entries are not shared and
//     leases are not taken, so each Checker fetches each origin itself,
//     a poll (100 ms) after its Lease was refused; every call still
//     answers right, and StoreError hears of the refusals.
func TestFullMemory(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", "realistic_5k.txt"))
	if err != nil {
		t.Fatal(err)
	}
	const checkers = 4
	for _, tc := range []struct {
		policy string
		n      int
	}{{"allkeys-lru", 400}, {"noeviction", 50}} {
		t.Run(tc.policy, func(t *testing.T) {
			probe := startServer(t)
			base := infoInt(t, probe.client(), "memory", "used_memory")
			probe.kill()
			// Room for a few hundred entries of 1.7 KB past what an empty
			// Redis uses, the fleet's connections included.
			maxmemory := base + 600_000
			srv := startServer(t, "--maxmemory", strconv.FormatInt(maxmemory, 10), "--maxmemory-policy", tc.policy)
			ctx := context.Background()
			if tc.policy == "noeviction" {
				store, _ := newStore(t, srv, redisstore.Options{})
				e := crawl.Entry{Status: 200, Body: body, Fetched: time.Now(), Expires: time.Now().Add(day)}
				for i := 0; ; i++ {
					if err := store.Put(ctx, fmt.Sprintf("https://filler%d.example", i), e); err != nil {
						if !strings.Contains(err.Error(), "OOM") {
							t.Fatal(err)
						}
						break
					}
				}
			}
			var (
				mu      sync.Mutex
				fetches = map[string]int{}
			)
			site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/robots.txt" {
					mu.Lock()
					fetches[r.Host]++
					mu.Unlock()
				}
				w.Write(body)
			})
			var urls []string
			for i := 0; i < tc.n; i++ {
				urls = append(urls, listenOn(t, fmt.Sprintf("127.0.2.%d", 1+i%250), site))
			}
			h := new(hook)
			opts := redisstore.Options{Timeout: time.Second}
			var wrong atomic.Int64
			walk := func(fleet []*crawl.Checker) time.Duration {
				var wg sync.WaitGroup
				start := time.Now()
				for _, c := range fleet {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for _, u := range urls {
							// realistic_5k.txt disallows /search/ to every agent.
							if ok, err := c.Allowed(ctx, "MyBot", u+"/search/x"); err != nil || ok {
								wrong.Add(1)
							}
						}
					}()
				}
				wg.Wait()
				return time.Since(start)
			}
			count := func() (total, most int) {
				mu.Lock()
				defer mu.Unlock()
				for _, f := range fetches {
					total += f
					most = max(most, f)
				}
				return total, most
			}
			took := walk(fleet(t, srv, checkers, opts, h, 0))
			first, firstMost := count()
			again, tookAgain := 0, time.Duration(0)
			if tc.policy != "noeviction" {
				// A new fleet, with empty memories, walks again: what Redis
				// kept saves fetches.
				tookAgain = walk(fleet(t, srv, checkers, opts, h, 0))
				total, _ := count()
				again = total - first
			}
			client := srv.client()
			evicted := infoInt(t, client, "stats", "evicted_keys")
			used := infoInt(t, client, "memory", "used_memory")
			t.Logf("%s, maxmemory %d (%d over an empty Redis): %d Checkers walked %d origins in %v: %d fetches (at most %d of one); "+
				"a new fleet walked them again in %v: %d fetches; %d keys evicted; used_memory %d; %d Store errors; %d wrong answers or errors",
				tc.policy, maxmemory, maxmemory-base, checkers, tc.n, took.Round(time.Millisecond), first, firstMost,
				tookAgain.Round(time.Millisecond), again, evicted, used, len(h.all()), wrong.Load())
			if errs := h.all(); len(errs) > 0 {
				t.Logf("first Store error: %v", errs[0])
			}
			if wrong.Load() > 0 {
				t.Errorf("%d calls answered wrong or failed", wrong.Load())
			}
			switch tc.policy {
			case "noeviction":
				if first != tc.n*checkers {
					t.Errorf("%d fetches, want %d: each Checker its own", first, tc.n*checkers)
				}
				if len(h.all()) == 0 {
					t.Errorf("StoreError heard nothing of the refused writes")
				}
			default:
				// Each Checker fetches an origin once at most per walk:
				// more when Redis refuses a lease, as it may at
				// maxmemory (an EVAL that may write is refused with OOM
				// when eviction cannot free enough at once).
				if firstMost > checkers {
					t.Errorf("first walk: an origin fetched %d times, want at most %d", firstMost, checkers)
				}
				if evicted == 0 {
					t.Errorf("no key evicted")
				}
			}
		})
	}
}

// listenOn serves h on a free port of the loopback address ip until t
// ends, and returns its URL.
func listenOn(t *testing.T, ip string, h http.Handler) string {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listening on %s: %v", ip, err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return "http://" + l.Addr().String()
}
