package crawl

// This file holds the Checker's policy over time, as RFC 9309 section 2.4
// and Google's documentation say: how long a fetched file is used, how
// long to wait before fetching an unreachable origin again, when the last
// good copy is served, and when a long-unreachable origin counts as
// unavailable. It turns each fetch into an Entry, and each Entry into the
// robots.File it stands for.

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/crawlkit/robots"
)

// How long answers hold. RFC 9309 section 2.4 asks that a cached robots.txt
// be used for no more than 24 hours unless the origin is unreachable.
const (
	// maxFresh is how long a fetched file is used: 24 hours, or less when
	// Cache-Control: max-age says so.
	maxFresh = 24 * time.Hour
	// minFresh is the least a max-age can shorten it to, so that max-age=0
	// does not mean one fetch per URL.
	minFresh = 15 * time.Minute
	// minBackoff and maxBackoff bound the wait before fetching an
	// unreachable robots.txt again: one minute after the first failure,
	// doubling with each failure in a row, at most one hour.
	minBackoff = time.Minute
	maxBackoff = time.Hour
	// maxRobotsRetryAfter bounds the Retry-After header of a robots.txt
	// fetch, which replaces the back-off when it is present (but is never
	// less than minBackoff). A page's Retry-After has its own bound,
	// Pacing.MaxRetryAfter (DefaultMaxRetryAfter, one hour): a robots.txt
	// is fetched once a day, a page's origin is asked every second.
	maxRobotsRetryAfter = 24 * time.Hour
	// unreachableLimit is how long an origin may stay unreachable before,
	// lacking a good copy, it counts as unavailable, as Google documents.
	unreachableLimit = 30 * 24 * time.Hour
	// maxFailureGap is the most that the time between two failed fetches
	// in a row counts toward unreachableLimit. Fetches of an origin in
	// use come at most a back-off apart (24 hours with the longest
	// Retry-After); a longer gap says nothing of the origin, or comes from
	// a peer whose clock is behind.
	maxFailureGap = 48 * time.Hour
	// maxSkew is how far in the future a stored entry may say it was
	// fetched and still be used: the clocks of a fleet's machines differ
	// by a few seconds, or by minutes when not synchronised; a waiter
	// whose clock is behind its lease holder's must still take the
	// holder's entry.
	maxSkew = 5 * time.Minute
)

// usable reports whether e, an entry read from a Store, may be used at
// now instead of fetching. It must not have expired, and it must have been
// fetched less than 24 hours ago (RFC 9309 section 2.4), and not more than
// maxSkew in the future, whatever its Expires says: a peer whose clock is
// wrong, or an entry that claims a year, cannot keep a fleet from
// fetching.
func usable(e *Entry, now time.Time) bool {
	return e.Expires.After(now) && now.Sub(e.Fetched) < maxFresh && e.Fetched.Sub(now) <= maxSkew
}

// failingSince returns when the failures in a row of prev began, for a
// failure at now that adds one to them. It is prev.UnreachableSince, but
// a gap between prev and now counts for at most maxFailureGap, and none
// when prev comes from the future: a peer whose clock is behind or ahead
// cannot make the origin count as unreachable for 30 days, which allows
// everything, nor keep it from ever counting so. The time the failures had
// lasted when prev was fetched is its writer's to say, read on one clock.
func failingSince(prev *Entry, now time.Time) time.Time {
	since := prev.UnreachableSince
	if since.After(prev.Fetched) {
		since = prev.Fetched // an entry that contradicts itself
	}
	gap := now.Sub(prev.Fetched)
	if gap >= 0 && gap <= maxFailureGap {
		return since
	}
	return now.Add(-min(max(gap, 0), maxFailureGap)).Add(-prev.Fetched.Sub(since))
}

// freshFor returns how long a file fetched with the given max-age (-1 for
// none) is used.
func freshFor(maxAge time.Duration) time.Duration {
	if maxAge < 0 {
		return maxFresh
	}
	return min(max(maxAge, minFresh), maxFresh)
}

// backoff returns how long to wait before fetching again after the given
// number of failures in a row, and the Retry-After delay (-1 for none).
func backoff(failures int, retryAfter time.Duration) time.Duration {
	if retryAfter >= 0 {
		return min(max(retryAfter, minBackoff), maxRobotsRetryAfter)
	}
	if failures > 10 {
		return maxBackoff
	}
	return min(minBackoff<<max(failures-1, 0), maxBackoff)
}

// retryAfter returns the delay a Retry-After header of h asks for, in
// seconds or as an HTTP date (counted from now), at most most; or -1 when
// there is none or it cannot be read. It is the one reader of the header:
// robots.txt fetches bound it by maxRobotsRetryAfter, pages by their
// Pacing's MaxRetryAfter. A negative most means no bound but the largest
// Duration.
func retryAfter(h http.Header, now time.Time, most time.Duration) time.Duration {
	if most < 0 {
		most = math.MaxInt64
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return -1
	}
	if n, err := strconv.ParseUint(v, 10, 63); err == nil {
		if n > uint64(most/time.Second) {
			return most
		}
		return min(time.Duration(n)*time.Second, most)
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), most)
	}
	return -1
}

// nextEntry merges the outcome of a fetch that ended at now with the entry
// known before it, if any: a failure counts up from the previous failures
// and keeps the last good copy.
func nextEntry(prev *Entry, f *fetched, now time.Time) Entry {
	e := Entry{Status: f.status, Fetched: now, FinalURL: f.finalURL, Redirects: f.redirects, Err: f.err}
	switch robots.StateFor(f.status) {
	case robots.Parsed:
		e.Body = f.body
		if e.Body == nil {
			e.Body = []byte{}
		}
		e.Expires = now.Add(freshFor(f.maxAge))
	case robots.Unreachable:
		e.Failures, e.UnreachableSince = 1, now
		if prev != nil {
			if prev.Failures > 0 && !prev.UnreachableSince.IsZero() {
				// A count read from a shared Store is not trusted to leave
				// room for one more.
				e.Failures, e.UnreachableSince = min(prev.Failures, 1<<30)+1, failingSince(prev, now)
			}
			if robots.StateFor(prev.Status) == robots.Parsed {
				e.Good, e.GoodFetched = prev.Body, prev.Fetched
			} else {
				e.Good, e.GoodFetched = prev.Good, prev.GoodFetched
			}
		}
		e.Expires = now.Add(backoff(e.Failures, f.retryAfter))
	default:
		e.Expires = now.Add(freshFor(f.maxAge))
	}
	return e
}

// fileFrom returns the policy that entry e of robotsURL stands for at now,
// parsed with o. stored says whether e came from a Store rather than from
// a fetch of this Checker. The entry may come from a shared Store and is
// not trusted: its expiry counts for at most 24 hours from when it was
// fetched, and from now.
func fileFrom(o robots.Options, e *Entry, robotsURL string, now time.Time, stored bool) *robots.File {
	a := robots.Access{
		State:            robots.StateFor(e.Status),
		URL:              robotsURL,
		FinalURL:         robotsURL,
		Redirects:        e.Redirects,
		Err:              e.Err,
		Status:           e.Status,
		Fetched:          e.Fetched,
		Expires:          e.Expires,
		Failures:         e.Failures,
		UnreachableSince: e.UnreachableSince,
		Stored:           stored,
	}
	limit := e.Fetched.Add(maxFresh)
	if l := now.Add(maxFresh); limit.After(l) {
		limit = l
	}
	if a.Expires.After(limit) {
		a.Expires = limit
	}
	if e.FinalURL != "" {
		a.FinalURL = e.FinalURL
	}
	if a.Redirects > maxRedirects && a.Err == "" {
		a.Err = tooManyRedirects // an entry written before fetch said so
	}
	body := e.Body
	switch a.State {
	case robots.Parsed:
		a.Bytes = len(e.Body)
	case robots.Unreachable:
		switch {
		case e.Good != nil || !e.GoodFetched.IsZero():
			a.GoodCopy, a.GoodFetched, body = true, e.GoodFetched, e.Good
		case e.Failures > 0 && !e.UnreachableSince.IsZero() && now.Sub(e.UnreachableSince) >= unreachableLimit:
			a.State = robots.Unavailable
			a.Err = "unreachable for " + strconv.Itoa(int(unreachableLimit/(24*time.Hour))) + " days"
		}
	}
	return o.FromAccess(a, body)
}
