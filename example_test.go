package robots_test

import (
	"fmt"

	"github.com/crawlkit/robots"
)

const exampleFile = `# robots.txt for https://example.com/
User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$

User-agent: Googlebot
Disallow: /search
Allow: /search/about

Sitemap: https://example.com/sitemap.xml
`

func ExampleParse() {
	f := robots.Parse([]byte(exampleFile))
	fmt.Println(f.Allowed("ExampleBot", "https://example.com/private/plans.html"))
	fmt.Println(f.Allowed("ExampleBot", "https://example.com/private/press/2026.html"))
	fmt.Println(f.Sitemaps())
	// Output:
	// false
	// true
	// [https://example.com/sitemap.xml]
}

func ExampleFile_Allowed() {
	f := robots.Parse([]byte(exampleFile))
	// Googlebot has a group of its own, which replaces the "*" group.
	fmt.Println(f.Allowed("googlebot", "https://example.com/private/plans.html"))
	fmt.Println(f.Allowed("googlebot", "https://example.com/search?q=robots"))
	// Other crawlers follow the "*" group.
	fmt.Println(f.Allowed("OtherBot", "/report.pdf"))
	fmt.Println(f.Allowed("OtherBot", "/report.pdf?page=2"))
	// Output:
	// true
	// false
	// false
	// true
}

func ExampleGroup_Allowed() {
	f := robots.Parse([]byte(exampleFile))
	// Look the group up once, then check many URLs.
	g := f.Group("Googlebot")
	for _, url := range []string{
		"https://example.com/",
		"https://example.com/search/about",
		"https://example.com/search/results",
	} {
		fmt.Println(g.Allowed(url), url)
	}
	// Output:
	// true https://example.com/
	// true https://example.com/search/about
	// false https://example.com/search/results
}

func ExampleFile_Explain() {
	f := robots.Parse([]byte(exampleFile))
	for _, url := range []string{
		"https://example.com/private/plans.html",
		"https://example.com/private/press/2026.html",
		"https://example.com/blog/",
	} {
		e := f.Explain("ExampleBot", url)
		fmt.Println(e.Allowed, e.String())
	}
	// Output:
	// false line 3: Disallow: /private/
	// true line 4: Allow: /private/press/
	// true no rule matched
}

func ExampleFile_Diagnostics() {
	f := robots.Parse([]byte("Disallow: /before-any-group\nUser-agent: *\nDisalow: /tmp\nCrawl-delay: soon\n"))
	for _, d := range f.Diagnostics() {
		fmt.Println(d)
	}
	// The misspelt line is still read, as Google reads it.
	fmt.Println(f.Allowed("AnyBot", "/tmp/x"))
	// Output:
	// line 1: rule outside any group "Disallow: /before-any-group"
	// line 3: accepted misspelling "Disalow"
	// line 4: bad crawl-delay "soon"
	// false
}

func ExampleOptions_Parse() {
	// RFC 9309 lets crawlers parse more than 500 KiB; never less.
	opts := robots.Options{MaxBytes: 1 << 20}
	f := opts.Parse([]byte("User-agent: *\nDisallow: /\n"))
	fmt.Println(f.Allowed("AnyBot", "/page"))
	// Output:
	// false
}

// A crawler passes its own product token, not a whole User-Agent header:
// the header's leading token may name another product entirely.
func ExampleProductToken() {
	f := robots.Parse([]byte("User-agent: Googlebot\nDisallow: /private/\n"))

	header := "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	fmt.Println(robots.ProductToken(header), f.Allowed(robots.ProductToken(header), "/private/x"))

	fmt.Println(robots.ProductToken("Googlebot/2.1"), f.Allowed(robots.ProductToken("Googlebot/2.1"), "/private/x"))
	fmt.Println(robots.ValidProductToken("Googlebot/2.1"), robots.ValidProductToken("Googlebot"))
	// Output:
	// Mozilla true
	// Googlebot false
	// false true
}
