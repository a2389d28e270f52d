package robots_test

import (
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

// crawl visits the pages of urls that robots.txt allows to MyBot. It is
// the loop of the README's "Crawling with robots" section;
// TestReadmeCrawlLoop keeps the two the same.
func crawl(ctx context.Context, urls []string, visit func(url string)) error {
	checker := &robots.Checker{UserAgent: "MyBot/1.0 (+https://example.com/bot)"}
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
	err := crawl(context.Background(), urls, func(url string) {
		fmt.Println("visit", strings.TrimPrefix(url, site.URL))
	})
	fmt.Println("error:", err)
	// Output:
	// visit /
	// visit /public/b
	// error: <nil>
}

// TestReadmeCrawlLoop checks that the README's "Crawling with robots"
// section shows the func crawl of this file, so that its loop is code
// that runs.
func TestReadmeCrawlLoop(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("access_example_test.go")
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
	_, fn, ok := strings.Cut(string(src), "\nfunc crawl(")
	if !ok {
		t.Fatal("access_example_test.go has no func crawl")
	}
	fn, _, _ = strings.Cut(fn, "\n}\n")
	fn = "func crawl(" + fn + "\n}\n"
	if block != fn {
		t.Errorf("README's crawl loop differs from func crawl in access_example_test.go:\nREADME:\n%s\nfunc crawl:\n%s", block, fn)
	}
}

func ExampleChecker_Allowed() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	var checker robots.Checker // the zero Checker is ready to use
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

	var checker robots.Checker
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

	var checker robots.Checker
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

func ExampleURLFor() {
	for _, page := range []string{
		"https://Example.COM:443/a/b?c#d",
		"http://user:secret@example.com:8080/",
		"https://BÜCHER.example/katalog",
		"http://[2001:DB8::1]/x",
		"ftp://example.com/file",
		"/relative/path",
	} {
		u, err := robots.URLFor(page)
		fmt.Println(u, errors.Is(err, robots.ErrBadURL))
	}
	// Output:
	// https://example.com/robots.txt false
	// http://example.com:8080/robots.txt false
	// https://xn--bcher-kva.example/robots.txt false
	// http://[2001:db8::1]/robots.txt false
	//  true
	//  true
}

// A crawler that fetches robots.txt its own way gets the status rules of
// RFC 9309 from FromStatus.
func ExampleFromStatus() {
	body := []byte("User-agent: *\nDisallow: /private/\n")
	for _, status := range []int{200, 404, 429, 503} {
		f := robots.FromStatus(status, body)
		fmt.Println(status, f.Allowed("MyBot", "/private/x"), f.Allowed("MyBot", "/public"), f.Explain("MyBot", "/public"))
	}
	// Output:
	// 200 false true no rule matched
	// 404 true true robots.txt unavailable (HTTP 404): all allowed
	// 429 false false robots.txt unreachable (HTTP 429): all disallowed
	// 503 false false robots.txt unreachable (HTTP 503): all disallowed
}

// An http.Client with a Transport obeys robots.txt in every request it
// makes, redirects included.
func ExampleTransport() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	client := &http.Client{Transport: &robots.Transport{Checker: &robots.Checker{}, Agent: "MyBot"}}
	for _, path := range []string{"/public", "/private/data"} {
		resp, err := client.Get(site.URL + path)
		if err != nil {
			var de *robots.DisallowedError
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

// Options apply to the body of a 2xx status, as to Parse.
func ExampleOptions_FromStatus() {
	body := []byte("User-agent: *\n" + strings.Repeat("# padding\n", 60_000) + "Disallow: /late\n")
	fmt.Println(robots.FromStatus(200, body).Allowed("MyBot", "/late"))
	fmt.Println(robots.Options{MaxBytes: 1 << 20}.FromStatus(200, body).Allowed("MyBot", "/late"))
	// Output:
	// true
	// false
}

// File.Access says how a Checker obtained a file; a parsed file has the
// zero Access.
func ExampleFile_Access() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()

	f, err := (&robots.Checker{}).File(context.Background(), site.URL+"/page")
	if err != nil {
		fmt.Println(err)
		return
	}
	a := f.Access()
	fmt.Println(a.State, a.Status, a.Bytes, a.Redirects, a.Stored, a.Expires.Sub(a.Fetched))
	fmt.Println(robots.FromStatus(503, nil).Access().State)
	fmt.Println(robots.Parse(nil).Access() == robots.Access{})
	// Output:
	// parsed 200 34 0 false 24h0m0s
	// unreachable
	// true
}

// A Store keeps each Entry as MarshalBinary encodes it.
func ExampleEntry_MarshalBinary() {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	e := robots.Entry{
		Status:   404,
		Fetched:  at,
		Expires:  at.Add(24 * time.Hour),
		FinalURL: "https://example.com/robots.txt",
	}
	data, err := e.MarshalBinary()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(data))
	// Output:
	// {"v":1,"status":404,"fetched":"2026-11-23T10:00:00Z","expires":"2026-11-24T10:00:00Z","unreachable":"0001-01-01T00:00:00Z","good_fetched":"0001-01-01T00:00:00Z","final_url":"https://example.com/robots.txt"}
}

// UnmarshalBinary decodes what a Store read back, and refuses what no
// Checker could have written.
func ExampleEntry_UnmarshalBinary() {
	var e robots.Entry
	err := e.UnmarshalBinary([]byte(`{"v":1,"status":503,"fetched":"2026-11-23T10:00:00Z",` +
		`"expires":"2026-11-23T10:01:00Z","failures":1,"unreachable":"2026-11-23T10:00:00Z","err":"timeout"}`))
	fmt.Println(e.Status, e.Failures, e.Err, e.Expires.Sub(e.Fetched), err)

	err = e.UnmarshalBinary([]byte(`{"v":1,"status":404,"body":"eA=="}`))
	fmt.Println(errors.Is(err, robots.ErrBadEntry), e.Status) // e is left as it was
	// Output:
	// 503 1 timeout 1m0s <nil>
	// true 503
}

// An AccessState prints as a word; a value of no state says so.
func ExampleAccessState_String() {
	for _, s := range []robots.AccessState{robots.StateParsed, robots.StateUnavailable, robots.StateUnreachable, 7} {
		fmt.Println(s)
	}
	// Output:
	// parsed
	// unavailable
	// unreachable
	// AccessState(7)
}
