package robots_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
)

// This file checks the library against the worked examples of the documents
// the format comes from, kept in ../shared/seeds:
//
//	003_e0e4ea8ada0ba836.txt  RFC 9309 (a diff of its XML source; the
//	                          right-hand column is the published RFC)
//	000_623ac7c88321d4e4.txt  draft-koster-robots-00, "A Method for Web
//	                          Robots Control" (Internet-Draft, 1996)
//	004_425d2620f3331d99.txt  "A Standard for Robot Exclusion" (1994),
//	                          followed by the robotstxt.org "About
//	                          /robots.txt" page
//	001_1fff033eca1adc13.txt  "Exclusions Standard for Robots", a retelling
//	                          of the 1994 document
//	002_b18c183d254d790f.txt  the 1990s robots FAQ and a Russian article
//	                          (transliterated) with its own examples
//
// The example files are quoted here so that the tests run without
// ../shared; TestDocExampleBodiesQuoted checks the quotes against the seeds
// when they are present.
//
// Every case asserts the answer of RFC 9309 and the package documentation. Where an older
// document says otherwise (it matches the first rule rather than the longest,
// matches robot names as substrings, has no wildcards, ...), the case keeps
// our answer and says why in its why field.

// A docCase is one question about an example file: may agent fetch url?
type docCase struct {
	agent string
	url   string
	want  bool
	// why is set when the answer needs a note: most often because the
	// document the example comes from would answer differently.
	why string
}

// A docExample is a robots.txt file from a document and what the document's
// text says about it.
type docExample struct {
	name string
	// quoted reports whether body is quoted from the seed, line for line
	// (up to whitespace), rather than built around a fragment of it.
	quoted bool
	body   string
	cases  []docCase
}

func runDocExamples(t *testing.T, examples []docExample) {
	t.Helper()
	for _, ex := range examples {
		t.Run(ex.name, func(t *testing.T) {
			f := robots.Parse([]byte(ex.body))
			for _, c := range ex.cases {
				t.Run(c.agent+" "+c.url, func(t *testing.T) {
					got := f.Allowed(c.agent, c.url)
					if got == c.want {
						return
					}
					why := ""
					if c.why != "" {
						why = "\nwhy: " + c.why
					}
					t.Errorf("Allowed(%q, %q) = %v, want %v (decided by: %v)%s\nrobots.txt:\n%s",
						c.agent, c.url, got, c.want, f.Explain(c.agent, c.url), why, ex.body)
				})
			}
		})
	}
}

// A docMatchCase is one row of a document's table of path matching examples:
// does the rule's path match the URL?
type docMatchCase struct {
	pattern string
	url     string
	match   bool
	why     string
}

// runDocMatchCases puts each pattern in a Disallow line of a "*" group and asks
// whether the URL is decided by that rule.
func runDocMatchCases(t *testing.T, cases []docMatchCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.pattern+" "+c.url, func(t *testing.T) {
			body := "User-agent: *\nDisallow: " + c.pattern + "\n"
			e := robots.Parse([]byte(body)).Explain("anybot", c.url)
			got := e.Reason == robots.RuleMatched
			if got != c.match || e.Allowed == c.match {
				why := ""
				if c.why != "" {
					why = "\nwhy: " + c.why
				}
				t.Errorf("pattern %q, URL %q: matched = %v (allowed = %v, %v), want matched = %v%s",
					c.pattern, c.url, got, e.Allowed, e, c.match, why)
			}
		})
	}
}

// RFC 9309, section 5.1 "Simple Example". The seed lost the blank lines
// between the groups (and its diff columns interleave old and new text);
// they are restored here as in the published RFC. The RFC's last line, EOF,
// marks the end of the file and is not part of it.
const rfcSimpleExample = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot
`

func rfc9309Examples() []docExample {
	return []docExample{{
		name:   "5.1 Simple Example",
		quoted: true,
		body:   rfcSimpleExample,
		cases: []docCase{
			// "*: A group that's relevant to all user agents that don't
			// have an explicitly defined matching group. It allows access
			// to the URLs with the /publications/ path prefix, and it
			// restricts access to the URLs with the /example/ path prefix
			// and to all URLs with a .gif suffix. The "*" character
			// designates any character, including the otherwise-required
			// forward slash."
			{agent: "unlistedbot", url: "/publications/x", want: true},
			{agent: "unlistedbot", url: "/publications/", want: true},
			{agent: "unlistedbot", url: "/example/", want: false},
			{agent: "unlistedbot", url: "/example/page.html", want: false},
			{agent: "unlistedbot", url: "/example/allowed.gif", want: false},
			{agent: "unlistedbot", url: "/example/x.gif", want: false},
			{agent: "unlistedbot", url: "/foo.gif", want: false},
			{agent: "unlistedbot", url: "/a/b/c.gif", want: false,
				why: "the * of *.gif$ also matches '/' (RFC 9309 5.1)"},
			{agent: "unlistedbot", url: "https://www.example.com/foo.gif", want: false},
			{agent: "unlistedbot", url: "/foo.gif?size=2", want: true,
				why: "the query is part of the matched path (RFC 9309 2.2.2, figure 4), so this URL has no .gif suffix and $ does not match"},
			{agent: "unlistedbot", url: "/publications/x.gif", want: true,
				why: "both Allow: /publications/ and Disallow: *.gif$ match; the most specific match, the one with the most octets, is used (RFC 9309 2.2.2)"},
			// "If no match is found amongst the rules in a group for a
			// matching user-agent ..., the URI is allowed." (2.2.2)
			{agent: "unlistedbot", url: "/", want: true},
			{agent: "unlistedbot", url: "/example", want: true,
				why: "the rule is the /example/ prefix; /example does not start with it"},
			{agent: "unlistedbot", url: "/foo.html", want: true},

			// "foobot: A regular case. A single user agent followed by
			// rules. The crawler only has access to two URL path
			// prefixes on the site -- /example/page.html and
			// /example/allowed.gif."
			{agent: "foobot", url: "/example/page.html", want: true},
			{agent: "foobot", url: "/example/page.html?lang=en", want: true},
			{agent: "foobot", url: "/example/allowed.gif", want: true,
				why: "foobot's own group applies, not the * group with Disallow: *.gif$"},
			{agent: "foobot", url: "/", want: false},
			{agent: "foobot", url: "/example/", want: false},
			{agent: "foobot", url: "/example/x.gif", want: false},
			{agent: "foobot", url: "/foo.gif", want: false},
			{agent: "foobot", url: "/publications/x", want: false,
				why: "foobot's group replaces the * group, whose Allow: /publications/ does not apply to foobot"},
			{agent: "foobot", url: "/robots.txt", want: true,
				why: "The /robots.txt URI is implicitly allowed (RFC 9309 2.2.2), despite Disallow:/"},
			// "Crawlers MUST use case-insensitive matching to find the
			// group that matches the product token" (2.2.1)
			{agent: "FooBot", url: "/example/page.html", want: true},
			{agent: "FooBot", url: "/publications/x", want: false},

			// "barbot and bazbot: A group that's relevant for more than
			// one user agent. The crawlers are not allowed to access the
			// URLs with the /example/page.html path prefix but otherwise
			// have unrestricted access to the rest of the URLs on the
			// site."
			{agent: "barbot", url: "/example/page.html", want: false},
			{agent: "barbot", url: "/example/page.html?lang=en", want: false},
			{agent: "barbot", url: "/", want: true},
			{agent: "barbot", url: "/example/", want: true},
			{agent: "barbot", url: "/example/allowed.gif", want: true},
			{agent: "barbot", url: "/example/x.gif", want: true},
			{agent: "barbot", url: "/foo.gif", want: true},
			{agent: "barbot", url: "/publications/x", want: true},
			{agent: "bazbot", url: "/example/page.html", want: false},
			{agent: "bazbot", url: "/example/page.html.bak", want: false},
			{agent: "bazbot", url: "/", want: true},
			{agent: "bazbot", url: "/example/", want: true},
			{agent: "bazbot", url: "/example/x.gif", want: true},
			{agent: "bazbot", url: "/foo.gif", want: true},

			// "quxbot: An empty group at the end of the file. The crawler
			// has unrestricted access to the URLs on the site."
			{agent: "quxbot", url: "/", want: true},
			{agent: "quxbot", url: "/example/", want: true},
			{agent: "quxbot", url: "/example/page.html", want: true},
			{agent: "quxbot", url: "/example/x.gif", want: true},
			{agent: "quxbot", url: "/foo.gif", want: true},
			{agent: "quxbot", url: "/publications/x", want: true},
		},
	}, {
		// RFC 9309, section 5.2 "Longest Match": "in the case of two
		// rules, the longest one is used for matching. In the following
		// case, /example/page/disallowed.gif MUST be used for the URI
		// example.com/example/page/disallow.gif."
		name:   "5.2 Longest Match",
		quoted: true,
		body: `User-Agent: foobot
Allow: /example/page/
Disallow: /example/page/disallowed.gif
`,
		cases: []docCase{
			{agent: "foobot", url: "example.com/example/page/disallowed.gif", want: false,
				why: "the URI the RFC means: Disallow: /example/page/disallowed.gif (29 octets) beats Allow: /example/page/ (14)"},
			{agent: "foobot", url: "https://example.com/example/page/disallowed.gif", want: false},
			{agent: "foobot", url: "example.com/example/page/disallow.gif", want: true,
				why: "the RFC's text names this URI, but the pattern /example/page/disallowed.gif is not a prefix of /example/page/disallow.gif (a slip in the RFC: 'disallow' for 'disallowed'); only Allow: /example/page/ matches"},
			{agent: "foobot", url: "/example/page/other.gif", want: true},
			{agent: "foobot", url: "/example/page/", want: true},
			// No rule matches: "If no match is found ..., the URI is
			// allowed." (2.2.2)
			{agent: "foobot", url: "/example/", want: true},
			// "If no group matches the product token and there is no group
			// with a user-agent line with the "*" value ..., no rules
			// apply." (2.2.1)
			{agent: "barbot", url: "/example/page/disallowed.gif", want: true},
		},
	}, {
		// RFC 9309, section 2.2.1, figure 2: "Example of how to merge two
		// robots.txt groups that match the same product token". "If there
		// is more than one group matching the user-agent, the matching
		// groups' rules MUST be combined into one group".
		name:   "2.2.1 figure 2 merging groups",
		quoted: true,
		body: `user-agent: ExampleBot
disallow: /foo
disallow: /bar

user-agent: ExampleBot
disallow: /baz
`,
		cases: []docCase{
			{agent: "ExampleBot", url: "/foo", want: false},
			{agent: "ExampleBot", url: "/bar", want: false},
			{agent: "ExampleBot", url: "/baz", want: false},
			{agent: "examplebot", url: "/baz", want: false},
			{agent: "ExampleBot", url: "/", want: true},
			{agent: "ExampleBot", url: "/qux", want: true},
			{agent: "OtherBot", url: "/foo", want: true,
				why: "no group matches OtherBot and there is no * group: no rules apply (RFC 9309 2.2.1)"},
		},
	}, {
		// RFC 9309, section 2.2.1, figure 3: "Example of no matching
		// groups other than the "*" for the ExampleBot product token".
		// "If no matching group exists, crawlers MUST obey the group with
		// a user-agent line with the "*" value, if present."
		name:   "2.2.1 figure 3 no matching group other than *",
		quoted: true,
		body: `user-agent: *
disallow: /foo
disallow: /bar

user-agent: BazBot
disallow: /baz
`,
		cases: []docCase{
			{agent: "ExampleBot", url: "/foo", want: false},
			{agent: "ExampleBot", url: "/bar", want: false},
			{agent: "ExampleBot", url: "/baz", want: true,
				why: "BazBot's group is not the applicable group for ExampleBot (figure 3)"},
			{agent: "ExampleBot", url: "/", want: true},
			// "Crawlers MUST use case-insensitive matching to find the
			// group that matches the product token and then obey the rules
			// of the group."
			{agent: "BazBot", url: "/baz", want: false},
			{agent: "bazbot", url: "/baz", want: false},
			{agent: "BazBot", url: "/foo", want: true,
				why: "BazBot has a matching group, so the * group does not apply to it"},
		},
	}, {
		// RFC 9309, section 2.2.1, figure 1: the product token ExampleBot,
		// sent in "Mozilla/5.0 (compatible; ExampleBot/0.1;
		// https://www.example.com/bot.html)", names the group of the line
		// "user-agent: ExampleBot".
		name: "2.2.1 figure 1 product token",
		body: "user-agent: ExampleBot\ndisallow: /private\n",
		cases: []docCase{
			{agent: "ExampleBot", url: "/private/a", want: false},
			{agent: "ExampleBot", url: "/public/a", want: true},
		},
	}, {
		// RFC 9309, section 2.2.3, figure 5: "#" "Designates a line
		// comment." Examples: "allow: / # comment in line" and "# comment
		// on its own line". With the comment dropped, "allow: /" ties with
		// "disallow: /" and "If an "allow" rule and a "disallow" rule are
		// equivalent, then the "allow" rule SHOULD be used." (2.2.2) A
		// comment line does not end the group (2.2: a group is terminated
		// by a user-agent line or end of file).
		name: "2.2.3 figure 5 # comment",
		body: `user-agent: *
# comment on its own line
disallow: /
allow: / # comment in line
`,
		cases: []docCase{
			{agent: "anybot", url: "/", want: true},
			{agent: "anybot", url: "/page.html", want: true},
		},
	}, {
		// RFC 9309, section 2.2.3, figure 5: "$" "Designates the end of
		// the match pattern." Example: "allow: /this/path/exactly$".
		name: "2.2.3 figure 5 $ end of pattern",
		body: "user-agent: *\ndisallow: /\nallow: /this/path/exactly$\n",
		cases: []docCase{
			{agent: "anybot", url: "/this/path/exactly", want: true},
			{agent: "anybot", url: "/this/path/exactly/", want: false},
			{agent: "anybot", url: "/this/path/exactly.html", want: false},
			{agent: "anybot", url: "/this/path/exactly?x=1", want: false},
			{agent: "anybot", url: "/this/path/", want: false},
		},
	}, {
		// RFC 9309, section 2.2.3, figure 5: "*" "Designates 0 or more
		// instances of any character." Example: "allow: /this/*/exactly".
		name: "2.2.3 figure 5 * any characters",
		body: "user-agent: *\ndisallow: /\nallow: /this/*/exactly\n",
		cases: []docCase{
			{agent: "anybot", url: "/this/a/exactly", want: true},
			{agent: "anybot", url: "/this//exactly", want: true,
				why: "* matches 0 characters"},
			{agent: "anybot", url: "/this/a/b/c/exactly", want: true,
				why: "* matches any character, '/' included (RFC 9309 5.1)"},
			{agent: "anybot", url: "/this/a/exactly/more", want: true,
				why: "without $ the pattern is a prefix"},
			{agent: "anybot", url: "/this/exactly", want: false,
				why: "the pattern needs /this/ and then /exactly; one '/' cannot serve both"},
			{agent: "anybot", url: "/that/a/exactly", want: false},
		},
	}, {
		// RFC 9309, section 2.2.2, prose about allow and disallow lines.
		name: "2.2.2 prose",
		body: `disallow: /before-any-group
user-agent: anybot
allow: /tie
disallow: /tie
disallow: /Private
sitemap: https://www.example.com/sitemap.xml
disallow: /after-sitemap
`,
		cases: []docCase{
			// "The crawler SHOULD ignore "disallow" and "allow" rules that
			// are not in any group (for example, any rule that precedes
			// the first user-agent line)."
			{agent: "anybot", url: "/before-any-group", want: true},
			{agent: "otherbot", url: "/before-any-group", want: true},
			// "If an "allow" rule and a "disallow" rule are equivalent,
			// then the "allow" rule SHOULD be used."
			{agent: "anybot", url: "/tie", want: true},
			// "The matching SHOULD be case sensitive."
			{agent: "anybot", url: "/Private/a", want: false},
			{agent: "anybot", url: "/private/a", want: true},
			// "a "Sitemaps" record MUST NOT terminate a group." (2.2.4)
			{agent: "anybot", url: "/after-sitemap", want: false},
		},
	}}
}

func TestRFC9309Examples(t *testing.T) {
	runDocExamples(t, rfc9309Examples())
}

// TestRFC9309MergeExample checks figure 2 of RFC 9309 section 2.2.1 as the
// RFC draws it: the group ExampleBot gets from the two-group file has the
// rules of the merged group, in file order.
func TestRFC9309MergeExample(t *testing.T) {
	const twoGroups = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n"
	const merged = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\ndisallow: /baz\n"
	want := []string{"Disallow: /foo", "Disallow: /bar", "Disallow: /baz"}
	for _, body := range []string{twoGroups, merged} {
		g := robots.Parse([]byte(body)).Group("ExampleBot")
		if g == nil {
			t.Fatalf("Group(%q) = nil, want the merged group\nrobots.txt:\n%s", "ExampleBot", body)
		}
		if got := ruleStrings(g); !slices.Equal(got, want) {
			t.Errorf("Group(%q).Rules() = %q, want %q\nrobots.txt:\n%s", "ExampleBot", got, want, body)
		}
		if got := g.Agents(); !slices.Equal(got, []string{"ExampleBot"}) {
			t.Errorf("Group(%q).Agents() = %q, want %q\nrobots.txt:\n%s", "ExampleBot", got, []string{"ExampleBot"}, body)
		}
	}
	wantLines := []int{2, 3, 6}
	var gotLines []int
	for _, r := range robots.Parse([]byte(twoGroups)).Group("ExampleBot").Rules() {
		gotLines = append(gotLines, r.Line)
	}
	if !slices.Equal(gotLines, wantLines) {
		t.Errorf("lines of the merged rules = %v, want %v", gotLines, wantLines)
	}
}

// TestRFC9309NoMatchingGroupExample checks figure 3 of RFC 9309 section
// 2.2.1 as the RFC draws it: the applicable group for ExampleBot is the "*"
// group with its two rules.
func TestRFC9309NoMatchingGroupExample(t *testing.T) {
	const body = "user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n"
	g := robots.Parse([]byte(body)).Group("ExampleBot")
	if g == nil {
		t.Fatalf("Group(%q) = nil, want the * group", "ExampleBot")
	}
	if got, want := g.Agents(), []string{"*"}; !slices.Equal(got, want) {
		t.Errorf("Group(%q).Agents() = %q, want %q", "ExampleBot", got, want)
	}
	if got, want := ruleStrings(g), []string{"Disallow: /foo", "Disallow: /bar"}; !slices.Equal(got, want) {
		t.Errorf("Group(%q).Rules() = %q, want %q", "ExampleBot", got, want)
	}
	// "If no group matches the product token and there is no group with a
	// user-agent line with the "*" value, or no groups are present at all,
	// no rules apply."
	for _, body := range []string{"user-agent: BazBot\ndisallow: /baz\n", ""} {
		f := robots.Parse([]byte(body))
		if g := f.Group("ExampleBot"); g != nil {
			t.Errorf("Group(%q) = %v (rules %q), want nil\nrobots.txt:\n%s", "ExampleBot", g.Agents(), ruleStrings(g), body)
		}
		if e := f.Explain("ExampleBot", "/baz"); !e.Allowed || e.Reason != robots.NoGroup {
			t.Errorf("Explain(%q, %q) = %v (%v, reason %v), want allowed with reason %v\nrobots.txt:\n%s",
				"ExampleBot", "/baz", e.Allowed, e, e.Reason, robots.NoGroup, body)
		}
	}
}

func ruleStrings(g *robots.Group) []string {
	var s []string
	for _, r := range g.Rules() {
		s = append(s, r.String())
	}
	return s
}

// TestRFC9309PercentEncodingExamples checks the rows of RFC 9309 section
// 2.2.2, figure 4 "Examples of matching percent-encoded URI components"
// (columns: Path, Encoded Path, Path to Match), and figure 6 of section
// 2.2.3 "Example of percent-encoding".
//
// "Octets in the URI and robots.txt paths outside the range of the ASCII
// coded character set, and those in the reserved range defined by
// [RFC3986], MUST be percent-encoded as defined by [RFC3986] prior to
// comparison. If a percent-encoded ASCII octet is encountered in the URI, it
// MUST be unencoded prior to comparison, unless it is a reserved character
// in the URI as defined by [RFC3986] or the character is outside the
// unreserved character range."
func TestRFC9309PercentEncodingExamples(t *testing.T) {
	runDocMatchCases(t, []docMatchCase{
		// Row 1: /foo/bar?baz=quz needs no encoding.
		{pattern: "/foo/bar?baz=quz", url: "/foo/bar?baz=quz", match: true},
		{pattern: "/foo/bar?baz=quz", url: "https://www.example.com/foo/bar?baz=quz", match: true},

		// Row 2: /foo/bar?baz=https://foo.bar, encoded
		// /foo/bar?baz=https%3A%2F%2Ffoo.bar, is matched as written.
		{pattern: "/foo/bar?baz=https%3A%2F%2Ffoo.bar", url: "/foo/bar?baz=https%3A%2F%2Ffoo.bar", match: true},
		{pattern: "/foo/bar?baz=https%3a%2f%2ffoo.bar", url: "/foo/bar?baz=https%3A%2F%2Ffoo.bar", match: true,
			why: "hex digits of %xx are compared without regard to case (package documentation, Patterns)"},
		{pattern: "/foo/bar?baz=https://foo.bar", url: "/foo/bar?baz=https://foo.bar", match: true},
		{pattern: "/foo/bar?baz=https://foo.bar", url: "/foo/bar?baz=https%3A%2F%2Ffoo.bar", match: false,
			why: "package documentation, Patterns: reserved characters stay distinct (%2F never equals /), because the RFC keeps percent-encoded reserved characters encoded in the URI; figure 4 shows the unencoded path being encoded to this form, which no parser can do for ':' and '/' in general (it would have to tell data from delimiters)"},
		{pattern: "/foo/bar?baz=https%3A%2F%2Ffoo.bar", url: "/foo/bar?baz=https://foo.bar", match: false,
			why: "package documentation, Patterns: reserved characters stay distinct (%3A never equals ':', %2F never equals '/'); see the row above"},

		// Rows 3 and 4: /foo/bar/ followed by the character whose UTF-8
		// octets are E3 83 84 (the RFC writes "U+E38384"; it is U+30C4,
		// ツ) is compared as /foo/bar/%E3%83%84.
		{pattern: "/foo/bar/ツ", url: "/foo/bar/%E3%83%84", match: true},
		{pattern: "/foo/bar/ツ", url: "/foo/bar/ツ", match: true},
		{pattern: "/foo/bar/%E3%83%84", url: "/foo/bar/ツ", match: true},
		{pattern: "/foo/bar/%E3%83%84", url: "/foo/bar/%E3%83%84", match: true},
		{pattern: "/foo/bar/%e3%83%84", url: "https://www.example.com/foo/bar/ツ", match: true},
		{pattern: "/foo/bar/ツ", url: "/foo/bar/%E3%83%85", match: false},

		// Row 5: /foo/bar/%62%61%7A encodes unreserved characters and is
		// compared as /foo/bar/baz.
		{pattern: "/foo/bar/%62%61%7A", url: "/foo/bar/baz", match: true},
		{pattern: "/foo/bar/%62%61%7A", url: "/foo/bar/%62%61%7A", match: true},
		{pattern: "/foo/bar/baz", url: "/foo/bar/%62%61%7a", match: true},
		{pattern: "/foo/bar/%62%61%7A", url: "/foo/bar/bar", match: false},

		// Figure 6: "If crawlers match special characters verbatim in the
		// URI, crawlers SHOULD use "%" encoding."
		{pattern: "/path/file-with-a-%2A.html", url: "https://www.example.com/path/file-with-a-*.html", match: true},
		{pattern: "/path/file-with-a-%2A.html", url: "https://www.example.com/path/file-with-a-xyz.html", match: false,
			why: "%2A is the character *, not the wildcard"},
		{pattern: "/path/foo-%24", url: "https://www.example.com/path/foo-$", match: true},
		{pattern: "/path/foo-%24", url: "https://www.example.com/path/foo-$bar", match: true,
			why: "%24 is the character $, not the end anchor, so the pattern is a prefix"},
		{pattern: "/path/foo-%24", url: "https://www.example.com/path/foo-", match: false},
	})
}

// The example of section 4 of draft-koster-robots-00 (1996). The seed lost
// the indentation of the last line; the lines are as the draft gives them.
const draftFictExample = `# /robots.txt for http://www.fict.org/
# comments to webmaster@fict.org

User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow:

User-agent: *
Disallow: /org/plans.html
Allow: /org/
Allow: /serv
Allow: /~mak
Disallow: /
`

// draftFictMatrix is the draft's "matrix [that] shows which robots are
// allowed to access URLs", for the robots that send "UnhipBot/0.1",
// "WebCrawler/3.0", "Excite/1.0" and any other robot.
var draftFictMatrix = []struct {
	url                       string
	unhipbot, webcrawler, any bool
}{
	{"http://www.fict.org/", false, true, false},
	{"http://www.fict.org/index.html", false, true, false},
	{"http://www.fict.org/robots.txt", true, true, true},
	{"http://www.fict.org/server.html", false, true, true},
	{"http://www.fict.org/services/fast.html", false, true, true},
	{"http://www.fict.org/services/slow.html", false, true, true},
	{"http://www.fict.org/orgo.gif", false, true, false},
	{"http://www.fict.org/org/about.html", false, true, true},
	{"http://www.fict.org/org/plans.html", false, true, false},
	{"http://www.fict.org/%7Ejim/jim.html", false, true, false},
	{"http://www.fict.org/%7Emak/mak.html", false, true, true},
}

func draft1996Examples() []docExample {
	// The draft's matrix. Its rule is "The first match found is used"
	// (3.2.2) where RFC 9309 uses the most specific match, but the * group
	// lists its rules from the most specific to the least, so both rules
	// give the same answers.
	var fict []docCase
	for _, row := range draftFictMatrix {
		fict = append(fict,
			docCase{agent: "UnhipBot", url: row.url, want: row.unhipbot},
			docCase{agent: "WebCrawler", url: row.url, want: row.webcrawler},
			docCase{agent: "Excite", url: row.url, want: row.webcrawler},
			// FigTree is the draft's fictional robot of 3.2.1; it has no
			// group here, so it is one of the "other" robots.
			docCase{agent: "FigTree", url: row.url, want: row.any})
	}

	// The same file with the rules of the * group in reverse order. The
	// draft's first-match rule would now stop at "Disallow: /" for every
	// URL but /robots.txt; RFC 9309 does not depend on the order of rules.
	const reversed = `User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow:

User-agent: *
Disallow: /
Allow: /~mak
Allow: /serv
Allow: /org/
Disallow: /org/plans.html
`
	var rev []docCase
	for _, row := range draftFictMatrix {
		c := docCase{agent: "FigTree", url: row.url, want: row.any}
		if row.any && !strings.HasSuffix(row.url, "/robots.txt") {
			c.why = "draft 1996 3.2.2 uses the first match (here Disallow: /); RFC 9309 2.2.2 uses the most specific match, whatever the order"
		}
		rev = append(rev, c)
	}

	return []docExample{{
		name:   "4 fict.org matrix",
		quoted: true,
		body:   draftFictExample,
		cases:  fict,
	}, {
		name:  "4 fict.org with the * rules reversed",
		body:  reversed,
		cases: rev,
	}, {
		// 3.2: "The record starts with one or more User-agent lines,
		// specifying which robots the record applies to, followed by
		// "Disallow" and "Allow" instructions to that robot."
		name:   "3.2 record for webcrawler and infoseek",
		quoted: true,
		body: `User-agent: webcrawler
User-agent: infoseek
Allow:    /tmp/ok.html
Disallow: /tmp
Disallow: /user/foo
`,
		cases: []docCase{
			{agent: "webcrawler", url: "/tmp/ok.html", want: true},
			{agent: "infoseek", url: "/tmp/ok.html", want: true},
			{agent: "webcrawler", url: "/tmp/other.html", want: false},
			{agent: "webcrawler", url: "/tmp", want: false},
			{agent: "infoseek", url: "/tmp.html", want: false},
			{agent: "infoseek", url: "/user/foo/index.html", want: false},
			{agent: "infoseek", url: "/user/bar", want: true},
			{agent: "infoseek", url: "/", want: true},
			{agent: "otherbot", url: "/tmp", want: true},
		},
	}, {
		// 3.2.1: a robot that sends "User-agent: FigTree/0.1 Robot
		// libwww-perl/5.04" "might scan the "/robots.txt" file for
		// records with: User-agent: figtree". "The name comparisons are
		// case-insensitive."
		name: "3.2.1 FigTree",
		body: "User-agent: figtree\nDisallow: /private\n",
		cases: []docCase{
			{agent: "FigTree", url: "/private/a.html", want: false},
			{agent: "FigTree", url: "/a.html", want: true},
		},
	}}
}

func TestDraft1996Examples(t *testing.T) {
	runDocExamples(t, draft1996Examples())
}

// TestDraft1996PathMatchingExamples checks the table of section 3.2.2 of
// draft-koster-robots-00: "If a %xx encoded octet is encountered it is
// unencoded prior to comparison, unless it is the "/" character, which has
// special meaning in a path. The match evaluates positively if and only if
// the end of the path from the record is reached before a difference in
// octets is encountered." RFC 9309 2.2.2 says the same for these rows.
func TestDraft1996PathMatchingExamples(t *testing.T) {
	runDocMatchCases(t, []docMatchCase{
		{pattern: "/tmp", url: "/tmp", match: true},
		{pattern: "/tmp", url: "/tmp.html", match: true},
		{pattern: "/tmp", url: "/tmp/a.html", match: true},
		{pattern: "/tmp/", url: "/tmp", match: false},
		{pattern: "/tmp/", url: "/tmp/", match: true},
		{pattern: "/tmp/", url: "/tmp/a.html", match: true},

		{pattern: "/a%3cd.html", url: "/a%3cd.html", match: true},
		{pattern: "/a%3Cd.html", url: "/a%3cd.html", match: true},
		{pattern: "/a%3cd.html", url: "/a%3Cd.html", match: true},
		{pattern: "/a%3Cd.html", url: "/a%3Cd.html", match: true},

		{pattern: "/a%2fb.html", url: "/a%2fb.html", match: true},
		{pattern: "/a%2fb.html", url: "/a/b.html", match: false},
		{pattern: "/a/b.html", url: "/a%2fb.html", match: false},
		{pattern: "/a/b.html", url: "/a/b.html", match: true},

		{pattern: "/%7ejoe/index.html", url: "/~joe/index.html", match: true},
		{pattern: "/~joe/index.html", url: "/%7Ejoe/index.html", match: true},
	})
}

func standard1994Examples() []docExample {
	return []docExample{{
		// "Disallow: /help disallows both /help.html and /help/index.html,
		// whereas Disallow: /help/ would disallow /help/index.html but
		// allow /help.html."
		name: "Format Disallow: /help",
		body: "User-agent: *\nDisallow: /help\n",
		cases: []docCase{
			{agent: "anybot", url: "/help.html", want: false},
			{agent: "anybot", url: "/help/index.html", want: false},
			{agent: "anybot", url: "/index.html", want: true},
		},
	}, {
		name: "Format Disallow: /help/",
		body: "User-agent: *\nDisallow: /help/\n",
		cases: []docCase{
			{agent: "anybot", url: "/help/index.html", want: false},
			{agent: "anybot", url: "/help.html", want: true},
		},
	}, {
		// "Any empty value, indicates that all URLs can be retrieved."
		name: "Format empty Disallow",
		body: "User-agent: *\nDisallow:\n",
		cases: []docCase{
			{agent: "anybot", url: "/", want: true},
			{agent: "anybot", url: "/help/index.html", want: true},
		},
	}, {
		// "The presence of an empty "/robots.txt" file has no explicit
		// associated semantics, it will be treated as if it was not
		// present, i.e. all robots will consider themselves welcome."
		name: "Format empty file",
		body: "",
		cases: []docCase{
			{agent: "anybot", url: "/", want: true},
			{agent: "anybot", url: "/tmp/a.html", want: true},
		},
	}, {
		// "no robots should visit any URL starting with "/cyberworld/map/"
		// or "/tmp/", or /foo.html"
		name:   "Examples 1",
		quoted: true,
		body: `# robots.txt for http://www.example.com/

User-agent: *
Disallow: /cyberworld/map/ # This is an infinite virtual URL space
Disallow: /tmp/ # these will soon disappear
Disallow: /foo.html
`,
		cases: []docCase{
			{agent: "anybot", url: "http://www.example.com/cyberworld/map/", want: false},
			{agent: "anybot", url: "http://www.example.com/cyberworld/map/index.html", want: false},
			{agent: "anybot", url: "http://www.example.com/tmp/a.html", want: false},
			{agent: "anybot", url: "http://www.example.com/foo.html", want: false},
			{agent: "anybot", url: "http://www.example.com/", want: true},
			{agent: "anybot", url: "http://www.example.com/cyberworld/", want: true},
			{agent: "anybot", url: "http://www.example.com/tmp", want: true},
			{agent: "anybot", url: "http://www.example.com/bar.html", want: true},
		},
	}, {
		// "no robots should visit any URL starting with "/cyberworld/map/",
		// except the robot called "cybermapper""
		name:   "Examples 2",
		quoted: true,
		body: `# robots.txt for http://www.example.com/

User-agent: *
Disallow: /cyberworld/map/ # This is an infinite virtual URL space

# Cybermapper knows where to go.
User-agent: cybermapper
Disallow:
`,
		cases: []docCase{
			{agent: "anybot", url: "/cyberworld/map/index.html", want: false},
			{agent: "anybot", url: "/index.html", want: true},
			{agent: "cybermapper", url: "/cyberworld/map/index.html", want: true},
			{agent: "CyberMapper", url: "/cyberworld/map/index.html", want: true},
		},
	}, {
		// "no robots should visit this site further"
		name:   "Examples 3",
		quoted: true,
		body:   "# go away\nUser-agent: *\nDisallow: /\n",
		cases: []docCase{
			{agent: "anybot", url: "/", want: false},
			{agent: "anybot", url: "/index.html", want: false},
			{agent: "cybermapper", url: "/index.html", want: false},
			{agent: "anybot", url: "/robots.txt", want: true,
				why: "the 1994 standard makes no exception for /robots.txt; RFC 9309 2.2.2: 'The /robots.txt URI is implicitly allowed.'"},
		},
	}, {
		// "About /robots.txt": a robot that wants
		// http://www.example.com/welcome.html finds this file; ""Disallow:
		// /" tells the robot that it should not visit any pages on the
		// site."
		name:   "About in a nutshell",
		quoted: true,
		body:   "User-agent: *\nDisallow: /\n",
		cases: []docCase{
			{agent: "anybot", url: "http://www.example.com/welcome.html", want: false},
			{agent: "anybot", url: "http://www.example.com/", want: false},
		},
	}, {
		// "In this example, three directories are excluded."
		name:   "About what to put in it",
		quoted: true,
		body:   "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\nDisallow: /~joe/\n",
		cases: []docCase{
			{agent: "anybot", url: "/cgi-bin/search", want: false},
			{agent: "anybot", url: "/tmp/a.html", want: false},
			{agent: "anybot", url: "/~joe/index.html", want: false},
			{agent: "anybot", url: "/%7Ejoe/index.html", want: false,
				why: "%7E encodes the unreserved ~ and is decoded before comparison (RFC 9309 2.2.2)"},
			{agent: "anybot", url: "/%7ejoe/index.html", want: false},
			{agent: "anybot", url: "/joe/index.html", want: true},
			{agent: "anybot", url: "/index.html", want: true},
		},
	}, {
		// "you cannot say "Disallow: /cgi-bin/ /tmp/" on a single line":
		// the value is one path, with a space in it.
		name: "About one path per line",
		body: "User-agent: *\nDisallow: /cgi-bin/ /tmp/\n",
		cases: []docCase{
			{agent: "anybot", url: "/cgi-bin/search", want: true},
			{agent: "anybot", url: "/tmp/a.html", want: true},
			{agent: "anybot", url: "/cgi-bin/%20/tmp/a.html", want: false,
				why: "the whole value is one pattern; its space is compared as %20 (package documentation, Patterns)"},
		},
	}, {
		// "globbing and regular expression are not supported in either
		// the User-agent or Disallow lines. ... you cannot have lines like
		// "User-agent: *bot*", "Disallow: /tmp/*" or "Disallow: *.gif"."
		// RFC 9309 2.2.3 added * and $ to paths; a user-agent line still
		// names one product token.
		name: "About no globbing",
		body: "User-agent: *bot*\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/*\nDisallow: *.gif\n",
		cases: []docCase{
			{agent: "Googlebot", url: "/index.html", want: true,
				why: "\"*bot*\" is not a product token and not \"*\" (RFC 9309 2.2.1), so its group applies to no robot"},
			{agent: "Googlebot", url: "/tmp/a.html", want: false,
				why: "1994: globbing is not supported, so /tmp/* would be the literal prefix '/tmp/*'; RFC 9309 2.2.3: * designates 0 or more instances of any character"},
			{agent: "Googlebot", url: "/tmp/", want: false,
				why: "RFC 9309 2.2.3: * matches 0 characters"},
			{agent: "Googlebot", url: "/images/a.gif", want: false,
				why: "1994: no globbing, so '*.gif' would match no path (paths start with /); RFC 9309 2.2.3 makes * a wildcard"},
			{agent: "Googlebot", url: "/a.gif.html", want: false,
				why: "without $ the pattern *.gif is a prefix: any path containing .gif"},
			{agent: "Googlebot", url: "/a.png", want: true},
		},
	}, {
		name:   "About exclude all robots from part of the server",
		quoted: true,
		body:   "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\nDisallow: /junk/\n",
		cases: []docCase{
			{agent: "anybot", url: "/junk/a.html", want: false},
			{agent: "anybot", url: "/cgi-bin/", want: false},
			{agent: "anybot", url: "/a.html", want: true},
		},
	}, {
		name:   "About exclude a single robot",
		quoted: true,
		body:   "User-agent: BadBot\nDisallow: /\n",
		cases: []docCase{
			{agent: "BadBot", url: "/a.html", want: false},
			{agent: "GoodBot", url: "/a.html", want: true},
		},
	}, {
		name:   "About allow a single robot",
		quoted: true,
		body:   "User-agent: Google\nDisallow:\n\nUser-agent: *\nDisallow: /\n",
		cases: []docCase{
			{agent: "Google", url: "/a.html", want: true},
			{agent: "BadBot", url: "/a.html", want: false},
			{agent: "Googlebot", url: "/a.html", want: false,
				why: "1994 recommends 'a case insensitive substring match of the name', under which the group Google would take in Googlebot; RFC 9309 2.2.1 matches the whole product token, so Googlebot gets the * group"},
		},
	}, {
		// "To exclude all files except one ... put all files to be
		// disallowed into a separate directory, say "stuff", and leave the
		// one file in the level above this directory"
		name:   "About exclude all files except one, by directory",
		quoted: true,
		body:   "User-agent: *\nDisallow: /~joe/stuff/\n",
		cases: []docCase{
			{agent: "anybot", url: "/~joe/stuff/a.html", want: false},
			{agent: "anybot", url: "/~joe/index.html", want: true},
		},
	}, {
		// "Alternatively you can explicitly disallow all disallowed pages"
		name:   "About exclude all files except one, by file",
		quoted: true,
		body:   "User-agent: *\nDisallow: /~joe/junk.html\nDisallow: /~joe/foo.html\nDisallow: /~joe/bar.html\n",
		cases: []docCase{
			{agent: "anybot", url: "/~joe/junk.html", want: false},
			{agent: "anybot", url: "/~joe/foo.html", want: false},
			{agent: "anybot", url: "/~joe/bar.html", want: false},
			{agent: "anybot", url: "/~joe/index.html", want: true},
		},
	}}
}

func TestStandard1994Examples(t *testing.T) {
	runDocExamples(t, standard1994Examples())
}

func exclusionsStandardExamples() []docExample {
	return []docExample{{
		// "Content of '/cyberworld/map/' and '/tmp/' are protected in this
		// example."
		name:   "Example 1",
		quoted: true,
		body: `# robots.txt for http://www.site.com
User-Agent: *
Disallow: /cyberworld/map/ # this is an infinite virtual URL space
Disallow: /tmp/ # these will soon disappear
`,
		cases: []docCase{
			{agent: "anybot", url: "http://www.site.com/cyberworld/map/a.html", want: false},
			{agent: "anybot", url: "http://www.site.com/tmp/a.html", want: false},
			{agent: "anybot", url: "http://www.site.com/a.html", want: true},
		},
	}, {
		// "the search robot 'cybermapper' is granted full access, while the
		// rest do not have access to content of '/cyberworld/map/'." The
		// seed has no blank line between the two records; RFC 9309 needs
		// none, as a user-agent line after a rule starts a new group.
		name:   "Example 2",
		quoted: true,
		body: `# robots.txt for http://www.site.com
User-Agent: *
Disallow: /cyberworld/map/ # this is an infinite virtual URL space
# Cybermapper knows where to go
User-Agent: cybermapper
Disallow:
`,
		cases: []docCase{
			{agent: "cybermapper", url: "/cyberworld/map/a.html", want: true},
			{agent: "cybermapper", url: "/a.html", want: true},
			{agent: "anybot", url: "/cyberworld/map/a.html", want: false},
			{agent: "anybot", url: "/a.html", want: true},
		},
	}, {
		// "Any search robot is denied access to the server in this
		// example."
		name:   "Example 3",
		quoted: true,
		body:   "# robots.txt for http://www.site.com\nUser-Agent: *\nDisallow: /\n",
		cases: []docCase{
			{agent: "anybot", url: "http://www.site.com/", want: false},
			{agent: "cybermapper", url: "http://www.site.com/a.html", want: false},
		},
	}}
}

func TestExclusionsStandardExamples(t *testing.T) {
	runDocExamples(t, exclusionsStandardExamples())
}

func robotsFAQExamples() []docExample {
	return []docExample{{
		// The FAQ's file for webcrawler.com. The seed lost its line
		// breaks; they are restored after each comment and record line.
		name:   "FAQ webcrawler.com",
		quoted: true,
		body: `# /robots.txt file for http://webcrawler.com/
# mail webmaster@webcrawler.com for constructive criticism

User-agent: webcrawler
Disallow:

User-agent: lycra
Disallow: /

User-agent: *
Disallow: /tmp
Disallow: /logs
`,
		cases: []docCase{
			// "the robot called 'webcrawler' has nothing disallowed: it
			// may go anywhere."
			{agent: "webcrawler", url: "/", want: true},
			{agent: "webcrawler", url: "/tmp/a.html", want: true},
			{agent: "webcrawler", url: "/logs/today", want: true},
			// "the robot called 'lycra' has all relative URLs starting with
			// '/' disallowed. ... this means the entire site is closed
			// off."
			{agent: "lycra", url: "/", want: false},
			{agent: "lycra", url: "/index.html", want: false},
			// "all other robots should not visit URLs starting with /tmp or
			// /log."
			{agent: "otherbot", url: "/tmp", want: false},
			{agent: "otherbot", url: "/tmp/a.html", want: false},
			{agent: "otherbot", url: "/tmp.html", want: false},
			{agent: "otherbot", url: "/logs/today", want: false},
			{agent: "otherbot", url: "/log/today", want: true,
				why: "the FAQ's prose says /log, but the rule it explains is Disallow: /logs, which /log/today does not start with"},
			{agent: "otherbot", url: "/index.html", want: true},
		},
	}, {
		// The Russian article's "Primer 1": the first record forbids every
		// robot everything; the second forbids Lycos /cgi-bin/ and /tmp/
		// and allows it the rest, "so the server will be indexed only by
		// Lycos". Its grammar allows several paths on a Disallow line;
		// RFC 9309 reads the value as one path pattern.
		name:   "Russian example 1",
		quoted: true,
		body:   "User-Agent: *\nDisallow: /\nUser-Agent: Lycos\nDisallow: /cgi-bin/ /tmp/\n",
		cases: []docCase{
			{agent: "otherbot", url: "/", want: false},
			{agent: "otherbot", url: "/index.html", want: false},
			{agent: "Lycos", url: "/", want: true},
			{agent: "Lycos", url: "/index.html", want: true},
			{agent: "Lycos", url: "/cgi-bin/search", want: true,
				why: "the article reads 'Disallow: /cgi-bin/ /tmp/' as two paths; RFC 9309 2.2 has one path-pattern per rule, so the value is the single pattern '/cgi-bin/ /tmp/', which /cgi-bin/search does not start with"},
			{agent: "Lycos", url: "/tmp/a.html", want: true,
				why: "the article reads 'Disallow: /cgi-bin/ /tmp/' as two paths; RFC 9309 2.2 has one path-pattern per rule"},
		},
	}, {
		// "Primer 2": the first record lets the robots Copernicus and Fred
		// index the whole server; the second forbids all robots, "and
		// especially Rex", paths such as /tmp/, /tea-time/, /top-cat.txt
		// and /traverse.this.
		name:   "Russian example 2",
		quoted: true,
		body:   "User-Agent: Copernicus Fred\nDisallow:\nUser-Agent: * Rex\nDisallow: /t\n",
		cases: []docCase{
			{agent: "Copernicus", url: "/tmp/", want: true},
			{agent: "Copernicus", url: "/", want: true},
			{agent: "Fred", url: "/tmp/", want: false,
				why: "the article lists several robot names on one User-Agent line; under RFC 9309 2.2.1 the line's product token is Copernicus alone (File.Group: the leading run of letters), so Fred gets the * group"},
			{agent: "Fred", url: "/index.html", want: true},
			{agent: "Rex", url: "/tmp/", want: false},
			{agent: "Rex", url: "/tea-time/", want: false},
			{agent: "Rex", url: "/top-cat.txt", want: false},
			{agent: "Rex", url: "/traverse.this", want: false},
			{agent: "Rex", url: "/index.html", want: true},
			{agent: "otherbot", url: "/traverse.this", want: false,
				why: "'* Rex' is '*' followed by whitespace and more, which names the * group (as Google does)"},
		},
	}, {
		// "Primer 3": all robots are barred from /spiders/not/here/,
		// "including such paths and files as /spiders/not/here/really/,
		// /spiders/not/here/yes/even/me.html. However, /spiders/not/ or
		// /spiders/not/her are not included". Empty Disallow lines with
		// comments add nothing.
		name:   "Russian example 3",
		quoted: true,
		body: `# This is for every spider!
User-Agent: *
# stay away from this
Disallow: /spiders/not/here/ #and everything in it
Disallow: # a little nothing
Disallow: #This could be habit forming!
# Don't comments make code much more readable!!!
`,
		cases: []docCase{
			{agent: "anybot", url: "/spiders/not/here/", want: false},
			{agent: "anybot", url: "/spiders/not/here/really/", want: false},
			{agent: "anybot", url: "/spiders/not/here/yes/even/me.html", want: false},
			{agent: "anybot", url: "/spiders/not/", want: true},
			{agent: "anybot", url: "/spiders/not/her", want: true},
			{agent: "anybot", url: "/", want: true},
			// "Capital and lower-case letters in path_root DO matter."
			{agent: "anybot", url: "/Spiders/Not/Here/", want: true},
		},
	}}
}

func TestRobotsFAQExamples(t *testing.T) {
	runDocExamples(t, robotsFAQExamples())
}

// TestDocExampleBodiesQuoted checks that every example file said to be
// quoted from a seed has each of its lines in that seed, with runs of
// whitespace compared as one space (the seeds lost line breaks and
// indentation in places).
func TestDocExampleBodiesQuoted(t *testing.T) {
	seeds := []struct {
		file     string
		examples []docExample
	}{
		{"003_e0e4ea8ada0ba836.txt", rfc9309Examples()},
		{"000_623ac7c88321d4e4.txt", draft1996Examples()},
		{"004_425d2620f3331d99.txt", standard1994Examples()},
		{"001_1fff033eca1adc13.txt", exclusionsStandardExamples()},
		{"002_b18c183d254d790f.txt", robotsFAQExamples()},
	}
	dir := filepath.Join("..", "shared", "seeds")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent (%v): skipping", dir, err)
	}
	for _, s := range seeds {
		t.Run(s.file, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(dir, s.file))
			if err != nil {
				t.Fatal(err)
			}
			seed := collapseSpace(string(text))
			quoted := 0
			for _, ex := range s.examples {
				if !ex.quoted {
					continue
				}
				quoted++
				for i, line := range strings.Split(ex.body, "\n") {
					line = collapseSpace(line)
					if line != "" && !strings.Contains(seed, line) {
						t.Errorf("%s: line %d %q is not in %s", ex.name, i+1, line, s.file)
					}
				}
			}
			if quoted == 0 {
				t.Errorf("no example is quoted from %s", s.file)
			}
		})
	}
}

func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
