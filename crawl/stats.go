package crawl

// This file holds a Checker's counters: what answered its calls, what its
// fetches found, how its Store calls went and how long it waited. Each is
// an atomic counter of its own, so that counting takes no lock, and the
// one counted on the hit path, memory, sits alone on its cache line.

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/crawlkit/robots"
)

// Stats is a snapshot of what a [Checker] has done since it was made, as
// [Checker.Stats] returns it: monotonic counters, which only grow, and
// gauges (Entries, Bytes, Fetching), which say how things stand. Each
// counter is read on its own, so a snapshot taken while calls run can
// show a call in one counter and not yet in another.
//
// The doc of each field gives the name of the metric an exporter would
// publish it under in Prometheus, and in OpenTelemetry (where a counter of
// the same name with an attribute stands for each group of fields); see
// the Checker's example with expvar. The zero Stats is a Checker that has
// done nothing.
type Stats struct {
	// FromMemory counts the calls (Allowed, Explain, File, Entry,
	// Interval, Wait) answered from the robots.txt kept in memory, with
	// no Store call and no fetch: the hit path.
	// Prometheus robots_answers_total{source="memory"};
	// OpenTelemetry robots.answers {robots.source=memory}.
	FromMemory int64
	// FromStore counts the calls answered with an entry read from the
	// Store, put there by another Checker of the fleet or by this one
	// before a restart. A call that waited for another call's read of
	// the Store counts too.
	// robots_answers_total{source="store"}; robots.answers {robots.source=store}.
	FromStore int64
	// FromFetch counts the calls answered by a fetch of this Checker,
	// those that waited for a fetch another call started included.
	// robots_answers_total{source="fetch"}; robots.answers {robots.source=fetch}.
	FromFetch int64

	// FetchesParsed, FetchesUnavailable and FetchesUnreachable count the
	// robots.txt fetches by outcome, as [robots.StateFor] names them from
	// the status: a 2xx body; a 4xx (but 429) or too many redirects; a
	// 5xx, a 429, a network error or a timeout. Their sum is the number
	// of fetches, each made for every call that missed meanwhile. A fetch
	// that Close cut short is not counted.
	// robots_fetches_total{outcome="parsed"|"unavailable"|"unreachable"};
	// robots.fetches {robots.outcome=...}.
	FetchesParsed      int64
	FetchesUnavailable int64
	FetchesUnreachable int64

	// StoreCalls counts the calls made to the Store, the Leaser and the
	// Pacer, by method; StoreErrors counts those that failed (and were
	// reported to StoreError, or would have been: the once-a-minute limit
	// on StoreError does not apply here). A call that ended because the
	// caller's context ended counts as a call and not as an error.
	// robots_store_calls_total{call="get"|"put"|...} and
	// robots_store_errors_total{call=...}; robots.store.calls and
	// robots.store.errors {robots.call=...}.
	StoreCalls  StoreCounts
	StoreErrors StoreCounts
	// StoreTimeouts, StorePanics and StoreBadEntries count the errors of
	// StoreErrors of each kind: a call that took over its one-second
	// bound, a call that panicked, and a Get of a value that is not an
	// entry ([ErrBadEntry], treated as a miss). Other errors are what the
	// Store returned.
	// robots_store_errors_by_kind_total{kind="timeout"|"panic"|"bad_entry"};
	// robots.store.errors.kind {robots.kind=...}.
	StoreTimeouts   int64
	StorePanics     int64
	StoreBadEntries int64

	// LeaseWaits counts the misses that waited for another Checker of
	// the fleet holding the origin's lease, and LeaseWaitTime is the
	// total time they waited, until its entry came, the lease was theirs
	// or they gave up.
	// robots_lease_waits_total and robots_lease_wait_seconds_total;
	// robots.lease.waits and robots.lease.wait.duration (s).
	LeaseWaits    int64
	LeaseWaitTime time.Duration
	// OutageWaits counts the misses that found the Store or the Leaser
	// failing and waited for it to come back (see Checker.OutageWait),
	// and OutageWaitTime is the total time they waited. OutageFetches
	// counts the misses that fetched without the Store because it was
	// failing, once their wait was over (or at once, when an outage has
	// lasted OutageWait already, or OutageWait is negative).
	// robots_outage_waits_total, robots_outage_wait_seconds_total and
	// robots_outage_fetches_total; robots.outage.waits,
	// robots.outage.wait.duration (s), robots.outage.fetches.
	OutageWaits    int64
	OutageWaitTime time.Duration
	OutageFetches  int64
	// PaceWaits counts the calls of [Checker.Wait] (and so the requests
	// of a [Transport]) that waited: for their turn behind other Waits
	// for the origin, for the origin's next slot kept by the Checker, or
	// for the slot booked from its Pacer. PaceWaitTime is the total time
	// those calls took, from their turn on. A Wait that returned at once
	// is not counted.
	// robots_pace_waits_total and robots_pace_wait_seconds_total;
	// robots.pace.waits and robots.pace.wait.duration (s).
	PaceWaits    int64
	PaceWaitTime time.Duration

	// Entries and Bytes are gauges: the origins whose robots.txt is kept
	// in memory, and their estimated size in bytes, as CacheEntries and
	// CacheBytes bound them.
	// robots_cache_entries and robots_cache_bytes (gauges);
	// robots.cache.entries and robots.cache.size (By), up-down counters.
	Entries int
	Bytes   int64
	// Fetching is a gauge: the origins being fetched, or read from the
	// Store, right now, each one for all the calls that wait for it.
	// robots_fetching; robots.fetching.
	Fetching int
}

// StoreCounts counts calls of a [Checker] to its Store (Get, Put), its
// Leaser (Lease, Renew, Release) and its Pacer (Reserve, Unreserve,
// Defer), one field per method. The zero value is no call.
type StoreCounts struct {
	Get, Put                  int64
	Lease, Renew, Release     int64
	Reserve, Unreserve, Defer int64
}

// Stats returns a snapshot of what c has done since it was made. It takes
// the cache's lock for the gauges, never the hit path's: it costs the
// same while calls run, and may be called as often as a metrics system
// scrapes.
func (c *Checker) Stats() Stats {
	c.init()
	s := &c.stats
	st := Stats{
		FromMemory:         s.memory.n.Load(),
		FromStore:          s.fromStore.Load(),
		FromFetch:          s.fromFetch.Load(),
		FetchesParsed:      s.fetches[robots.Parsed].Load(),
		FetchesUnavailable: s.fetches[robots.Unavailable].Load(),
		FetchesUnreachable: s.fetches[robots.Unreachable].Load(),
		StoreCalls:         s.calls.load(),
		StoreErrors:        s.errors.load(),
		StoreTimeouts:      s.timeouts.Load(),
		StorePanics:        s.panics.Load(),
		StoreBadEntries:    s.badEntries.Load(),
		LeaseWaits:         s.leaseWaits.Load(),
		LeaseWaitTime:      time.Duration(s.leaseWaitTime.Load()),
		OutageWaits:        s.outageWaits.Load(),
		OutageWaitTime:     time.Duration(s.outageWaitTime.Load()),
		OutageFetches:      s.outageFetches.Load(),
		PaceWaits:          s.paceWaits.Load(),
		PaceWaitTime:       time.Duration(s.paceWaitTime.Load()),
	}
	st.Entries, st.Bytes = c.cache.size()
	c.mu.Lock()
	st.Fetching = len(c.flights)
	c.mu.Unlock()
	return st
}

// stats holds a Checker's counters.
type stats struct {
	// memory is counted on the hit path, from every core at once: it has
	// a cache line of its own, so that counting it does not slow down
	// what reads its neighbours. One atomic counter costs less here than
	// counters spread by a random number (BenchmarkCheckerAllowedParallel).
	memory struct {
		_ [64]byte
		n atomic.Int64
		_ [56]byte
	}
	fromStore, fromFetch atomic.Int64
	fetches              [robots.Unreachable + 1]atomic.Int64 // by robots.State
	calls, errors        storeCounters
	timeouts, panics     atomic.Int64
	badEntries           atomic.Int64
	leaseWaits           atomic.Int64
	leaseWaitTime        atomic.Int64 // nanoseconds
	outageWaits          atomic.Int64
	outageWaitTime       atomic.Int64 // nanoseconds
	outageFetches        atomic.Int64
	paceWaits            atomic.Int64
	paceWaitTime         atomic.Int64 // nanoseconds
}

// The calls a Checker makes to its Store, Leaser and Pacer, which index a
// storeCounters.
const (
	opGet = iota
	opPut
	opLease
	opRenew
	opRelease
	opReserve
	opUnreserve
	opDefer
	opCount
)

// opIndex returns the index of the call named op, as storeCall names it.
func opIndex(op string) int {
	switch op {
	case "get":
		return opGet
	case "put":
		return opPut
	case "lease":
		return opLease
	case "renew":
		return opRenew
	case "release":
		return opRelease
	case "reserve":
		return opReserve
	case "unreserve":
		return opUnreserve
	case "defer":
		return opDefer
	}
	return -1
}

type storeCounters [opCount]atomic.Int64

func (s *storeCounters) add(op string) {
	if i := opIndex(op); i >= 0 {
		s[i].Add(1)
	}
}

func (s *storeCounters) load() StoreCounts {
	return StoreCounts{
		Get: s[opGet].Load(), Put: s[opPut].Load(),
		Lease: s[opLease].Load(), Renew: s[opRenew].Load(), Release: s[opRelease].Load(),
		Reserve: s[opReserve].Load(), Unreserve: s[opUnreserve].Load(), Defer: s[opDefer].Load(),
	}
}

// countStoreCall counts a call op that returned err; panicked says
// whether it panicked. ctxEnded says whether the caller's context ended
// meanwhile, which makes its error none of the Store's.
func (s *stats) countStoreCall(op string, err error, panicked, ctxEnded bool) {
	s.calls.add(op)
	if err == nil || ctxEnded {
		return
	}
	s.errors.add(op)
	switch {
	case panicked:
		s.panics.Add(1)
	case errors.Is(err, ErrBadEntry):
		s.badEntries.Add(1)
	case errors.Is(err, context.DeadlineExceeded):
		s.timeouts.Add(1)
	}
}

// countFetch counts a fetch whose status was status (0 for none).
func (s *stats) countFetch(status int) {
	if st := robots.StateFor(status); st >= 0 && int(st) < len(s.fetches) {
		s.fetches[st].Add(1)
	}
}

// size returns how many items the cache holds, and their estimated size.
func (c *cache) size() (int, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries, c.bytes
}

// countAnswer counts a call answered by a flight, from the Store or from
// a fetch.
func (s *stats) countAnswer(fromStore bool) {
	if fromStore {
		s.fromStore.Add(1)
	} else {
		s.fromFetch.Add(1)
	}
}

// countWait adds a wait of d to the counters n and total.
func countWait(n, total *atomic.Int64, d time.Duration) {
	n.Add(1)
	total.Add(int64(max(d, 0)))
}
