package crawl

// This file holds a Checker's side of a shared Store: the bound and the
// panic guard on every Store call, the reports to StoreError, and the
// leases of a Leaser: taken before fetching, renewed while fetching,
// released after the Put, or waited on while another Checker holds them.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
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
// that far ahead.
func (c *Checker) holdFor() time.Duration {
	return c.fetchTimeout() + 3*storeTimeout
}

func (c *Checker) leaseTTL() time.Duration {
	if c.leaseLife > 0 {
		return c.leaseLife
	}
	return leaseTTL
}

// storeCall returns what fn, a call to the Store, returns, bounded by
// storeTimeout as [bounded] does. A panic in fn is returned as an error
// carrying the panic's value: it happens in bounded's goroutine, where
// nobody else could recover it. A ctx that has ended makes no call.
func storeCall[T any](ctx context.Context, fn func(context.Context) (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	return bounded(ctx, storeTimeout, func(ctx context.Context) (v T, err error) {
		defer func() {
			if p := recover(); p != nil {
				if perr, ok := p.(error); ok {
					err = fmt.Errorf("panic: %w", perr)
				} else {
					err = fmt.Errorf("panic: %v", p)
				}
			}
		}()
		return fn(ctx)
	})
}

// A reporter hands the Store errors of one run to StoreError, each
// distinct error once: a wait polls hundreds of times, and a bad value
// stays in the Store until the holder's entry replaces it. It is safe for
// concurrent use, as the renewals report from their own goroutine.
type reporter struct {
	c      *Checker
	origin string
	mu     sync.Mutex
	seen   map[string]bool
}

func (r *reporter) report(err error) {
	if err == nil || r.c.StoreError == nil || r.c.stopped.Err() != nil {
		// Errors of calls that Close cut short say nothing of the Store.
		return
	}
	r.mu.Lock()
	if r.seen[err.Error()] {
		r.mu.Unlock()
		return
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[err.Error()] = true
	r.mu.Unlock()
	r.c.StoreError(r.origin, err)
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
	g, err := storeCall(ctx, func(ctx context.Context) (got, error) {
		holder, took, err := l.Lease(ctx, origin, mine, c.leaseTTL())
		return got{holder, took}, err
	})
	if err != nil {
		return Lease{}, false, fmt.Errorf("crawl: store lease: %w", err)
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
// fetch without a lease: the Store failed, the holder is past its
// deadline, or ctx ended.
func (c *Checker) acquire(ctx context.Context, l Leaser, origin string, rep *reporter) (e Entry, ok bool, h *holding) {
	holder, took, err := c.lease(ctx, l, origin)
	if err != nil {
		rep.report(err)
		return Entry{}, false, nil
	}
	if took {
		return c.took(ctx, l, origin, holder.Token, rep)
	}
	return c.await(ctx, l, origin, holder, rep)
}

// took starts renewing the lease of origin just taken with token. Another
// holder may have put its entry and released the lease between this
// Checker's Get and its Lease: took reads the Store again, and releases
// the lease and returns that entry when it is fresh, rather than fetch a
// second time.
func (c *Checker) took(ctx context.Context, l Leaser, origin, token string, rep *reporter) (Entry, bool, *holding) {
	h := c.hold(ctx, l, origin, token, rep)
	e, ok, err := c.storeGet(ctx, origin)
	rep.report(err)
	if ok && usable(&e, c.now()) {
		h.release(ctx, rep)
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
// this Checker's holdFor), or when leaseFailures polls in a row find the
// Store failing, other than with ErrBadEntry: a bad value only means that
// the holder's entry, which replaces it, has not come yet.
func (c *Checker) await(ctx context.Context, l Leaser, origin string, holder Lease, rep *reporter) (Entry, bool, *holding) {
	limit := time.Now().Add(max(maxHolderWait, c.holdFor()))
	end := c.waitEnd(holder.Deadline, limit)
	t := time.NewTicker(leasePoll)
	defer t.Stop()
	failures := 0 // polls in a row that found the Store failing
	for {
		select {
		case <-t.C:
		case <-ctx.Done():
			return Entry{}, false, nil
		}
		e, ok, err := c.storeGet(ctx, origin)
		rep.report(err)
		if ok && usable(&e, c.now()) {
			return e, true, nil
		}
		failed := err != nil && !errors.Is(err, ErrBadEntry)
		if !failed {
			if time.Now().After(end) {
				return Entry{}, false, nil
			}
			holder, took, err := c.lease(ctx, l, origin)
			rep.report(err)
			switch {
			case err != nil:
				failed = true
			case took:
				return c.took(ctx, l, origin, holder.Token, rep)
			default:
				end = c.waitEnd(holder.Deadline, limit) // perhaps a new holder's
			}
		}
		if !failed {
			failures = 0
			continue
		}
		// A Store that keeps failing would fail the holder's Put too:
		// waiting longer only delays the answer. One slow reply is not
		// enough, or a fleet would fetch at once.
		if failures++; failures == leaseFailures {
			return Entry{}, false, nil
		}
	}
}

// waitEnd returns when a waiter stops waiting for a holder whose lease
// has deadline: two polls after it, so that the holder's entry, put just
// before, is seen; never after limit; and with no deadline, this
// Checker's own holdFor from now.
func (c *Checker) waitEnd(deadline, limit time.Time) time.Time {
	if deadline.IsZero() {
		deadline = time.Now().Add(c.holdFor())
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
func (c *Checker) hold(ctx context.Context, l Leaser, origin, token string, rep *reporter) *holding {
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
			held, err := storeCall(ctx, func(ctx context.Context) (bool, error) {
				return l.Renew(ctx, origin, token, ttl)
			})
			if err != nil {
				rep.report(fmt.Errorf("crawl: store renew: %w", err))
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

// release stops renewing the lease and releases it, once its holder's
// entry is in the Store (or its Put failed): the Checkers waiting see the
// entry, or take the lease and fetch, and the next miss on the origin,
// when the entry goes stale, finds no lease in its way.
func (h *holding) release(ctx context.Context, rep *reporter) {
	h.end()
	_, err := storeCall(ctx, func(ctx context.Context) (bool, error) {
		return h.l.Release(ctx, h.origin, h.token)
	})
	if err != nil {
		rep.report(fmt.Errorf("crawl: store release: %w", err))
	}
}
