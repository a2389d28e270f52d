package crawl

// This file holds the schedules that pacing keeps in memory, one per
// origin, within Pacing.Origins: which to drop, at a cost that does not
// grow with how many there are.

import (
	"sync"
	"time"
)

// paceIdle is how long past its next slot the schedule of an origin that
// refused pages is kept, so that a refusal soon after counts as one more
// in a row. A schedule without refusals carries nothing once its next slot
// has passed.
const paceIdle = 10 * time.Minute

// evictWindow is how many schedules, at most, an eviction compares: it
// drops the first of them that carries nothing, else the one that carries
// the least. Looking at all of them found the best victim, at a cost that
// grew with their number (80 ms an origin with 100,000 of them,
// BenchmarkPaceNewOrigin); a window keeps the cost flat, and picks one
// that carries nothing when a few in the window do.
const evictWindow = 8

// sweepStep is how many schedules each new one looks at, to drop those
// that carry nothing, so that idle schedules go without a full sweep,
// whatever the bound.
const sweepStep = 2

// paces holds a Checker's schedules, one per origin.
type paces struct {
	mu   sync.Mutex
	m    map[string]*pace
	ring []*pace // the schedules of m, in no order; each knows its index
	hand int     // where the next sweep or eviction looks first
}

// A pace is the schedule of one origin.
type pace struct {
	// turn holds a token while a Wait has its turn: waits for one origin
	// go one at a time, so that one that ends early takes no slot and the
	// next one gets the slot it would have had.
	turn chan struct{}
	// The rest is guarded by paces.mu.
	origin   string
	at       int           // the index in paces.ring
	next     time.Time     // the earliest start of the next request
	interval time.Duration // the interval of the last Wait, the back-off's base
	refusals int           // 429s and 503s in a row
	users    int           // Waits under way; a schedule in use is never dropped
}

// keeps returns until when s carries something: its next slot, and
// paceIdle more for an origin that refused pages, whose next refusal
// counts as one more in a row.
func (s *pace) keeps() time.Time {
	if s.refusals > 0 {
		return s.next.Add(paceIdle)
	}
	return s.next
}

// idle reports whether s may be dropped at no cost at now: not in use,
// and carrying nothing.
func (s *pace) idle(now time.Time) bool {
	return s.users == 0 && !s.keeps().After(now)
}

// get returns origin's schedule, made if need be. A new schedule first
// drops up to sweepStep idle ones, then, if limit (negative for none) or
// more are kept, one more as evict says. The caller holds p.mu.
func (p *paces) get(origin string, limit int, now time.Time) *pace {
	if s := p.m[origin]; s != nil {
		return s
	}
	if p.m == nil {
		p.m = make(map[string]*pace)
	}
	for range min(sweepStep, len(p.ring)) {
		p.hand %= len(p.ring)
		if s := p.ring[p.hand]; s.idle(now) {
			p.drop(s) // the last schedule comes to hand
		} else {
			p.hand++
		}
		if len(p.ring) == 0 {
			break
		}
	}
	if limit >= 0 && len(p.ring) >= limit {
		p.evict(now)
	}
	s := &pace{turn: make(chan struct{}, 1), origin: origin, at: len(p.ring)}
	p.ring = append(p.ring, s)
	p.m[origin] = s
	return s
}

// evict drops one schedule not in use: of the evictWindow from the hand
// on, the first that carries nothing, else the one that carries for the
// shortest time. Schedules in use do not count toward the window, and are
// never dropped: when all are in use, none is, and the schedules kept
// exceed the bound by one for each Wait under way, at most. The caller
// holds p.mu.
func (p *paces) evict(now time.Time) {
	var victim *pace
	seen := 0
	for range len(p.ring) {
		p.hand %= len(p.ring)
		s := p.ring[p.hand]
		p.hand++
		if s.users > 0 {
			continue
		}
		if s.idle(now) {
			victim = s
			break
		}
		if victim == nil || s.keeps().Before(victim.keeps()) {
			victim = s
		}
		if seen++; seen == evictWindow {
			break
		}
	}
	if victim != nil {
		p.drop(victim)
	}
}

// drop forgets s: the last schedule of the ring takes its place. The
// caller holds p.mu.
func (p *paces) drop(s *pace) {
	last := p.ring[len(p.ring)-1]
	last.at = s.at
	p.ring[s.at] = last
	p.ring[len(p.ring)-1] = nil
	p.ring = p.ring[:len(p.ring)-1]
	delete(p.m, s.origin)
}
