package crawl_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/page"
	"github.com/crawlkit/robots/usage"
)

// A crawler that trains models fetches a page through a Transport, which
// fetches only what robots.txt allows, and asks Usage what it may do with
// it: Usage reuses the robots.txt the Transport fetched, and fetches the
// origin's tdmrep.json.
func ExampleChecker_Usage() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nContent-Signal: search=yes, ai-input=yes\n")
		case "/.well-known/tdmrep.json":
			fmt.Fprint(w, `[{"location": "/", "tdm-reservation": 1}]`)
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<meta name="robots" content="noimageai">`)
		}
	}))
	defer site.Close()

	checker := &crawl.Checker{}
	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "ExampleBot"}}
	url := site.URL + "/post"
	resp, err := client.Get(url)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	d, err := page.FromResponse(resp)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := checker.Usage(context.Background(), "ExampleBot", usage.Input{URL: url, Header: resp.Header, Page: d})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, u := range usage.Uses() {
		fmt.Printf("%-8s %-10s images %s\n", u, a.Use(u).State, a.Use(u).Images)
		for _, s := range a.Use(u).By {
			fmt.Println("  ", s)
		}
	}
	// Output:
	// search   allowed    images unstated
	//    robots.txt line 2: Content-Signal: search=yes, ai-input=yes
	// ai-input allowed    images disallowed
	//    robots.txt line 2: Content-Signal: search=yes, ai-input=yes
	//    meta line 1: robots: noimageai
	// ai-train disallowed images disallowed
	//    tdmrep.json entry 1: {"location":"/","tdm-reservation":1}
	//    meta line 1: robots: noimageai
}
