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
	// Three requests, each slot a fifth of a second after the one before.
	site := exampleSite(200, "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private/\n")
	defer site.Close()
	checker := &crawl.Checker{Pacing: crawl.Pacing{MinInterval: 100 * time.Millisecond}}
	ctx := context.Background()

	for _, page := range []string{"/a", "/b", "/c"} {
		url := site.URL + page
		if err := checker.Wait(ctx, "MyBot", url); err != nil {
			fmt.Println(err) // ctx ended, or a bad agent or URL
			return
		}
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		checker.Report(ctx, url, resp.StatusCode, resp.Header)
		resp.Body.Close()
		fmt.Println(page, resp.Status)
	}
	// Output:
	// /a 200 OK
	// /b 200 OK
	// /c 200 OK
}

// Interval says how far apart the Checker starts an agent's requests to
// an origin: the Crawl-delay of the agent's group, one second at least and
// 30 at most by default.
func ExampleChecker_Interval() {
	site := exampleSite(200, "User-agent: *\nCrawl-delay: 5\nDisallow: /tmp/\n\nUser-agent: SlowBot\nCrawl-delay: 120\nDisallow: /tmp/\n")
	defer site.Close()
	ctx := context.Background()

	checker := &crawl.Checker{}
	for _, agent := range []string{"MyBot", "SlowBot"} {
		d, err := checker.Interval(ctx, agent, site.URL+"/")
		fmt.Println(agent, d, err)
	}
	strict := &crawl.Checker{Pacing: crawl.Pacing{RefuseAboveMax: true}}
	_, err := strict.Interval(ctx, "SlowBot", site.URL+"/")
	fmt.Println("SlowBot refused:", errors.Is(err, crawl.ErrDelayTooLong))
	// Output:
	// MyBot 5s <nil>
	// SlowBot 30s <nil>
	// SlowBot refused: true
}

// Report lets a refused page push its origin back: after a 429 with
// Retry-After: 120, no request may go for two minutes, and a Wait that
// must end within one tells at once, without waiting.
func ExampleChecker_Report() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()
	checker := &crawl.Checker{}
	ctx := context.Background()
	url := site.URL + "/page"

	if err := checker.Wait(ctx, "MyBot", url); err != nil {
		fmt.Println(err)
		return
	}
	// The site answered the request 429 Too Many Requests.
	checker.Report(ctx, url, http.StatusTooManyRequests, http.Header{"Retry-After": {"120"}})

	withinAMinute, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	err := checker.Wait(withinAMinute, "MyBot", url)
	fmt.Println("pushed past the deadline:", errors.Is(err, crawl.ErrPaceDeadline))
	fmt.Println("a timeout too:", errors.Is(err, context.DeadlineExceeded))
	// Output:
	// pushed past the deadline: true
	// a timeout too: true
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
