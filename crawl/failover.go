package crawl

// This file holds how a Checker reads the Store on a miss when the Store
// fails: rather than fetch alone at once, as every Checker of the fleet
// would, it waits a bounded time for the Store to come back, as it does
// within seconds when a Redis primary fails over to its replica.

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// DefaultOutageWait is how long a [Checker] that finds its Store failing
// on a miss waits, unless its OutageWait field says otherwise, for the
// Store to come back before it fetches without it: 4.5 seconds, which
// covers the failover of a Redis Cluster whose cluster-node-timeout is two
// seconds (a primary is found failing 2 to 3 s after it dies, and its
// replica elected 0.5 to 1 s later: redisstore's Cluster fleet test saw
// it serve 3.9 s after the kill), and keeps a call under five seconds. A
// Cluster with a longer cluster-node-timeout needs a longer OutageWait.
const DefaultOutageWait = 4500 * time.Millisecond

// outagePoll is how often a Checker waiting for its Store to come back
// reads it.
const outagePoll = 100 * time.Millisecond

// outageWait returns how long a flight waits for a failing Store; 0 means
// it does not.
func (c *Checker) outageWait() time.Duration {
	switch {
	case c.OutageWait < 0:
		return 0
	case c.OutageWait == 0:
		return DefaultOutageWait
	}
	return c.OutageWait
}

// storeDown remembers since when the Checker's Store has failed: the time
// of the first failed call after the last call that worked, in Unix
// nanoseconds, or 0 while the Store works. A flight that finds the Store
// failing waits OutageWait from the start of its own failed read, but not
// past twice OutageWait after that time, so that each miss during a
// failover waits for its end, and during a long outage the misses after
// its first 2 x OutageWait fetch at once.
type storeDown struct{ since atomic.Int64 }

// note records how a call to the Store or the Leaser that began at start
// ended; failed says that the Store failed it (ctx's end or a bad entry
// does not). The time a failing call began counts, so that a flight
// waits OutageWait from the start of its first failed call, and ends with
// a call that began before then, one second at most after it.
func (d *storeDown) note(failed bool, start time.Time) {
	if !failed {
		if d.since.Load() != 0 {
			d.since.Store(0)
		}
		return
	}
	d.since.CompareAndSwap(0, start.UnixNano())
}

// outage is a flight's wait for its Store to come back.
type outage struct {
	c      *Checker
	start  time.Time // when the flight began to wait; zero before
	end    time.Time // when it stops waiting
	waits  bool      // it has slept
	back   time.Time // when a call worked after the wait; zero before
	called time.Time // when the read that failed began; zero for a lease
}

// wait is called when a Store call of the flight has failed. It waits one
// poll and returns true, for the flight to read the Store again, or
// returns false at once when the flight should fetch without the Store:
// its wait is over, or ctx has ended.
func (o *outage) wait(ctx context.Context) bool {
	now := time.Now()
	if o.start.IsZero() {
		o.start, o.end = now, now
		if bound := o.c.outageWait(); bound > 0 {
			// From the start of the flight's failed call, which began
			// the outage or came after its start.
			since, first := now, now // on now's monotonic clock
			if n := o.c.storeDown.since.Load(); n != 0 && n < now.UnixNano() {
				since = now.Add(time.Duration(n - now.UnixNano()))
			}
			if !o.called.IsZero() {
				first = o.called
			}
			o.end = first.Add(bound)
			if breaker := since.Add(2 * bound); breaker.Before(o.end) {
				o.end = breaker
			}
		}
	}
	left := o.end.Sub(now)
	if left <= 0 || ctx.Err() != nil {
		return false
	}
	o.waits = true
	return sleep(ctx, min(outagePoll, left)) == nil
}

// worked is called when a Store call of the flight worked: a wait, if
// any, ends.
func (o *outage) worked() {
	if o.waits && o.back.IsZero() {
		o.back = time.Now()
	}
}

// get reads origin's entry from the Store; during the wait, a read that
// would last past its end is cut short there, so that a wait, polls
// included, never lasts longer than OutageWait from the first failure.
func (o *outage) get(ctx context.Context, origin string) (Entry, bool, error) {
	o.called = time.Now()
	if o.waits {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, o.end)
		defer cancel()
	}
	return o.c.storeGet(ctx, origin)
}

// finish counts the flight's wait, if it waited, from its start until the
// Store worked again or until now; recovered says whether the Store came
// back, or the flight fetches without it.
func (o *outage) finish(ctx context.Context, recovered bool) {
	if o.start.IsZero() || ctx.Err() != nil {
		return
	}
	s := &o.c.stats
	if o.waits {
		end := o.back
		if end.IsZero() {
			end = time.Now()
		}
		countWait(&s.outageWaits, &s.outageWaitTime, end.Sub(o.start))
	}
	if !recovered {
		s.outageFetches.Add(1)
	}
}

// failing reports whether err, from a Store call under ctx, means that
// the Store fails: not a bad entry, nor the end of ctx.
func failing(ctx context.Context, err error) bool {
	return err != nil && !errors.Is(err, ErrBadEntry) && ctx.Err() == nil
}

// shared reads origin's entry from the Store, then takes its lease or
// waits for the holder's entry, if the Checker has a Leaser. It returns a
// usable entry (ok true), or the lease this Checker holds now, or
// neither: the Checker then fetches without the lease. known is the
// latest entry known of origin, which shared updates with what it reads.
//
// When a call fails, shared waits for the Store to come back, polling it
// every outagePoll until OutageWait has passed since the Store began to
// fail, and then reads it again from the start: an entry may have come
// meanwhile, or a lease that the failover lost may be taken. When the
// Leaser fails while the Store's reads work (a Redis whose memory is full
// refuses the lease's write, not the read), waiting would not help: the
// Checker fetches without the lease once a read after the failure works.
//
// first, when not nil, is the read of the Store that the call which
// started the flight made on its goroutine: it stands for shared's first.
func (c *Checker) shared(ctx context.Context, origin string, known **Entry, first *storeRead) (Entry, bool, *holding) {
	o := outage{c: c}
	leaseFailed := false // the last call that failed was a Lease, and no read failed since
	for {
		var e Entry
		var ok bool
		var err error
		if first != nil {
			e, ok, err = first.e, first.ok, first.err
			o.called = first.start
			first = nil
		} else {
			e, ok, err = o.get(ctx, origin)
		}
		if failing(ctx, err) {
			leaseFailed = false // the Store is down: try the lease once it is back
			if o.wait(ctx) {
				continue
			}
			if o.waits || c.Leaser == nil {
				// The Store failed throughout the wait: a Lease would
				// only add its second.
				o.finish(ctx, false)
				return Entry{}, false, nil
			}
			// No wait (OutageWait is negative, or the outage has
			// lasted it already): the Leaser may work all the same.
		} else {
			o.worked()
		}
		if ok {
			if usable(&e, c.now()) {
				o.finish(ctx, true)
				return e, true, nil
			}
			if *known == nil || e.Fetched.After((*known).Fetched) {
				k := e
				*known = &k
			}
		}
		if c.Leaser == nil || ctx.Err() != nil {
			o.finish(ctx, err == nil)
			return Entry{}, false, nil
		}
		if leaseFailed {
			// The Store reads, but the Leaser fails.
			o.finish(ctx, false)
			return Entry{}, false, nil
		}
		o.called = time.Time{}
		e, ok, h, failed := c.acquire(ctx, c.Leaser, origin)
		if failed {
			if o.wait(ctx) {
				leaseFailed = true
				continue
			}
			o.finish(ctx, false)
			return Entry{}, false, nil
		}
		o.finish(ctx, ok || h != nil || err == nil)
		return e, ok, h
	}
}
