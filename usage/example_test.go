package usage_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/page"
	"github.com/crawlkit/robots/usage"
)

// A crawler that trains models asks about a page it fetched: robots.txt
// lets it in and says no to training; the page's header allows input to
// AI answers, and its TDMRep META tag reserves mining rights with a
// policy.
func Example() {
	file := robots.Parse([]byte("User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\n"))
	header := http.Header{"Content-Usage": {"search=y"}, "Content-Signal": {"ai-input=yes"}}
	head, _ := page.FromHTML(strings.NewReader(`<meta name="tdm-reservation" content="1">
<meta name="tdm-policy" content="https://example.com/tdm-policy.json">`))

	a := usage.For("GPTBot", usage.Input{
		URL:    "https://example.com/post",
		Robots: file,
		Header: header,
		Page:   page.Join(page.FromHeader(header), head),
	})
	for _, u := range usage.Uses() {
		d := a.Use(u)
		fmt.Println(u, d.State)
		for _, s := range d.By {
			fmt.Println("  ", s)
		}
	}
	fmt.Println("policy:", a.AITrain.Policy)
	// Output:
	// search allowed
	//    robots.txt line 3: Content-Signal: search=yes, ai-train=no
	//    header 1: Content-Usage: search=y
	// ai-input allowed
	//    header 1: Content-Signal: ai-input=yes
	// ai-train disallowed
	//    robots.txt line 3: Content-Signal: search=yes, ai-train=no
	//    meta line 1: tdm-reservation: 1
	// policy: https://example.com/tdm-policy.json
}
