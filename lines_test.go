package robots_test

// Tests of lines (RFC 9309 section 2.2, and the leniencies of the package
// documentation): byte order mark, line ends, NUL,
// comments and whitespace, keys, missing colons, long lines and the parse
// limit.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// padTo appends comment lines to b until it is n bytes long.
func padTo(b []byte, n int) []byte {
	if n-len(b) < 2 {
		panic(fmt.Sprintf("padTo: cannot pad %d bytes to %d", len(b), n))
	}
	for rem := n - len(b); rem > 0; rem = n - len(b) {
		k := rem
		if k > 1000 {
			k = 1000
			if rem-k < 2 {
				k = 500
			}
		}
		b = append(b, '#')
		b = append(b, bytes.Repeat([]byte("x"), k-2)...)
		b = append(b, '\n')
	}
	return b
}

// lineAt returns the number of the line that holds byte i of an LF-only
// body (or that starts at i).
func lineAt(body []byte, i int) int {
	return 1 + bytes.Count(body[:i], []byte("\n"))
}

// Section 1: "A UTF-8 byte order mark (EF BB BF, or a leading prefix of it)
// is skipped at the very start of the body only."
func TestSpecLinesByteOrderMark(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []access
		rules map[string][]robots.Rule
		diags []robots.Diagnostic
	}{
		{
			name:  "whole BOM skipped",
			body:  "\xEF\xBB\xBFUser-agent: *\nDisallow: /x",
			want:  []access{{"any", "/x", false}, {"any", "/y", true}},
			rules: map[string][]robots.Rule{"any": {disallow("/x", 2)}},
		},
		{
			name:  "EF BB without BF skipped",
			body:  "\xEF\xBBUser-agent: *\nDisallow: /x",
			want:  []access{{"any", "/x", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/x", 2)}},
		},
		{
			name:  "EF alone skipped",
			body:  "\xEFUser-agent: *\nDisallow: /x",
			want:  []access{{"any", "/x", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/x", 2)}},
		},
		{
			name:  "BOM before a rule line keeps line 1",
			body:  "\xEF\xBB\xBFDisallow: /x\nUser-agent: *\nDisallow: /y",
			want:  []access{{"any", "/x", true}, {"any", "/y", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/y", 3)}},
			diags: []robots.Diagnostic{diag(1, robots.RuleOutsideGroup)},
		},
		{
			name: "BOM only",
			body: "\xEF\xBB\xBF",
			want: []access{{"any", "/x", true}},
		},
		{
			name: "BOM prefix only",
			body: "\xEF\xBB",
			want: []access{{"any", "/x", true}},
		},
		{
			name: "BB BF is not a prefix of the BOM",
			body: "\xBB\xBFUser-agent: *\nDisallow: /x",
			want: []access{{"any", "/x", true}},
			diags: []robots.Diagnostic{
				diag(1, robots.InvalidBytes), diag(1, robots.UnknownKey), diag(2, robots.RuleOutsideGroup),
			},
		},
		{
			name:  "second BOM at the start is not skipped",
			body:  "\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: *\nDisallow: /x",
			want:  []access{{"any", "/x", true}},
			diags: []robots.Diagnostic{diag(1, robots.UnknownKey), diag(2, robots.RuleOutsideGroup)},
		},
		{
			name: "BOM on a later line is not skipped",
			body: "User-agent: a\nDisallow: /a\n\xEF\xBB\xBFUser-agent: b\nDisallow: /b",
			want: []access{{"a", "/a", false}, {"a", "/b", false}, {"b", "/b", true}},
			rules: map[string][]robots.Rule{
				"a": {disallow("/a", 2), disallow("/b", 4)},
				"b": nil,
			},
			diags: []robots.Diagnostic{diag(3, robots.UnknownKey)},
		},
		{
			name:  "BOM after leading space is not skipped",
			body:  " \xEF\xBB\xBFUser-agent: *\nDisallow: /x",
			want:  []access{{"any", "/x", true}},
			diags: []robots.Diagnostic{diag(1, robots.UnknownKey), diag(2, robots.RuleOutsideGroup)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			checkDiags(t, f, tc.diags)
		})
	}
}

// Section 1: "A line ends at LF, CR or CRLF (CRLF counts once; LF CR is two
// line breaks). The last line need not end with a newline."
func TestSpecLinesEndings(t *testing.T) {
	tests := []struct {
		name   string
		sep    string
		breaks int // line breaks in sep
	}{
		{"LF", "\n", 1},
		{"CR", "\r", 1},
		{"CRLF counts once", "\r\n", 1},
		{"LF CR is two breaks", "\n\r", 2},
		{"CR CR", "\r\r", 2},
		{"LF LF", "\n\n", 2},
		{"CRLF CRLF", "\r\n\r\n", 2},
		{"CRLF LF", "\r\n\n", 2},
		{"LF CRLF", "\n\r\n", 2},
		{"CR CRLF", "\r\r\n", 2},
		{"LF CRLF CR", "\n\r\n\r", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := "User-agent: *" + tc.sep + "Disallow: /a" + tc.sep + "Nosuch: v" + tc.sep + "Allow: /a/b"
			f := robots.Parse([]byte(body))
			rule := 1 + tc.breaks
			record := 1 + 2*tc.breaks
			last := 1 + 3*tc.breaks
			checkRules(t, f, "any", []robots.Rule{disallow("/a", rule), allow("/a/b", last)})
			checkDiags(t, f, []robots.Diagnostic{diag(record, robots.UnknownKey)})
			wantRecords := []robots.Record{{Line: record, Key: "Nosuch", Value: "v", Agents: []string{"*"}}}
			if diff := cmp.Diff(wantRecords, f.Records()); diff != "" {
				t.Errorf("Records() mismatch (-want +got):\n%s", diff)
			}
			checkAccess(t, f, []access{{"any", "/a/x", false}, {"any", "/a/b", true}, {"any", "/b", true}})
		})
	}

	// A CR where the '-' of "user-agent" belongs ends the line: "User" is
	// a one-word line and "agent: ..." a line with an unknown key, as
	// Google's parser reads them.
	t.Run("CR inside a key ends the line", func(t *testing.T) {
		f := robots.Parse([]byte("User\ragent: *\nDisallow: /\n"))
		checkAccess(t, f, []access{{"FooBot", "/a", true}})
		if g := f.Group("FooBot"); g != nil {
			t.Errorf("Group(%q) = %v, want nil", "FooBot", g.Agents())
		}
		checkDiags(t, f, []robots.Diagnostic{diag(1, robots.MalformedLine), diag(2, robots.UnknownKey), diag(3, robots.RuleOutsideGroup)})
	})
	t.Run("CR inside a key does not start a group", func(t *testing.T) {
		f := robots.Parse([]byte("User-agent: FooBot\nDisallow: /a\nUser\ragent: BarBot\nDisallow: /b\n"))
		checkAccess(t, f, []access{{"FooBot", "/a", false}, {"FooBot", "/b", false}, {"BarBot", "/b", true}})
		checkRules(t, f, "FooBot", []robots.Rule{disallow("/a", 2), disallow("/b", 5)})
	})
	t.Run("last line without newline is read", func(t *testing.T) {
		f := robots.Parse([]byte("User-agent: *\nDisallow: /a"))
		checkAccess(t, f, []access{{"any", "/a", false}})
		checkRules(t, f, "any", []robots.Rule{disallow("/a", 2)})
	})
	t.Run("trailing newlines add nothing", func(t *testing.T) {
		f := robots.Parse([]byte("User-agent: *\nDisallow: /a\n\n\r\n\r"))
		checkRules(t, f, "any", []robots.Rule{disallow("/a", 2)})
		checkDiags(t, f, nil)
	})
	t.Run("empty body", func(t *testing.T) {
		f := robots.Parse(nil)
		checkAccess(t, f, []access{{"any", "/", true}})
		if g := f.Group("any"); g != nil {
			t.Errorf("Group(%q) = %v, want nil", "any", g)
		}
		checkDiags(t, f, nil)
	})
}

// Section 1: "A NUL byte ends the useful content of its line."
func TestSpecLinesNUL(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []access
		rules map[string][]robots.Rule
		diags []robots.Diagnostic
	}{
		{
			name:  "NUL inside a pattern ends it",
			body:  "User-agent: *\nDisallow: /a\x00b/c\nDisallow: /d",
			want:  []access{{"any", "/a", false}, {"any", "/ax", false}, {"any", "/d", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/a", 2), disallow("/d", 3)}},
			diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)},
		},
		{
			name:  "NUL at the start empties the line",
			body:  "User-agent: a\n\x00Disallow: /x\nUser-agent: b\nDisallow: /y",
			want:  []access{{"a", "/x", true}, {"a", "/y", false}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/y", 4)}},
			diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)},
		},
		{
			name:  "NUL inside the key leaves one word",
			body:  "User-agent: *\nDisal\x00low: /x",
			want:  []access{{"any", "/x", true}},
			rules: map[string][]robots.Rule{"any": nil},
			diags: []robots.Diagnostic{diag(2, robots.InvalidBytes), diag(2, robots.MalformedLine)},
		},
		{
			name:  "NUL in a user-agent value",
			body:  "User-agent: a\x00b\nDisallow: /x",
			want:  []access{{"a", "/x", false}, {"ab", "/x", true}},
			diags: []robots.Diagnostic{diag(1, robots.InvalidBytes)},
		},
		{
			name:  "NUL hides a later colon-less word",
			body:  "User-agent: *\nDisallow /x\x00 /y",
			want:  []access{{"any", "/x", false}, {"any", "/y", true}},
			rules: map[string][]robots.Rule{"any": {disallow("/x", 2)}},
			diags: []robots.Diagnostic{diag(2, robots.InvalidBytes), diag(2, robots.MissingColon)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			checkDiags(t, f, tc.diags)
		})
	}
}

// Section 1: "`#` starts a comment anywhere on a line, also inside a path.
// Whitespace (space, tab) around the key, the colon and the value is
// dropped."
func TestSpecLinesCommentsAndWhitespace(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		want     []access
		rules    map[string][]robots.Rule
		sitemaps []string
		records  []robots.Record
		diags    []robots.Diagnostic
	}{
		{
			name:  "# inside a path",
			body:  "User-agent: *\nDisallow: /a#b",
			want:  []access{{"any", "/a", false}, {"any", "/ax", false}, {"any", "/b", true}},
			rules: map[string][]robots.Rule{"any": {disallow("/a", 2)}},
		},
		{
			name:  "comment after the value",
			body:  "User-agent: *\nDisallow: /a   # private",
			rules: map[string][]robots.Rule{"any": {disallow("/a", 2)}},
		},
		{
			name:  "commented-out rule",
			body:  "User-agent: *\n# Disallow: /x\nDisallow: /y",
			want:  []access{{"any", "/x", true}, {"any", "/y", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/y", 3)}},
		},
		{
			name:  "indented comment",
			body:  "User-agent: *\n \t# Disallow: /x",
			want:  []access{{"any", "/x", true}},
			rules: map[string][]robots.Rule{"any": nil},
		},
		{
			name:  "# at the start of the value leaves it empty",
			body:  "User-agent: *\nDisallow: #/x",
			want:  []access{{"any", "/x", true}},
			rules: map[string][]robots.Rule{"any": {disallow("", 2)}},
		},
		{
			name: "# in a user-agent value",
			body: "User-agent: a#b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"a#b", "/x", true}},
		},
		{
			name:  "# inside the key",
			body:  "User-agent: *\nDis#allow: /x",
			want:  []access{{"any", "/x", true}},
			rules: map[string][]robots.Rule{"any": nil},
			diags: []robots.Diagnostic{diag(2, robots.MalformedLine)},
		},
		{
			name:     "# in a sitemap URL",
			body:     "Sitemap: https://example.com/s.xml#part",
			sitemaps: []string{"https://example.com/s.xml"},
		},
		{
			name:    "# in a record value",
			body:    "Nosuch: a b # c",
			records: []robots.Record{{Line: 1, Key: "Nosuch", Value: "a b"}},
			diags:   []robots.Diagnostic{diag(1, robots.UnknownKey)},
		},
		{
			name:  "spaces and tabs around key, colon and value",
			body:  "  User-agent  :  a  \n\tDisallow\t:\t/x\t\n \t Allow \t: \t/x/y \t ",
			want:  []access{{"a", "/x", false}, {"a", "/x/y", true}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), allow("/x/y", 3)}},
		},
		{
			name:  "no whitespace at all",
			body:  "User-agent:a\nDisallow:/x",
			want:  []access{{"a", "/x", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2)}},
		},
		{
			name:  "whitespace inside a value is kept",
			body:  "User-agent: *\nDisallow: /a b",
			want:  []access{{"any", "/a b", false}, {"any", "/a%20b", false}, {"any", "/ab", true}, {"any", "/a", true}},
			rules: map[string][]robots.Rule{"any": {disallow("/a b", 2)}},
		},
		// Only space and tab are whitespace (RFC 9309's WS); Google's parser
		// also strips \v and \f, and disallows /x here. README.md,
		// "Differences from Google's parser".
		{
			name:    "vertical tab before the key is part of the key",
			body:    "User-agent: *\n\vDisallow: /\n",
			want:    []access{{"FooBot", "/x", true}, {"FooBot", "/", true}},
			rules:   map[string][]robots.Rule{"FooBot": nil},
			records: []robots.Record{{Line: 2, Key: "\vDisallow", Value: "/", Agents: []string{"*"}}},
			diags:   []robots.Diagnostic{diag(2, robots.InvalidBytes), diag(2, robots.UnknownKey)},
		},
		{
			name:    "form feed before the key is part of the key",
			body:    "User-agent: *\n\fDisallow: /\n",
			want:    []access{{"FooBot", "/x", true}},
			rules:   map[string][]robots.Rule{"FooBot": nil},
			records: []robots.Record{{Line: 2, Key: "\fDisallow", Value: "/", Agents: []string{"*"}}},
			diags:   []robots.Diagnostic{diag(2, robots.InvalidBytes), diag(2, robots.UnknownKey)},
		},
		{
			name:  "vertical tab after the value is part of the value",
			body:  "User-agent: *\nDisallow: /x\v\n",
			want:  []access{{"FooBot", "/x", true}, {"FooBot", "/x\v", false}, {"FooBot", "/x%0B", false}},
			rules: map[string][]robots.Rule{"FooBot": {disallow("/x\v", 2)}},
			diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)},
		},
		{
			name:     "sitemap value trimmed",
			body:     "Sitemap: \t https://example.com/s.xml \t",
			sitemaps: []string{"https://example.com/s.xml"},
		},
		{
			name:    "record value trimmed",
			body:    "Nosuch :   some value \t",
			records: []robots.Record{{Line: 1, Key: "Nosuch", Value: "some value"}},
			diags:   []robots.Diagnostic{diag(1, robots.UnknownKey)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			if diff := cmp.Diff(tc.sitemaps, f.Sitemaps(), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.records, f.Records(), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Records() mismatch (-want +got):\n%s", diff)
			}
			checkDiags(t, f, tc.diags)
		})
	}
}

// Section 1: "Keys are case-insensitive and are recognised by prefix, as
// Google does (`Disallowed:` is a disallow line). Accepted misspellings:
// `useragent`, `user agent` (user-agent); `dissallow`, `dissalow`,
// `disalow`, `diasllow`, `disallaw` (disallow); `site-map` (sitemap). None
// for allow."
func TestSpecLinesKeys(t *testing.T) {
	type kind int
	const (
		userAgent kind = iota
		disallowKey
		allowKey
		sitemapKey
		crawlDelayKey
		notAllow // a key that must not be read as allow
	)
	tests := []struct {
		name string
		key  string
		kind kind
		// diag is the diagnostic the key's line gets, or 0 for none.
		diag robots.DiagnosticKind
	}{
		{"user-agent", "User-agent", userAgent, 0},
		{"USER-AGENT", "USER-AGENT", userAgent, 0},
		{"user-agent lower case", "user-agent", userAgent, 0},
		{"useragent", "useragent", userAgent, robots.AcceptedMisspelling},
		{"UserAgent", "UserAgent", userAgent, robots.AcceptedMisspelling},
		{"user agent", "user agent", userAgent, robots.AcceptedMisspelling},
		{"User-agents by prefix", "User-agents", userAgent, robots.AcceptedMisspelling},

		{"disallow", "Disallow", disallowKey, 0},
		{"DISALLOW", "DISALLOW", disallowKey, 0},
		{"dIsAlLoW", "dIsAlLoW", disallowKey, 0},
		{"Disallowed by prefix", "Disallowed", disallowKey, robots.AcceptedMisspelling},
		{"dissallow", "dissallow", disallowKey, robots.AcceptedMisspelling},
		{"dissalow", "dissalow", disallowKey, robots.AcceptedMisspelling},
		{"disalow", "disalow", disallowKey, robots.AcceptedMisspelling},
		{"diasllow", "diasllow", disallowKey, robots.AcceptedMisspelling},
		{"disallaw", "disallaw", disallowKey, robots.AcceptedMisspelling},
		{"Disalow capitalised", "Disalow", disallowKey, robots.AcceptedMisspelling},
		{"Disalowed misspelling by prefix", "Disalowed", disallowKey, robots.AcceptedMisspelling},

		{"allow", "Allow", allowKey, 0},
		{"ALLOW", "ALLOW", allowKey, 0},
		{"Allowed by prefix", "Allowed", allowKey, robots.AcceptedMisspelling},
		{"no misspelling for allow: alow", "alow", notAllow, robots.UnknownKey},
		{"no misspelling for allow: allw", "allw", notAllow, robots.UnknownKey},
		{"Alloww by prefix", "Alloww", allowKey, robots.AcceptedMisspelling},
		{"no misspelling for allow: aloow", "aloow", notAllow, robots.UnknownKey},
		{"no misspelling for allow: allwo", "allwo", notAllow, robots.UnknownKey},

		{"sitemap", "Sitemap", sitemapKey, 0},
		{"SITEMAP", "SITEMAP", sitemapKey, 0},
		{"site-map", "site-map", sitemapKey, robots.AcceptedMisspelling},
		{"Sitemaps by prefix", "Sitemaps", sitemapKey, robots.AcceptedMisspelling},

		{"crawl-delay", "Crawl-delay", crawlDelayKey, 0},
		{"CRAWL-DELAY", "CRAWL-DELAY", crawlDelayKey, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body string
			var line int // line of tc.key
			switch tc.kind {
			case userAgent:
				body, line = tc.key+": a\nDisallow: /x", 1
			case disallowKey:
				body, line = "User-agent: a\n"+tc.key+": /x", 2
			case allowKey, notAllow:
				body, line = "User-agent: a\nDisallow: /\n"+tc.key+": /x", 3
			case sitemapKey:
				body, line = tc.key+": https://example.com/s.xml", 1
			case crawlDelayKey:
				body, line = "User-agent: a\n"+tc.key+": 3", 2
			}
			f := robots.Parse([]byte(body))
			var wantDiags []robots.Diagnostic
			if tc.diag != 0 {
				wantDiags = []robots.Diagnostic{diag(line, tc.diag)}
			}
			checkDiags(t, f, wantDiags)

			switch tc.kind {
			case userAgent:
				checkAccess(t, f, []access{{"a", "/x", false}, {"other", "/x", true}})
				checkRules(t, f, "a", []robots.Rule{disallow("/x", 2)})
			case disallowKey:
				checkAccess(t, f, []access{{"a", "/x", false}, {"a", "/y", true}})
				checkRules(t, f, "a", []robots.Rule{disallow("/x", 2)})
			case allowKey:
				checkAccess(t, f, []access{{"a", "/x", true}, {"a", "/y", false}})
				checkRules(t, f, "a", []robots.Rule{disallow("/", 2), allow("/x", 3)})
			case notAllow:
				checkAccess(t, f, []access{{"a", "/x", false}, {"a", "/y", false}})
				checkRules(t, f, "a", []robots.Rule{disallow("/", 2)})
				wantRecords := []robots.Record{{Line: 3, Key: tc.key, Value: "/x", Agents: []string{"a"}}}
				if diff := cmp.Diff(wantRecords, f.Records()); diff != "" {
					t.Errorf("Records() mismatch (-want +got):\n%s", diff)
				}
			case sitemapKey:
				if diff := cmp.Diff([]string{"https://example.com/s.xml"}, f.Sitemaps()); diff != "" {
					t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
				}
			case crawlDelayKey:
				d, ok := f.Group("a").CrawlDelay()
				if d != 3*time.Second || !ok {
					t.Errorf("Group(%q).CrawlDelay() = %v, %v, want 3s, true", "a", d, ok)
				}
			}
		})
	}
}

// Section 1: "A line without a colon is still read when it has exactly two
// whitespace-separated words (`Disallow /private`); otherwise it is
// ignored."
func TestSpecLinesMissingColon(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []access
		rules map[string][]robots.Rule
		diags []robots.Diagnostic
	}{
		{
			name:  "two words read",
			body:  "User-agent a\nDisallow /private",
			want:  []access{{"a", "/private", false}, {"a", "/public", true}, {"b", "/private", true}},
			rules: map[string][]robots.Rule{"a": {disallow("/private", 2)}},
			diags: []robots.Diagnostic{diag(1, robots.MissingColon), diag(2, robots.MissingColon)},
		},
		{
			name:  "tab between the words",
			body:  "User-agent: *\nDisallow\t/private",
			want:  []access{{"any", "/private", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/private", 2)}},
			diags: []robots.Diagnostic{diag(2, robots.MissingColon)},
		},
		{
			name:  "several spaces between the words",
			body:  "User-agent: *\n  Allow    /p  \nDisallow /",
			want:  []access{{"any", "/p", true}, {"any", "/q", false}},
			rules: map[string][]robots.Rule{"any": {allow("/p", 2), disallow("/", 3)}},
			diags: []robots.Diagnostic{diag(2, robots.MissingColon), diag(3, robots.MissingColon)},
		},
		{
			name:  "two words and a comment",
			body:  "User-agent: *\nDisallow /private # no colon",
			want:  []access{{"any", "/private", false}},
			rules: map[string][]robots.Rule{"any": {disallow("/private", 2)}},
			diags: []robots.Diagnostic{diag(2, robots.MissingColon)},
		},
		{
			name:  "misspelt key without colon",
			body:  "useragent a\ndisalow /x",
			want:  []access{{"a", "/x", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2)}},
			diags: []robots.Diagnostic{
				diag(1, robots.AcceptedMisspelling), diag(1, robots.MissingColon),
				diag(2, robots.AcceptedMisspelling), diag(2, robots.MissingColon),
			},
		},
		{
			name:  "three words ignored",
			body:  "User-agent: *\nDisallow /private extra",
			want:  []access{{"any", "/private", true}, {"any", "/private%20extra", true}},
			rules: map[string][]robots.Rule{"any": nil},
			diags: []robots.Diagnostic{diag(2, robots.MalformedLine)},
		},
		{
			name:  "user agent and a value is three words",
			body:  "User agent a\nDisallow: /x",
			want:  []access{{"a", "/x", true}, {"user", "/x", true}},
			diags: []robots.Diagnostic{diag(1, robots.MalformedLine), diag(2, robots.RuleOutsideGroup)},
		},
		{
			name:  "one word ignored",
			body:  "User-agent: *\nDisallow/private",
			want:  []access{{"any", "/private", true}},
			rules: map[string][]robots.Rule{"any": nil},
			diags: []robots.Diagnostic{diag(2, robots.MalformedLine)},
		},
		{
			// Were the lone "Disallow" read as an empty rule, "User-agent: b"
			// would start a new group.
			name:  "lone key ignored, so the group goes on",
			body:  "User-agent: a\nDisallow\nUser-agent: b\nDisallow: /x",
			want:  []access{{"a", "/x", false}, {"b", "/x", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 4)}},
			diags: []robots.Diagnostic{diag(2, robots.MalformedLine)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			checkDiags(t, f, tc.diags)
		})
	}
}

// Section 1 with section 4: a two-word line without a colon "is still
// read", and "every other `key: value` line is kept as a record". Google's
// parser reads "Host example.com" as an unknown key and value too.
func TestSpecLinesMissingColonRecord(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nHost example.com\nDisallow: /x"))
	want := []robots.Record{{Line: 2, Key: "Host", Value: "example.com", Agents: []string{"*"}}}
	if diff := cmp.Diff(want, f.Records()); diff != "" {
		t.Errorf("Records() mismatch (-want +got):\n%s", diff)
	}
	checkAccess(t, f, []access{{"any", "/x", false}})
}

// Section 1: "At most 16,663 bytes of a line are used; the rest of that line
// is dropped and the cut line still counts."
func TestSpecLinesLongLine(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	// kept is the pattern of a "Disallow: /x..." line cut at maxLine bytes.
	kept := "/x" + a(maxLine-len("Disallow: /x"))
	tests := []struct {
		name  string
		body  string
		want  []access
		rules []robots.Rule
		diags []robots.Diagnostic
	}{
		{
			name: "pattern that starts before the cut applies",
			body: "User-agent: *\nDisallow: /x" + a(20000) + "\nAllow: /y",
			want: []access{
				{"any", kept, false},
				{"any", kept + "zzz", false},
				{"any", kept[:len(kept)-1], true},
				{"any", "/x" + a(100), true},
			},
			rules: []robots.Rule{disallow(kept, 2), allow("/y", 3)},
			diags: []robots.Diagnostic{diag(2, robots.LineTooLong)},
		},
		{
			name: "bytes after the cut are ignored",
			// The '$' is byte 16,664: were it read, the pattern would be
			// anchored and kept+"tail" allowed.
			body:  "User-agent: *\nDisallow: /x" + a(maxLine-len("Disallow: /x")) + "$",
			want:  []access{{"any", kept, false}, {"any", kept + "tail", false}},
			rules: []robots.Rule{disallow(kept, 2)},
			diags: []robots.Diagnostic{diag(2, robots.LineTooLong)},
		},
		{
			name:  "line of exactly 16,663 bytes is whole",
			body:  "User-agent: *\nDisallow: /x" + a(maxLine-len("Disallow: /x$")) + "$\n",
			want:  []access{{"any", kept[:len(kept)-1], false}, {"any", kept[:len(kept)-1] + "tail", true}},
			rules: []robots.Rule{disallow(kept[:len(kept)-1]+"$", 2)},
		},
		{
			name:  "line of exactly 16,663 bytes before CRLF is whole",
			body:  "User-agent: *\r\nDisallow: /x" + a(maxLine-len("Disallow: /x$")) + "$\r\nAllow: /y",
			want:  []access{{"any", kept[:len(kept)-1] + "tail", true}},
			rules: []robots.Rule{disallow(kept[:len(kept)-1]+"$", 2), allow("/y", 3)},
		},
		{
			name:  "cut line still counts",
			body:  "User-agent: *\n# " + strings.Repeat("c", 30000) + "\nDisallow: /after",
			want:  []access{{"any", "/after", false}},
			rules: []robots.Rule{disallow("/after", 3)},
			diags: []robots.Diagnostic{diag(2, robots.LineTooLong)},
		},
		{
			name:  "cut line with a comment after the cut",
			body:  "User-agent: *\nDisallow: /x" + a(maxLine) + "# comment\nDisallow: /z",
			want:  []access{{"any", kept, false}, {"any", "/z", false}},
			rules: []robots.Rule{disallow(kept, 2), disallow("/z", 3)},
			diags: []robots.Diagnostic{diag(2, robots.LineTooLong)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			checkRules(t, f, "any", tc.rules)
			checkDiags(t, f, tc.diags)
		})
	}
}

// A limitCase is a body built around the parse limit and what it must
// give.
type limitCase struct {
	body  []byte
	want  []access
	rules []robots.Rule
	diags []robots.Diagnostic // nil: do not check
}

// limitHeader starts a body with a "*" group and the rule Disallow: /in.
var limitHeader = []byte("User-agent: *\nDisallow: /in\n")

// Section 1: "Parse limit: only the first 500 KiB (512,000 bytes) of the body
// are parsed by default; a line cut by the limit is dropped."
func TestSpecLinesParseLimit(t *testing.T) {
	if limit != 512000 {
		t.Fatalf("DefaultMaxBytes = %d, want 512000", limit)
	}
	tests := []struct {
		name  string
		build func() limitCase
	}{
		{"rule entirely within the limit applies", func() limitCase {
			b := padTo(append([]byte(nil), limitHeader...), limit-100)
			inside := lineAt(b, len(b))
			b = append(b, "Disallow: /inside\n"...)
			b = padTo(b, limit+200)
			b = append(b, "Disallow: /beyond\n"...)
			return limitCase{
				body:  b,
				want:  []access{{"any", "/in", false}, {"any", "/inside", false}, {"any", "/beyond", true}},
				rules: []robots.Rule{disallow("/in", 2), disallow("/inside", inside)},
				diags: []robots.Diagnostic{diag(lineAt(b, limit), robots.BeyondParseLimit)},
			}
		}},
		{"rule on the line cut by the limit is dropped", func() limitCase {
			// The limit falls after "Disallow: /c": reading the cut line
			// in part would disallow /c.
			b := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /c"))
			cut := lineAt(b, len(b))
			b = append(b, "Disallow: /cutline\nDisallow: /after\n"...)
			return limitCase{
				body:  b,
				want:  []access{{"any", "/c", true}, {"any", "/cutline", true}, {"any", "/after", true}, {"any", "/in", false}},
				rules: []robots.Rule{disallow("/in", 2)},
				diags: []robots.Diagnostic{diag(cut, robots.BeyondParseLimit)},
			}
		}},
		{"line ending exactly at the limit is kept (LF)", func() limitCase {
			return edgeCase("\n")
		}},
		{"line ending exactly at the limit is kept (CR)", func() limitCase {
			return edgeCase("\r")
		}},
		{"line ending exactly at the limit is kept (CRLF)", func() limitCase {
			return edgeCase("\r\n")
		}},
		{"line whose newline is the last byte within the limit is kept", func() limitCase {
			b := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /edge\n"))
			edge := lineAt(b, len(b))
			b = append(b, "Disallow: /edge\nDisallow: /after\n"...)
			return limitCase{
				body:  b,
				want:  []access{{"any", "/edge", false}, {"any", "/after", true}},
				rules: []robots.Rule{disallow("/in", 2), disallow("/edge", edge)},
				diags: []robots.Diagnostic{diag(edge+1, robots.BeyondParseLimit)},
			}
		}},
		{"body of exactly the limit is read whole", func() limitCase {
			b := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /edge"))
			edge := lineAt(b, len(b))
			b = append(b, "Disallow: /edge"...)
			return limitCase{
				body:  b,
				want:  []access{{"any", "/edge", false}},
				rules: []robots.Rule{disallow("/in", 2), disallow("/edge", edge)},
				diags: []robots.Diagnostic{},
			}
		}},
		{"body of the limit plus a newline keeps the last line", func() limitCase {
			b := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /edge"))
			edge := lineAt(b, len(b))
			b = append(b, "Disallow: /edge\n"...)
			return limitCase{
				body:  b,
				want:  []access{{"any", "/edge", false}},
				rules: []robots.Rule{disallow("/in", 2), disallow("/edge", edge)},
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.build()
			f := robots.Parse(c.body)
			checkAccess(t, f, c.want)
			checkRules(t, f, "any", c.rules)
			if c.diags != nil {
				checkDiags(t, f, c.diags)
			}
			// ParseReader gives the same File.
			fr, err := robots.ParseReader(bytes.NewReader(c.body))
			if err != nil {
				t.Fatalf("ParseReader: %v", err)
			}
			if diff := cmp.Diff(robots.SnapshotOf(f, []string{"any"}, nil), robots.SnapshotOf(fr, []string{"any"}, nil)); diff != "" {
				t.Errorf("ParseReader differs from Parse (-Parse +ParseReader):\n%s", diff)
			}
		})
	}
}

// edgeCase builds a body whose line "Disallow: /edge" ends exactly at the
// limit, followed by the line break nl and a line beyond the limit.
func edgeCase(nl string) limitCase {
	b := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /edge"))
	edge := lineAt(b, len(b))
	b = append(b, "Disallow: /edge"+nl+"Disallow: /after\n"...)
	return limitCase{
		body:  b,
		want:  []access{{"any", "/edge", false}, {"any", "/after", true}},
		rules: []robots.Rule{disallow("/in", 2), disallow("/edge", edge)},
		// Which line the BeyondParseLimit diagnostic names is checked in
		// TestSpecDiagnostics.
	}
}

// Section 1: "A caller can raise the limit, never lower it below 500 KiB
// (RFC 9309 section 2.5)."
func TestSpecLinesMaxBytes(t *testing.T) {
	// far is a body with a rule within the default limit, one beyond it at
	// 550,000 bytes, and one cut by a limit of 600,000 bytes.
	far := padTo(append([]byte(nil), limitHeader...), limit-100)
	far = append(far, "Disallow: /inside\n"...)
	far = padTo(far, 550000)
	far = append(far, "Disallow: /far\n"...)
	far = padTo(far, 600000-len("Disallow: /c"))
	cut := lineAt(far, len(far))
	far = append(far, "Disallow: /cutline\n"...)
	far = padTo(far, 700000)

	t.Run("raised limit parses more", func(t *testing.T) {
		f := robots.Options{MaxBytes: 600000}.Parse(far)
		checkAccess(t, f, []access{
			{"any", "/in", false}, {"any", "/inside", false}, {"any", "/far", false},
			{"any", "/c", true}, {"any", "/cutline", true},
		})
		checkDiags(t, f, []robots.Diagnostic{diag(cut, robots.BeyondParseLimit)})
	})
	t.Run("raised limit above the body reads it all", func(t *testing.T) {
		f := robots.Options{MaxBytes: 800000}.Parse(far)
		checkAccess(t, f, []access{{"any", "/far", false}, {"any", "/cutline", false}})
		checkDiags(t, f, nil)
	})
	for _, max := range []int{-1, 0, 1, 1000, limit - 1, limit} {
		t.Run(fmt.Sprintf("MaxBytes %d means the default", max), func(t *testing.T) {
			f := robots.Options{MaxBytes: max}.Parse(far)
			checkAccess(t, f, []access{
				{"any", "/in", false}, {"any", "/inside", false}, {"any", "/far", true}, {"any", "/cutline", true},
			})
			if diff := cmp.Diff(robots.SnapshotOf(robots.Parse(far), []string{"any"}, nil), robots.SnapshotOf(f, []string{"any"}, nil)); diff != "" {
				t.Errorf("Options{MaxBytes: %d}.Parse differs from Parse (-Parse +Options):\n%s", max, diff)
			}
		})
	}
}

// countingReader serves prefix and then comment lines without end, filling
// every buffer it is given, and counts the bytes it served.
type countingReader struct {
	prefix []byte
	n      int
}

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		k := r.n + i
		switch {
		case k < len(r.prefix):
			p[i] = r.prefix[k]
		case (k-len(r.prefix))%20 == 19:
			p[i] = '\n'
		case (k-len(r.prefix))%20 == 0:
			p[i] = '#'
		default:
			p[i] = 'x'
		}
	}
	r.n += len(p)
	return len(p), nil
}

// bytesOf returns the first n bytes r serves.
func (r *countingReader) bytesOf(n int) []byte {
	c := &countingReader{prefix: r.prefix}
	b := make([]byte, n)
	c.Read(b)
	return b
}

// Section 1: "Reading from an io.Reader never reads more than the limit
// plus one byte."
func TestSpecLinesParseReaderLimit(t *testing.T) {
	tests := []struct {
		name  string
		opts  robots.Options
		limit int
	}{
		{"default", robots.Options{}, limit},
		{"below the default", robots.Options{MaxBytes: 1000}, limit},
		{"raised", robots.Options{MaxBytes: 600000}, 600000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &countingReader{prefix: limitHeader}
			f, err := tc.opts.ParseReader(r)
			if err != nil {
				t.Fatalf("ParseReader: %v", err)
			}
			if r.n > tc.limit+1 {
				t.Errorf("ParseReader read %d bytes, want at most %d", r.n, tc.limit+1)
			}
			want := tc.opts.Parse(r.bytesOf(tc.limit + 1))
			if diff := cmp.Diff(robots.SnapshotOf(want, []string{"any"}, nil), robots.SnapshotOf(f, []string{"any"}, nil)); diff != "" {
				t.Errorf("ParseReader differs from Parse of the first %d bytes (-want +got):\n%s", tc.limit+1, diff)
			}
			checkAccess(t, f, []access{{"any", "/in", false}})
		})
	}
	t.Run("package ParseReader", func(t *testing.T) {
		r := &countingReader{prefix: limitHeader}
		if _, err := robots.ParseReader(r); err != nil {
			t.Fatalf("ParseReader: %v", err)
		}
		if r.n > limit+1 {
			t.Errorf("ParseReader read %d bytes, want at most %d", r.n, limit+1)
		}
	})
}

// errAfter serves body and then fails with err.
type errAfter struct {
	body []byte
	err  error
}

func (r *errAfter) Read(p []byte) (int, error) {
	if len(r.body) == 0 {
		return 0, r.err
	}
	n := copy(p, r.body)
	r.body = r.body[n:]
	return n, nil
}

// dataAndErr returns its body and its error in one call.
type dataAndErr struct {
	body []byte
	err  error
	done bool
}

func (r *dataAndErr) Read(p []byte) (int, error) {
	if r.done {
		return 0, r.err
	}
	r.done = true
	return copy(p, r.body), r.err
}

// Section 1: "Nothing in the body is an error", and ParseReader returns only
// the reader's errors, wrapped so that errors.Is finds them.
func TestSpecLinesParseReaderErrors(t *testing.T) {
	errBoom := errors.New("boom")
	body := "User-agent: *\nDisallow: /x\n"
	tests := []struct {
		name string
		r    func() io.Reader
		opts robots.Options
		want error
	}{
		{"error on the first read", func() io.Reader { return iotest.ErrReader(errBoom) }, robots.Options{}, errBoom},
		{"error after some data", func() io.Reader { return &errAfter{[]byte(body), errBoom} }, robots.Options{}, errBoom},
		{"data and error in one call", func() io.Reader { return &dataAndErr{body: []byte(body), err: errBoom} }, robots.Options{}, errBoom},
		{"timeout", func() io.Reader { return iotest.TimeoutReader(strings.NewReader(body)) }, robots.Options{}, iotest.ErrTimeout},
		{"error with raised limit", func() io.Reader { return &errAfter{[]byte(body), errBoom} }, robots.Options{MaxBytes: 600000}, errBoom},
		{"unexpected EOF", func() io.Reader { return &errAfter{[]byte(body), io.ErrUnexpectedEOF} }, robots.Options{}, io.ErrUnexpectedEOF},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.opts.ParseReader(tc.r())
			if !errors.Is(err, tc.want) {
				t.Fatalf("ParseReader error = %v, want one that errors.Is %v", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "robots: ") {
				t.Errorf("ParseReader error = %q, want it to start with %q", err, "robots: ")
			}
		})
	}

	t.Run("package ParseReader wraps too", func(t *testing.T) {
		_, err := robots.ParseReader(iotest.ErrReader(errBoom))
		if !errors.Is(err, errBoom) || !strings.HasPrefix(err.Error(), "robots: ") {
			t.Errorf("ParseReader error = %v, want %q wrapped under a \"robots: \" prefix", err, errBoom)
		}
	})

	t.Run("error beyond the limit is never reached", func(t *testing.T) {
		b := padTo(append([]byte(nil), limitHeader...), limit+1)
		f, err := robots.ParseReader(io.MultiReader(bytes.NewReader(b), iotest.ErrReader(errBoom)))
		if err != nil {
			t.Fatalf("ParseReader error = %v, want nil", err)
		}
		checkAccess(t, f, []access{{"any", "/in", false}})
	})

	good := []byte("\xEF\xBB\xBFUser-agent: a\r\nDisallow: /a\x00x\nNosuch: v\n\xffjunk\nSitemap: https://example.com/s.xml\rCrawl-delay: 2")
	for _, rc := range []struct {
		name string
		r    func() io.Reader
	}{
		{"one byte at a time", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(good)) }},
		{"half reads", func() io.Reader { return iotest.HalfReader(bytes.NewReader(good)) }},
		{"EOF with the last data", func() io.Reader { return iotest.DataErrReader(bytes.NewReader(good)) }},
		{"data and EOF in one call", func() io.Reader { return &dataAndErr{body: good, err: io.EOF} }},
	} {
		t.Run(rc.name+" gives what Parse gives", func(t *testing.T) {
			f, err := robots.ParseReader(rc.r())
			if err != nil {
				t.Fatalf("ParseReader error = %v, want nil", err)
			}
			if diff := cmp.Diff(robots.SnapshotOf(robots.Parse(good), []string{"a", "b"}, nil), robots.SnapshotOf(f, []string{"a", "b"}, nil)); diff != "" {
				t.Errorf("ParseReader differs from Parse (-Parse +ParseReader):\n%s", diff)
			}
		})
	}

	t.Run("garbage is not an error", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		junk := make([]byte, 200000)
		for i := range junk {
			junk[i] = byte(rng.UintN(256))
		}
		f, err := robots.ParseReader(bytes.NewReader(junk))
		if err != nil {
			t.Fatalf("ParseReader error = %v, want nil", err)
		}
		if len(f.Diagnostics()) == 0 {
			t.Errorf("Diagnostics() is empty for 200,000 random bytes")
		}
	})
}

// Section 1: "Nothing in the body is an error: unknown keys, bad lines and
// bytes outside the RFC's grammar become diagnostics (section 6), and every
// parseable rule is used."
func TestSpecLinesEveryRuleUsed(t *testing.T) {
	body := "User-agent: *\n" +
		"\x01\x02 garbage\n" + // 2
		"Disallow: /one\n" + // 3
		": : :\n" + // 4
		"Disallow /two\n" + // 5
		"Disallow: three\n" + // 6
		"Allow: /one/ok\n" + // 7
		"Disallow: /four\xff\n" + // 8
		"what is this\n" + // 9
		"Crawl-delay: never\n" + // 10
		"Disallow: /five"
	f := robots.Parse([]byte(body))
	checkAccess(t, f, []access{
		{"any", "/one", false},
		{"any", "/one/ok", true},
		{"any", "/two", false},
		{"any", "/four%FF", false},
		{"any", "/four\xff", false},
		{"any", "/five", false},
		{"any", "/three", true},
		{"any", "/", true},
	})
	checkRules(t, f, "any", []robots.Rule{
		disallow("/one", 3), disallow("/two", 5), disallow("three", 6),
		allow("/one/ok", 7), disallow("/four\xff", 8), disallow("/five", 11),
	})
	got := map[int]bool{}
	for _, d := range f.Diagnostics() {
		got[d.Line] = true
	}
	for _, line := range []int{2, 4, 5, 6, 8, 9, 10} {
		if !got[line] {
			t.Errorf("Diagnostics() has nothing for line %d; got %v", line, f.Diagnostics())
		}
	}

	t.Run("random bytes around a group", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		var b []byte
		b = append(b, "User-agent: *\nDisallow: /secret\n"...)
		for i := 0; i < 2000; i++ {
			line := make([]byte, rng.IntN(80))
			for j := range line {
				// Random bytes, but no line breaks, so every junk line stays
				// one line, and no ':' so that none is read as a key.
				c := byte(rng.UintN(256))
				if c == '\n' || c == '\r' || c == ':' {
					c = '#'
				}
				line[j] = c
			}
			b = append(b, line...)
			b = append(b, '\n')
		}
		b = append(b, "Allow: /secret/open\n"...)
		f := robots.Parse(b)
		checkAccess(t, f, []access{{"any", "/secret", false}, {"any", "/secret/open", true}, {"any", "/public", true}})
	})
}
