package redisstore_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// benchOpts give the benchmarks' Stores a timeout long enough that a
// loaded machine slows them down rather than failing them.
var benchOpts = redisstore.Options{Timeout: 10 * time.Second}

// benchBodies are robots.txt bodies of the root module's testdata/bench: a
// realistic file and one at the parse limit.
var benchBodies = []string{"realistic_5k.txt", "big_500k.txt"}

func benchBody(b *testing.B, name string) []byte {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// BenchmarkGet is the Store's part of a Checker's local miss served from
// Redis: one GETRANGE round trip on loopback and the decoding of the entry.
func BenchmarkGet(b *testing.B) {
	srv := startServer(b)
	store, _ := newStore(b, srv, benchOpts)
	ctx := context.Background()
	for _, name := range benchBodies {
		b.Run(name, func(b *testing.B) {
			origin := "https://" + name
			e := crawl.Entry{Status: 200, Body: benchBody(b, name), Fetched: now, Expires: now.Add(day)}
			if err := store.Put(ctx, origin, e); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(e.Body)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				got, ok, err := store.Get(ctx, origin)
				if err != nil || !ok || len(got.Body) != len(e.Body) {
					b.Fatalf("Get = ok %v, error %v, %d bytes of body", ok, err, len(got.Body))
				}
			}
		})
	}
}

// BenchmarkPut is what a Checker adds to each fetch to share it.
func BenchmarkPut(b *testing.B) {
	srv := startServer(b)
	store, _ := newStore(b, srv, benchOpts)
	ctx := context.Background()
	for _, name := range benchBodies {
		b.Run(name, func(b *testing.B) {
			origin := "https://" + name
			e := crawl.Entry{Status: 200, Body: benchBody(b, name), Fetched: now, Expires: now.Add(day)}
			b.SetBytes(int64(len(e.Body)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := store.Put(ctx, origin, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLease is one Lease call that finds the lease held: one round
// trip on loopback, running a short script, with nothing to encode or
// decode but a few bytes: about the floor under Get and Put.
func BenchmarkLease(b *testing.B) {
	srv := startServer(b)
	store, _ := newStore(b, srv, benchOpts)
	ctx := context.Background()
	l := crawl.Lease{Token: "0123456789abcdef0123456789abcdef", Deadline: time.Now().Add(time.Hour)}
	if _, took, err := store.Lease(ctx, "https://lease.example", l, time.Hour); !took || err != nil {
		b.Fatalf("Lease = %v, %v", took, err)
	}
	other := crawl.Lease{Token: "fedcba9876543210fedcba9876543210", Deadline: time.Now().Add(time.Hour)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, took, err := store.Lease(ctx, "https://lease.example", other, time.Hour); took || err != nil {
			b.Fatalf("Lease while held = %v, %v", took, err)
		}
	}
}

// BenchmarkRoundTrip is a plain Redis round trip on loopback through the
// client the Stores use, with nothing to encode or decode: "ping" is PING,
// "get" a GET of a 5-byte value. A miss served from Redis
// (BenchmarkCheckerMiss) is this, plus the decoding of the entry and the
// parse of its body.
func BenchmarkRoundTrip(b *testing.B) {
	srv := startServer(b)
	client := srv.client()
	ctx := context.Background()
	if err := client.Set(ctx, "small", "value", 0).Err(); err != nil {
		b.Fatal(err)
	}
	b.Run("ping", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := client.Ping(ctx).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("get", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if v, err := client.Get(ctx, "small").Result(); err != nil || v != "value" {
				b.Fatalf("GET = %q, %v", v, err)
			}
		}
	})
}

// BenchmarkMissOverRoundTrip alternates a bare GET of a 5-byte value
// (BenchmarkRoundTrip/get) and a Checker's miss served from the Store
// (BenchmarkCheckerMiss/redis/realistic_5k.txt), timing each, and reports
// the median over the pairs of how much longer the miss took, as
// miss/get: on a machine shared with other work the load changes between
// two benchmarks run one after the other, much less between two calls,
// and the median leaves out the pairs that another process cut into. The
// client is made with ContextTimeoutEnabled, as README advises.
func BenchmarkMissOverRoundTrip(b *testing.B) {
	srv := startServer(b)
	client := redis.NewClient(&redis.Options{Addr: srv.addr, ContextTimeoutEnabled: true})
	defer client.Close()
	opts := benchOpts
	store := redisstore.New(client, &opts)
	ctx := context.Background()
	if err := client.Set(ctx, "small", "value", 0).Err(); err != nil {
		b.Fatal(err)
	}
	// Two origins, each with its entry in Redis, and a Checker that holds
	// one in memory: each call misses.
	origins := [2]string{"https://a.example", "https://b.example"}
	body := benchBody(b, "realistic_5k.txt")
	for _, o := range origins {
		t := time.Now()
		if err := store.Put(ctx, o, crawl.Entry{Status: 200, Body: body, Fetched: t, Expires: t.Add(day)}); err != nil {
			b.Fatal(err)
		}
	}
	c := &crawl.Checker{Store: store, CacheEntries: 1}
	defer c.Close(ctx)
	ratios := make([]float64, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if v, err := client.Get(ctx, "small").Result(); err != nil || v != "value" {
			b.Fatalf("GET = %q, %v", v, err)
		}
		mid := time.Now()
		f, err := c.File(ctx, origins[i%2]+"/page")
		if err != nil || !f.Access().Stored {
			b.Fatalf("File = %+v, %v; want it from the Store", f.Access(), err)
		}
		ratios[i] = float64(time.Since(mid)) / float64(mid.Sub(start))
	}
	b.StopTimer()
	sort.Float64s(ratios)
	b.ReportMetric(ratios[len(ratios)/2], "miss/get")
}
