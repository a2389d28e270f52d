package crawl

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCacheBytesBound(t *testing.T) {
	c := newCache(100, 10_000)
	put := func(origin string, size int64) {
		c.put(&item{origin: origin, size: size, expires: time.Now().Add(time.Hour)})
	}
	has := func() string {
		var got []string
		for _, o := range []string{"a", "b", "c", "d", "e"} {
			if c.peek(o) != nil {
				got = append(got, o)
			}
		}
		return strings.Join(got, " ")
	}
	put("a", 3000)
	put("b", 3000)
	put("c", 3000)
	c.get("a")
	put("d", 3000) // 12,000 bytes: the hand passes a, marked, and evicts b
	if got, want := has(), "a c d"; got != want {
		t.Errorf("after d: cache holds %q, want %q", got, want)
	}
	put("e", 6000) // evicts c, then d: a's second chance put it behind them
	if got, want := has(), "a e"; got != want {
		t.Errorf("after e: cache holds %q, want %q", got, want)
	}
	put("a", 20_000) // bigger than the bound: kept alone
	if got, want := has(), "a"; got != want {
		t.Errorf("after a big a: cache holds %q, want %q", got, want)
	}
	if c.entries != 1 || c.bytes != 20_000 {
		t.Errorf("cache counts %d entries, %d bytes; want 1, 20000", c.entries, c.bytes)
	}
	put("a", 100) // replacing an item counts the new size only
	if c.entries != 1 || c.bytes != 100 {
		t.Errorf("cache counts %d entries, %d bytes; want 1, 100", c.entries, c.bytes)
	}
}

// check compares what c counts with what its ring and its tables hold,
// and checks its bounds, which only an item alone may exceed.
func (c *cache) check(t *testing.T) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	entries, bytes := 0, int64(0)
	if it := c.hand; it != nil {
		for {
			entries++
			bytes += it.size
			if c.peek(it.origin) != it {
				t.Fatalf("item %s is in the ring but peek finds %p", it.origin, c.peek(it.origin))
			}
			if it.next.prev != it {
				t.Fatalf("ring broken after %s", it.origin)
			}
			if it = it.next; it == c.hand {
				break
			}
		}
	}
	live := 0
	for i := range c.shards {
		s := &c.shards[i]
		tb := s.table.Load()
		used, shardLive := 0, 0
		for j := range tb.slots {
			switch it := tb.slots[j].Load(); it {
			case nil:
			case removed:
				used++
			default:
				used++
				shardLive++
			}
		}
		if used != s.used || shardLive != s.live {
			t.Fatalf("shard %d counts %d used slots and %d items; its table has %d and %d", i, s.used, s.live, used, shardLive)
		}
		if 4*used > 3*len(tb.slots) {
			t.Fatalf("shard %d uses %d of %d slots, over three quarters", i, used, len(tb.slots))
		}
		live += shardLive
	}
	if entries != c.entries || bytes != c.bytes || live != c.entries {
		t.Fatalf("cache counts %d entries and %d bytes; its ring has %d and %d, its tables %d items",
			c.entries, c.bytes, entries, bytes, live)
	}
	if entries > 1 && (entries > c.maxEntries || bytes > c.maxBytes) {
		t.Fatalf("cache holds %d entries and %d bytes, over its bounds %d and %d", entries, bytes, c.maxEntries, c.maxBytes)
	}
}

// TestCacheKeepsBounds puts and reads many origins at random, of random
// sizes, some bigger than the bytes bound: after each put, the cache is
// within its bounds (unless it holds one item alone), it counts what it
// holds, it holds the item just put, and every item it holds is found.
func TestCacheKeepsBounds(t *testing.T) {
	tests := []struct {
		name       string
		maxEntries int
		maxBytes   int64
		origins    int
		maxSize    int64
	}{
		{"entries bind", 50, 1 << 40, 500, 1000},
		{"bytes bind", 10_000, 20_000, 500, 1000},
		{"items over the bytes bound", 100, 5000, 300, 8000},
		{"one entry", 1, 1 << 40, 20, 100},
		{"many origins", 2000, 1 << 40, 100_000, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			c := newCache(tt.maxEntries, tt.maxBytes)
			expires := time.Now().Add(time.Hour)
			for i := 0; i < 20_000; i++ {
				origin := "https://o" + strconv.Itoa(rng.Intn(tt.origins)) + ".example"
				if rng.Intn(3) == 0 {
					if it := c.get(origin); it != nil && it.origin != origin {
						t.Fatalf("get(%s) = the item of %s", origin, it.origin)
					}
					continue
				}
				it := &item{origin: origin, size: 1 + rng.Int63n(tt.maxSize), expires: expires}
				c.put(it)
				if got := c.peek(origin); got != it {
					t.Fatalf("after put(%s), peek finds %p, not the item put", origin, got)
				}
				if i%500 == 0 {
					c.check(t)
				}
			}
			c.check(t)
		})
	}
}

// TestCacheConcurrentReads reads while a writer puts, replaces and
// evicts, growing and compacting the tables: a read finds the item of the
// origin asked for or none, never another's, and always finds an origin
// that stays in the cache. Run with -race.
func TestCacheConcurrentReads(t *testing.T) {
	c := newCache(1000, 1<<40)
	expires := time.Now().Add(time.Hour)
	const pinned = "https://pinned.example"
	c.put(&item{origin: pinned, size: 1, expires: expires})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(seed))
			for {
				select {
				case <-stop:
					return
				default:
				}
				// peek, not get, so that only pinned is ever marked.
				origin := "https://o" + strconv.Itoa(rng.Intn(5000)) + ".example"
				if it := c.peek(origin); it != nil && it.origin != origin {
					t.Errorf("peek(%s) = the item of %s", origin, it.origin)
					return
				}
				if it := c.get(pinned); it == nil || it.origin != pinned {
					t.Errorf("get(%s) = %v", pinned, it)
					return
				}
			}
		}(int64(r))
	}
	rng := rand.New(rand.NewSource(99))
	for i := 0; i < 20_000; i++ {
		// Each put evicts at most the first unmarked item the hand finds,
		// passing pinned at most once: marked before each put, pinned
		// stays.
		c.get(pinned)
		origin := "https://o" + strconv.Itoa(rng.Intn(5000)) + ".example"
		c.put(&item{origin: origin, size: 1, expires: expires})
	}
	close(stop)
	wg.Wait()
	c.check(t)
	if c.peek(pinned) == nil {
		t.Errorf("%s was evicted", pinned)
	}
}

// TestCacheBoundsZeroAndNegative checks the Checker's CacheEntries and
// CacheBytes as the cache reads them: zero is the default, a negative
// value no limit, and a cache with no limits keeps more than the
// defaults would.
func TestCacheBoundsZeroAndNegative(t *testing.T) {
	tests := []struct {
		name        string
		entries     int
		bytes       int64
		wantEntries int
		wantBytes   int64
	}{
		{"zero is the default", 0, 0, DefaultCacheEntries, DefaultCacheBytes},
		{"negative is no limit", -1, -5, math.MaxInt, math.MaxInt64},
		{"positive is the limit", 7, 9, 7, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(tt.entries, tt.bytes)
			if c.maxEntries != tt.wantEntries || c.maxBytes != tt.wantBytes {
				t.Errorf("newCache(%d, %d) bounds %d entries and %d bytes, want %d and %d",
					tt.entries, tt.bytes, c.maxEntries, c.maxBytes, tt.wantEntries, tt.wantBytes)
			}
		})
	}
	c := newCache(-1, -1)
	expires := time.Now().Add(time.Hour)
	n := DefaultCacheEntries + 1
	for i := 0; i < n; i++ {
		c.put(&item{origin: "https://o" + strconv.Itoa(i) + ".example", size: DefaultCacheBytes / 1000, expires: expires})
	}
	for i := 0; i < n; i++ {
		if origin := "https://o" + strconv.Itoa(i) + ".example"; c.peek(origin) == nil {
			t.Fatalf("a cache with no limits evicted %s of %d origins of %d bytes each", origin, n, DefaultCacheBytes/1000)
		}
	}
}
