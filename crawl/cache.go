package crawl

// This file holds the Checker's memory: the parsed robots.txt of each
// origin, bounded in entries and in bytes.
//
// Reads take no lock and, while one origin keeps being asked for, write
// nothing, so that parallel checks do not serialise. The index is split in
// shards, each an open-addressing hash table (linear probing) of atomic
// pointers to items: readers load a slot at a time, writers, who hold the
// cache's mutex, store whole items into slots, and grow or compact a
// shard's table by building a new one beside it. So adding or removing an
// origin costs the same, amortised, with a thousand origins or a million.
//
// Eviction is CLOCK, an approximation of least recently used: the items
// form a ring in the order they were added, and a hand goes round it. A
// read sets the item's mark (when it is not set already). To evict, the
// hand clears the mark of each marked item it passes, giving it a second
// chance, and evicts the first unmarked one. An item added goes just
// behind the hand, the last it will reach.

import (
	"hash/maphash"
	"math"
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

// shardBits is the number of bits of an origin's hash that choose its
// shard: 64 shards, so that growing one table copies at most a 64th of
// the index.
const shardBits = 6

// minTableSize is the fewest slots a shard's table has.
const minTableSize = 8

// A cache maps origins to items.
type cache struct {
	seed   maphash.Seed
	shards [1 << shardBits]cacheShard

	mu         sync.Mutex // held by writers; guards what follows and the ring
	hand       *item      // the next item eviction looks at; nil when empty
	entries    int
	bytes      int64
	maxEntries int
	maxBytes   int64
}

// A cacheShard is one part of the cache's index.
type cacheShard struct {
	table atomic.Pointer[table]
	// used counts the table's slots that are not empty: live items and
	// removed ones. Guarded by the cache's mutex.
	used, live int
	_          [40]byte // keep shards on their own cache lines
}

// A table is an open-addressing hash table with linear probing. Its size
// is a power of two, and at least a quarter of its slots are always empty,
// so that a probe ends. A slot goes from empty to holding an item, then to
// another item or to removed, and never back to empty: a reader that probes
// while a writer changes the table finds every item that was there
// throughout, and never loops.
type table struct {
	slots []atomic.Pointer[item]
}

// removed marks a slot whose item was taken out, so that probes go past it.
var removed = &item{}

// An item is what the cache knows of one origin. It is immutable once in
// the cache, but for its mark and its place in the ring; a new fetch puts
// a new item.
type item struct {
	origin  string
	file    *robots.File
	entry   Entry     // what was fetched, kept to merge with the next fetch
	expires time.Time // when the file must be fetched again
	size    int64     // bytes the item keeps alive, estimated

	// expiring is set from expireEarly before expires on, by timer on a
	// Checker of the real clock (nil on one of an injected clock): until
	// then the item is fresh without reading the clock. It is not part of
	// the item itself, so that a timer still pending keeps only it alive.
	expiring *atomic.Bool
	timer    *time.Timer

	hash       uint64      // of origin, set by put
	marked     atomic.Bool // read since the hand last passed
	prev, next *item       // the ring, guarded by the cache's mutex
}

// expireEarly is how long before an item expires its expiring mark is
// set, from when on a check reads the clock. A timer fires late by what
// the scheduler takes, far less than this: only a timer over a second
// late would let a check use an item past its expiry.
const expireEarly = time.Second

// watchExpiry sets it.expiring, now if it expires within expireEarly,
// else by a timer that fires expireEarly before it.expires.
func (it *item) watchExpiry() {
	d := time.Until(it.expires) - expireEarly
	if d <= 0 {
		it.expiring.Store(true)
		return
	}
	expiring := it.expiring
	it.timer = time.AfterFunc(d, func() { expiring.Store(true) })
}

// dropped stops the expiry timer of an item taken out of the cache.
func (it *item) dropped() {
	if it.timer != nil {
		it.timer.Stop()
	}
}

// newCache returns a cache of maxEntries and maxBytes: zero means the
// default, a negative value no limit.
func newCache(maxEntries int, maxBytes int64) *cache {
	switch {
	case maxEntries < 0:
		maxEntries = math.MaxInt
	case maxEntries == 0:
		maxEntries = DefaultCacheEntries
	}
	switch {
	case maxBytes < 0:
		maxBytes = math.MaxInt64
	case maxBytes == 0:
		maxBytes = DefaultCacheBytes
	}
	c := &cache{seed: maphash.MakeSeed(), maxEntries: maxEntries, maxBytes: maxBytes}
	for i := range c.shards {
		c.shards[i].table.Store(&table{slots: make([]atomic.Pointer[item], minTableSize)})
	}
	return c
}

func (c *cache) shard(hash uint64) *cacheShard {
	return &c.shards[hash>>(64-shardBits)]
}

// get returns the item of origin, or nil, and marks it used.
func (c *cache) get(origin string) *item {
	it := c.peek(origin)
	if it != nil && !it.marked.Load() {
		it.marked.Store(true)
	}
	return it
}

// peek returns the item of origin, or nil, without marking it used.
func (c *cache) peek(origin string) *item {
	h := maphash.String(c.seed, origin)
	t := c.shard(h).table.Load()
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		it := t.slots[i].Load()
		if it == nil {
			return nil
		}
		if it.hash == h && it != removed && it.origin == origin {
			return it
		}
	}
}

// put adds it, replacing the item of its origin if there is one, and
// evicts items while the cache is over a bound. The item just put is never
// evicted, so a single item bigger than the bytes bound is kept alone.
func (c *cache) put(it *item) {
	it.hash = maphash.String(c.seed, it.origin)
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.shard(it.hash).store(it); old != nil {
		old.dropped()
		c.unlink(old)
		c.entries--
		c.bytes -= old.size
	}
	c.link(it)
	c.entries++
	c.bytes += it.size
	for c.entries > c.maxEntries || c.bytes > c.maxBytes {
		if !c.evict(it) {
			break
		}
	}
}

// evict removes an item other than keep, the first unmarked one the hand
// comes to, and reports whether there was one. The hand clears the marks
// it passes, so it goes round the ring at most twice; amortised over the
// reads that set those marks, an eviction costs a constant.
func (c *cache) evict(keep *item) bool {
	for {
		v := c.hand
		if v == nil || v == keep && v.next == v {
			return false
		}
		c.hand = v.next
		if v == keep {
			continue
		}
		if v.marked.Load() {
			v.marked.Store(false)
			continue
		}
		c.shard(v.hash).remove(v)
		v.dropped()
		c.unlink(v)
		c.entries--
		c.bytes -= v.size
		return true
	}
}

// link puts it in the ring just behind the hand. The caller holds the
// cache's mutex.
func (c *cache) link(it *item) {
	if c.hand == nil {
		it.prev, it.next = it, it
		c.hand = it
		return
	}
	it.prev, it.next = c.hand.prev, c.hand
	it.prev.next = it
	c.hand.prev = it
}

// unlink takes it out of the ring. The caller holds the cache's mutex.
func (c *cache) unlink(it *item) {
	if it.next == it {
		c.hand = nil
	} else {
		it.prev.next = it.next
		it.next.prev = it.prev
		if c.hand == it {
			c.hand = it.next
		}
	}
	it.prev, it.next = nil, nil
}

// store puts it in the shard's table, in the slot of the item of its
// origin, which it returns, or in a new one. The caller holds the cache's
// mutex.
func (s *cacheShard) store(it *item) *item {
	t := s.table.Load()
	mask := uint64(len(t.slots) - 1)
	free := -1 // the first slot of the probe that held a removed item
	for i := it.hash & mask; ; i = (i + 1) & mask {
		cur := t.slots[i].Load()
		if cur == nil {
			break
		}
		if cur == removed {
			if free < 0 {
				free = int(i)
			}
			continue
		}
		if cur.hash == it.hash && cur.origin == it.origin {
			t.slots[i].Store(it)
			return cur
		}
	}
	s.live++
	if free >= 0 {
		t.slots[free].Store(it)
		return nil
	}
	if 4*(s.used+1) > 3*len(t.slots) {
		// Keep a quarter of the slots empty: a new table, with the live
		// items in at most half of it, leaves room for a quarter of its
		// size of new origins before it is replaced in turn, which pays
		// for the copy.
		t = s.rebuild(t)
	}
	s.used++
	t.insert(it)
	return nil
}

// rebuild replaces the shard's table t by one of its live items, s.live of
// them, sized so that they fill at most half of it, and returns it. The
// caller holds the cache's mutex.
func (s *cacheShard) rebuild(t *table) *table {
	size := minTableSize
	for size < 2*s.live {
		size *= 2
	}
	n := &table{slots: make([]atomic.Pointer[item], size)}
	s.used = 0
	for i := range t.slots {
		if it := t.slots[i].Load(); it != nil && it != removed {
			n.insert(it)
			s.used++
		}
	}
	s.table.Store(n)
	return n
}

// insert puts it in the first empty slot of its probe. The caller holds the
// cache's mutex.
func (t *table) insert(it *item) {
	mask := uint64(len(t.slots) - 1)
	for i := it.hash & mask; ; i = (i + 1) & mask {
		if t.slots[i].Load() == nil {
			t.slots[i].Store(it)
			return
		}
	}
}

// remove takes it out of the shard's table. The caller holds the cache's
// mutex.
func (s *cacheShard) remove(it *item) {
	t := s.table.Load()
	mask := uint64(len(t.slots) - 1)
	for i := it.hash & mask; ; i = (i + 1) & mask {
		switch t.slots[i].Load() {
		case it:
			t.slots[i].Store(removed)
			s.live--
			return
		case nil:
			return
		}
	}
}

// itemOverhead is the size counted for an item beyond its bodies and its
// file: the item, its table slots, its Entry and the File's own fields.
const itemOverhead = 1 << 10

// itemSize estimates the bytes the item of origin, made from e and file,
// keeps alive: its bodies (kept to be put again with the next fetch) and
// the parsed file.
func itemSize(origin string, e *Entry, file *robots.File) int64 {
	return int64(itemOverhead+len(origin)+len(e.Body)+len(e.Good)+len(e.FinalURL)+len(e.Err)) + int64(file.Size())
}
