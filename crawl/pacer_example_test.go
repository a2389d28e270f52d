package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// memoryPacer is a crawl.Pacer that keeps each origin's schedule in
// memory, for the Checkers of one process: the reference that a Pacer on
// a shared store follows (redisstore's does the same in Lua scripts, on
// Redis's clock). Each method is one step under one lock, as each is one
// atomic script in a shared store. Its zero value is ready to use.
type memoryPacer struct {
	mu   sync.Mutex
	next map[string]time.Time // each origin's next free time
	room int                  // how many origins before drop sweeps
}

// Reserve books origin's next slot: the later of now and its next free
// time, which moves to interval past the slot.
func (p *memoryPacer) Reserve(ctx context.Context, origin string, interval time.Duration) (crawl.Reservation, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	p.drop(now)
	slot := p.next[origin]
	if slot.Before(now) {
		slot = now
	}
	if p.next == nil {
		p.next = make(map[string]time.Time)
	}
	p.next[origin] = slot.Add(interval)
	return crawl.Reservation{Delay: slot.Sub(now), Slot: slot.UnixNano()}, nil
}

// Unreserve gives r back if no slot was booked after it, and no Defer
// pushed the next free time past it.
func (p *memoryPacer) Unreserve(ctx context.Context, origin string, r crawl.Reservation, interval time.Duration) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	slot := time.Unix(0, r.Slot)
	if p.next[origin].Equal(slot.Add(interval)) {
		p.next[origin] = slot
	}
	return nil
}

// Defer pushes origin's next free time to d from now, unless it is later
// already.
func (p *memoryPacer) Defer(ctx context.Context, origin string, d time.Duration) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	p.drop(now)
	if at := now.Add(d); at.After(p.next[origin]) {
		if p.next == nil {
			p.next = make(map[string]time.Time)
		}
		p.next[origin] = at
	}
	return nil
}

// drop forgets the origins whose next free time has passed, which carry
// nothing, as a shared store lets such keys expire. It sweeps when the
// map has doubled since the last sweep, so that each call costs O(1) on
// average.
func (p *memoryPacer) drop(now time.Time) {
	if len(p.next) < p.room {
		return
	}
	for origin, next := range p.next {
		if !next.After(now) {
			delete(p.next, origin)
		}
	}
	p.room = max(1024, 2*len(p.next))
}

// Two crawlers share a Pacer: the fleet keeps each origin's pace, whichever
// Checker asks. Here the second crawler has never asked for the origin,
// but the fleet's next slot is two seconds off, the Crawl-delay: a Wait
// that must end within a second tells at once.
func ExamplePacer() {
	site := exampleSite(200, "User-agent: *\nCrawl-delay: 2\n")
	defer site.Close()
	pacer := &memoryPacer{}
	first := &crawl.Checker{Pacer: pacer}
	second := &crawl.Checker{Pacer: pacer}
	ctx := context.Background()
	url := site.URL + "/page"

	if err := first.Wait(ctx, "MyBot", url); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("first crawler: its request may go")

	soon, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	err := second.Wait(soon, "MyBot", url)
	fmt.Println("second crawler, within a second:", errors.Is(err, crawl.ErrPaceDeadline))
	// Output:
	// first crawler: its request may go
	// second crawler, within a second: true
}
