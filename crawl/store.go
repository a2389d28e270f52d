package crawl

import (
	"context"
	"time"
)

// A Store keeps the robots.txt [Entry] of each origin beyond the memory of
// one [Checker], so that a fleet of crawlers can share what each has
// fetched. Origins are keys such as "https://example.com" or
// "http://[::1]:8080": scheme, host in ASCII and port, as [robots.Origin]
// writes them.
//
// A Checker reads its Store only when it has no fresh parsed copy in
// memory, and writes it after each fetch. A Store that fails or is slow
// never fails a Checker: it fetches by itself and reports the error to its
// StoreError hook. Values read back from a shared Store are untrusted: an
// Entry that does not decode is a miss.
//
// Implementations must be safe for concurrent use.
type Store interface {
	// Get returns the entry of origin. It returns ok false and a nil
	// error when there is none, and ok false and an error wrapping
	// [ErrBadEntry] when what it holds is not an entry: a Checker reports
	// that error and treats it as a miss, where other errors mean that the
	// Store fails.
	Get(ctx context.Context, origin string) (e Entry, ok bool, err error)
	// Put stores the entry of origin, replacing any it had. An error means
	// it may not have: the Checker reports it, and keeps the entry in its
	// own memory.
	Put(ctx context.Context, origin string, e Entry) error
}

// Bounded is implemented by a [Store], [Leaser] or [Pacer] whose calls
// all return once their context is done: by its deadline, or soon after it
// is cancelled, however the network behaves. A [Checker] calls one whose
// BoundedByContext reports true on the goroutine that needs the answer,
// bounding each call by a context deadline only. It calls any other in a
// goroutine of its own, and stops waiting for it at the bound, so that a
// Store that ignores its context cannot hang the Checker; that costs each
// call a goroutine, a channel and a wake-up, a third of a Redis round trip
// on loopback (BenchmarkStoreCall, BenchmarkCheckerMiss in redisstore).
//
// A wrapper (metrics, logging) forwards BoundedByContext to what it wraps,
// if it adds no wait of its own; one that does not implement it is called
// the slower, guarded way. A redisstore.Store is Bounded.
type Bounded interface {
	BoundedByContext() bool
}

// isBounded reports whether x is a Bounded that says so.
func isBounded(x any) bool {
	b, ok := x.(Bounded)
	return ok && b.BoundedByContext()
}

// A Leaser hands out short leases on origins, so that when many Checkers
// sharing a [Store] miss on one origin at once, one of them fetches and
// the others wait for its entry to appear in the Store. A [Checker] uses
// the Leaser of its Leaser field, beside the Store of its Store field: the
// two are usually one value (a redisstore.Store is both), and a wrapper
// around the Store (metrics, logging) loses nothing, as no Checker looks
// for a Leaser behind its Store.
//
// A lease lives a few seconds unless its holder renews it, so that one
// whose holder died mid-fetch lapses soon: the Checker takes it for three
// seconds, renews it every second while it fetches and puts the entry,
// then releases it. Its value names the holder, with a random token the
// holder made, and says when the holder gives up: Checkers
// waiting for the holder's entry read that deadline, so that they wait for
// the holder's FetchTimeout rather than their own.
//
// Renew and Release act only on a lease held with the token they are
// given: they compare and extend, or compare and delete, as one atomic
// step, so that a holder whose lease lapsed and was taken by another
// Checker cannot extend or end the new holder's lease. What Lease returns
// of another holder comes from a shared Store and is not trusted: a
// Checker believes the Deadline for two minutes at most.
//
// An error of any method means the call failed, and is reported to the
// Checker's StoreError; the Checker then fetches without the lease, or
// lets the lease lapse. Implementations must be safe for concurrent use.
type Leaser interface {
	// Lease takes origin's lease as l for ttl when nobody holds it, and
	// returns l and true. When another holder has it, Lease leaves it and
	// returns that holder's lease and false, with a zero Deadline when it
	// cannot tell it (a value it cannot read).
	Lease(ctx context.Context, origin string, l Lease, ttl time.Duration) (holder Lease, took bool, err error)
	// Renew makes origin's lease end ttl from now, if it is held with
	// token, and reports whether it was. A lease that lapsed, or that
	// another holder took since, is left as it is.
	Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error)
	// Release ends origin's lease now, if it is held with token, and
	// reports whether it was.
	Release(ctx context.Context, origin, token string) (bool, error)
}

// A Lease is the claim of one Checker to fetch an origin's robots.txt for
// every Checker sharing a [Leaser].
type Lease struct {
	// Token names the holder: random, made by the Checker that takes the
	// lease, and never empty.
	Token string
	// Deadline is when the holder gives up: by then it has put its entry
	// in the Store, or never will. A Checker sets it to its FetchTimeout
	// plus a second for each Store call around the fetch, or two minutes
	// ahead when its fetches have no timeout. The zero Deadline means the
	// holder's is unknown: a Checker waiting for it waits as long as its
	// own fetch would take, counted from when it began to wait.
	Deadline time.Time
}

// An Entry is what is known of one origin's robots.txt: the outcome of the
// last fetch, the last good copy, and when to fetch again. It is what a
// [Store] keeps; [Entry.MarshalBinary] gives its encoding.
type Entry struct {
	// Status is the HTTP status code of the last fetch, after redirects,
	// or 0 when it got none (a network error or a timeout) or none it
	// could use (a status outside 100-599, a 2xx body it could not read);
	// Err says which. A 3xx status means the redirects went on past the
	// limit.
	Status int
	// Body is the body of the last fetch when Status is 2xx, as read: at
	// most the parse limit plus one byte, after decompression. It is nil
	// otherwise.
	Body []byte
	// Fetched is when the last fetch ended.
	Fetched time.Time
	// Expires is when the entry should be fetched again.
	Expires time.Time
	// Failures is how many fetches in a row found the origin unreachable
	// (5xx, 429, a network error or a timeout); 0 after any other outcome.
	Failures int
	// UnreachableSince is when the first of those failures happened, zero when
	// Failures is 0.
	UnreachableSince time.Time
	// Good is the body of the last 2xx fetch, kept while the origin is
	// unreachable so that its rules keep being used; nil when there is
	// none or when the last fetch was not a failure. GoodFetched is when
	// it was fetched.
	Good        []byte
	GoodFetched time.Time
	// FinalURL is the URL of the last fetch's last request, after
	// redirects; "" means the robots.txt URL itself. Redirects and Err are
	// those of [robots.Access]: how many redirects were followed (six for
	// too many), and what went wrong, such as "timeout" or "too many
	// redirects". They let every
	// Checker that reads the entry explain it as the one that fetched it
	// did.
	FinalURL  string
	Redirects int
	Err       string
}
