package crawl

// This file holds a Checker's side of a Leaser: leases taken before
// fetching, renewed while fetching, released after the Put, or waited on
// while another Checker holds them. Every call goes through storeCall
// (storecall.go).

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// leaseTTL is how long a lease lasts unless its holder renews it, and so
// about the longest a holder that died mid-fetch keeps the others
// waiting.
const leaseTTL = 3 * time.Second

// leaseRenewals is how many times a holder renews its lease within
// leaseTTL, so that one late or failed renewal does not lose it.
const leaseRenewals = 3

// leasePoll is how often a Checker that did not get the lease of an origin
// polls the Store for the holder's entry, and the lease.
const leasePoll = 50 * time.Millisecond

// leaseFailures is how many polls in a row must find the Store failing
// for a Checker waiting on a lease to stop waiting and fetch.
const leaseFailures = 3

// maxHolderWait bounds how long a holder's Deadline, read from a shared
// Store, makes a Checker wait, unless its own fetch would take longer.
const maxHolderWait = 2 * time.Minute

// holdFor is how long a holder may take from its Lease call to the end of
// its Put: the Lease, a Get, the fetch, the Put. Its lease's Deadline is
// that far ahead. A Checker whose fetches have no timeout says
// maxHolderWait, the longest any waiter believes.
func (c *Checker) holdFor() time.Duration {
	d := c.fetchTimeout()
	if d == 0 {
		return maxHolderWait
	}
	return d + 3*storeTimeout
}

func (c *Checker) leaseTTL() time.Duration {
	if c.leaseLife > 0 {
		return c.leaseLife
	}
	return leaseTTL
}

// newToken returns a lease token: 128 random bits in hex. It need not be
// secret, only unlike any other Checker's; math/rand/v2 seeds itself from
// the system's randomness.
func newToken() string {
	return fmt.Sprintf("%016x%016x", rand.Uint64(), rand.Uint64())
}

// lease tries to take origin's lease from l with a new token, and returns
// the lease taken or the holder's.
func (c *Checker) lease(ctx context.Context, l Leaser, origin string) (Lease, bool, error) {
	mine := Lease{Token: newToken(), Deadline: time.Now().Add(c.holdFor())}
	type got struct {
		holder Lease
		took   bool
	}
	g, err := storeCall(ctx, c, origin, "lease", func(ctx context.Context) (got, error) {
		holder, took, err := l.Lease(ctx, origin, mine, c.leaseTTL())
		return got{holder, took}, err
	})
	if err != nil {
		return Lease{}, false, err
	}
	if g.took {
		return mine, true, nil
	}
	return g.holder, false, nil
}

// acquire takes origin's lease from l before this Checker fetches, or
// waits for the entry of the Checker that holds it. It returns a fresh
// entry that another Checker put (ok true); or the lease this Checker now
// holds, renewed until released; or neither, when this Checker should
// fetch without a lease: the holder is past its deadline, or ctx ended;
// or, with failed true, the Store failed.
func (c *Checker) acquire(ctx context.Context, l Leaser, origin string) (e Entry, ok bool, h *holding, failed bool) {
	holder, took, err := c.lease(ctx, l, origin)
	if err != nil {
		return Entry{}, false, nil, failing(ctx, err)
	}
	if took {
		e, ok, h := c.took(ctx, l, origin, holder.Token)
		return e, ok, h, false
	}
	return c.await(ctx, l, origin, holder)
}

// took starts renewing the lease of origin just taken with token. Another
// holder may have put its entry and released the lease between this
// Checker's Get and its Lease: took reads the Store again, and releases
// the lease and returns that entry when it is fresh, rather than fetch a
// second time.
func (c *Checker) took(ctx context.Context, l Leaser, origin, token string) (Entry, bool, *holding) {
	h := c.hold(ctx, l, origin, token)
	e, ok, _ := c.storeGet(ctx, origin)
	if ok && usable(&e, c.now()) {
		c.release(ctx, h)
		return e, true, nil
	}
	return Entry{}, false, h
}

// await waits for the entry that holder, another Checker, puts in the
// Store. Every leasePoll it reads the Store, then tries the lease: a
// holder that died stops renewing its lease, which lapses, and the first
// waiter to find it gone takes it and fetches, while the others wait for
// that one. A waiter stops waiting and fetches without the lease when
// the holder is past its Deadline (believed for maxHolderWait at most,
// or this Checker's own holdFor if longer; a lease with no Deadline gets
// this Checker's holdFor from when it began to wait). It stops waiting,
// with failed true, when leaseFailures polls in a row find the Store
// failing, other than with ErrBadEntry: a bad value only means that the
// holder's entry, which replaces it, has not come yet.
func (c *Checker) await(ctx context.Context, l Leaser, origin string, holder Lease) (e Entry, ok bool, h *holding, failed bool) {
	start := time.Now()
	defer func() { countWait(&c.stats.leaseWaits, &c.stats.leaseWaitTime, time.Since(start)) }()
	own := start.Add(c.holdFor())
	limit := start.Add(max(maxHolderWait, c.holdFor()))
	end := waitEnd(holder.Deadline, own, limit)
	t := time.NewTicker(leasePoll)
	defer t.Stop()
	failures := 0 // polls in a row that found the Store failing
	for {
		select {
		case <-t.C:
		case <-ctx.Done():
			return Entry{}, false, nil, false
		}
		e, ok, err := c.storeGet(ctx, origin)
		if ok && usable(&e, c.now()) {
			return e, true, nil, false
		}
		failed := err != nil && !errors.Is(err, ErrBadEntry)
		if !failed {
			if time.Now().After(end) {
				return Entry{}, false, nil, false
			}
			holder, took, err := c.lease(ctx, l, origin)
			switch {
			case err != nil:
				failed = true
			case took:
				e, ok, h := c.took(ctx, l, origin, holder.Token)
				return e, ok, h, false
			default:
				end = waitEnd(holder.Deadline, own, limit) // perhaps a new holder's
			}
		}
		if !failed {
			failures = 0
			continue
		}
		// A Store that keeps failing would fail the holder's Put too:
		// the caller waits for it to come back, then reads it from the
		// start. One slow reply is not enough to stop waiting for the
		// holder.
		if failures++; failures == leaseFailures {
			return Entry{}, false, nil, ctx.Err() == nil
		}
	}
}

// waitEnd returns when a waiter stops waiting for a holder whose lease
// has deadline: two polls after it, so that the holder's entry, put just
// before, is seen; never after limit; and with no deadline, own, the end
// of the waiter's own holdFor from when it began to wait. It never slides
// with the polls: every poll of a lease with no deadline ends at own.
func waitEnd(deadline, own, limit time.Time) time.Time {
	if deadline.IsZero() {
		deadline = own
	}
	if deadline.After(limit) {
		deadline = limit
	}
	return deadline.Add(2 * leasePoll)
}

// A holding is a lease this Checker holds while it fetches and puts,
// renewed in the background until it ends.
type holding struct {
	l      Leaser
	origin string
	token  string
	stop   chan struct{} // closed to stop the renewals
	done   chan struct{} // closed once they have stopped
}

// hold renews the lease of origin held with token, leaseRenewals times a
// lease's life, until the holding ends or ctx does. It stops when a
// renewal finds the lease gone: it lapsed, and may be another's now.
func (c *Checker) hold(ctx context.Context, l Leaser, origin, token string) *holding {
	h := &holding{l: l, origin: origin, token: token, stop: make(chan struct{}), done: make(chan struct{})}
	ttl := c.leaseTTL()
	go func() {
		defer close(h.done)
		t := time.NewTicker(ttl / leaseRenewals)
		defer t.Stop()
		for {
			select {
			case <-t.C:
			case <-h.stop:
				return
			case <-ctx.Done():
				return
			}
			held, err := storeCall(ctx, c, origin, "renew", func(ctx context.Context) (bool, error) {
				return l.Renew(ctx, origin, token, ttl)
			})
			if err != nil {
				continue
			}
			if !held {
				return
			}
		}
	}()
	return h
}

// end stops renewing the lease.
func (h *holding) end() {
	close(h.stop)
	<-h.done
}

// release stops renewing the lease h and releases it, once its holder's
// entry is in the Store (or its Put failed): the Checkers waiting see the
// entry, or take the lease and fetch, and the next miss on the origin,
// when the entry goes stale, finds no lease in its way.
func (c *Checker) release(ctx context.Context, h *holding) {
	h.end()
	storeCall(ctx, c, h.origin, "release", func(ctx context.Context) (bool, error) {
		return h.l.Release(ctx, h.origin, h.token)
	})
}
