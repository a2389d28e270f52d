package crawl

// This file holds the Checker's memory: the parsed robots.txt of each
// origin, bounded in entries and in bytes, evicting the least recently
// used. Reads take no lock and write nothing while one origin keeps being
// asked for, so that parallel checks do not serialise: each shard's map is
// replaced, never changed, by writers, who hold the cache's mutex.

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawlkit/robots"
)

// Default bounds of a Checker's cache.
const (
	DefaultCacheEntries = 10_000
	DefaultCacheBytes   = 64 << 20
)

// cacheShards is how many maps the cache's index is split over, so that a
// write copies a small one.
const cacheShards = 32

// A cache maps origins to items.
type cache struct {
	seed   maphash.Seed
	shards [cacheShards]cacheShard
	// clock orders uses: an item used last has the highest stamp. It moves
	// only when an item is used after another, so that checks of one
	// origin write nothing.
	clock atomic.Uint64

	mu         sync.Mutex // held by writers; guards what follows, and eviction
	entries    int
	bytes      int64
	maxEntries int
	maxBytes   int64
}

type cacheShard struct {
	m atomic.Pointer[map[string]*item] // never changed once stored
	_ [56]byte                         // keep shards on their own cache lines
}

// load returns the shard's map, which the caller must not change.
func (s *cacheShard) load() map[string]*item { return *s.m.Load() }

// set stores a copy of the shard's map with origin mapped to it, or
// without origin when it is nil. The caller holds the cache's mutex.
func (s *cacheShard) set(origin string, it *item) {
	old := s.load()
	m := make(map[string]*item, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	if it != nil {
		m[origin] = it
	} else {
		delete(m, origin)
	}
	s.m.Store(&m)
}

// An item is what the cache knows of one origin. It is immutable once in
// the cache, but for its use stamp; a new fetch puts a new item.
type item struct {
	origin  string
	file    *robots.File
	entry   Entry     // what was fetched, kept to merge with the next fetch
	expires time.Time // when the file must be fetched again
	size    int64     // bytes the item keeps alive, estimated
	used    atomic.Uint64
}

func newCache(maxEntries int, maxBytes int64) *cache {
	if maxEntries <= 0 {
		maxEntries = DefaultCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	c := &cache{seed: maphash.MakeSeed(), maxEntries: maxEntries, maxBytes: maxBytes}
	for i := range c.shards {
		c.shards[i].m.Store(&map[string]*item{})
	}
	return c
}

func (c *cache) shard(origin string) *cacheShard {
	return &c.shards[maphash.String(c.seed, origin)%cacheShards]
}

// get returns the item of origin, or nil, and marks it used.
func (c *cache) get(origin string) *item {
	it := c.shard(origin).load()[origin]
	if it != nil {
		if now := c.clock.Load(); it.used.Load() != now {
			it.used.Store(c.clock.Add(1))
		}
	}
	return it
}

// peek returns the item of origin, or nil, without marking it used.
func (c *cache) peek(origin string) *item {
	return c.shard(origin).load()[origin]
}

// put adds it, replacing the item of its origin if there is one, and
// evicts the least recently used items while the cache is over a bound.
// The item just put is never evicted, so a single item bigger than the
// bytes bound is kept alone.
func (c *cache) put(it *item) {
	it.used.Store(c.clock.Add(1))
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.shard(it.origin)
	old := s.load()[it.origin]
	s.set(it.origin, it)
	if old != nil {
		c.entries--
		c.bytes -= old.size
	}
	c.entries++
	c.bytes += it.size
	for c.entries > c.maxEntries || c.bytes > c.maxBytes {
		if !c.evict(it) {
			break
		}
	}
}

// evict removes the least recently used item other than keep, and reports
// whether there was one. It scans every item: eviction only follows a
// fetch, which costs far more.
func (c *cache) evict(keep *item) bool {
	var victim *item
	for i := range c.shards {
		for _, it := range c.shards[i].load() {
			if it != keep && (victim == nil || it.used.Load() < victim.used.Load()) {
				victim = it
			}
		}
	}
	if victim == nil {
		return false
	}
	c.shard(victim.origin).set(victim.origin, nil)
	c.entries--
	c.bytes -= victim.size
	return true
}

// itemOverhead is the size counted for an item beyond its bodies and its
// file: the item, its map slot, its Entry and the File's own fields.
const itemOverhead = 1 << 10

// itemSize estimates the bytes the item of origin, made from e and file,
// keeps alive: its bodies (kept to be put again with the next fetch) and
// the parsed file.
func itemSize(origin string, e *Entry, file *robots.File) int64 {
	return int64(itemOverhead+len(origin)+len(e.Body)+len(e.Good)+len(e.FinalURL)+len(e.Err)) + int64(file.Size())
}
