package robots_test

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

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

// This is the example of the README's "Use" section; TestReadmeExample
// keeps the two the same.
func Example() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	g := f.Group("Googlebot")
	fmt.Println(g.Allowed("https://example.com/private/x")) // false
	fmt.Println(g.Allowed("https://example.com/public/"))   // true
	fmt.Println(f.Allowed("Bingbot", "/private/x"))         // false: both steps in one call
	fmt.Println(f.Explain("Bingbot", "/private/x"))         // line 2: Disallow: /private/
	// Output:
	// false
	// true
	// false
	// line 2: Disallow: /private/
}

// TestReadmeExample checks that the Go code of the README's "Use" section is
// the body of Example, so that the README shows code that runs and prints
// what its comments say.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, use, ok := strings.Cut(string(readme), "\n## Use\n")
	if !ok {
		t.Fatal(`README.md has no "## Use" section`)
	}
	_, block, ok := strings.Cut(use, "```go\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal(`README.md's "Use" section has no Go code block`)
	}
	_, body, ok := strings.Cut(string(src), "\nfunc Example() {\n")
	body, _, ok2 = strings.Cut(body, "\t// Output:")
	if !ok || !ok2 {
		t.Fatal("example_test.go has no func Example with an Output comment")
	}
	body = strings.ReplaceAll(body, "\n\t", "\n")
	body = strings.TrimPrefix(body, "\t")
	if block != body {
		t.Errorf("README's Go example differs from func Example in example_test.go:\nREADME:\n%s\nExample:\n%s", block, body)
	}
}

// The grammar of patterns, one claim of the package documentation's
// "Patterns" section at a time: each line shows whether the pattern of a
// "Disallow:" rule matches a path.
func Example_patterns() {
	matches := func(pattern, path string) {
		f := robots.Parse([]byte("User-agent: *\nDisallow: " + pattern + "\n"))
		fmt.Printf("%-16q %-26q %v\n", pattern, path, !f.Allowed("AnyBot", path))
	}
	// A pattern matches a prefix of the path, from its first byte,
	// case-sensitively; params and query are part of the path, the
	// fragment is not.
	matches("/fish", "/fish.html?id=1")
	matches("/*;sid=", "/cart;sid=42")
	matches("/a$", "/a#top")
	matches("/fish", "/catfish")
	matches("/fish", "/Fish.html")
	// '*' matches any run of bytes, including none and including '/'.
	matches("/fish*.php", "/fish.php")
	matches("/fish*.php", "/fishheads/cat.php?x")
	// A final '$' anchors the end of the path; any other '$' is literal.
	matches("/*.php$", "/index.php")
	matches("/*.php$", "/index.php?x")
	matches("/a$b", "/a$bc")
	matches("/a$b", "/ab")
	// A pattern that starts with neither '/' nor '*' matches nothing, and
	// neither does an empty one.
	matches("fish", "/fish")
	matches("*.php", "/a/index.php")
	matches("", "/fish")
	// Both sides are compared in one canonical percent-encoding.
	matches("/%7Ejoe", "/~joe")
	matches("/~joe", "/%7ejoe")
	matches("/%e2%80%99", "/%E2%80%99")
	matches("/caf%C3%A9", "/café")
	matches("/a%20b", "/a b")
	matches("/a%01%7F", "/a\x01\x7f")
	matches("/file-%2A.html", "/file-*.html")
	matches("/file-%2A.html", "/file-x.html")
	matches("/a%2Fb", "/a/b")
	// Output:
	// "/fish"          "/fish.html?id=1"          true
	// "/*;sid="        "/cart;sid=42"             true
	// "/a$"            "/a#top"                   true
	// "/fish"          "/catfish"                 false
	// "/fish"          "/Fish.html"               false
	// "/fish*.php"     "/fish.php"                true
	// "/fish*.php"     "/fishheads/cat.php?x"     true
	// "/*.php$"        "/index.php"               true
	// "/*.php$"        "/index.php?x"             false
	// "/a$b"           "/a$bc"                    true
	// "/a$b"           "/ab"                      false
	// "fish"           "/fish"                    false
	// "*.php"          "/a/index.php"             true
	// ""               "/fish"                    false
	// "/%7Ejoe"        "/~joe"                    true
	// "/~joe"          "/%7ejoe"                  true
	// "/%e2%80%99"     "/%E2%80%99"               true
	// "/caf%C3%A9"     "/café"                    true
	// "/a%20b"         "/a b"                     true
	// "/a%01%7F"       "/a\x01\x7f"               true
	// "/file-%2A.html" "/file-*.html"             true
	// "/file-%2A.html" "/file-x.html"             false
	// "/a%2Fb"         "/a/b"                     false
}

// Which rule decides when several match: the longest pattern, allow on a
// tie; /robots.txt is always allowed; and Google's index page rule.
func Example_precedence() {
	f := robots.Parse([]byte(`User-agent: *
Disallow: /
Allow: /p
Allow: /page
Disallow: /*.htm
Disallow: /folder
Allow: /folder
Allow: /docs/index.html
Disallow: /docs/
Allow: /x
Disallow: /x$
`))
	for _, path := range []string{
		"/other",      // only "/" matches
		"/page",       // "/page" is longer than "/p" and "/"
		"/page.htm",   // "/*.htm" is longer than "/page"
		"/folder/a",   // a tie between equal patterns: allow wins
		"/docs/",      // the index page rule: as if "Allow: /docs/$"
		"/docs/a",     // the index page rule allows the directory only
		"/x",          // "/x$" is longer than "/x": '$' counts
		"/xy",         // only "/x" and "/" match
		"/robots.txt", // always allowed
	} {
		e := f.Explain("AnyBot", path)
		fmt.Printf("%-11s %-5v %v\n", path, e.Allowed, e)
	}
	// Output:
	// /other      false line 2: Disallow: /
	// /page       true  line 4: Allow: /page
	// /page.htm   false line 5: Disallow: /*.htm
	// /folder/a   true  line 7: Allow: /folder
	// /docs/      true  line 8: Allow: /docs/index.html (index page rule)
	// /docs/a     false line 9: Disallow: /docs/
	// /x          false line 11: Disallow: /x$
	// /xy         true  line 10: Allow: /x
	// /robots.txt true  /robots.txt is always allowed
}

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

func ExampleParseReader() {
	// Any io.Reader will do, such as an http.Response's Body.
	f, err := robots.ParseReader(strings.NewReader(exampleFile))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Allowed("ExampleBot", "/private/plans.html"))
	fmt.Println(f.Allowed("ExampleBot", "/blog/"))
	// Output:
	// false
	// true
}

// pastLimit is a body whose last rule starts 600,000 bytes in, past the
// default parse limit of 500 KiB (512,000 bytes).
var pastLimit = "User-agent: *\n" + strings.Repeat("#\n", 299_993) + "Disallow: /late/\n"

func ExampleOptions_Parse() {
	// RFC 9309 lets crawlers parse more than 500 KiB, never less.
	fmt.Println(len(pastLimit))
	fmt.Println(robots.Parse([]byte(pastLimit)).Allowed("AnyBot", "/late/x"))
	opts := robots.Options{MaxBytes: 1 << 20}
	fmt.Println(opts.Parse([]byte(pastLimit)).Allowed("AnyBot", "/late/x"))
	// Output:
	// 600017
	// true
	// false
}

// readCounter counts the bytes read from it.
type readCounter struct {
	r io.Reader
	n int
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func ExampleOptions_ParseReader() {
	// ParseReader reads no more than the parse limit plus one byte, which
	// tells whether the body goes on past the limit.
	r := &readCounter{r: strings.NewReader(pastLimit)}
	f, err := robots.Options{}.ParseReader(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.n, f.Allowed("AnyBot", "/late/x"))

	r = &readCounter{r: strings.NewReader(pastLimit)}
	f, err = robots.Options{MaxBytes: 1 << 20}.ParseReader(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.n, f.Allowed("AnyBot", "/late/x"))
	// Output:
	// 512001 true
	// 600017 false
}

func ExampleFile_Allowed() {
	f := robots.Parse([]byte(exampleFile))
	// Googlebot has a group of its own, which replaces the "*" group.
	fmt.Println(f.Allowed("googlebot", "https://example.com/private/plans.html"))
	fmt.Println(f.Allowed("googlebot", "https://example.com/search?q=robots"))
	// Other crawlers follow the "*" group.
	fmt.Println(f.Allowed("OtherBot", "/report.pdf"))
	fmt.Println(f.Allowed("OtherBot", "/report.pdf?page=2"))
	// A whole User-Agent header names no group: pass the product token.
	header := "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	fmt.Println(f.Allowed(header, "/search"))
	fmt.Println(f.Allowed("Googlebot", "/search"))
	// Output:
	// true
	// false
	// false
	// true
	// true
	// false
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

func ExampleFile_Group() {
	f := robots.Parse([]byte(exampleFile))
	// Product tokens are compared without regard to case.
	fmt.Println(f.Group("GOOGLEBOT").Agents())
	// A crawler that no group names gets the "*" group.
	fmt.Println(f.Group("ExampleBot").Agents())
	// "Googlebot/2.1" is not a product token and names no group; ProductToken
	// reads the token that starts it.
	fmt.Println(f.Group("Googlebot/2.1").Agents())
	fmt.Println(f.Group(robots.ProductToken("Googlebot/2.1")).Agents())
	// With no group for the crawler, nor a "*" group, Group returns nil,
	// which allows every URL.
	g := robots.Parse([]byte("User-agent: Googlebot\nDisallow: /\n")).Group("ExampleBot")
	fmt.Println(g == nil, g.Allowed("/private/"))
	// Output:
	// [Googlebot]
	// [*]
	// [*]
	// [Googlebot]
	// true true
}

func ExampleFile_Sitemaps() {
	f := robots.Parse([]byte(`Sitemap: https://example.com/sitemap.xml
User-agent: *
Disallow: /tmp/
Sitemap: https://example.com/news.xml
Sitemap: https://example.com/sitemap.xml
`))
	for _, s := range f.Sitemaps() {
		fmt.Println(s)
	}
	// Output:
	// https://example.com/sitemap.xml
	// https://example.com/news.xml
}

func ExampleFile_Records() {
	f := robots.Parse([]byte(`Host: example.com
User-agent: Yandex
Clean-param: ref /articles/
Disallow: /tmp/
`))
	for _, r := range f.Records() {
		fmt.Printf("line %d: %s = %q, agents %q\n", r.Line, r.Key, r.Value, r.Agents)
	}
	// Output:
	// line 1: Host = "example.com", agents []
	// line 3: Clean-param = "ref /articles/", agents ["Yandex"]
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

func ExampleGroup_Explain() {
	g := robots.Parse([]byte(exampleFile)).Group("Googlebot")
	e := g.Explain("https://example.com/search/about?lang=fr#top")
	fmt.Println(e.Allowed, e.Reason, e.Rule.Line, e.Rule)
	// Path is what was matched: the fragment is dropped, and bytes outside
	// printable ASCII are percent-encoded.
	fmt.Println(e.Path)
	fmt.Println(g.Explain("/search/café").Path)
	// Output:
	// true rule matched 9 Allow: /search/about
	// /search/about?lang=fr
	// /search/caf%C3%A9
}

func ExampleGroup_Rules() {
	f := robots.Parse([]byte(`User-agent: a
Disallow: /x
Disallow: private
User-agent: b
Allow: /x/y
User-agent: a
Allow: /x/%7Ez$
`))
	// The rules of both groups that name a, as written, in file order, even
	// one that can never match.
	for _, r := range f.Group("a").Rules() {
		fmt.Println(r.Line, r)
	}
	// Output:
	// 2 Disallow: /x
	// 3 Disallow: private
	// 7 Allow: /x/%7Ez$
}

func ExampleGroup_Agents() {
	f := robots.Parse([]byte(`User-agent: Googlebot
User-agent: Bingbot/2.0
Disallow: /private/
`))
	// The group names both crawlers; Agents gives their product tokens.
	fmt.Println(f.Group("bingbot").Agents())
	// Output:
	// [Googlebot Bingbot]
}

func ExampleGroup_CrawlDelay() {
	f := robots.Parse([]byte(`User-agent: ExampleBot
Crawl-delay: 2.5
Disallow: /tmp/

User-agent: *
Disallow: /private/
`))
	fmt.Println(f.Group("ExampleBot").CrawlDelay())
	fmt.Println(f.Group("OtherBot").CrawlDelay())
	// Output:
	// 2.5s true
	// 0s false
}

func ExampleRule_String() {
	for _, r := range []robots.Rule{
		{Allow: true, Pattern: "/docs/", Line: 3},
		{Pattern: "/*.pdf$", Line: 4},
	} {
		fmt.Println(r.String())
	}
	// Output:
	// Allow: /docs/
	// Disallow: /*.pdf$
}

func ExampleExplanation_String() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /private/\nAllow: /d/index.html\n"))
	fmt.Println(f.Explain("AnyBot", "/private/x").String())
	fmt.Println(f.Explain("AnyBot", "/d/").String())
	fmt.Println(f.Explain("AnyBot", "/public/").String())
	fmt.Println(f.Explain("AnyBot", "/robots.txt").String())
	fmt.Println(robots.Parse(nil).Explain("AnyBot", "/private/x").String())
	// Output:
	// line 2: Disallow: /private/
	// line 3: Allow: /d/index.html (index page rule)
	// no rule matched
	// /robots.txt is always allowed
	// no group for the agent
}

func ExampleDiagnostic_String() {
	d := robots.Diagnostic{Line: 3, Kind: robots.UnknownKey, Detail: "Nosuch"}
	fmt.Println(d.String())
	// Output:
	// line 3: unknown key "Nosuch"
}

func ExampleDiagnosticKind_String() {
	f := robots.Parse([]byte("User-agent *\nDisallow /tmp\n"))
	for _, d := range f.Diagnostics() {
		fmt.Println(d.Line, d.Kind.String())
	}
	// Output:
	// 1 missing colon
	// 2 missing colon
}

func ExampleReason_String() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /tmp/\n"))
	for _, path := range []string{"/tmp/x", "/home", "/robots.txt"} {
		fmt.Println(path, f.Explain("AnyBot", path).Reason.String())
	}
	// Output:
	// /tmp/x rule matched
	// /home no rule matched
	// /robots.txt /robots.txt is always allowed
}

func ExampleValidProductToken() {
	for _, s := range []string{"Googlebot", "Googlebot-Image", "Googlebot/2.1", "Googlebot News", "*", ""} {
		fmt.Printf("%q %v\n", s, robots.ValidProductToken(s))
	}
	// Output:
	// "Googlebot" true
	// "Googlebot-Image" true
	// "Googlebot/2.1" false
	// "Googlebot News" false
	// "*" false
	// "" false
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
