package crawl

// This file holds the one way a Checker calls its Store, Leaser and
// Pacer: each call is bounded by storeTimeout, a panic in it becomes its
// error, and its error goes to StoreError, each distinct error of an
// origin once a minute at most.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// storeTimeout bounds each call a Checker makes to its Store, Leaser or
// Pacer.
const storeTimeout = time.Second

// reportEvery is how often, at most, StoreError is given one distinct
// error of one origin. During an outage every call fails alike: a wait on
// a lease polls 20 times a second and every request's Wait asks the
// Pacer, and StoreError should hear of it, not of each call.
const reportEvery = time.Minute

// reportKeys bounds how many errors a Checker remembers having reported:
// when it holds that many it forgets them all, so that an outage over
// many origins costs bounded memory, and at worst repeats a report.
const reportKeys = 10_000

// storeCall returns what fn, the call op ("get", "lease", "reserve"...)
// about origin to the Checker's Store, Leaser or Pacer, returns. It
// gives fn storeTimeout, and returns an error wrapping
// context.DeadlineExceeded when fn takes longer. When what fn calls is
// Bounded it calls fn on this goroutine, trusting fn to return by its
// context's deadline; else it calls fn in a goroutine (see bounded), so
// that it returns at the bound even if fn ignores its context. A panic in fn is returned as an error carrying the panic's
// value (wrapping it when it is an error). Every error it returns but
// ctx's own starts with "crawl: store op: " and is reported to
// StoreError, unless ctx ended meanwhile: then it says nothing of the
// Store. When ctx has ended already, storeCall makes no call and returns
// ctx's error.
func storeCall[T any](ctx context.Context, c *Checker, origin, op string, fn func(context.Context) (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	start := time.Now()
	var panicked atomic.Bool // set by fn's goroutine, which may outlive the bound
	var v T
	var err error
	if c.boundedCall(op) {
		ctx, cancel := context.WithTimeout(ctx, storeTimeout)
		v, err = guarded(ctx, fn, &panicked)
		cancel()
	} else {
		v, err = bounded(ctx, storeTimeout, func(ctx context.Context) (T, error) {
			return guarded(ctx, fn, &panicked)
		})
	}
	ctxEnded := ctx.Err() != nil
	c.stats.countStoreCall(op, err, panicked.Load(), ctxEnded)
	if opIndex(op) < opReserve && !ctxEnded {
		c.storeDown.note(err != nil && !errors.Is(err, ErrBadEntry), start)
	}
	if err != nil {
		err = fmt.Errorf("crawl: store %s: %w", op, err)
		if !ctxEnded {
			c.storeError(origin, err)
		}
	}
	return v, err
}

// guarded returns what fn returns, and a panic in fn as an error carrying
// the panic's value, wrapping it when it is an error, and then sets
// *panicked.
func guarded[T any](ctx context.Context, fn func(context.Context) (T, error), panicked *atomic.Bool) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicked.Store(true)
			if perr, ok := p.(error); ok {
				err = fmt.Errorf("panic: %w", perr)
			} else {
				err = fmt.Errorf("panic: %v", p)
			}
		}
	}()
	return fn(ctx)
}

// boundedCall reports whether the call op goes to a Store, Leaser or
// Pacer that is Bounded.
func (c *Checker) boundedCall(op string) bool {
	switch op {
	case "get", "put":
		return c.bounded.store
	case "lease", "renew", "release":
		return c.bounded.leaser
	}
	return c.bounded.pacer
}

// storeErrors remembers when each error of each origin was last handed to
// StoreError.
type storeErrors struct {
	mu   sync.Mutex
	last map[storeErrorKey]time.Time
}

type storeErrorKey struct{ origin, err string }

// storeError hands err, about origin, to StoreError, unless the same
// error of the same origin went there less than reportEvery ago, or Close
// has given up waiting (an error of a call it cut short says nothing of
// the Store).
func (c *Checker) storeError(origin string, err error) {
	if err == nil || c.StoreError == nil || c.stopped.Err() != nil {
		return
	}
	key := storeErrorKey{origin, err.Error()}
	now := c.now()
	r := &c.storeErrors
	r.mu.Lock()
	if at, ok := r.last[key]; ok && now.Sub(at) < reportEvery {
		r.mu.Unlock()
		return
	}
	if r.last == nil || len(r.last) >= reportKeys {
		r.last = make(map[storeErrorKey]time.Time)
	}
	r.last[key] = now
	r.mu.Unlock()
	c.StoreError(origin, err)
}

// bounded returns what fn returns, or an error wrapping
// context.DeadlineExceeded when that takes longer than d (if d is
// positive), and ctx's error when ctx ends first, even if fn ignores the
// context it is given: a Store or a RoundTripper that hangs never hangs
// the Checker. Such an fn is left to finish on its own.
func bounded[T any](ctx context.Context, d time.Duration, fn func(context.Context) (T, error)) (T, error) {
	var cancel context.CancelFunc
	if d > 0 {
		ctx, cancel = context.WithTimeout(ctx, d)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := fn(ctx)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}
