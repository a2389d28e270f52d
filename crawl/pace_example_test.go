package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// A crawler with a loop of its own waits for each origin's slot before
// each request, and reports each response, so that the Checker keeps the
// Crawl-delay of robots.txt and the Retry-After of refused pages. A
// crawler built on http.Client uses a Transport, which does both.
func ExampleChecker_Wait() {
	site := exampleSite(200, "User-agent: *\nCrawl-delay: 0.5\nDisallow: /private/\n")
	defer site.Close()
	checker := &crawl.Checker{Pacing: crawl.Pacing{MinInterval: 100 * time.Millisecond}}
	ctx := context.Background()

	interval, err := checker.Interval(ctx, "MyBot", site.URL+"/")
	if err != nil {
		panic(err)
	}
	fmt.Println("interval:", interval)

	start := time.Now()
	for _, page := range []string{"/a", "/b", "/c"} {
		url := site.URL + page
		if err := checker.Wait(ctx, "MyBot", url); err != nil {
			panic(err) // only when ctx ends, or for a bad agent or URL
		}
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		checker.Report(ctx, url, resp.StatusCode, resp.Header)
		resp.Body.Close()
	}
	// Three requests, each slot half a second after the one before.
	fmt.Println("took a second at least:", time.Since(start) >= time.Second)
	// Output:
	// interval: 500ms
	// took a second at least: true
}

// Pacing.Interval says what a Checker keeps for a robots.txt at hand: the
// Crawl-delay of the agent's group, within the minimum and the maximum.
func ExamplePacing_Interval() {
	f := robots.Parse([]byte("User-agent: slow\nCrawl-delay: 120\nDisallow: /tmp/\n\nUser-agent: *\nCrawl-delay: 5\nDisallow: /tmp/\n"))
	var p crawl.Pacing // the defaults: 1s at least, Crawl-delay capped at 30s
	for _, agent := range []string{"MyBot", "slow"} {
		d, err := p.Interval(f, agent)
		fmt.Println(agent, d, err)
	}
	strict := crawl.Pacing{RefuseAboveMax: true}
	_, err := strict.Interval(f, "slow")
	fmt.Println(errors.Is(err, crawl.ErrDelayTooLong))
	// Output:
	// MyBot 5s <nil>
	// slow 30s <nil>
	// true
}
