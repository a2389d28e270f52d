package robots_test

import (
	"fmt"

	"github.com/crawlkit/robots"
)

func ExampleFile_Preferences() {
	f := robots.Parse([]byte(`User-agent: *
Content-Signal: search=yes, ai-input=no, ai-train=no
Content-Usage: train-ai=n
Content-Usage: /docs/ train-ai=y
Disallow: /private/

User-agent: ExampleBot
Content-Usage: train-ai=y
`))
	for _, q := range []struct{ agent, url string }{
		{"OtherBot", "https://example.com/blog/post"},
		{"OtherBot", "https://example.com/docs/intro"},
		{"OtherBot", "https://example.com/private/x"},
		{"ExampleBot", "https://example.com/blog/post"},
	} {
		p := f.Preferences(q.agent, q.url)
		fmt.Printf("%s %s: signal %v, usage %v", q.agent, q.url, p.Signal, p.Usage)
		for _, l := range p.UsageLines {
			fmt.Printf(" (line %d)", l.Line)
		}
		fmt.Println()
	}
	// Output:
	// OtherBot https://example.com/blog/post: signal map[ai-input:no ai-train:no search:yes], usage map[train-ai:n] (line 3)
	// OtherBot https://example.com/docs/intro: signal map[ai-input:no ai-train:no search:yes], usage map[train-ai:y] (line 4)
	// OtherBot https://example.com/private/x: signal map[], usage map[]
	// ExampleBot https://example.com/blog/post: signal map[], usage map[train-ai:y] (line 8)
}

func ExampleFile_PreferenceLines() {
	f := robots.Parse([]byte(`User-agent: GPTBot
Content-Signal: ai-train=no
Content-Usage: /images/ train-ai=n # photos are licensed
Allow: /
`))
	for _, l := range f.PreferenceLines("GPTBot") {
		fmt.Printf("line %d: %v path %q: %s\n", l.Line, l.Key, l.Path, l.Value)
	}
	// Output:
	// line 2: Content-Signal path "": ai-train=no
	// line 3: Content-Usage path "/images/": train-ai=n
}
