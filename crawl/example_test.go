package crawl_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// exampleSite starts a web site on loopback whose robots.txt is body,
// served with status; other pages answer "page". Examples print no URL of
// it, since its port changes from run to run.
func exampleSite(status int, body string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.WriteHeader(status)
			fmt.Fprint(w, body)
			return
		}
		fmt.Fprint(w, "page")
	}))
}

// visitAllowed visits the pages of urls that robots.txt allows to MyBot. It is
// the loop of the README's "Crawling with robots" section;
// TestReadmeCrawlLoop keeps the two the same.
func visitAllowed(ctx context.Context, urls []string, visit func(url string)) error {
	checker := &crawl.Checker{UserAgent: "MyBot/1.0 (+https://example.com/bot)"}
	for _, url := range urls {
		ok, err := checker.Allowed(ctx, "MyBot", url)
		if err != nil {
			if ctx.Err() != nil {
				return err // the crawl was cancelled or timed out
			}
			log.Printf("skipping %s: %v", url, err) // not an http(s) URL
			continue
		}
		if ok {
			visit(url)
		}
	}
	return nil
}

// A crawler asks the Checker about each URL: it fetches each origin's
// robots.txt once, and answers from memory after that.
func Example_crawl() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()
	urls := []string{site.URL + "/", site.URL + "/private/a", site.URL + "/public/b"}
	err := visitAllowed(context.Background(), urls, func(url string) {
		fmt.Println("visit", strings.TrimPrefix(url, site.URL))
	})
	fmt.Println("error:", err)
	// Output:
	// visit /
	// visit /public/b
	// error: <nil>
}

// TestReadmeCrawlLoop checks that the README's "Crawling with robots"
// section shows the func visitAllowed of this file, so that its loop is code
// that runs.
func TestReadmeCrawlLoop(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Crawling with robots\n")
	if !ok {
		t.Fatal(`README.md has no "## Crawling with robots" section`)
	}
	_, block, ok := strings.Cut(section, "```go\n")
	if !ok {
		t.Fatal(`README.md's "Crawling with robots" section has no Go code block`)
	}
	block, _, _ = strings.Cut(block, "```")
	_, fn, ok := strings.Cut(string(src), "\nfunc visitAllowed(")
	if !ok {
		t.Fatal("crawl/example_test.go has no func visitAllowed")
	}
	fn, _, _ = strings.Cut(fn, "\n}\n")
	fn = "func visitAllowed(" + fn + "\n}\n"
	if block != fn {
		t.Errorf("README's crawl loop differs from func visitAllowed in crawl/example_test.go:\nREADME:\n%s\nfunc visitAllowed:\n%s", block, fn)
	}
}

func ExampleChecker_Allowed() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	var checker crawl.Checker // the zero Checker is ready to use
	ctx := context.Background()
	for _, path := range []string{"/index.html", "/private/data"} {
		ok, err := checker.Allowed(ctx, "MyBot", site.URL+path)
		fmt.Println(path, ok, err)
	}
	_, err := checker.Allowed(ctx, "MyBot/1.0", site.URL+"/")
	fmt.Println(errors.Is(err, robots.ErrBadAgent))
	// Output:
	// /index.html true <nil>
	// /private/data false <nil>
	// true
}

func ExampleChecker_Explain() {
	ok := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer ok.Close()
	missing := exampleSite(404, "Not found")
	defer missing.Close()
	failing := exampleSite(503, "User-agent: *\nAllow: /\n")
	defer failing.Close()

	var checker crawl.Checker
	for _, site := range []*httptest.Server{ok, missing, failing} {
		e, err := checker.Explain(context.Background(), "MyBot", site.URL+"/private/data")
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%v: %v (%v)\n", e.Allowed, e, e.Access.State)
	}
	// Output:
	// false: line 2: Disallow: /private/ (parsed)
	// true: robots.txt unavailable (HTTP 404): all allowed (unavailable)
	// false: robots.txt unreachable (HTTP 503): all disallowed (unreachable)
}

// A crawler that checks many URLs of one site can ask for the site's
// policy once, and then ask it about each URL.
func ExampleChecker_File() {
	site := exampleSite(200, "User-agent: MyBot\nDisallow: /search\nCrawl-delay: 2\n")
	defer site.Close()

	var checker crawl.Checker
	f, err := checker.File(context.Background(), site.URL+"/any/page")
	if err != nil {
		fmt.Println(err)
		return
	}
	a := f.Access()
	fmt.Println(a.State, a.Status, a.Bytes, a.Expires.Sub(a.Fetched))
	g := f.Group("MyBot")
	delay, _ := g.CrawlDelay()
	fmt.Println(g.Allowed("/search?q=x"), g.Allowed("/about"), delay)
	// Output:
	// parsed 200 51 24h0m0s
	// false true 2s
}

// An http.Client with a Transport obeys robots.txt in every request it
// makes, redirects included.
func ExampleTransport() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	client := &http.Client{Transport: &crawl.Transport{Checker: &crawl.Checker{}, Agent: "MyBot"}}
	for _, path := range []string{"/public", "/private/data"} {
		resp, err := client.Get(site.URL + path)
		if err != nil {
			var de *crawl.DisallowedError
			if errors.As(err, &de) {
				fmt.Println(path, "refused:", de.Explanation)
			}
			continue
		}
		resp.Body.Close()
		fmt.Println(path, resp.Status)
	}
	// Output:
	// /public 200 OK
	// /private/data refused: line 2: Disallow: /private/
}

// File.Access says how a Checker obtained a file.
func ExampleChecker_File_access() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	f, err := (&crawl.Checker{}).File(context.Background(), site.URL+"/page")
	if err != nil {
		fmt.Println(err)
		return
	}
	a := f.Access()
	fmt.Println(a.State, a.Status, a.Bytes, a.Redirects, a.Stored, a.Expires.Sub(a.Fetched))
	// Output:
	// parsed 200 34 0 false 24h0m0s
}

// A tool that shows a site's robots.txt to its authors gets the bytes the
// Checker fetched along with the File they stand for, in one call.
func ExampleChecker_Entry() {
	site := exampleSite(200, "\ufeffUser-agent: *\nDisallow: /private/\n")
	defer site.Close()

	var checker crawl.Checker
	e, f, err := checker.Entry(context.Background(), site.URL+"/page")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d %q\n", e.Status, e.Body[:3]) // a byte order mark, which robots.Parse skips
	fmt.Println(f.Allowed("MyBot", "/private/x"), f.Access().Bytes == len(e.Body))
	// Output:
	// 200 "\ufeff"
	// false true
}

// A Store keeps each Entry as MarshalBinary encodes it.
func ExampleEntry_MarshalBinary() {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	body := []byte(strings.Repeat("User-agent: *\nDisallow: /private/\n\n", 50))
	e := crawl.Entry{
		Status:   200,
		Body:     body,
		Fetched:  at,
		Expires:  at.Add(24 * time.Hour),
		FinalURL: "https://example.com/robots.txt",
	}
	data, err := e.MarshalBinary()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("version %d, a tenth of the body's %d bytes or less: %v\n", data[0], len(body), len(data) <= len(body)/10)

	var back crawl.Entry
	err = back.UnmarshalBinary(data)
	fmt.Println(back.Status, bytes.Equal(back.Body, body), back.Expires, err)
	// Output:
	// version 2, a tenth of the body's 1750 bytes or less: true
	// 200 true 2026-11-24 10:00:00 +0000 UTC <nil>
}

// UnmarshalBinary decodes what a Store read back, and refuses what no
// Checker could have written, and entries in the JSON of earlier releases.
func ExampleEntry_UnmarshalBinary() {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	data, _ := crawl.Entry{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 1,
		UnreachableSince: at, Err: "timeout"}.MarshalBinary()
	var e crawl.Entry
	err := e.UnmarshalBinary(data)
	fmt.Println(e.Status, e.Failures, e.Err, e.Expires.Sub(e.Fetched), err)

	err = e.UnmarshalBinary([]byte(`{"v":1,"status":404,"fetched":"2026-11-23T10:00:00Z"}`))
	fmt.Println(errors.Is(err, crawl.ErrBadEntry), e.Status) // e is left as it was
	// Output:
	// 503 1 timeout 1m0s <nil>
	// true 503
}

// A crawler whose Checker shares a Store closes it before exiting, so
// that what it fetched last reaches the Store for the other crawlers: a
// Checker puts each entry after it has answered.
func ExampleChecker_Close() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()
	store := newMemoryStore() // see ExampleStore; in a fleet: redisstore.New(rdb, nil)

	checker := &crawl.Checker{Store: store}
	ctx := context.Background()
	ok, err := checker.Allowed(ctx, "MyBot", site.URL+"/private/a")
	fmt.Println("allowed:", ok, err)

	// Shutting down: wait at most 5 seconds for the Store writes.
	closeCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := checker.Close(closeCtx); err != nil {
		log.Print(err)
	}
	e, stored, _ := store.Get(ctx, site.URL)
	fmt.Println("stored:", stored, e.Status)
	_, err = checker.Allowed(ctx, "MyBot", site.URL+"/")
	fmt.Println(errors.Is(err, crawl.ErrClosed))
	// Output:
	// allowed: false <nil>
	// stored: true 200
	// true
}
