package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// These tests pin RFC 9309 section 2.2.2 and the Patterns section of the
// package documentation rule by rule, through the
// public API only: a small robots.txt body is parsed, and Allowed and Explain
// are asked about URLs.

// agent is the crawler every test in this file asks for; the bodies use "*"
// groups, so any agent would do.
const agent = "foobot"

// groupOf returns body's rules as a robots.txt file with one "*" group.
func groupOf(rules ...string) string {
	return "User-agent: *\n" + strings.Join(rules, "\n") + "\n"
}

// explain parses body, checks that Allowed(agent, url) is want and that
// Explain agrees with Allowed, and returns the explanation.
func explain(t *testing.T, body, url string, want bool) robots.Explanation {
	t.Helper()
	f := robots.Parse([]byte(body))
	got := f.Allowed(agent, url)
	if got != want {
		t.Errorf("Allowed(%q, %q) = %v, want %v\nrobots.txt:\n%s", agent, url, got, want, body)
	}
	e := f.Explain(agent, url)
	if e.Allowed != got {
		t.Errorf("Explain(%q, %q).Allowed = %v, but Allowed = %v", agent, url, e.Allowed, got)
	}
	if g := f.Group(agent).Allowed(url); g != got {
		t.Errorf("Group(%q).Allowed(%q) = %v, but File.Allowed = %v", agent, url, g, got)
	}
	return e
}

// A matchCase is one URL checked against one robots.txt body.
type matchCase struct {
	name string
	body string
	url  string
	want bool
}

func runMatchCases(t *testing.T, tests []matchCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			explain(t, tc.body, tc.url, tc.want)
		})
	}
}

func TestMatchTargetExtraction(t *testing.T) {
	// Disallow everything, so that the answer does not hide the path.
	body := groupOf("Disallow: /")
	tests := []struct {
		name, url, wantPath string
	}{
		{"absolute URL with path, params and query", "http://example.com/a/b;p=1?q=2&r", "/a/b;p=1?q=2&r"},
		{"fragment is dropped", "https://example.com/a?q#frag", "/a?q"},
		{"fragment without query is dropped", "https://example.com/a#frag?x", "/a"},
		{"empty path is slash", "https://example.com", "/"},
		{"empty path with port is slash", "https://example.com:8080", "/"},
		{"empty path with fragment is slash", "https://example.com#top", "/"},
		{"root path", "https://example.com/", "/"},
		{"query without path", "http://a.com?x", "/?x"},
		{"params without path", "http://a.com;p", "/;p"},
		{"scheme-less host and path", "example.com/a?b", "/a?b"},
		{"scheme-less host only", "example.com", "/"},
		{"scheme-less host with query", "example.com?b", "/?b"},
		{"target starting with slash is a path", "/a/b?c", "/a/b?c"},
		{"path with fragment", "/a/b?c#d", "/a/b?c"},
		{"path that looks like a network path", "//example.com/a", "//example.com/a"},
		{"path with URL in query", "/a?u=http://b.com/c", "/a?u=http://b.com/c"},
		{"absolute URL with URL in query", "http://x.com/a?u=http://b.com/c", "/a?u=http://b.com/c"},
		{"scheme-less with URL in query", "x.com/a?u=http://b.com/c", "/a?u=http://b.com/c"},
		{"userinfo and port", "http://user:pw@example.com:81/p", "/p"},
		{"empty target", "", "/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, body, tc.url, false)
			if e.Path != tc.wantPath {
				t.Errorf("Explain(%q, %q).Path = %q, want %q", agent, tc.url, e.Path, tc.wantPath)
			}
		})
	}
}

func TestMatchTargetDecides(t *testing.T) {
	// The extracted path, params and query are what rules see.
	runMatchCases(t, []matchCase{
		{"params are matched", groupOf("Disallow: /a;p"), "http://example.com/a;p=1", false},
		{"query is matched", groupOf("Disallow: /a?q=1"), "http://example.com/a?q=1&r", false},
		{"fragment is dropped, and # in a rule starts a comment", groupOf("Disallow: /a#b"), "http://example.com/a#b", false},
		{"fragment does not reach a $ rule", groupOf("Disallow: /a$"), "http://example.com/a#frag", false},
		{"host is not matched", groupOf("Disallow: /example"), "http://example.com/", true},
		{"query without path starts with slash", groupOf("Disallow: /?x"), "http://a.com?x", false},
		{"scheme-less URL", groupOf("Disallow: /a?b"), "example.com/a?b", false},
		{"empty path matches slash dollar", groupOf("Disallow: /$"), "https://example.com", false},
	})
}

func TestMatchCanonicalPath(t *testing.T) {
	body := groupOf("Disallow: /")
	tests := []struct {
		name, url, wantPath string
	}{
		{"canonical path unchanged", "/a/b-c_d.e~f?g=h&i=%2F", "/a/b-c_d.e~f?g=h&i=%2F"},
		{"UTF-8 bytes encoded", "/\u00e4", "/%C3%A4"},
		{"invalid UTF-8 byte encoded", "/a\xffb", "/a%FFb"},
		{"space encoded", "/a b", "/a%20b"},
		{"tab encoded", "/a\tb", "/a%09b"},
		{"control byte encoded", "/a\x01b", "/a%01b"},
		{"DEL encoded", "/a\x7fb", "/a%7Fb"},
		{"lower-case hex upper-cased", "/%e2%82%ac", "/%E2%82%AC"},
		{"mixed-case hex upper-cased", "/%aB%Cd", "/%AB%CD"},
		{"unreserved tilde decoded", "/%7Ejoe", "/~joe"},
		{"unreserved lower-case escape decoded", "/%7ejoe", "/~joe"},
		{"all unreserved kinds decoded", "/%41%7A%30%39%2D%2E%5F%7E", "/Az09-._~"},
		{"RFC 9309 baz decoded", "/foo/bar/%62%61%7A", "/foo/bar/baz"},
		{"reserved slash stays encoded", "/a%2Fb", "/a%2Fb"},
		{"reserved slash lower-case upper-cased", "/a%2fb", "/a%2Fb"},
		{"reserved colon and question mark stay encoded", "/a%3A%3F", "/a%3A%3F"},
		{"percent itself stays encoded", "/100%25", "/100%25"},
		{"literal star encoded", "/file-*.html", "/file-%2A.html"},
		{"literal dollar encoded", "/foo-$", "/foo-%24"},
		{"encoded star kept", "/file-%2a.html", "/file-%2A.html"},
		{"lone percent kept", "/a%", "/a%"},
		{"percent with one hex digit kept", "/a%4", "/a%4"},
		{"percent with non-hex kept", "/a%zz", "/a%zz"},
		{"absolute URL canonicalised", "http://example.com/\u00e4 *", "/%C3%A4%20%2A"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, body, tc.url, false)
			if e.Path != tc.wantPath {
				t.Errorf("Explain(%q, %q).Path = %q, want %q", agent, tc.url, e.Path, tc.wantPath)
			}
		})
	}
}

func TestMatchCanonicalBothSides(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"encoded unreserved pattern, plain URL", groupOf("Disallow: /%7Ejoe"), "/~joe", false},
		{"plain pattern, encoded unreserved URL", groupOf("Disallow: /~joe"), "/%7ejoe", false},
		{"RFC 9309 encoded pattern baz", groupOf("Disallow: /foo/bar/%62%61%7A"), "/foo/bar/baz", false},
		{"RFC 9309 plain pattern, encoded URL baz", groupOf("Disallow: /foo/bar/baz"), "/foo/bar/%62%61%7A", false},
		{"raw UTF-8 pattern, encoded URL", groupOf("Disallow: /\u20ac"), "/%E2%82%AC", false},
		{"encoded pattern, raw UTF-8 URL", groupOf("Disallow: /%e2%82%ac"), "/\u20ac", false},
		{"lower-case hex pattern, upper-case URL", groupOf("Disallow: /a%2fb"), "/a%2Fb", false},
		{"upper-case hex pattern, lower-case URL", groupOf("Disallow: /a%2Fb"), "/a%2fb", false},
		{"encoded slash pattern does not match slash", groupOf("Disallow: /a%2Fb"), "/a/b", true},
		{"slash pattern does not match encoded slash", groupOf("Disallow: /a/b"), "/a%2Fb", true},
		{"encoded question mark is not a query", groupOf("Disallow: /a?b"), "/a%3Fb", true},
		{"encoded star pattern matches literal star", groupOf("Disallow: /file-%2A.html"), "/file-*.html", false},
		{"encoded star pattern does not match other bytes", groupOf("Disallow: /file-%2A.html"), "/file-x.html", true},
		{"encoded dollar pattern matches literal dollar", groupOf("Disallow: /foo-%24"), "/foo-$", false},
		{"dollar inside pattern is literal", groupOf("Disallow: /a$b"), "/a$b", false},
		{"dollar inside pattern matches encoded dollar", groupOf("Disallow: /a$b"), "/a%24b", false},
		{"dollar inside pattern is not an anchor", groupOf("Disallow: /a$b"), "/a", true},
		{"dollar inside pattern is not skipped", groupOf("Disallow: /a$b"), "/ab", true},
		{"double dollar: literal then anchor", groupOf("Disallow: /a$$"), "/a$", false},
		{"double dollar anchors after the literal", groupOf("Disallow: /a$$"), "/a$x", true},
		{"space in pattern matches encoded space", groupOf("Disallow: /a b"), "/a%20b", false},
		{"encoded space in pattern matches space", groupOf("Disallow: /a%20b"), "/a b", false},
		// Google's parser encodes only bytes from 0x80 up in patterns, so
		// there "Disallow: /a b" blocks "/a b" but not "/a%20b" (README,
		// differences from Google).
		{"space in pattern matches space", groupOf("Disallow: /a b"), "/a b", false},
		{"tab in pattern matches encoded tab", groupOf("Disallow: /a\tb"), "/a%09b", false},
		{"control byte in pattern matches encoded control byte", groupOf("Disallow: /a\x01b"), "/a%01b", false},
		{"control byte in pattern matches control byte", groupOf("Disallow: /a\x01b"), "/a\x01b", false},
		{"DEL in pattern matches encoded DEL", groupOf("Disallow: /a\x7fb"), "/a%7Fb", false},
	})
}

// TestMatchRFC9309Table222 is the table "Examples of matching percent-encoded
// URI components" of RFC 9309 section 2.2.2: the Path column written as a
// rule, the Encoded Path column as the URL, and the Path to Match column as
// the canonical path.
func TestMatchRFC9309Table222(t *testing.T) {
	tests := []struct {
		name, pattern, url, pathToMatch string
	}{
		{"query", "/foo/bar?baz=quz", "/foo/bar?baz=quz", "/foo/bar?baz=quz"},
		// The RFC writes the query's URL encoded in the Encoded Path column;
		// reserved characters stay distinct (package documentation, Patterns), so the rule that
		// matches it is the encoded one. TestMatchRFC9309ReservedRow shows
		// the raw one does not.
		{"URL in query", "/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"},
		{"raw UTF-8 rule", "/foo/bar/\u30c4", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"raw UTF-8 rule, raw URL", "/foo/bar/\u30c4", "/foo/bar/\u30c4", "/foo/bar/%E3%83%84"},
		{"encoded UTF-8 rule", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"encoded UTF-8 rule, raw URL", "/foo/bar/%E3%83%84", "/foo/bar/\u30c4", "/foo/bar/%E3%83%84"},
		{"encoded unreserved rule", "/foo/bar/%62%61%7A", "/foo/bar/baz", "/foo/bar/baz"},
		{"encoded unreserved rule and URL", "/foo/bar/%62%61%7A", "/foo/bar/%62%61%7A", "/foo/bar/baz"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := groupOf("Disallow: " + tc.pattern)
			e := explain(t, body, tc.url, false)
			if e.Path != tc.pathToMatch {
				t.Errorf("Explain(%q, %q).Path = %q, want %q", agent, tc.url, e.Path, tc.pathToMatch)
			}
			// An exact-match rule too: the whole path, not a prefix of it.
			explain(t, groupOf("Disallow: "+tc.pattern+"$"), tc.url, false)
			explain(t, groupOf("Disallow: "+tc.pattern+"$"), tc.url+"x", true)
		})
	}
}

// TestMatchRFC9309ReservedRow reads the second row of the RFC 9309 section
// 2.2.2 table as the package documentation does: a raw "://" and an encoded "%3A%2F%2F" are
// different paths, each matched by the rule written the same way.
func TestMatchRFC9309ReservedRow(t *testing.T) {
	const raw, encoded = "/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"
	runMatchCases(t, []matchCase{
		{"raw rule, raw URL", groupOf("Disallow: " + raw + "$"), raw, false},
		{"encoded rule, encoded URL", groupOf("Disallow: " + encoded + "$"), encoded, false},
		{"encoded rule, lower-case encoded URL", groupOf("Disallow: " + encoded + "$"), "/foo/bar?baz=https%3a%2f%2ffoo.bar", false},
		{"raw rule, encoded URL", groupOf("Disallow: " + raw), encoded, true},
		{"encoded rule, raw URL", groupOf("Disallow: " + encoded), raw, true},
	})
}

// TestMatchRFC9309Table223 is the table "Example of percent-encoding" of RFC
// 9309 section 2.2.3 (special characters), and the examples of its table of
// special characters.
func TestMatchRFC9309Table223(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"encoded star", groupOf("Disallow: /path/file-with-a-%2A.html"), "https://www.example.com/path/file-with-a-*.html", false},
		{"encoded star is not a wildcard", groupOf("Disallow: /path/file-with-a-%2A.html"), "https://www.example.com/path/file-with-a-b.html", true},
		{"encoded dollar", groupOf("Disallow: /path/foo-%24"), "https://www.example.com/path/foo-$", false},
		{"encoded dollar is not an anchor", groupOf("Disallow: /path/foo-%24"), "https://www.example.com/path/foo-", true},
		{"end of pattern", groupOf("Disallow: /", "Allow: /this/path/exactly$"), "/this/path/exactly", true},
		{"end of pattern, longer path", groupOf("Disallow: /", "Allow: /this/path/exactly$"), "/this/path/exactly/not", false},
		{"star", groupOf("Disallow: /", "Allow: /this/*/exactly"), "/this/a/b/exactly", true},
		{"star, no match", groupOf("Disallow: /", "Allow: /this/*/exactly"), "/this/exactly", false},
	})
}

func TestMatchCaseSensitive(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"same case", groupOf("Disallow: /Private"), "/Private/x", false},
		{"lower-case URL", groupOf("Disallow: /Private"), "/private/x", true},
		{"upper-case URL", groupOf("Disallow: /private"), "/PRIVATE", true},
		{"query case", groupOf("Disallow: /a?Q=1"), "/a?q=1", true},
		{"encoded letters keep their case", groupOf("Disallow: /%41"), "/a", true},
		{"encoded letters decoded", groupOf("Disallow: /%41"), "/A", false},
		{"from the first byte", groupOf("Disallow: /a"), "/b/a", true},
		{"no substring match", groupOf("Disallow: /private"), "/x/private", true},
		{"prefix match", groupOf("Disallow: /private"), "/privateer", false},
	})
}

func TestMatchWildcard(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"star matches nothing", groupOf("Disallow: /a*b"), "/ab", false},
		{"star matches a byte", groupOf("Disallow: /a*b"), "/axb", false},
		{"star matches slashes", groupOf("Disallow: /a*b"), "/a/x/y/b", false},
		{"star then prefix", groupOf("Disallow: /a*b"), "/a/xb/c", false},
		{"star needs the rest", groupOf("Disallow: /a*b"), "/a/x", true},
		{"star does not skip the start", groupOf("Disallow: /a*b"), "/ba", true},
		{"leading star", groupOf("Disallow: *.php"), "/dir/file.php?x=1", false},
		{"leading star, no match", groupOf("Disallow: *.php"), "/dir/file.html", true},
		{"star alone matches all", groupOf("Disallow: *"), "/anything", false},
		{"star alone matches root", groupOf("Disallow: *"), "/", false},
		{"star slash", groupOf("Disallow: /*"), "/", false},
		{"double star", groupOf("Disallow: /a**c"), "/a/b/c", false},
		{"star and dollar", groupOf("Disallow: /*.php$"), "/x/y.php", false},
		{"star and dollar, longer", groupOf("Disallow: /*.php$"), "/x/y.php?q", true},
		{"star and dollar, suffix twice", groupOf("Disallow: /*.php$"), "/a.php/b.php", false},
		{"star and dollar, suffix first only", groupOf("Disallow: /*.php$"), "/a.php/b.phpx", true},
		{"star matches encoded bytes", groupOf("Disallow: /a*z"), "/a\u00e4z", false},
		{"star matches encoded star", groupOf("Disallow: /a*%2Az"), "/a*b*z", false},
		{"star matches encoded dollar", groupOf("Disallow: /a*z"), "/a$z", false},
		{"many stars", groupOf("Disallow: /*a*b*c*d$"), "/xaybzcwd", false},
		{"many stars, wrong order", groupOf("Disallow: /*a*b*c*d$"), "/xdycbza", true},
	})
}

func TestMatchDollar(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"anchor matches the end", groupOf("Disallow: /a$"), "/a", false},
		{"anchor refuses more", groupOf("Disallow: /a$"), "/ab", true},
		{"anchor refuses a query", groupOf("Disallow: /a$"), "/a?x", true},
		{"anchor refuses a slash", groupOf("Disallow: /a$"), "/a/", true},
		{"root anchor", groupOf("Disallow: /$"), "/", false},
		{"root anchor refuses more", groupOf("Disallow: /$"), "/x", true},
		{"star dollar matches all", groupOf("Disallow: /*$"), "/x/y?z", false},
		{"dollar in the middle is literal", groupOf("Disallow: /a$/b"), "/a$/b", false},
		{"dollar in the middle is not an anchor", groupOf("Disallow: /a$/b"), "/a", true},
		{"dollar alone is not a pattern", groupOf("Disallow: $"), "/", true},
	})
}

func TestMatchPatternsThatMatchNothing(t *testing.T) {
	tests := []struct {
		name, rule, url string
	}{
		{"empty disallow", "Disallow:", "/"},
		{"empty disallow, any path", "Disallow:", "/a"},
		{"empty disallow with spaces", "Disallow:   ", "/a"},
		{"letter first", "Disallow: a", "/a"},
		{"letter first does not match its path", "Disallow: private", "/private"},
		{"query first", "Disallow: ?x", "/?x"},
		{"encoded slash first", "Disallow: %2Fa", "/a"},
		{"encoded star first", "Disallow: %2A", "/a"},
		{"dollar first", "Disallow: $", "/"},
		{"dot first", "Disallow: .php", "/.php"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, groupOf(tc.rule), tc.url, true)
			if e.Reason != robots.NoRuleMatched {
				t.Errorf("Explain(%q, %q).Reason = %v, want %v", agent, tc.url, e.Reason, robots.NoRuleMatched)
			}
		})
	}
}

func TestMatchMostSpecificWins(t *testing.T) {
	tests := []struct {
		name     string
		rules    []string // lines 2 onwards of the body
		url      string
		want     bool
		wantLine int
	}{
		// The examples of Google's documentation on conflicting rules.
		{"longer allow", []string{"Allow: /p", "Disallow: /"}, "/page", true, 2},
		{"equal length, allow wins", []string{"Allow: /folder", "Disallow: /folder"}, "/folder/page", true, 2},
		{"equal length, allow wins when written second", []string{"Disallow: /folder", "Allow: /folder"}, "/folder/page", true, 3},
		{"longer disallow with star", []string{"Allow: /page", "Disallow: /*.htm"}, "/page.htm", false, 3},
		{"anchored allow for root", []string{"Allow: /$", "Disallow: /"}, "/", true, 2},
		{"anchored allow for root, other path", []string{"Allow: /$", "Disallow: /"}, "/page.htm", false, 3},
		// Stars and dollars count.
		{"dollar counts", []string{"Disallow: /a", "Allow: /a$"}, "/a", true, 3},
		{"star counts, tie", []string{"Disallow: /a*", "Allow: /ab"}, "/ab", true, 3},
		{"two stars count", []string{"Disallow: /a**", "Allow: /abc"}, "/abc", true, 3},
		{"three stars count", []string{"Disallow: /a***", "Allow: /abc"}, "/abc", false, 2},
		{"longest of many", []string{"Disallow: /", "Allow: /a", "Disallow: /a/b", "Allow: /a/b/c", "Disallow: /a/b/c/d"}, "/a/b/c/x", true, 5},
		{"longest of many, deepest", []string{"Disallow: /", "Allow: /a", "Disallow: /a/b", "Allow: /a/b/c", "Disallow: /a/b/c/d"}, "/a/b/c/d", false, 6},
		{"matching rule, not longest rule", []string{"Disallow: /a", "Allow: /a/very/long/path"}, "/a/short", false, 2},
		// Length is counted in canonical form.
		{"raw UTF-8 counts encoded", []string{"Allow: /\u00e9", "Disallow: /%C3*"}, "/\u00e9", true, 2},
		{"encoded unreserved counts decoded", []string{"Allow: /%7Ea", "Disallow: /~a*"}, "/~a", false, 3},
		{"lower-case hex counts as upper-case", []string{"Allow: /%2fa", "Disallow: /%2F*"}, "/%2Fa", true, 2},
		{"space counts encoded", []string{"Disallow: /a b", "Allow: /a*%"}, "/a b", false, 2},
		{"middle dollar counts encoded", []string{"Disallow: /a$b", "Allow: /a*b"}, "/a$b", false, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, groupOf(tc.rules...), tc.url, tc.want)
			if e.Reason != robots.RuleMatched || e.Rule.Line != tc.wantLine {
				t.Errorf("Explain(%q, %q) = %v (reason %v), want rule of line %d", agent, tc.url, e, e.Reason, tc.wantLine)
			}
		})
	}
}

func TestMatchNoMatchAllowed(t *testing.T) {
	tests := []struct {
		name, body, url string
	}{
		{"other path", groupOf("Disallow: /x"), "/y"},
		{"shorter path", groupOf("Disallow: /abc"), "/ab"},
		{"no rules in the group", groupOf(), "/a"},
		{"only allow rules", groupOf("Allow: /a"), "/b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, tc.body, tc.url, true)
			want := robots.Explanation{Allowed: true, Reason: robots.NoRuleMatched, Path: tc.url}
			if diff := cmp.Diff(want, e); diff != "" {
				t.Errorf("Explain(%q, %q) mismatch (-want +got):\n%s", agent, tc.url, diff)
			}
		})
	}
}

func TestMatchRobotsTxtAlwaysAllowed(t *testing.T) {
	body := groupOf("Disallow: /", "Disallow: /robots.txt$")
	tests := []struct {
		name, url string
		want      bool
	}{
		{"path", "/robots.txt", true},
		{"absolute URL", "https://example.com/robots.txt", true},
		{"with fragment", "https://example.com/robots.txt#x", true},
		{"encoded unreserved", "/%72obots%2Etxt", true},
		{"other case is another path", "/ROBOTS.TXT", false},
		{"in a directory", "/dir/robots.txt", false},
		{"longer path", "/robots.txt/x", false},
		{"with a query is another URL", "/robots.txt?x", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, body, tc.url, tc.want)
			if tc.want && e.Reason != robots.RobotsTxt {
				t.Errorf("Explain(%q, %q).Reason = %v, want %v", agent, tc.url, e.Reason, robots.RobotsTxt)
			}
		})
	}
}

func TestMatchIndexPageRule(t *testing.T) {
	tests := []struct {
		name       string
		rules      []string // lines 2 onwards of the body
		url        string
		want       bool
		wantReason robots.Reason
		wantRule   robots.Rule
	}{
		{"directory allowed", []string{"Disallow: /", "Allow: /d/index.html"}, "/d/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/d/index.html", Line: 3}},
		{"index page itself", []string{"Disallow: /", "Allow: /d/index.html"}, "/d/index.html", true,
			robots.RuleMatched, robots.Rule{Allow: true, Pattern: "/d/index.html", Line: 3}},
		{"other file in the directory", []string{"Disallow: /", "Allow: /d/index.html"}, "/d/x", false,
			robots.RuleMatched, robots.Rule{Pattern: "/", Line: 2}},
		{"directory with query", []string{"Disallow: /", "Allow: /d/index.html"}, "/d/?q", false,
			robots.RuleMatched, robots.Rule{Pattern: "/", Line: 2}},
		{"directory without slash", []string{"Disallow: /", "Allow: /d/index.html"}, "/d", false,
			robots.RuleMatched, robots.Rule{Pattern: "/", Line: 2}},
		{"absolute URL of directory", []string{"Disallow: /", "Allow: /d/index.html"}, "http://example.com/d/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/d/index.html", Line: 3}},
		{"index.htm", []string{"Disallow: /", "Allow: /e/index.htm"}, "/e/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/e/index.htm", Line: 3}},
		{"segment starting with index.htm", []string{"Disallow: /", "Allow: /f/index.html.bak"}, "/f/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/f/index.html.bak", Line: 3}},
		{"root index page", []string{"Disallow: /", "Allow: /index.html"}, "/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/index.html", Line: 3}},
		{"encoded index page", []string{"Disallow: /", "Allow: /d/%69ndex.html"}, "/d/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/d/%69ndex.html", Line: 3}},
		{"segment not starting with index.htm", []string{"Disallow: /", "Allow: /g/myindex.html"}, "/g/", false,
			robots.RuleMatched, robots.Rule{Pattern: "/", Line: 2}},
		{"index in a directory name", []string{"Disallow: /", "Allow: /index.html/x"}, "/", false,
			robots.RuleMatched, robots.Rule{Pattern: "/", Line: 2}},
		{"disallow has no index page rule", []string{"Disallow: /h/index.html"}, "/h/", true,
			robots.NoRuleMatched, robots.Rule{}},
		{"index page rule counts as /i/$, beating /i/", []string{"Disallow: /i/", "Allow: /i/index.html"}, "/i/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/i/index.html", Line: 3}},
		{"index page rule counts as /j/$, losing to /j/*$", []string{"Disallow: /j/*$", "Allow: /j/index.html"}, "/j/", false,
			robots.RuleMatched, robots.Rule{Pattern: "/j/*$", Line: 2}},
		{"index page rule ties /k/$ and allow wins", []string{"Disallow: /k/$", "Allow: /k/index.html"}, "/k/", true,
			robots.IndexPageRule, robots.Rule{Allow: true, Pattern: "/k/index.html", Line: 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explain(t, groupOf(tc.rules...), tc.url, tc.want)
			if e.Reason != tc.wantReason {
				t.Errorf("Explain(%q, %q).Reason = %v, want %v", agent, tc.url, e.Reason, tc.wantReason)
			}
			if diff := cmp.Diff(tc.wantRule, e.Rule); diff != "" {
				t.Errorf("Explain(%q, %q).Rule mismatch (-want +got):\n%s", agent, tc.url, diff)
			}
		})
	}
}

func TestExplainDecidingRule(t *testing.T) {
	body := "# robots.txt for example.com\n" + // 1
		"\n" + // 2
		"User-agent: foobot\n" + // 3
		"Disallow: /%7ejoe/   # Joe's pages\n" + // 4
		"Allow:\t/\u00e9t\u00e9/*.html$\n" + // 5
		"\r\n" + // 6
		"disallow: /\u00e9t\u00e9\r" + // 7
		"ALLOW: /a$b\n" // 8
	tests := []struct {
		name       string
		url        string
		want       robots.Explanation
		wantString string
	}{
		{"pattern as written, comment dropped", "/~joe/x",
			robots.Explanation{Allowed: false, Reason: robots.RuleMatched,
				Rule: robots.Rule{Allow: false, Pattern: "/%7ejoe/", Line: 4}, Path: "/~joe/x"},
			"line 4: Disallow: /%7ejoe/"},
		{"raw UTF-8 pattern as written", "/%C3%A9t%C3%A9/a.html",
			robots.Explanation{Allowed: true, Reason: robots.RuleMatched,
				Rule: robots.Rule{Allow: true, Pattern: "/\u00e9t\u00e9/*.html$", Line: 5}, Path: "/%C3%A9t%C3%A9/a.html"},
			"line 5: Allow: /\u00e9t\u00e9/*.html$"},
		{"line after CRLF and CR", "/\u00e9t\u00e9/a.htm",
			robots.Explanation{Allowed: false, Reason: robots.RuleMatched,
				Rule: robots.Rule{Allow: false, Pattern: "/\u00e9t\u00e9", Line: 7}, Path: "/%C3%A9t%C3%A9/a.htm"},
			"line 7: Disallow: /\u00e9t\u00e9"},
		{"literal dollar as written", "/a$b",
			robots.Explanation{Allowed: true, Reason: robots.RuleMatched,
				Rule: robots.Rule{Allow: true, Pattern: "/a$b", Line: 8}, Path: "/a%24b"},
			"line 8: Allow: /a$b"},
		{"no rule", "/other",
			robots.Explanation{Allowed: true, Reason: robots.NoRuleMatched, Path: "/other"},
			"no rule matched"},
	}
	f := robots.Parse([]byte(body))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := f.Explain(agent, tc.url)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Explain(%q, %q) mismatch (-want +got):\n%s", agent, tc.url, diff)
			}
			if s := got.String(); s != tc.wantString {
				t.Errorf("Explain(%q, %q).String() = %q, want %q", agent, tc.url, s, tc.wantString)
			}
			if a := f.Allowed(agent, tc.url); a != tc.want.Allowed {
				t.Errorf("Allowed(%q, %q) = %v, want %v", agent, tc.url, a, tc.want.Allowed)
			}
		})
	}
}

// TestAllowedAllocs pins the zero-allocation paths: a canonical ASCII path,
// an absolute URL with such a path, and an agent written in mixed case.
func TestAllowedAllocs(t *testing.T) {
	body := []byte("User-agent: FooBot\n" +
		"Disallow: /private/\n" +
		"Allow: /private/public/*.html$\n" +
		"Disallow: /*?session=\n" +
		"Allow: /d/index.html\n" +
		"\n" +
		"User-agent: *\n" +
		"Disallow: /\n")
	f := robots.Parse(body)
	g := f.Group("foobot")
	// A file of many product tokens, which are hashed rather than scanned.
	var many strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&many, "User-agent: bot%c%c\nDisallow: /%d\n", 'a'+i%26, 'a'+i/26, i)
	}
	fm := robots.Parse([]byte(many.String()))
	long := strings.Repeat("K", 100)
	tests := []struct {
		name  string
		allow func() bool
		want  bool
	}{
		{"group, path", func() bool { return g.Allowed("/private/public/a/b.html") }, true},
		{"group, path with query", func() bool { return g.Allowed("/x/y?session=%2F&a=1") }, false},
		{"group, absolute URL", func() bool { return g.Allowed("https://example.com/private/x?y=z#frag") }, false},
		{"group, index page", func() bool { return g.Allowed("/d/") }, true},
		{"file, mixed-case agent", func() bool { return f.Allowed("fOObOT", "/private/x") }, false},
		{"file, mixed-case agent, absolute URL", func() bool { return f.Allowed("FooBot", "http://example.com/public") }, true},
		{"file, mixed-case agent of the * group", func() bool { return f.Allowed("OtherBot", "/x") }, false},
		{"file of many tokens, mixed-case agent", func() bool { return fm.Allowed("BOTBB", "/27") }, false},
		{"file of many tokens, agent of no group", func() bool { return fm.Allowed("nobot", "/27") }, true},
		{"file of many tokens, agent of 100 bytes", func() bool { return fm.Allowed(long, "/27") }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The first call builds the group's index.
			if got := tc.allow(); got != tc.want {
				t.Fatalf("Allowed = %v, want %v", got, tc.want)
			}
			if n := testing.AllocsPerRun(100, func() { tc.allow() }); n != 0 {
				t.Errorf("Allowed allocates %v times per call, want 0", n)
			}
		})
	}
}

// TestMatchManyStars checks the answer, not the time, of the worst case
// the package documentation names: a pattern of many stars against a long path that almost
// matches. Timing belongs in the benchmarks.
func TestMatchManyStars(t *testing.T) {
	pattern := "/" + strings.Repeat("*a", 30) + "*b"
	a := "/" + strings.Repeat("a", 2000)
	runMatchCases(t, []matchCase{
		{"no b: allowed", groupOf("Disallow: " + pattern), a, true},
		{"b at the end: disallowed", groupOf("Disallow: " + pattern), a + "b", false},
		{"too few a: allowed", groupOf("Disallow: " + pattern), "/" + strings.Repeat("a", 29) + "b", true},
		{"just enough a: disallowed", groupOf("Disallow: " + pattern), "/" + strings.Repeat("a", 30) + "b", false},
		{"anchored, no b: allowed", groupOf("Disallow: " + pattern + "$"), a, true},
		{"anchored, b inside: allowed", groupOf("Disallow: " + pattern + "$"), a + "ba", true},
		{"anchored, b at the end: disallowed", groupOf("Disallow: " + pattern + "$"), a + "b", false},
	})
}
