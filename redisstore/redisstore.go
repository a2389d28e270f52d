// Package redisstore shares the robots.txt cache of a fleet of crawlers in
// Redis: it implements [crawl.Store] and [crawl.Leaser] on
// github.com/redis/go-redis/v9, so that the [crawl.Checker] of every
// machine reads what any of them fetched, and one machine fetches each
// origin's robots.txt while the others wait for its entry. It also
// implements [crawl.Pacer], so that the fleet keeps each origin's pace
// together (see [Store.Reserve]); the origin's schedule is kept under
// <prefix>{<origin>}:pace. A Checker uses each of the three it is given
// as a field, so a fleet's Checkers set all three:
//
//	s := redisstore.New(rdb, nil)
//	checker := &crawl.Checker{Store: s, Leaser: s, Pacer: s}
//
// A Store takes a [redis.UniversalClient], so a single server, Sentinel and
// Cluster all work: it runs single-key commands only, and the keys of an
// origin share a hash tag.
//
// # Keys and values
//
// The entry of an origin is kept under <prefix>{<origin>}, for instance
// "robots:{https://example.com}", as the bytes of [crawl.Entry.MarshalBinary]
// (binary, with a version byte first and the body compressed). Its lease
// is kept under <prefix>{<origin>}:lease, while a Checker fetches the
// origin: the holder's deadline in Unix milliseconds, a space and its
// token, such as "1795000000000 5f0c...e1", with a Redis expiry of a few
// seconds that the holder renews. Lease, Renew and Release each run one
// short Lua script, so that taking a lease returns the holder's value in
// the same step, and renewing or releasing one acts only for its holder's
// token.
//
// # How long entries are kept
//
// Put sets a Redis expiry on each entry, so that Redis holds it as long as
// a Checker can still use it, and no longer:
//
//	until = Expires                  4xx, 3xx: the entry is the cache while fresh
//	until = Expires + 30 days        2xx: the body is also the last good copy, used
//	                                 if the next fetch, due at Expires, finds the
//	                                 origin unreachable (RFC 9309 2.3.1.4)
//	until = max(UnreachableSince     Failures > 0: when the origin became unreachable
//	            + 30 days,           decides when, with no good copy, it counts as
//	            Expires + 24 hours)  unavailable (after 30 days); the next fetch
//	                                 carries the outage and its good copy on if it
//	                                 comes within a day of Expires
//	TTL   = min(until - now, MaxTTL), in whole milliseconds
//
// An entry with nothing left to keep (a TTL of zero or less) is deleted
// rather than written. MaxTTL, 31 days, is the longest the formula gives
// for an entry a Checker writes (Expires at most 24 hours ahead), and
// bounds the expiry of any other.
//
// # Failures
//
// Every Redis call is bounded by [Options.Timeout]. A Store never panics on
// what it reads: a value that does not decode (an entry of an earlier
// release, in JSON, included), is over [Options.MaxValue] or is not a
// string, is a miss, returned with an error wrapping
// [crawl.ErrBadEntry] (and [ErrTooLarge] for the second) so that the
// Checker's StoreError hook sees it; the Checker then fetches by itself,
// and its Put replaces the bad value. A Checker waiting for a lease
// holder's entry takes ErrBadEntry as "not there yet", and other errors as
// Redis failing: after three in a row it stops waiting and fetches. A
// lease value that does not read as one is a lease with no deadline, whose
// holder a waiting Checker gives as long as its own fetch would take.
//
// A call that timed out may still be carried out by Redis later, when its
// command had been sent: a late Put replaces the entry with the one it
// carried, which a Checker fetched not long before; a late Lease holds the
// origin's lease until its ttl ends, a few seconds, unrenewed, and a
// Checker waiting for it takes it then.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/redis/go-redis/v9"
)

// Defaults of [Options].
const (
	// DefaultPrefix begins every key.
	DefaultPrefix = "robots:"
	// DefaultTimeout bounds each Redis call: a round trip on a local
	// network takes well under a millisecond, and a Checker whose Store is
	// slower than this is better off fetching by itself.
	DefaultTimeout = 250 * time.Millisecond
	// DefaultMaxValue bounds the size of a stored entry: 1 MiB, room for
	// an entry whose body is at robots.DefaultMaxBytes even when it does
	// not compress (a body that does not is stored as it is, with a
	// hundred bytes or so of other fields). A Checker whose
	// Options.MaxBytes is near 1 MiB or more needs a larger MaxValue to
	// share its biggest entries.
	DefaultMaxValue = 1 << 20
)

// MaxTTL is the longest expiry Put sets on an entry: 24 hours of freshness
// plus the 30 days a last good copy is kept.
const MaxTTL = 31 * 24 * time.Hour

// goodCopyWindow is how long an origin may stay unreachable before it
// counts as unavailable, and so how long a last good copy may be used.
const goodCopyWindow = 30 * 24 * time.Hour

// outageGrace is how long past Expires an entry of an unreachable origin is
// kept, so that the next fetch knows when the outage began: the longest an
// entry stays fresh.
const outageGrace = 24 * time.Hour

// ErrTooLarge is returned, wrapped, for an entry over [Options.MaxValue]:
// by Put, which writes nothing, and by Get, which reads it as a miss and
// wraps [crawl.ErrBadEntry] too.
var ErrTooLarge = errors.New("redisstore: entry over MaxValue")

// Options configure a [Store]. The zero value, or nil, gives the defaults.
type Options struct {
	// Prefix begins every key; "" means DefaultPrefix. It should not
	// contain braces, which would change the keys' hash tag.
	Prefix string
	// Timeout bounds each Redis call; 0 means DefaultTimeout. A call
	// returns an error once it has passed, even when the client's own
	// timeouts are longer. A negative Timeout means no timeout: a call
	// lasts as long as its context and the client allow.
	Timeout time.Duration
	// MaxValue is the largest encoded entry, in bytes, that Put writes
	// and Get reads; 0 means DefaultMaxValue. A negative MaxValue means no
	// limit: Get then reads a value whole, of any size Redis holds (512 MB
	// at most), and whoever can write to the Redis decides how much memory
	// that takes.
	MaxValue int
}

// A Store keeps robots.txt entries in Redis. It implements [crawl.Store],
// [crawl.Leaser] and [crawl.Pacer], to set as all three fields of a
// crawl.Checker, and is safe for concurrent use. The zero Store has no
// client and cannot be used: [New] makes one.
type Store struct {
	client   redis.UniversalClient
	prefix   string
	timeout  time.Duration // 0 for none
	maxValue int
	now      func() time.Time // time.Now; the tests set another
	// direct says that the client gives up a call at its context's
	// deadline (it was made with ContextTimeoutEnabled), so that call
	// needs no goroutine to bound it.
	direct bool
}

// A Store is a crawl.Store and a crawl.Leaser: a crawl.Checker whose
// Store and Leaser it is shares entries through it and takes leases from
// it.
var (
	_ crawl.Store  = (*Store)(nil)
	_ crawl.Leaser = (*Store)(nil)
)

// New returns a Store that keeps its entries through client: a
// [crawl.Store], a [crawl.Leaser] and a [crawl.Pacer], to set as a
// crawl.Checker's Store, Leaser and Pacer. opts may be nil (the
// defaults). The client is the caller's: the Store does not close it.
// With a nil client, only Key, LeaseKey and PaceKey may be called. New
// returns no error: it makes no Redis call.
//
// The Store enforces Options.Timeout on every call whatever the client's
// settings, but only a client made with ContextTimeoutEnabled set gives up
// its connection when the deadline passes; without it, a stalled server
// keeps one connection busy until the client's ReadTimeout.
func New(client redis.UniversalClient, opts *Options) *Store {
	var o Options
	if opts != nil {
		o = *opts
	}
	s := &Store{
		client:   client,
		prefix:   o.Prefix,
		timeout:  o.Timeout,
		maxValue: o.MaxValue,
		now:      time.Now,
	}
	if s.prefix == "" {
		s.prefix = DefaultPrefix
	}
	switch c := client.(type) {
	case *redis.Client:
		s.direct = c.Options().ContextTimeoutEnabled
	case *redis.ClusterClient:
		s.direct = c.Options().ContextTimeoutEnabled
	}
	switch {
	case s.timeout == 0:
		s.timeout = DefaultTimeout
	case s.timeout < 0:
		s.timeout = 0 // none: call adds no deadline
	}
	switch {
	case s.maxValue == 0:
		s.maxValue = DefaultMaxValue
	case s.maxValue < 0:
		s.maxValue = math.MaxInt - 1 // none; MaxValue+1 bytes are read
	}
	return s
}

// Key returns the Redis key of origin's entry: the prefix, then the origin
// in braces, the hash tag that keeps an origin's keys in one Cluster slot.
// The origin is used as given, "" included.
func (s *Store) Key(origin string) string {
	return s.prefix + "{" + origin + "}"
}

// LeaseKey returns the Redis key of origin's lease: [Store.Key] then
// ":lease".
func (s *Store) LeaseKey(origin string) string {
	return s.Key(origin) + ":lease"
}

// Get returns origin's entry. A key that is absent is a miss with a nil
// error. A value that does not decode, is over MaxValue, is not a string,
// or says it stays fresh for longer than [MaxTTL] (no Checker writes
// that), is a miss with an error wrapping [crawl.ErrBadEntry], and
// [ErrTooLarge] for the second: a Checker reports it and fetches, and goes
// on waiting for a lease holder's entry. Other errors are Redis failing,
// wrapped: go-redis's errors, and context.DeadlineExceeded past
// Options.Timeout or the context's deadline. Get reads at most MaxValue+1
// bytes of a value.
func (s *Store) Get(ctx context.Context, origin string) (crawl.Entry, bool, error) {
	key := s.Key(origin)
	// GETRANGE rather than GET, so that a hostile value of any size
	// costs at most MaxValue+1 bytes to read. It cannot tell an absent
	// key from an empty value; an empty value is no entry either way.
	data, err := call(ctx, s, func(ctx context.Context) ([]byte, error) {
		return s.client.GetRange(ctx, key, 0, int64(s.maxValue)).Bytes()
	})
	if err != nil {
		var rerr redis.Error // declared here: errors.As puts it on the heap
		if errors.As(err, &rerr) && strings.HasPrefix(rerr.Error(), "WRONGTYPE") {
			// A key of another type than a string holds no entry either.
			return crawl.Entry{}, false, fmt.Errorf("redisstore: get %s: %w: %w", key, crawl.ErrBadEntry, err)
		}
		return crawl.Entry{}, false, fmt.Errorf("redisstore: get %s: %w", key, err)
	}
	if len(data) == 0 {
		return crawl.Entry{}, false, nil
	}
	e, err := s.decode(data)
	if err != nil {
		return crawl.Entry{}, false, fmt.Errorf("redisstore: get %s: %w", key, err)
	}
	return e, true, nil
}

// decode returns the entry data encodes, or an error wrapping
// crawl.ErrBadEntry when data is over MaxValue, does not decode, or says
// it stays fresh for longer than MaxTTL.
func (s *Store) decode(data []byte) (crawl.Entry, error) {
	if len(data) > s.maxValue {
		return crawl.Entry{}, fmt.Errorf("%w: %w (more than %d bytes)", crawl.ErrBadEntry, ErrTooLarge, s.maxValue)
	}
	var e crawl.Entry
	if err := e.UnmarshalBinary(data); err != nil {
		return crawl.Entry{}, err
	}
	if e.Expires.After(s.now().Add(MaxTTL)) {
		return crawl.Entry{}, fmt.Errorf("%w: expires %s, more than %v ahead",
			crawl.ErrBadEntry, e.Expires.Format(time.RFC3339), MaxTTL)
	}
	return e, nil
}

// Put stores origin's entry with the expiry given in the package
// documentation, replacing any it had, or deletes the key when the entry
// has nothing left to keep. An entry whose encoding is over MaxValue is
// not written: Put returns an error wrapping [ErrTooLarge] and leaves the
// key as it was. An entry that does not encode returns the error of
// [crawl.Entry.MarshalBinary], wrapped. Other errors are Redis failing,
// as for Get; the key may then be written or not.
func (s *Store) Put(ctx context.Context, origin string, e crawl.Entry) error {
	key := s.Key(origin)
	data, err := e.MarshalBinary()
	if err != nil {
		return fmt.Errorf("redisstore: put %s: %w", key, err)
	}
	if len(data) > s.maxValue {
		return fmt.Errorf("redisstore: put %s: %w (%d bytes, bound %d)", key, ErrTooLarge, len(data), s.maxValue)
	}
	ttl := TTL(e, s.now())
	_, err = call(ctx, s, func(ctx context.Context) (struct{}, error) {
		if ttl <= 0 {
			return struct{}{}, s.client.Del(ctx, key).Err()
		}
		return struct{}{}, s.client.Set(ctx, key, data, ttl).Err()
	})
	if err != nil {
		return fmt.Errorf("redisstore: put %s: %w", key, err)
	}
	return nil
}

// maxToken bounds the token of a lease, so that a lease value read back
// is short.
const maxToken = 128

// maxLeaseValue is the most of a lease value Lease reads back: a deadline
// in Unix milliseconds, a space and a token.
const maxLeaseValue = 20 + 1 + maxToken

// The lease scripts. A lease's value is its Deadline in Unix milliseconds
// (0 for none), a space, and its token; Renew and Release compare the
// token after the first space with theirs, and act only when they are
// equal, in one atomic step.
var (
	// leaseScript takes the lease KEYS[1] as ARGV[1] for ARGV[2] ms if
	// nobody holds it, and returns {1}; else {0, the holder's value}, of
	// which at most ARGV[3]+1 bytes.
	leaseScript = redis.NewScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
	return {1}
end
return {0, redis.call('GETRANGE', KEYS[1], 0, ARGV[3])}
`)
	// renewScript makes the lease KEYS[1] end in ARGV[2] ms if it is held
	// with the token ARGV[1], and returns 1; else 0. A value over ARGV[3]
	// bytes, which no Store writes, is not read.
	renewScript = redis.NewScript(`
local n = redis.call('STRLEN', KEYS[1])
if n > 0 and n <= tonumber(ARGV[3]) then
	local v = redis.call('GET', KEYS[1])
	local sp = string.find(v, ' ', 1, true)
	if sp and string.sub(v, sp + 1) == ARGV[1] then
		return redis.call('PEXPIRE', KEYS[1], ARGV[2])
	end
end
return 0
`)
	// releaseScript deletes the lease KEYS[1] if it is held with the
	// token ARGV[1], and returns 1; else 0. A value over ARGV[2] bytes is
	// not read.
	releaseScript = redis.NewScript(`
local n = redis.call('STRLEN', KEYS[1])
if n > 0 and n <= tonumber(ARGV[2]) then
	local v = redis.call('GET', KEYS[1])
	local sp = string.find(v, ' ', 1, true)
	if sp and string.sub(v, sp + 1) == ARGV[1] then
		return redis.call('DEL', KEYS[1])
	end
end
return 0
`)
)

// Lease takes origin's lease as l for ttl, in whole milliseconds, when
// nobody holds it, and returns l and true; else it returns the holder's
// lease and false. It runs one Lua script: SET NX with an expiry, or else
// GETRANGE of the holder's value. The value is l.Deadline in Unix
// milliseconds, a space and l.Token; a holder's value that does not read
// so (another program's, or garbage) is returned as a zero Lease, and
// only its first 149 bytes are read. l.Token must be 1 to 128 bytes, and
// ttl at least a millisecond: otherwise Lease returns an error and makes
// no Redis call (a crawl.Checker never asks so). Other errors are Redis
// failing, as for Get, and a script's answer of another shape.
func (s *Store) Lease(ctx context.Context, origin string, l crawl.Lease, ttl time.Duration) (crawl.Lease, bool, error) {
	key := s.LeaseKey(origin)
	if err := checkLease(l.Token, ttl); err != nil {
		return crawl.Lease{}, false, fmt.Errorf("redisstore: lease %s: %w", key, err)
	}
	var ms int64
	if !l.Deadline.IsZero() {
		ms = max(l.Deadline.UnixMilli(), 0)
	}
	value := strconv.FormatInt(ms, 10) + " " + l.Token
	res, err := call(ctx, s, func(ctx context.Context) ([]any, error) {
		return leaseScript.Run(ctx, s.client, []string{key}, value, ttl.Milliseconds(), maxLeaseValue-1).Slice()
	})
	if err != nil {
		return crawl.Lease{}, false, fmt.Errorf("redisstore: lease %s: %w", key, err)
	}
	if len(res) > 0 && res[0] == int64(1) {
		return l, true, nil
	}
	if len(res) != 2 {
		return crawl.Lease{}, false, fmt.Errorf("redisstore: lease %s: script returned %v", key, res)
	}
	holder, _ := res[1].(string)
	return parseLease(holder), false, nil
}

// parseLease returns the lease that value, read from Redis, says: a
// deadline in Unix milliseconds, a space, a token. A value that does not
// read so is a zero Lease; a deadline of 0 is none.
func parseLease(value string) crawl.Lease {
	ms, token, ok := strings.Cut(value, " ")
	if !ok || token == "" {
		return crawl.Lease{}
	}
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil || n < 0 {
		return crawl.Lease{}
	}
	l := crawl.Lease{Token: token}
	if n > 0 {
		l.Deadline = time.UnixMilli(n)
	}
	return l
}

// Renew makes origin's lease end ttl from now, in whole milliseconds, if
// it is held with token, and reports whether it was: one Lua script, GET
// then PEXPIRE when the tokens are equal. Its errors are those of
// [Store.Lease].
func (s *Store) Renew(ctx context.Context, origin, token string, ttl time.Duration) (bool, error) {
	key := s.LeaseKey(origin)
	if err := checkLease(token, ttl); err != nil {
		return false, fmt.Errorf("redisstore: renew %s: %w", key, err)
	}
	n, err := call(ctx, s, func(ctx context.Context) (int64, error) {
		return renewScript.Run(ctx, s.client, []string{key}, token, ttl.Milliseconds(), maxLeaseValue).Int64()
	})
	if err != nil {
		return false, fmt.Errorf("redisstore: renew %s: %w", key, err)
	}
	return n == 1, nil
}

// Release ends origin's lease if it is held with token, and reports
// whether it was: one Lua script, GET then DEL when the tokens are equal.
// Its errors are those of [Store.Lease].
func (s *Store) Release(ctx context.Context, origin, token string) (bool, error) {
	key := s.LeaseKey(origin)
	if err := checkLease(token, time.Millisecond); err != nil {
		return false, fmt.Errorf("redisstore: release %s: %w", key, err)
	}
	n, err := call(ctx, s, func(ctx context.Context) (int64, error) {
		return releaseScript.Run(ctx, s.client, []string{key}, token, maxLeaseValue).Int64()
	})
	if err != nil {
		return false, fmt.Errorf("redisstore: release %s: %w", key, err)
	}
	return n == 1, nil
}

// checkLease returns an error for a token or a ttl that a lease cannot
// have.
func checkLease(token string, ttl time.Duration) error {
	switch {
	case token == "" || len(token) > maxToken:
		return fmt.Errorf("token of %d bytes, want 1 to %d", len(token), maxToken)
	case ttl < time.Millisecond:
		return fmt.Errorf("ttl %v under a millisecond", ttl)
	}
	return nil
}

// TTL returns the Redis expiry Put sets on e at now, as the package
// documentation gives it; zero or less means the entry has nothing left
// to keep, as for the zero Entry.
func TTL(e crawl.Entry, now time.Time) time.Duration {
	until := e.Expires
	if e.Status >= 200 && e.Status <= 299 {
		until = e.Expires.Add(goodCopyWindow)
	}
	if e.Failures > 0 {
		until = later(e.UnreachableSince.Add(goodCopyWindow), e.Expires.Add(outageGrace))
	}
	ttl := until.Sub(now)
	if ttl > MaxTTL {
		ttl = MaxTTL
	}
	// Redis keeps expiries in milliseconds: round down, and treat what
	// rounds to nothing as nothing.
	return ttl.Truncate(time.Millisecond)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// call runs f with a context that ends after timeout (0 for none), and
// returns when f does or when that context ends, whichever comes first. go-redis gives up
// a blocked read at its own ReadTimeout (3 seconds by default) unless the
// client was made with ContextTimeoutEnabled, so waiting for f alone would
// not bound the call. When call returns first, f goes on in its goroutine
// until the client gives up; its context is cancelled by then, so it
// cannot wait for a connection, dial or retry, only finish a read on a
// connection it holds: at most the pool's size of them linger.
//
// A call to a Cluster that fails other than with Redis's reply (a refused
// connection, a timeout) or with CLUSTERDOWN asks the client to reload its
// map of the slots: go-redis does so by itself only on a MOVED reply or
// every 10 seconds, so after a primary's failover it would go on sending
// the primary's slots to the dead process for up to 10 s after its replica
// took over. Reloads run in the background, one at a time, 200 ms apart at
// least.
func call[T any](ctx context.Context, s *Store, f func(context.Context) (T, error)) (T, error) {
	v, err := bounded(ctx, s, f)
	if err != nil {
		if cc, ok := s.client.(*redis.ClusterClient); ok && clusterMoved(err) {
			cc.ReloadState(context.WithoutCancel(ctx))
		}
	}
	return v, err
}

// clusterMoved reports whether err, from a call to a Cluster, may mean
// that the slot's primary changed: any error but a reply from Redis
// (redis.Nil included), or the reply CLUSTERDOWN.
func clusterMoved(err error) bool {
	if errors.Is(err, redis.Nil) {
		return false
	}
	var reply redis.Error
	if errors.As(err, &reply) {
		return strings.HasPrefix(reply.Error(), "CLUSTERDOWN")
	}
	return true
}

// bounded is call's bound: f with a context that ends after s's timeout.
// A client made with ContextTimeoutEnabled gives up at the context's
// deadline itself: when the context has one, bounded runs f on the
// caller's goroutine, which saves a goroutine and a wake-up per call
// (BenchmarkMissOverRoundTrip); otherwise in a goroutine, as call says.
func bounded[T any](ctx context.Context, s *Store, f func(context.Context) (T, error)) (T, error) {
	cancel := context.CancelFunc(func() {})
	if s.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, s.timeout)
	}
	defer cancel()
	if _, ok := ctx.Deadline(); ok && s.direct {
		v, err := f(ctx)
		if err != nil && ctx.Err() != nil {
			// The error go-redis gives at the deadline is its
			// connection's timeout; say which deadline passed.
			var zero T
			return zero, context.Cause(ctx)
		}
		return v, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f(ctx)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, context.Cause(ctx)
	}
}

// BoundedByContext reports true: each call of a Store returns by its
// context's deadline, whatever the client's own timeouts, so that a
// crawl.Checker calls it without a goroutine to bound it (see
// crawl.Bounded).
func (s *Store) BoundedByContext() bool { return true }
