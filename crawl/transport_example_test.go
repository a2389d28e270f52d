package crawl_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/crawlkit/robots/crawl"
)

// A request that robots.txt disallows fails with a *DisallowedError,
// which an http.Client wraps in a *url.Error: errors.As finds it there,
// with the URL, the agent and the rule that decided.
func ExampleDisallowedError() {
	site := exampleSite(200, "User-agent: *\nDisallow: /private/\n")
	defer site.Close()
	client := &http.Client{Transport: &crawl.Transport{Checker: &crawl.Checker{}, Agent: "MyBot"}}

	_, err := client.Get(site.URL + "/private/report.pdf")
	var de *crawl.DisallowedError
	if errors.As(err, &de) {
		u, _ := url.Parse(de.URL)
		fmt.Println("refused:", u.Path, "for", de.Agent)
		fmt.Println("by", de.Explanation)
	}
	fmt.Println("errors.Is ErrDisallowed:", errors.Is(err, crawl.ErrDisallowed))
	// Output:
	// refused: /private/report.pdf for MyBot
	// by line 2: Disallow: /private/
	// errors.Is ErrDisallowed: true
}
