package redisstore_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// Every machine of a fleet gives its Checker a Store on the same Redis, as
// its Store, Leaser and Pacer, and closes the Checker before it exits. (This example needs a Redis server, so it is compiled but not run.)
func ExampleNew() {
	rdb := redis.NewUniversalClient(&redis.UniversalOptions{
		Addrs:                 []string{"redis:6379"},
		ContextTimeoutEnabled: true,
	})
	s := redisstore.New(rdb, nil)
	checker := &crawl.Checker{
		Store:      s, // the entries the fleet fetched
		Leaser:     s, // one fetch of an origin for the fleet
		Pacer:      s, // one pace of an origin for the fleet
		StoreError: func(origin string, err error) { log.Printf("robots store: %s: %v", origin, err) },
	}
	ok, err := checker.Allowed(context.Background(), "MyBot", "https://example.com/page")
	fmt.Println(ok, err)

	// Before the process exits, the entries it fetched last reach Redis.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := checker.Close(ctx); err != nil {
		log.Printf("robots: %v", err)
	}
}

func ExampleStore_Key() {
	s := redisstore.New(nil, &redisstore.Options{Prefix: "crawl:"})
	fmt.Println(s.Key("https://example.com"))
	fmt.Println(s.LeaseKey("https://example.com"))
	// Output:
	// crawl:{https://example.com}
	// crawl:{https://example.com}:lease
}

func ExampleTTL() {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	ok := crawl.Entry{Status: 200, Fetched: now, Expires: now.Add(24 * time.Hour)}
	gone := crawl.Entry{Status: 404, Fetched: now, Expires: now.Add(24 * time.Hour)}
	down := crawl.Entry{Status: 503, Fetched: now, Expires: now.Add(time.Hour),
		Failures: 12, UnreachableSince: now.Add(-10 * 24 * time.Hour), Good: []byte("User-agent: *\nDisallow: /x\n")}
	fmt.Println(redisstore.TTL(ok, now))   // Expires + 30 days
	fmt.Println(redisstore.TTL(gone, now)) // Expires
	fmt.Println(redisstore.TTL(down, now)) // UnreachableSince + 30 days
	// Output:
	// 744h0m0s
	// 24h0m0s
	// 480h0m0s
}
