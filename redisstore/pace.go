package redisstore

// This file makes a Store a crawl.Pacer: the schedule of each origin, kept
// in Redis so that a fleet of crawlers keeps an origin's pace together.
//
// Each call is one Lua script, so one round trip, atomic, on one key: the
// origin's hash tag puts it in the slot of its entry. A GCRA limiter, such
// as github.com/go-redis/redis_rate, answers "allowed, or retry in d"
// without booking anything: a crawler told to retry in d competes again
// then, with one more round trip, and the fleet's waiters have no order.
// A pacer must book the next slot and say when it is; the script that
// does it is a few lines.

import (
	"context"
	"fmt"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/redis/go-redis/v9"
)

// A Store is a crawl.Pacer: a crawl.Checker whose Pacer it is books each
// request's slot in it.
var _ crawl.Pacer = (*Store)(nil)

// MaxAhead bounds how far ahead of now a reservation is booked: a stored
// next slot further off than that, which no Checker books (its Retry-After
// is bounded by an hour by default, a day at most), is taken as MaxAhead
// ahead, so that a hostile value cannot stop a fleet for longer.
const MaxAhead = 24 * time.Hour

// The scripts keep the origin's next free time, in microseconds of Redis's
// clock (TIME), as a decimal string, with an expiry a second past it: a
// next free time in the past means nothing, and the key goes. A value that
// is not a string or not a number counts as none, and is replaced.
// Numbers stay below 2^53, exact in Lua's doubles.
const paceRead = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local v = redis.pcall('GET', KEYS[1])
local nxt = nil
if type(v) == 'string' then nxt = tonumber(v) end
if nxt == nil or nxt ~= nxt then nxt = 0 end
local function keep(at)
  redis.call('SET', KEYS[1], string.format('%d', at), 'PX', math.floor((at - now) / 1000) + 1000)
end
`

// reserveScript books the next slot: ARGV[1] is the interval and ARGV[2]
// MaxAhead, in microseconds. It returns how far off the slot is, and the
// slot.
var reserveScript = redis.NewScript(paceRead + `
local iv = tonumber(ARGV[1])
local slot = math.max(now, nxt)
if slot > now + tonumber(ARGV[2]) then slot = now + tonumber(ARGV[2]) end
if slot + iv > now then keep(slot + iv) end
return {slot - now, slot}
`)

// unreserveScript gives back the slot ARGV[1] booked with interval ARGV[2]
// when no other was booked after it. It returns 1 if it did.
var unreserveScript = redis.NewScript(paceRead + `
local slot = tonumber(ARGV[1])
if nxt ~= slot + tonumber(ARGV[2]) then return 0 end
if slot > now then keep(slot) else redis.call('DEL', KEYS[1]) end
return 1
`)

// deferScript pushes the next free time to ARGV[1] microseconds from now
// at least.
var deferScript = redis.NewScript(paceRead + `
local at = now + tonumber(ARGV[1])
if at > nxt then keep(at) end
return 1
`)

// PaceKey returns the Redis key of origin's schedule: [Store.Key] then
// ":pace".
func (s *Store) PaceKey(origin string) string {
	return s.Key(origin) + ":pace"
}

// Reserve books origin's next slot in one round trip: the later of now and
// the origin's next free time (at most [MaxAhead] from now), which it moves
// to interval past the slot. Times are Redis's: the fleet's clocks need not
// agree.
func (s *Store) Reserve(ctx context.Context, origin string, interval time.Duration) (crawl.Reservation, error) {
	key := s.PaceKey(origin)
	if interval < 0 || interval > MaxAhead {
		return crawl.Reservation{}, fmt.Errorf("redisstore: reserve %s: interval %v outside 0 and %v", key, interval, MaxAhead)
	}
	v, err := call(ctx, s, func(ctx context.Context) ([]int64, error) {
		return reserveScript.Run(ctx, s.client, []string{key}, interval.Microseconds(), MaxAhead.Microseconds()).Int64Slice()
	})
	if err == nil && (len(v) != 2 || v[0] < 0 || v[0] > MaxAhead.Microseconds()) {
		err = fmt.Errorf("unexpected reply %v", v)
	}
	if err != nil {
		return crawl.Reservation{}, fmt.Errorf("redisstore: reserve %s: %w", key, err)
	}
	return crawl.Reservation{Delay: time.Duration(v[0]) * time.Microsecond, Slot: v[1]}, nil
}

// Unreserve gives back r, booked with interval, if no other reservation of
// origin was booked after it.
func (s *Store) Unreserve(ctx context.Context, origin string, r crawl.Reservation, interval time.Duration) error {
	key := s.PaceKey(origin)
	_, err := call(ctx, s, func(ctx context.Context) (int64, error) {
		return unreserveScript.Run(ctx, s.client, []string{key}, r.Slot, interval.Microseconds()).Int64()
	})
	if err != nil {
		return fmt.Errorf("redisstore: unreserve %s: %w", key, err)
	}
	return nil
}

// Defer pushes origin's next free time to at least d from now, on Redis's
// clock; d is at most [MaxAhead].
func (s *Store) Defer(ctx context.Context, origin string, d time.Duration) error {
	key := s.PaceKey(origin)
	d = min(max(d, 0), MaxAhead)
	_, err := call(ctx, s, func(ctx context.Context) (int64, error) {
		return deferScript.Run(ctx, s.client, []string{key}, d.Microseconds()).Int64()
	})
	if err != nil {
		return fmt.Errorf("redisstore: defer %s: %w", key, err)
	}
	return nil
}
