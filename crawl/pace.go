package crawl

// This file holds the Checker's pacing: the earliest time the next request
// to each origin may start, kept from the agent's Crawl-delay, from the
// Retry-After of refused pages, and, across a fleet, in a shared Pacer.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/crawlkit/robots"
)

// Defaults of [Pacing]. Polite crawlers agree on them: StormCrawler waits
// fetcher.server.delay (1 s) between requests to a host when robots.txt
// names no Crawl-delay, and accepts a Crawl-delay of at most
// fetcher.max.crawl.delay (30 s), as Nutch does; Oracle's Endeca crawler
// caps it at 30 s too (fetcher.delay.max).
const (
	// DefaultMinInterval is the least time kept between the starts of two
	// requests to one origin: one second, StormCrawler's default delay.
	// With no pacing at all, a crawler with a hundred goroutines sends a
	// hundred requests at once to a site that named no Crawl-delay; one a
	// second costs a crawler of many sites nothing, since other origins
	// are not held up.
	DefaultMinInterval = time.Second
	// DefaultMaxDelay is the longest Crawl-delay honoured: 30 seconds,
	// StormCrawler's and Nutch's fetcher.max.crawl.delay. A longer one is
	// capped to it, unless Pacing.RefuseAboveMax is set.
	DefaultMaxDelay = 30 * time.Second
	// DefaultMaxRetryAfter bounds how far a refused page (a 429 or 503)
	// pushes its origin's next request, by its Retry-After header or by
	// the back-off: one hour, long enough for a site's maintenance window,
	// short enough that a header asking for days does not take an origin
	// out of a crawl.
	DefaultMaxRetryAfter = time.Hour
	// DefaultPaceOrigins bounds how many origins' schedules a Checker
	// keeps, as DefaultCacheEntries bounds its files.
	DefaultPaceOrigins = 10_000
)

// ErrPaceDeadline is returned, wrapped, by [Checker.Wait] (and so by a
// [Transport]) at once, with no slot taken, when the context's deadline
// comes before the origin's next slot, or as it comes: waiting could only
// end with the context's error, and would hold up the origin's other
// waiters meanwhile. The error also wraps context.DeadlineExceeded, so
// that code which tells a timeout from other failures sees one.
var ErrPaceDeadline = errors.New("crawl: the context's deadline comes before the slot")

// ErrDelayTooLong is returned, wrapped, by [Checker.Wait] and
// [Checker.Interval] for an origin whose Crawl-delay for the agent is over
// Pacing.MaxDelay, when Pacing.RefuseAboveMax is set.
var ErrDelayTooLong = errors.New("crawl: crawl-delay over the maximum")

// Pacing says how fast a [Checker] lets a crawler fetch pages of one
// origin, through [Checker.Wait] and [Transport]. The zero value gives the
// defaults: at least one second between requests, more when the agent's
// group asks for it with Crawl-delay, up to 30 seconds.
type Pacing struct {
	// MinInterval is the least time between the starts of two requests to
	// an origin; it applies alone when robots.txt names no Crawl-delay
	// for the agent, and is the floor of one that does. Zero means
	// DefaultMinInterval; a negative value means none: requests to an
	// origin without a Crawl-delay are not paced (but refusals still
	// push its next slot).
	MinInterval time.Duration
	// MaxDelay is the longest Crawl-delay honoured. Zero means
	// DefaultMaxDelay; a negative value means none: no maximum, every
	// Crawl-delay is honoured.
	MaxDelay time.Duration
	// RefuseAboveMax makes an origin whose Crawl-delay is over MaxDelay
	// refused, as Nutch does, rather than paced at MaxDelay: Wait returns
	// an error wrapping ErrDelayTooLong, and so does a Transport. False,
	// the zero value, paces such an origin at MaxDelay.
	RefuseAboveMax bool
	// IgnoreCrawlDelay paces every origin at MinInterval, whatever its
	// robots.txt says. Crawl-delay is not part of RFC 9309 and Google
	// ignores it, but most other crawlers honour it, and so does a
	// Checker when it is false, the zero value.
	IgnoreCrawlDelay bool
	// MaxRetryAfter bounds how far one refused page pushes its origin's
	// next slot, by its Retry-After header or by the back-off. Zero means
	// DefaultMaxRetryAfter; a negative value means none: no maximum, a
	// Retry-After of a year keeps the origin's requests for a year (a
	// Pacer may bound what it keeps: redisstore keeps a day at most).
	MaxRetryAfter time.Duration
	// Origins bounds how many origins' schedules a Checker keeps in
	// memory. Zero means DefaultPaceOrigins; a negative value means none:
	// no limit. A schedule that carries nothing (its next slot has come,
	// and ten minutes have passed since if the origin refused pages) is
	// dropped as new origins come, whatever the bound; at the bound, a new
	// origin drops one more, the one that carries for the shortest time of
	// the few it looks at. A schedule in use by a Wait is never dropped, so
	// that the bound can be exceeded by one for each Wait under way.
	// Dropping a schedule that carries a slot lets the origin's next
	// request go at once.
	Origins int
}

func (p *Pacing) minInterval() time.Duration {
	switch {
	case p.MinInterval < 0:
		return 0
	case p.MinInterval == 0:
		return DefaultMinInterval
	}
	return p.MinInterval
}

// maxRetryAfter returns the bound of a refusal's push: the longest
// Duration when there is none.
func (p *Pacing) maxRetryAfter() time.Duration {
	switch {
	case p.MaxRetryAfter < 0:
		return math.MaxInt64
	case p.MaxRetryAfter == 0:
		return DefaultMaxRetryAfter
	}
	return p.MaxRetryAfter
}

// origins returns the bound of the schedules kept, -1 for none.
func (p *Pacing) origins() int {
	switch {
	case p.Origins < 0:
		return -1
	case p.Origins == 0:
		return DefaultPaceOrigins
	}
	return p.Origins
}

// Interval returns the time p keeps between the starts of two requests of
// agent to the origin whose robots.txt is f: the Crawl-delay of agent's
// group, within MinInterval and MaxDelay. It returns an error wrapping
// [ErrDelayTooLong] when the Crawl-delay is over MaxDelay and
// RefuseAboveMax is set. [Checker.Interval] fetches f and asks this.
func (p *Pacing) Interval(f *robots.File, agent string) (time.Duration, error) {
	least := p.minInterval()
	if p.IgnoreCrawlDelay {
		return least, nil
	}
	d, ok := f.Group(agent).CrawlDelay()
	if !ok {
		return least, nil
	}
	if most := p.MaxDelay; most >= 0 {
		if most == 0 {
			most = DefaultMaxDelay
		}
		if d > most {
			if p.RefuseAboveMax {
				return 0, fmt.Errorf("%w: %v for %s, over %v", ErrDelayTooLong, d, agent, most)
			}
			d = most
		}
	}
	return max(d, least), nil
}

// A Pacer keeps the schedule of each origin, so that a fleet of crawlers
// sharing it keeps an origin's pace together: with Crawl-delay 10, one
// request every 10 seconds from the whole fleet, not one from each
// crawler. A [Checker] whose Pacer field is set books each request's slot
// there, after its own schedule's slot has come. The Checker never looks
// for a Pacer behind its Store: a Store wrapped for metrics or logging
// keeps the fleet's pace when the Pacer field is set.
//
// Durations are counted from the call, on the Pacer's clock, so that the
// clocks of the fleet's machines need not agree. The fleet's pace holds
// between the slots the Pacer books: each crawler starts its request when
// the Pacer's reply has reached it and its timer has fired, so requests of
// two crawlers can arrive closer than the interval by the difference in
// those delays (a millisecond or so on a quiet network), never on average.
// An error of any method means the call failed: the Checker reports it to
// its StoreError and keeps its own pace. Implementations must be safe for
// concurrent use.
type Pacer interface {
	// Reserve books the next free slot of origin: the later of now and
	// the origin's next free time, which it moves to interval past the
	// slot. It returns the reservation, whose Delay says how long from
	// now the slot starts.
	Reserve(ctx context.Context, origin string, interval time.Duration) (Reservation, error)
	// Unreserve gives back a reservation that was not used, booked with
	// interval, if no other was booked after it, so that the next
	// Reserve gets its slot.
	Unreserve(ctx context.Context, origin string, r Reservation, interval time.Duration) error
	// Defer pushes origin's next free time to at least d from now.
	Defer(ctx context.Context, origin string, d time.Duration) error
}

// A Reservation is a slot booked from a [Pacer]. The zero Reservation is
// a slot that starts at once, with Slot 0.
type Reservation struct {
	// Delay is how long after the Reserve call the slot starts; zero when
	// it starts at once.
	Delay time.Duration
	// Slot identifies the slot to Unreserve; what it means is the Pacer's.
	Slot int64
}

// Interval returns the time the Checker keeps between the starts of two
// requests of agent to url's origin: the Crawl-delay of agent's group in
// the origin's robots.txt, which it fetches or reuses, within the bounds of
// the Checker's Pacing. It returns the errors of [Checker.Allowed], and one
// wrapping [ErrDelayTooLong] when Pacing refuses the origin's Crawl-delay.
func (c *Checker) Interval(ctx context.Context, agent, url string) (time.Duration, error) {
	it, err := c.lookup(ctx, agent, url)
	if err != nil {
		return 0, err
	}
	return c.Pacing.Interval(it.file, agent)
}

// Wait returns when the crawler whose product token is agent may start a
// request for url, and books that slot of url's origin: the next Wait for
// the origin returns the interval ([Checker.Interval]) later at the
// earliest. A page refused with 429 or 503, reported with
// [Checker.Report], pushes the next slot, that of a Wait under way too, even
// one waiting for its Pacer's slot. A crawler with its own loop calls
// Wait before each request, and Report after; a [Transport] does both.
//
// Waits for one origin are served one at a time, in turn; waits for other
// origins are not held up. When ctx ends first, Wait returns its error and
// takes no slot: the next Wait gets it. When ctx has a deadline that comes
// before the slot, or as it comes, Wait returns at once an error wrapping
// [ErrPaceDeadline] and context.DeadlineExceeded, and takes no slot, as
// rate.Limiter.Wait does; it tells as soon as it knows the slot, which a
// Wait behind others for the origin, or waiting for its Pacer, learns when
// its turn comes. Wait also returns the errors of
// [Checker.Interval], and [ErrClosed] when its slot comes after
// [Checker.Close] was called (it then books nothing, in a Pacer either).
//
// With a [Pacer] (its Pacer field), the Checker then books the slot there too,
// and waits for it: the fleet keeps the origin's pace together. A Pacer
// that fails, or takes longer than a second, is reported to StoreError
// (each distinct error of an origin once a minute at most) and the
// Checker keeps its own pace; a reservation cut short by ctx may be
// left booked in the Pacer.
func (c *Checker) Wait(ctx context.Context, agent, url string) error {
	it, err := c.lookup(ctx, agent, url)
	if err != nil {
		return err
	}
	interval, err := c.Pacing.Interval(it.file, agent)
	if err != nil {
		return err
	}
	return c.wait(ctx, it.origin, interval)
}

// wait waits for origin's next slot, then books it with interval.
func (c *Checker) wait(ctx context.Context, origin string, interval time.Duration) error {
	// A Wait that waits, for its turn, its slot or its Pacer's, counts
	// in Stats with the time it took.
	start, waited := time.Now(), false
	defer func() {
		if waited {
			countWait(&c.stats.paceWaits, &c.stats.paceWaitTime, time.Since(start))
		}
	}()
	ps := &c.paces
	ps.mu.Lock()
	s := ps.get(origin, c.Pacing.origins(), time.Now())
	s.users++
	ps.mu.Unlock()
	defer func() {
		ps.mu.Lock()
		s.users--
		ps.mu.Unlock()
	}()
	// The next slot is the earliest this Wait's can be: when ctx's
	// deadline comes first, it need not wait for its turn to know.
	ps.mu.Lock()
	next := s.next
	ps.mu.Unlock()
	if err := pastDeadline(ctx, origin, next); err != nil {
		return err
	}
	select {
	case s.turn <- struct{}{}:
	default:
		waited = true
		select {
		case s.turn <- struct{}{}:
		case <-ctx.Done():
			return fmt.Errorf("crawl: waiting for %s: %w", origin, ctx.Err())
		}
	}
	defer func() { <-s.turn }()
	for {
		// Sleep until the next slot, again if a refusal pushed it
		// meanwhile.
		ps.mu.Lock()
		next := s.next
		ps.mu.Unlock()
		if d := time.Until(next); d > 0 {
			if err := pastDeadline(ctx, origin, next); err != nil {
				return err
			}
			waited = true
			if err := sleep(ctx, d); err != nil {
				return fmt.Errorf("crawl: waiting for %s: %w", origin, err)
			}
			continue
		}
		if err := c.reserve(ctx, origin, interval, &waited); err != nil {
			if err == ErrClosed || errors.Is(err, ErrPaceDeadline) {
				return err
			}
			return fmt.Errorf("crawl: waiting for %s: %w", origin, err)
		}
		ps.mu.Lock()
		now := time.Now()
		if s.next.After(now) {
			// A refusal reported while the Pacer's slot came pushed the
			// next one: wait for it, then book a slot after it, as the
			// Pacer's other users will. The slot booked is not given
			// back, since the refusal's push in the Pacer may hang on it.
			ps.mu.Unlock()
			continue
		}
		s.next = now.Add(interval)
		s.interval = interval
		ps.mu.Unlock()
		return nil
	}
}

// reserve books origin's slot from the Checker's Pacer, if any, and
// waits for it, setting *waited if the slot is still to come. It returns
// only ctx's error, one wrapping ErrPaceDeadline when ctx's deadline comes
// before the slot (which it gives back at once), or ErrClosed once Close
// has been called: a Pacer that fails is reported, and leaves the pace to
// the Checker's own schedule.
func (c *Checker) reserve(ctx context.Context, origin string, interval time.Duration, waited *bool) error {
	if c.closed.Load() {
		return ErrClosed
	}
	p := c.Pacer
	if p == nil {
		return nil
	}
	if !c.pacerBegin() {
		return ErrClosed
	}
	r, err := storeCall(ctx, c, origin, "reserve", func(ctx context.Context) (Reservation, error) {
		return p.Reserve(ctx, origin, interval)
	})
	c.work.Done()
	if err != nil {
		return ctx.Err()
	}
	// A shared Store is not trusted: a slot further off than a refusal
	// and a few waiters of the fleet can push it is not believed.
	most := c.Pacing.maxRetryAfter()
	if room := math.MaxInt64 - most; interval < room/64 {
		most += 64 * interval
	} else {
		most = math.MaxInt64 // no bound
	}
	if r.Delay > most {
		// The text names the bound, not the slot, so that it is one
		// distinct error however far each call's slot is.
		c.storeError(origin, fmt.Errorf("crawl: store reserve: a slot over %v away, waiting %v", most, most))
		r.Delay = most
	}
	err = pastDeadline(ctx, origin, time.Now().Add(r.Delay))
	if err == nil {
		*waited = *waited || r.Delay > 0
		err = sleep(ctx, r.Delay)
	}
	if err != nil {
		// Give the slot back, so that the next Wait of the fleet gets it.
		if c.pacerBegin() {
			storeCall(context.WithoutCancel(ctx), c, origin, "unreserve", func(ctx context.Context) (struct{}, error) {
				return struct{}{}, p.Unreserve(ctx, origin, r, interval)
			})
			c.work.Done()
		}
		return err
	}
	return nil
}

// pastDeadline returns an error wrapping ErrPaceDeadline and
// context.DeadlineExceeded when slot, a slot of origin, is still to come
// and ctx's deadline comes before it or as it comes; otherwise nil.
func pastDeadline(ctx context.Context, origin string, slot time.Time) error {
	now := time.Now()
	deadline, ok := ctx.Deadline()
	if !ok || !slot.After(now) || deadline.After(slot) {
		return nil
	}
	return fmt.Errorf("%w: %s's slot is %v away, the deadline %v (%w)", ErrPaceDeadline, origin,
		slot.Sub(now).Round(time.Millisecond), deadline.Sub(now).Round(time.Millisecond), context.DeadlineExceeded)
}

// pacerBegin reports whether the Checker may start a call to its Pacer:
// not once Close has been called. When it may, the call counts as work
// that Close waits for, until the caller calls c.work.Done, so that no
// Pacer call starts after Close has returned.
func (c *Checker) pacerBegin() bool {
	c.init()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed.Load() {
		return false
	}
	c.work.Add(1)
	return true
}

// sleep returns after d, or ctx's error if it ends first.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Report tells the Checker how a request for url ended, with its status
// code and headers, so that the origin's pace follows: a 429 (Too Many
// Requests) or 503 (Service Unavailable) pushes its next slot by the
// Retry-After header, in seconds or as an HTTP date, or, without one, by a
// back-off of twice the interval (one second at least), doubling with
// each refusal in a row; either push is at most Pacing.MaxRetryAfter. Any
// other status ends the run of refusals. A push also delays the Waits
// under way for the origin. With a [Pacer], the push is shared with the
// fleet; the Pacer's error, if any, goes to StoreError, as Report returns
// none. A nil h is a response without headers. A url that has no origin
// is ignored, and so is every Report once [Checker.Close] has been called.
// ctx's values reach the Pacer, but its end does not cut the push short.
func (c *Checker) Report(ctx context.Context, url string, status int, h http.Header) {
	if c.closed.Load() {
		return
	}
	origin, err := robots.Origin(url)
	if err != nil {
		return
	}
	c.init()
	c.report(ctx, origin, status, h)
}

// report is Report for an origin.
func (c *Checker) report(ctx context.Context, origin string, status int, h http.Header) {
	ps := &c.paces
	now := time.Now()
	refused := status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable
	ps.mu.Lock()
	if !refused {
		if s := ps.m[origin]; s != nil {
			s.refusals = 0
		}
		ps.mu.Unlock()
		return
	}
	s := ps.get(origin, c.Pacing.origins(), now)
	s.refusals++
	most := c.Pacing.maxRetryAfter()
	d := retryAfter(h, now, most)
	if d < 0 {
		d = max(s.interval, time.Second)
		for i := 0; i < s.refusals && d < most; i++ {
			if d > most/2 {
				d = most // not d*2, which could overflow
			} else {
				d *= 2
			}
		}
	}
	d = min(d, most)
	if until := now.Add(d); until.After(s.next) {
		s.next = until
	}
	ps.mu.Unlock()
	if p := c.Pacer; p != nil && d > 0 && c.pacerBegin() {
		storeCall(context.WithoutCancel(ctx), c, origin, "defer", func(ctx context.Context) (struct{}, error) {
			return struct{}{}, p.Defer(ctx, origin, d)
		})
		c.work.Done()
	}
}
