package redisstore_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// Every machine of a fleet gives its Checker a Store on the same Redis, as
// its Store, Leaser and Pacer, and closes the Checker before it exits. Here
// two machines check a URL of one site in turn: the first fetches its
// robots.txt and leaves the entry in Redis, the second reads it from
// there, and the site sees one fetch.
//
// The address of Redis comes from REDIS_ADDR, such as "redis:6379"; the
// package's tests set it to that of the redis-server they start.
func ExampleNew() {
	rdb := redis.NewUniversalClient(&redis.UniversalOptions{
		Addrs:                 []string{os.Getenv("REDIS_ADDR")},
		ContextTimeoutEnabled: true,
	})
	defer rdb.Close()

	var fetches atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()

	machine := func(name string) {
		s := redisstore.New(rdb, nil)
		checker := &crawl.Checker{
			Store:      s, // the entries the fleet fetched
			Leaser:     s, // one fetch of an origin for the fleet
			Pacer:      s, // one pace of an origin for the fleet
			StoreError: func(origin string, err error) { log.Printf("robots store: %s: %v", origin, err) },
		}
		ok, err := checker.Allowed(context.Background(), "MyBot", site.URL+"/private/page")
		fmt.Println(name, "may fetch /private/page:", ok, err)

		// Before the process exits, the entries it fetched last reach Redis.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := checker.Close(ctx); err != nil {
			log.Printf("robots: %v", err)
		}
	}
	machine("first")
	machine("second")
	fmt.Println("the site served robots.txt", fetches.Load(), "time")

	// Redis keeps the entry a day, as fresh, then 30 days more as the last
	// good copy (see TTL).
	s := redisstore.New(rdb, nil)
	ttl, err := rdb.PTTL(context.Background(), s.Key(site.URL)).Result()
	fmt.Println("kept for", ttl.Round(time.Hour), err)

	// The example leaves Redis as it found it.
	rdb.Del(context.Background(), s.Key(site.URL), s.LeaseKey(site.URL), s.PaceKey(site.URL))
	// Output:
	// first may fetch /private/page: false <nil>
	// second may fetch /private/page: false <nil>
	// the site served robots.txt 1 time
	// kept for 744h0m0s <nil>
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
