package redisstore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/redis/go-redis/v9"
)

const day = 24 * time.Hour

// now is the clock of these tests: stores built by newStore read it, and
// Redis counts expiries from the moment of each SET, so a TTL read back
// right after a Put is the one computed at now.
var now = time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return now }

// newStore returns a Store on s's Redis, on the clock fixedNow. Its calls
// have no timeout unless opts sets one: these tests are of what the Store
// does, not of when it gives up, which has tests of its own
// (outage_test.go, TestNegativeTimeout).
func newStore(t testing.TB, s *server, opts redisstore.Options) (*redisstore.Store, *redis.Client) {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = -1
	}
	c := s.client()
	return redisstore.WithClock(redisstore.New(c, &opts), fixedNow), c
}

// The access states a Checker stores, with the Redis TTL each gets.
var accessStates = []struct {
	name string
	e    crawl.Entry
	ttl  time.Duration
}{
	{
		name: "200 with body",
		e: crawl.Entry{Status: 200, Body: []byte("User-agent: *\nDisallow: /private\n"),
			Fetched: now, Expires: now.Add(day)},
		ttl: 31 * day, // Expires + 30 days: the body is the next outage's good copy
	},
	{
		name: "404",
		e:    crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(day)},
		ttl:  day, // until Expires
	},
	{
		name: "503 with a last good copy",
		e: crawl.Entry{Status: 503, Fetched: now, Expires: now.Add(10 * time.Minute),
			Failures: 4, UnreachableSince: now.Add(-2 * day),
			Good: []byte("User-agent: *\nDisallow: /cgi-bin/\n"), GoodFetched: now.Add(-3 * day)},
		ttl: 28 * day, // UnreachableSince + 30 days
	},
	{
		name: "31 days unreachable",
		e: crawl.Entry{Status: 0, Fetched: now, Expires: now.Add(time.Hour),
			Failures: 40, UnreachableSince: now.Add(-31 * day)},
		ttl: time.Hour + day, // Expires + 24 hours: the next fetch still sees the outage
	},
}

func TestRoundTripEveryAccessState(t *testing.T) {
	srv := startServer(t)
	store, client := newStore(t, srv, redisstore.Options{})
	ctx := context.Background()
	for _, tt := range accessStates {
		t.Run(tt.name, func(t *testing.T) {
			origin := "https://" + strings.ReplaceAll(tt.name, " ", "-") + ".example"
			if err := store.Put(ctx, origin, tt.e); err != nil {
				t.Fatalf("Put: %v", err)
			}
			got, ok, err := store.Get(ctx, origin)
			if err != nil || !ok {
				t.Fatalf("Get = ok %v, error %v; want the entry", ok, err)
			}
			if diff := cmp.Diff(tt.e, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Get after Put mismatch (-want +got):\n%s", diff)
			}
			ttl, err := client.TTL(ctx, store.Key(origin)).Result()
			if err != nil {
				t.Fatal(err)
			}
			// TTL reports whole seconds, rounded: allow one second.
			if d := tt.ttl - ttl; d < 0 || d > time.Second {
				t.Errorf("TTL of %s = %v, want %v", store.Key(origin), ttl, tt.ttl)
			}
		})
	}
}

func TestTTL(t *testing.T) {
	tests := []struct {
		name string
		e    crawl.Entry
		want time.Duration
	}{
		{"200 fresh for a day", crawl.Entry{Status: 200, Expires: now.Add(day)}, 31 * day},
		{"204 expired an hour ago", crawl.Entry{Status: 204, Expires: now.Add(-time.Hour)}, 30*day - time.Hour},
		{"404 fresh for an hour", crawl.Entry{Status: 404, Expires: now.Add(time.Hour)}, time.Hour},
		{"404 expired", crawl.Entry{Status: 404, Expires: now.Add(-time.Second)}, -time.Second},
		{"too many redirects", crawl.Entry{Status: 301, Expires: now.Add(day)}, day},
		{"first failure", crawl.Entry{Status: 500, Expires: now.Add(time.Minute), Failures: 1, UnreachableSince: now}, 30 * day},
		{"29 days unreachable", crawl.Entry{Status: 0, Expires: now.Add(time.Hour), Failures: 9, UnreachableSince: now.Add(-29 * day)}, 25 * time.Hour},
		{"30 days unreachable", crawl.Entry{Status: 429, Expires: now.Add(time.Hour), Failures: 9, UnreachableSince: now.Add(-30 * day)}, 25 * time.Hour},
		{"2xx expiring in a year", crawl.Entry{Status: 200, Expires: now.Add(365 * day)}, redisstore.MaxTTL},
		{"milliseconds round down", crawl.Entry{Status: 404, Expires: now.Add(1500 * time.Microsecond)}, time.Millisecond},
		{"under a millisecond", crawl.Entry{Status: 404, Expires: now.Add(999 * time.Microsecond)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := redisstore.TTL(tt.e, now); got != tt.want {
				t.Errorf("TTL = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPutExpiredDeletes(t *testing.T) {
	srv := startServer(t)
	store, client := newStore(t, srv, redisstore.Options{})
	ctx := context.Background()
	const origin = "http://gone.example"
	if err := store.Put(ctx, origin, crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := store.Put(ctx, origin, crawl.Entry{Status: 404, Fetched: now.Add(-2 * time.Hour), Expires: now.Add(-time.Hour)}); err != nil {
		t.Fatalf("Put of an expired entry: %v", err)
	}
	if n, err := client.Exists(ctx, store.Key(origin)).Result(); err != nil || n != 0 {
		t.Errorf("EXISTS after Put of an expired entry = %d, %v; want 0", n, err)
	}
}

func TestGetMissing(t *testing.T) {
	srv := startServer(t)
	store, _ := newStore(t, srv, redisstore.Options{})
	e, ok, err := store.Get(context.Background(), "https://nothing.example")
	if ok || err != nil {
		t.Errorf("Get of an absent key = %+v, ok %v, error %v; want a miss with no error", e, ok, err)
	}
}

func TestGetRefusesBadValues(t *testing.T) {
	srv := startServer(t)
	const maxValue = 4096
	store, client := newStore(t, srv, redisstore.Options{MaxValue: maxValue})
	ctx := context.Background()
	valid := mustMarshal(t, crawl.Entry{Status: 200, Body: []byte("User-agent: *\nDisallow: /\n"),
		Fetched: now, Expires: now.Add(day)})
	// Entries of exactly MaxValue bytes and one byte more: a body that
	// does not compress is kept as it is, so each byte of it is one of
	// the encoding.
	atBound, overByOne := sizedEntry(t, maxValue), sizedEntry(t, maxValue+1)
	tests := []struct {
		name  string
		value []byte
		want  error
	}{
		{"garbage", []byte("\x00\xff\xfe not an entry"), crawl.ErrBadEntry},
		{"truncated", valid[:len(valid)/2], crawl.ErrBadEntry},
		{"another version", append([]byte{7}, valid[1:]...), crawl.ErrBadEntry},
		{"byte left over", append(valid[:len(valid):len(valid)], 0), crawl.ErrBadEntry},
		{"JSON of an earlier release", []byte(`{"v":1,"status":404,"fetched":"2026-11-24T06:00:00Z","expires":"2026-11-25T06:00:00Z"}`), crawl.ErrBadEntry},
		{"JSON null", []byte("null"), crawl.ErrBadEntry},
		{"fresh for ten years", mustMarshal(t, crawl.Entry{Status: 200, Fetched: now, Expires: now.Add(3650 * day)}), crawl.ErrBadEntry},
		{"one byte over the bound", overByOne, redisstore.ErrTooLarge},
		{"8 MiB", bytes.Repeat([]byte("A"), 8<<20), redisstore.ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			origin := "https://" + strings.ReplaceAll(tt.name, " ", "-") + ".example"
			if err := client.Set(ctx, store.Key(origin), tt.value, time.Hour).Err(); err != nil {
				t.Fatal(err)
			}
			e, ok, err := store.Get(ctx, origin)
			if ok || !errors.Is(err, tt.want) || !errors.Is(err, crawl.ErrBadEntry) {
				t.Errorf("Get = %+v, ok %v, error %v; want a miss with an error wrapping %v and ErrBadEntry", e, ok, err, tt.want)
			}
		})
	}
	// The bound itself is allowed.
	if err := client.Set(ctx, store.Key("https://at-bound.example"), atBound, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := store.Get(ctx, "https://at-bound.example"); !ok || err != nil {
		t.Errorf("Get of a value of exactly MaxValue bytes = ok %v, error %v; want the entry", ok, err)
	}
	// A key of another type is not an entry.
	if err := client.HSet(ctx, store.Key("https://hash.example"), "status", "200").Err(); err != nil {
		t.Fatal(err)
	}
	if e, ok, err := store.Get(ctx, "https://hash.example"); ok || !errors.Is(err, crawl.ErrBadEntry) {
		t.Errorf("Get of a hash = %+v, ok %v, error %v; want a miss with an error wrapping ErrBadEntry", e, ok, err)
	}
	// Put replaces it.
	if err := store.Put(ctx, "https://hash.example", crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(day)}); err != nil {
		t.Errorf("Put over a hash: %v", err)
	}
	if _, ok, err := store.Get(ctx, "https://hash.example"); !ok || err != nil {
		t.Errorf("Get after Put over a hash = ok %v, error %v; want the entry", ok, err)
	}
}

// sizedEntry returns the encoding of an entry of exactly n bytes, n over
// a hundred or so: its body is random bytes, which do not compress.
func sizedEntry(t *testing.T, n int) []byte {
	t.Helper()
	body := make([]byte, n)
	rand.New(rand.NewSource(int64(n))).Read(body)
	e := crawl.Entry{Status: 200, Fetched: now, Expires: now.Add(day)}
	for k := n; k > 0; k-- {
		e.Body = body[:k]
		if data := mustMarshal(t, e); len(data) <= n {
			if len(data) != n {
				t.Fatalf("no entry encodes to %d bytes", n)
			}
			return data
		}
	}
	t.Fatalf("no entry encodes to %d bytes", n)
	return nil
}

func mustMarshal(t *testing.T, e crawl.Entry) []byte {
	t.Helper()
	data, err := e.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestPutRefusesOversized(t *testing.T) {
	srv := startServer(t)
	store, client := newStore(t, srv, redisstore.Options{MaxValue: 1000})
	ctx := context.Background()
	const origin = "https://big.example"
	small := crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(day)}
	if err := store.Put(ctx, origin, small); err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 1300) // random: does not compress
	rand.New(rand.NewSource(1)).Read(body)
	big := crawl.Entry{Status: 200, Body: body, Fetched: now, Expires: now.Add(day)}
	if err := store.Put(ctx, origin, big); !errors.Is(err, redisstore.ErrTooLarge) {
		t.Errorf("Put of a %d-byte entry with MaxValue 1000: error %v, want ErrTooLarge", len(mustMarshal(t, big)), err)
	}
	got, err := client.Get(ctx, store.Key(origin)).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if want := mustMarshal(t, small); !bytes.Equal(got, want) {
		t.Errorf("after a refused Put the key holds %q, want the entry it had, %q", got, want)
	}
}

func TestDefaultMaxValueFitsDefaultParseLimit(t *testing.T) {
	// A 2xx body is read up to the parse limit plus one byte; random
	// bytes do not compress.
	body := make([]byte, robots.DefaultMaxBytes+1)
	rand.New(rand.NewSource(1)).Read(body)
	e := crawl.Entry{Status: 200, Body: body, Fetched: now, Expires: now.Add(day), Failures: 0}
	if n := len(mustMarshal(t, e)); n > redisstore.DefaultMaxValue {
		t.Errorf("an entry with a body at the parse limit encodes to %d bytes, over DefaultMaxValue %d", n, redisstore.DefaultMaxValue)
	}
	e = crawl.Entry{Status: 503, Good: e.Body, Fetched: now, Expires: now.Add(day), Failures: 1, UnreachableSince: now}
	if n := len(mustMarshal(t, e)); n > redisstore.DefaultMaxValue {
		t.Errorf("an entry with a good copy at the parse limit encodes to %d bytes, over DefaultMaxValue %d", n, redisstore.DefaultMaxValue)
	}
}

func TestKeys(t *testing.T) {
	tests := []struct {
		prefix, origin, key, lease string
	}{
		{"", "https://example.com", "robots:{https://example.com}", "robots:{https://example.com}:lease"},
		{"crawl:v2:", "http://[::1]:8080", "crawl:v2:{http://[::1]:8080}", "crawl:v2:{http://[::1]:8080}:lease"},
	}
	for _, tt := range tests {
		s := redisstore.New(nil, &redisstore.Options{Prefix: tt.prefix})
		if got := s.Key(tt.origin); got != tt.key {
			t.Errorf("prefix %q: Key(%q) = %q, want %q", tt.prefix, tt.origin, got, tt.key)
		}
		if got := s.LeaseKey(tt.origin); got != tt.lease {
			t.Errorf("prefix %q: LeaseKey(%q) = %q, want %q", tt.prefix, tt.origin, got, tt.lease)
		}
	}
}

func TestLease(t *testing.T) {
	srv := startServer(t)
	a, client := newStore(t, srv, redisstore.Options{})
	b, _ := newStore(t, srv, redisstore.Options{})
	ctx := context.Background()
	const origin, ttl = "https://lease.example", 300 * time.Millisecond
	key := a.LeaseKey(origin)
	// Redis keeps the deadline in milliseconds.
	deadline := time.UnixMilli(time.Now().Add(30 * time.Second).UnixMilli())
	la := crawl.Lease{Token: "token-a", Deadline: deadline}
	lb := crawl.Lease{Token: "token-b", Deadline: deadline.Add(time.Minute)}
	lease := func(s *redisstore.Store, l crawl.Lease, wantHolder crawl.Lease, wantTook bool) {
		t.Helper()
		holder, took, err := s.Lease(ctx, origin, l, ttl)
		if err != nil || took != wantTook {
			t.Fatalf("Lease(%+v) = took %v, error %v; want %v", l, took, err, wantTook)
		}
		if diff := cmp.Diff(wantHolder, holder); diff != "" {
			t.Errorf("Lease(%+v) holder (-want +got):\n%s", l, diff)
		}
	}
	value := func() string {
		t.Helper()
		v, err := client.Get(ctx, key).Result()
		if err == redis.Nil {
			return ""
		}
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	pttl := func() time.Duration {
		t.Helper()
		d, err := client.PTTL(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}

	lease(a, la, la, true)
	if got, want := value(), fmt.Sprintf("%d token-a", deadline.UnixMilli()); got != want {
		t.Errorf("lease value = %q, want %q", got, want)
	}
	if d := pttl(); d <= 0 || d > ttl {
		t.Errorf("PTTL of the lease = %v; want in (0, %v]", d, ttl)
	}
	// Another holder learns the first's lease, and cannot renew or
	// release it.
	lease(b, lb, la, false)
	lease(a, lb, la, false)
	if ok, err := b.Renew(ctx, origin, "token-b", time.Hour); ok || err != nil {
		t.Errorf("Renew with another token = %v, %v; want false", ok, err)
	}
	if ok, err := b.Release(ctx, origin, "token-b"); ok || err != nil {
		t.Errorf("Release with another token = %v, %v; want false", ok, err)
	}
	if ok, err := b.Release(ctx, origin, "token"); ok || err != nil {
		t.Errorf("Release with a prefix of the token = %v, %v; want false", ok, err)
	}
	if d := pttl(); d <= 0 || d > ttl {
		t.Errorf("PTTL after another's Renew = %v; want still in (0, %v]", d, ttl)
	}
	// The holder renews it, with its token.
	if ok, err := a.Renew(ctx, origin, "token-a", 10*ttl); !ok || err != nil {
		t.Errorf("Renew by the holder = %v, %v; want true", ok, err)
	}
	if d := pttl(); d <= ttl || d > 10*ttl {
		t.Errorf("PTTL after the holder's Renew = %v; want in (%v, %v]", d, ttl, 10*ttl)
	}
	if got, want := value(), fmt.Sprintf("%d token-a", deadline.UnixMilli()); got != want {
		t.Errorf("lease value after Renew = %q, want %q", got, want)
	}
	// The holder releases it: anyone may take it at once.
	if ok, err := a.Release(ctx, origin, "token-a"); !ok || err != nil {
		t.Errorf("Release by the holder = %v, %v; want true", ok, err)
	}
	if v := value(); v != "" {
		t.Errorf("after Release, the lease key holds %q", v)
	}
	if ok, err := a.Release(ctx, origin, "token-a"); ok || err != nil {
		t.Errorf("second Release = %v, %v; want false", ok, err)
	}
	if ok, err := a.Renew(ctx, origin, "token-a", ttl); ok || err != nil {
		t.Errorf("Renew after Release = %v, %v; want false", ok, err)
	}
	if v := value(); v != "" {
		t.Errorf("Renew after Release left %q", v)
	}
	start := time.Now()
	lease(b, lb, lb, true)
	// Once ttl has passed unrenewed, the lease has lapsed: its holder can
	// no longer renew it, and anyone can take it.
	time.Sleep(time.Until(start.Add(ttl + 50*time.Millisecond)))
	if ok, err := b.Renew(ctx, origin, "token-b", ttl); ok || err != nil {
		t.Errorf("Renew after ttl = %v, %v; want false", ok, err)
	}
	lease(a, la, la, true)

	// The lease key is apart from the entry's: an entry does not take it.
	if err := a.Put(ctx, "https://fresh.example", crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(day)}); err != nil {
		t.Fatal(err)
	}
	if _, took, err := a.Lease(ctx, "https://fresh.example", la, ttl); !took || err != nil {
		t.Errorf("Lease of an origin with an entry = %v, %v; want true", took, err)
	}
	// A lease with no deadline says so.
	noDeadline := crawl.Lease{Token: "token-c"}
	if _, took, err := a.Lease(ctx, "https://nodeadline.example", noDeadline, ttl); !took || err != nil {
		t.Fatalf("Lease with no deadline = %v, %v; want true", took, err)
	}
	if holder, _, _ := b.Lease(ctx, "https://nodeadline.example", lb, ttl); holder != noDeadline {
		t.Errorf("holder of a lease with no deadline = %+v, want %+v", holder, noDeadline)
	}

	for _, tt := range []struct {
		name  string
		token string
		ttl   time.Duration
	}{
		{"ttl 0", "t", 0},
		{"empty token", "", ttl},
		{"token of 129 bytes", strings.Repeat("t", 129), ttl},
	} {
		if _, _, err := a.Lease(ctx, "https://bad.example", crawl.Lease{Token: tt.token}, tt.ttl); err == nil {
			t.Errorf("Lease with %s succeeded, want an error", tt.name)
		}
		if _, err := a.Renew(ctx, "https://bad.example", tt.token, tt.ttl); err == nil {
			t.Errorf("Renew with %s succeeded, want an error", tt.name)
		}
	}
	if _, err := a.Release(ctx, "https://bad.example", ""); err == nil {
		t.Error("Release with an empty token succeeded, want an error")
	}
}

// TestLeaseBadValues puts values no Store writes under a lease key: a
// Lease that finds one returns a held lease with what it can read of it,
// at most 149 bytes of the value; Renew and Release leave it.
func TestLeaseBadValues(t *testing.T) {
	srv := startServer(t)
	store, client := newStore(t, srv, redisstore.Options{})
	ctx := context.Background()
	mine := crawl.Lease{Token: "mine", Deadline: time.Now().Add(time.Minute)}
	tests := []struct {
		name  string
		value string
		want  crawl.Lease
	}{
		{"empty", "", crawl.Lease{}},
		{"no space: the older format, when it was taken", "1795000000000", crawl.Lease{}},
		{"no token", "1795000000000 ", crawl.Lease{}},
		{"not a number", "soon tok", crawl.Lease{}},
		{"negative", "-5 tok", crawl.Lease{}},
		{"no deadline", "0 tok", crawl.Lease{Token: "tok"}},
		{"huge", "1795000000000 " + strings.Repeat("x", 10<<20), crawl.Lease{Token: strings.Repeat("x", 149-14), Deadline: time.UnixMilli(1795000000000)}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			origin := fmt.Sprintf("https://bad%d.example", i)
			key := store.LeaseKey(origin)
			if err := client.Set(ctx, key, tt.value, time.Minute).Err(); err != nil {
				t.Fatal(err)
			}
			holder, took, err := store.Lease(ctx, origin, mine, time.Second)
			if took || err != nil {
				t.Fatalf("Lease = took %v, error %v; want held by another", took, err)
			}
			if diff := cmp.Diff(tt.want, holder); diff != "" {
				t.Errorf("holder (-want +got):\n%s", diff)
			}
			// No token but the holder's, here "tok" for the values that
			// end so, acts on the lease.
			for _, token := range []string{"mine", tt.value, strings.TrimSuffix(tt.value, " tok")} {
				if token == "" || len(token) > 128 {
					continue
				}
				if ok, err := store.Renew(ctx, origin, token, time.Hour); ok || err != nil {
					t.Errorf("Renew(%q) = %v, %v; want false", token, ok, err)
				}
				if ok, err := store.Release(ctx, origin, token); ok || err != nil {
					t.Errorf("Release(%q) = %v, %v; want false", token, ok, err)
				}
			}
			if v, err := client.Get(ctx, key).Result(); err != nil || v != tt.value {
				t.Errorf("after Renew and Release, the key holds %d bytes, %v; want the value untouched", len(v), err)
			}
		})
	}
	// A key of another type is an error, not a lease.
	origin := "https://list.example"
	if err := client.RPush(ctx, store.LeaseKey(origin), "x").Err(); err != nil {
		t.Fatal(err)
	}
	if _, took, err := store.Lease(ctx, origin, mine, time.Second); took || err == nil {
		t.Errorf("Lease over a list = took %v, error %v; want an error", took, err)
	}
}

// TestCluster runs the store on a one-node Redis Cluster that holds every
// slot: the two keys of an origin must hash to one slot.
func TestCluster(t *testing.T) {
	srv := startServer(t, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf")
	ctx := context.Background()
	admin := srv.client()
	if err := admin.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", "0", "16383").Err(); err != nil {
		t.Fatalf("CLUSTER ADDSLOTSRANGE: %v", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		info, err := admin.ClusterInfo(ctx).Result()
		if err == nil && strings.Contains(info, "cluster_state:ok") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("cluster state not ok: %q, %v", info, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	client := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{srv.addr}})
	t.Cleanup(func() { client.Close() })
	store := redisstore.WithClock(redisstore.New(client, nil), fixedNow)
	const origin = "https://cluster.example"
	key, err := admin.ClusterKeySlot(ctx, store.Key(origin)).Result()
	if err != nil {
		t.Fatal(err)
	}
	lease, err := admin.ClusterKeySlot(ctx, store.LeaseKey(origin)).Result()
	if err != nil {
		t.Fatal(err)
	}
	if key != lease {
		t.Errorf("slot of %s = %d, of %s = %d; want one slot", store.Key(origin), key, store.LeaseKey(origin), lease)
	}
	want := accessStates[0].e
	if err := store.Put(ctx, origin, want); err != nil {
		t.Fatalf("Put through a cluster client: %v", err)
	}
	got, ok, err := store.Get(ctx, origin)
	if !ok || err != nil {
		t.Fatalf("Get through a cluster client = ok %v, error %v", ok, err)
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Get after Put mismatch (-want +got):\n%s", diff)
	}
	l := crawl.Lease{Token: "cluster", Deadline: time.UnixMilli(time.Now().Add(time.Minute).UnixMilli())}
	if holder, took, err := store.Lease(ctx, origin, l, time.Second); !took || err != nil || holder != l {
		t.Errorf("Lease through a cluster client = %+v, %v, %v; want %+v, true", holder, took, err, l)
	}
	if holder, took, err := store.Lease(ctx, origin, crawl.Lease{Token: "other"}, time.Second); took || err != nil || holder != l {
		t.Errorf("second Lease through a cluster client = %+v, %v, %v; want %+v, false", holder, took, err, l)
	}
	if ok, err := store.Renew(ctx, origin, l.Token, time.Second); !ok || err != nil {
		t.Errorf("Renew through a cluster client = %v, %v; want true", ok, err)
	}
	if ok, err := store.Release(ctx, origin, l.Token); !ok || err != nil {
		t.Errorf("Release through a cluster client = %v, %v; want true", ok, err)
	}
}
