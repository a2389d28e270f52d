package main

// This file holds what the tool shows of a crawl.Checker's Stats: in
// check's JSON, for a URL SOURCE, and at serve's /api/stats.

import (
	"net/http"
	"sync"

	"github.com/crawlkit/robots/crawl"
)

// statsReport is a crawl.Stats in the tool's JSON, with snake_case names
// and times in seconds; see checkHelp.
type statsReport struct {
	Answers struct {
		Memory int64 `json:"memory"`
		Store  int64 `json:"store"`
		Fetch  int64 `json:"fetch"`
	} `json:"answers"`
	Fetches struct {
		Parsed      int64 `json:"parsed"`
		Unavailable int64 `json:"unavailable"`
		Unreachable int64 `json:"unreachable"`
	} `json:"fetches"`
	StoreCalls  storeCountsReport `json:"store_calls"`
	StoreErrors storeCountsReport `json:"store_errors"`
	ErrorKinds  struct {
		Timeout  int64 `json:"timeout"`
		Panic    int64 `json:"panic"`
		BadEntry int64 `json:"bad_entry"`
	} `json:"store_error_kinds"`
	Waits struct {
		Lease         int64   `json:"lease"`
		LeaseSeconds  float64 `json:"lease_seconds"`
		Outage        int64   `json:"outage"`
		OutageSeconds float64 `json:"outage_seconds"`
		Pace          int64   `json:"pace"`
		PaceSeconds   float64 `json:"pace_seconds"`
	} `json:"waits"`
	OutageFetches int64 `json:"outage_fetches"`
	Entries       int   `json:"entries"`
	Bytes         int64 `json:"bytes"`
	Fetching      int   `json:"fetching"`
}

type storeCountsReport struct {
	Get       int64 `json:"get"`
	Put       int64 `json:"put"`
	Lease     int64 `json:"lease"`
	Renew     int64 `json:"renew"`
	Release   int64 `json:"release"`
	Reserve   int64 `json:"reserve"`
	Unreserve int64 `json:"unreserve"`
	Defer     int64 `json:"defer"`
}

func storeCountsOf(c crawl.StoreCounts) storeCountsReport {
	return storeCountsReport(c)
}

// statsOf returns st as the tool writes it.
func statsOf(st crawl.Stats) *statsReport {
	r := &statsReport{
		StoreCalls:    storeCountsOf(st.StoreCalls),
		StoreErrors:   storeCountsOf(st.StoreErrors),
		OutageFetches: st.OutageFetches,
		Entries:       st.Entries,
		Bytes:         st.Bytes,
		Fetching:      st.Fetching,
	}
	r.Answers.Memory, r.Answers.Store, r.Answers.Fetch = st.FromMemory, st.FromStore, st.FromFetch
	r.Fetches.Parsed, r.Fetches.Unavailable, r.Fetches.Unreachable = st.FetchesParsed, st.FetchesUnavailable, st.FetchesUnreachable
	r.ErrorKinds.Timeout, r.ErrorKinds.Panic, r.ErrorKinds.BadEntry = st.StoreTimeouts, st.StorePanics, st.StoreBadEntries
	w := &r.Waits
	w.Lease, w.LeaseSeconds = st.LeaseWaits, st.LeaseWaitTime.Seconds()
	w.Outage, w.OutageSeconds = st.OutageWaits, st.OutageWaitTime.Seconds()
	w.Pace, w.PaceSeconds = st.PaceWaits, st.PaceWaitTime.Seconds()
	return r
}

// statsTotal sums the counters of the Checkers of serve's live fetches,
// each made for one fetch.
type statsTotal struct {
	mu sync.Mutex
	st crawl.Stats
}

// add adds the counters of st, not its gauges: the Checker that had them
// is gone.
func (t *statsTotal) add(st crawl.Stats) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &t.st
	s.FromMemory += st.FromMemory
	s.FromStore += st.FromStore
	s.FromFetch += st.FromFetch
	s.FetchesParsed += st.FetchesParsed
	s.FetchesUnavailable += st.FetchesUnavailable
	s.FetchesUnreachable += st.FetchesUnreachable
	addCounts(&s.StoreCalls, st.StoreCalls)
	addCounts(&s.StoreErrors, st.StoreErrors)
	s.StoreTimeouts += st.StoreTimeouts
	s.StorePanics += st.StorePanics
	s.StoreBadEntries += st.StoreBadEntries
	s.LeaseWaits += st.LeaseWaits
	s.LeaseWaitTime += st.LeaseWaitTime
	s.OutageWaits += st.OutageWaits
	s.OutageWaitTime += st.OutageWaitTime
	s.OutageFetches += st.OutageFetches
	s.PaceWaits += st.PaceWaits
	s.PaceWaitTime += st.PaceWaitTime
}

func addCounts(a *crawl.StoreCounts, b crawl.StoreCounts) {
	a.Get += b.Get
	a.Put += b.Put
	a.Lease += b.Lease
	a.Renew += b.Renew
	a.Release += b.Release
	a.Reserve += b.Reserve
	a.Unreserve += b.Unreserve
	a.Defer += b.Defer
}

// handleStats serves GET /api/stats: the counters of the live fetches'
// Checkers since the server started, and the live fetches under way.
func (sv *server) handleStats(w http.ResponseWriter, r *http.Request) {
	sv.stats.mu.Lock()
	st := sv.stats.st
	sv.stats.mu.Unlock()
	st.Fetching = len(sv.fetches)
	writeAnswer(w, statsOf(st))
}
