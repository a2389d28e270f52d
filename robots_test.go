package robots_test

// This file checks, rule by rule, what SPEC.md sections 1 (Lines), 2
// (Groups), 4 (Other records) and 6 (Diagnostics) promise, through the
// public API only. Each test names the SPEC.md sentence it checks.
//
// Where SPEC.md leaves a detail open, the tests do not pin it: the Detail
// text of a Diagnostic, the order of two diagnostics on one line, whether
// Host and the other known extensions get an UnknownKey diagnostic, and
// whether Record.Agents holds product tokens or the user-agent values as
// written.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// limit is the default parse limit, 500 KiB.
const limit = robots.DefaultMaxBytes

// maxLine is how many bytes of a line are read.
const maxLine = 16663

// An access is one question to a File and its answer.
type access struct {
	agent, url string
	allowed    bool
}

// checkAccess asks f each question of want.
func checkAccess(t *testing.T, f *robots.File, want []access) {
	t.Helper()
	for _, a := range want {
		if got := f.Allowed(a.agent, a.url); got != a.allowed {
			t.Errorf("Allowed(%q, %q) = %v, want %v", a.agent, shorten(a.url), got, a.allowed)
		}
	}
}

// shorten cuts long strings in messages.
func shorten(s string) string {
	if len(s) > 60 {
		return fmt.Sprintf("%s...(%d bytes)", s[:40], len(s))
	}
	return s
}

// diagOpts compare diagnostics by line and kind: SPEC.md does not fix the
// Detail text, nor the order of two diagnostics on one line.
var diagOpts = cmp.Options{
	cmpopts.IgnoreFields(robots.Diagnostic{}, "Detail"),
	cmpopts.SortSlices(func(a, b robots.Diagnostic) bool {
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Kind < b.Kind
	}),
	cmpopts.EquateEmpty(),
}

// checkDiags compares f's diagnostics with want by line and kind, and checks
// that they come in line order.
func checkDiags(t *testing.T, f *robots.File, want []robots.Diagnostic) {
	t.Helper()
	got := f.Diagnostics()
	if diff := cmp.Diff(want, got, diagOpts); diff != "" {
		t.Errorf("Diagnostics() mismatch (-want +got):\n%s", diff)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Line < got[i-1].Line {
			t.Errorf("Diagnostics() not in line order: %v before %v", got[i-1], got[i])
		}
	}
}

// checkRules compares the rules of agent's group with want.
func checkRules(t *testing.T, f *robots.File, agent string, want []robots.Rule) {
	t.Helper()
	if diff := cmp.Diff(want, f.Group(agent).Rules(), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Group(%q).Rules() mismatch (-want +got):\n%s", agent, diff)
	}
}

// diag returns a Diagnostic of kind on line, for comparisons that ignore
// Detail.
func diag(line int, kind robots.DiagnosticKind) robots.Diagnostic {
	return robots.Diagnostic{Line: line, Kind: kind}
}

func disallow(pattern string, line int) robots.Rule {
	return robots.Rule{Pattern: pattern, Line: line}
}

func allow(pattern string, line int) robots.Rule {
	return robots.Rule{Allow: true, Pattern: pattern, Line: line}
}

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

// A view is what a File answers about a few agents, for comparing Files.
type view struct {
	Sitemaps    []string
	Records     []robots.Record
	Diagnostics []robots.Diagnostic
	Groups      map[string]groupView
}

type groupView struct {
	Nil      bool
	Agents   []string
	Rules    []robots.Rule
	Delay    time.Duration
	HasDelay bool
}

func viewOf(f *robots.File, agents ...string) view {
	v := view{
		Sitemaps:    f.Sitemaps(),
		Records:     f.Records(),
		Diagnostics: f.Diagnostics(),
		Groups:      make(map[string]groupView),
	}
	for _, a := range agents {
		g := f.Group(a)
		d, ok := g.CrawlDelay()
		v.Groups[a] = groupView{Nil: g == nil, Agents: g.Agents(), Rules: g.Rules(), Delay: d, HasDelay: ok}
	}
	return v
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
			if diff := cmp.Diff(viewOf(f, "any"), viewOf(fr, "any")); diff != "" {
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
			if diff := cmp.Diff(viewOf(robots.Parse(far), "any"), viewOf(f, "any")); diff != "" {
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
			if diff := cmp.Diff(viewOf(want, "any"), viewOf(f, "any")); diff != "" {
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
			if diff := cmp.Diff(viewOf(robots.Parse(good), "a", "b"), viewOf(f, "a", "b")); diff != "" {
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

// Section 2: "A group is one or more user-agent lines followed by rules. A
// user-agent line that comes after a rule starts a new group. Blank lines,
// comments, sitemap lines and unknown lines do not end a group." And "Allow
// and disallow lines before the first user-agent line belong to no group and
// are ignored."
func TestSpecGroupsStructure(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []access
		rules map[string][]robots.Rule
	}{
		{
			name: "several user-agent lines share a group",
			body: "User-agent: a\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}, {"c", "/x", true}},
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 3)},
				"b": {disallow("/x", 3)},
			},
		},
		{
			name: "user-agent after a rule starts a new group",
			body: "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y",
			want: []access{{"a", "/x", false}, {"a", "/y", true}, {"b", "/x", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 2)},
				"b": {disallow("/y", 4)},
			},
		},
		{
			name: "user-agent after an allow rule starts a new group",
			body: "User-agent: a\nAllow: /x\nUser-agent: b\nDisallow: /",
			want: []access{{"a", "/y", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {allow("/x", 2)},
				"b": {disallow("/", 4)},
			},
		},
		{
			name: "user-agent after an empty rule starts a new group",
			body: "User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /",
			want: []access{{"a", "/y", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {disallow("", 2)},
				"b": {disallow("/", 4)},
			},
		},
		{
			name: "blank line between user-agent lines",
			body: "User-agent: a\n\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name: "blank line between user-agent and *",
			body: "User-agent: a\n\nUser-agent: *\nDisallow: /",
			want: []access{{"a", "/x", false}, {"other", "/x", false}},
		},
		{
			name:  "blank line between rules",
			body:  "User-agent: a\nDisallow: /x\n\n\nDisallow: /y",
			want:  []access{{"a", "/x", false}, {"a", "/y", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 5)}},
		},
		{
			name: "comment between user-agent lines",
			body: "User-agent: a\n# and\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "comment between rules",
			body:  "User-agent: a\nDisallow: /x\n# more\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "sitemap between user-agent lines",
			body: "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "sitemap between rules",
			body:  "User-agent: a\nDisallow: /x\nSitemap: https://example.com/s.xml\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "unknown line between user-agent lines",
			body: "User-agent: a\nNosuch: v\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name: "extension line between user-agent lines",
			body: "User-agent: a\nHost: example.com\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "unknown line between rules",
			body:  "User-agent: a\nDisallow: /x\nNosuch: v\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name:  "ignored line between rules",
			body:  "User-agent: a\nDisallow: /x\nthree words here\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "rules before the first user-agent are ignored",
			body: "Disallow: /x\nAllow: /y\nUser-agent: *\nDisallow: /y",
			want: []access{{"any", "/x", true}, {"any", "/y", false}},
			rules: map[string][]robots.Rule{
				"any": {disallow("/y", 4)},
			},
		},
		{
			name: "rules with no user-agent at all are ignored",
			body: "Disallow: /\nAllow: /x",
			want: []access{{"any", "/", true}, {"any", "/y", true}},
		},
		{
			name: "the same agent twice in one group",
			body: "User-agent: a\nUser-agent: A\nUser-agent: a\nDisallow: /x",
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 4)},
			},
		},
		{
			name: "group without rules at the end",
			body: "User-agent: *\nDisallow: /\nUser-agent: a",
			want: []access{{"a", "/x", true}, {"b", "/x", false}},
			rules: map[string][]robots.Rule{
				"a": nil,
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
		})
	}
}

// Section 2: "The product token of a user-agent line is the longest leading
// run of `a-z A-Z _ -` in its value (`Googlebot/2.1` and `Googlebot News`
// both give `Googlebot`). A value that is `*`, or `*` followed by whitespace
// and anything, names the global group."
func TestSpecGroupsProductToken(t *testing.T) {
	tests := []struct {
		name  string
		value string
		// match are agents the group applies to; miss are agents it does
		// not apply to.
		match, miss []string
		agents      []string // Agents() of the group, when match is not empty
	}{
		{"version", "Googlebot/2.1", []string{"Googlebot", "googlebot"}, []string{"Googlebot/2.1", "Googlebot/2", "2.1"}, []string{"Googlebot"}},
		{"second word", "Googlebot News", []string{"Googlebot"}, []string{"Googlebot News", "News", "GooglebotNews"}, []string{"Googlebot"}},
		{"second word after a tab", "Googlebot\tNews", []string{"Googlebot"}, []string{"News"}, []string{"Googlebot"}},
		{"hyphen", "Googlebot-News", []string{"Googlebot-News"}, []string{"Googlebot", "News"}, []string{"Googlebot-News"}},
		{"underscore", "Foo_Bar", []string{"foo_bar"}, []string{"Foo", "Bar"}, []string{"Foo_Bar"}},
		{"digits end the token", "Googlebot2", []string{"Googlebot"}, []string{"Googlebot2"}, []string{"Googlebot"}},
		{"parenthesis ends the token", "Foo(compatible)", []string{"Foo"}, []string{"Foo(compatible)", "compatible"}, []string{"Foo"}},
		{"non-ASCII ends the token", "B\xc3\xbccherbot", []string{"B"}, []string{"B\xc3\xbccherbot", "cherbot"}, []string{"B"}},
		{"star", "*", []string{"any", "Googlebot"}, nil, []string{"*"}},
		{"star and a word", "* anything", []string{"any", "anything"}, nil, []string{"*"}},
		{"star and a tab", "*\tanything", []string{"any"}, nil, []string{"*"}},
		{"star bot is not global", "*bot", nil, []string{"bot", "*bot", "any"}, nil},
		{"star slash is not global", "*/1.0", nil, []string{"any", "*/1.0"}, nil},
		{"star comma is not global", "*,a", nil, []string{"any", "a"}, nil},
		{"digits only name nothing", "2.1", nil, []string{"2.1", "any"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte("User-agent: " + tc.value + "\nDisallow: /x"))
			for _, a := range tc.match {
				if f.Allowed(a, "/x") {
					t.Errorf("Allowed(%q, %q) = true, want false", a, "/x")
				}
				if diff := cmp.Diff(tc.agents, f.Group(a).Agents()); diff != "" {
					t.Errorf("Group(%q).Agents() mismatch (-want +got):\n%s", a, diff)
				}
			}
			for _, a := range tc.miss {
				if g := f.Group(a); g != nil {
					t.Errorf("Group(%q) = group of %q, want nil", a, g.Agents())
				}
				if !f.Allowed(a, "/x") {
					t.Errorf("Allowed(%q, %q) = false, want true", a, "/x")
				}
			}
		})
	}
}

// Section 2: "The crawler's agent is compared as given, case-insensitively,
// with each group's token."
func TestSpecGroupsAgentComparison(t *testing.T) {
	long := strings.Repeat("LongCrawlerName", 8) // longer than 64 bytes
	body := "User-agent: GoogleBot\nDisallow: /g\n" +
		"User-agent: " + long + "\nDisallow: /long\n" +
		"User-agent: *\nDisallow: /star\n"
	f := robots.Parse([]byte(body))
	tests := []struct {
		name  string
		agent string
		group string // the rule pattern that tells which group applied
	}{
		{"exact", "GoogleBot", "/g"},
		{"lower case", "googlebot", "/g"},
		{"upper case", "GOOGLEBOT", "/g"},
		{"long token, other case", strings.ToUpper(long), "/long"},
		{"long token, lower case", strings.ToLower(long), "/long"},
		{"with version is not the token", "Googlebot/2.1", "/star"},
		{"with a second word is not the token", "Googlebot News", "/star"},
		{"leading space is not trimmed", " Googlebot", "/star"},
		{"prefix of the token", "Google", "/star"},
		{"token is a prefix of the agent", "Googlebots", "/star"},
		{"long token and more", long + "x", "/star"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := f.Group(tc.agent).Rules()
			if len(rules) != 1 || rules[0].Pattern != tc.group {
				t.Errorf("Group(%q).Rules() = %v, want the group with Disallow: %s", shorten(tc.agent), rules, tc.group)
			}
			if f.Allowed(tc.agent, tc.group) {
				t.Errorf("Allowed(%q, %q) = true, want false", shorten(tc.agent), tc.group)
			}
		})
	}
}

// Section 2: "All groups whose token equals it are merged into one, in file
// order. If none matches, all `*` groups are merged and used. If there is no
// `*` group either, every URL is allowed. A group that names the agent
// replaces `*` entirely, even when none of its rules matches a URL."
func TestSpecGroupsMerging(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    []access
		rules   map[string][]robots.Rule
		nilFor  []string // agents for which Group returns nil
		reasons map[string]robots.Reason
	}{
		{
			name: "groups naming the agent merge in file order",
			body: "User-agent: a\nDisallow: /a1\n" +
				"User-agent: b\nDisallow: /b1\n" +
				"User-agent: A\nAllow: /a1/open\n" +
				"User-agent: c\nUser-agent: a\nDisallow: /a3\n",
			want: []access{
				{"a", "/a1", false}, {"a", "/a1/open", true}, {"a", "/a3", false}, {"a", "/b1", true},
				{"c", "/a1", true}, {"c", "/a3", false},
				{"b", "/a1", true}, {"b", "/b1", false},
			},
			rules: map[string][]robots.Rule{
				"a": {disallow("/a1", 2), allow("/a1/open", 6), disallow("/a3", 9)},
				"A": {disallow("/a1", 2), allow("/a1/open", 6), disallow("/a3", 9)},
				"b": {disallow("/b1", 4)},
				"c": {disallow("/a3", 9)},
			},
		},
		{
			name: "most specific rule across merged groups",
			body: "User-agent: a\nDisallow: /p\nUser-agent: b\nDisallow: /\nUser-agent: a\nAllow: /p/q",
			want: []access{{"a", "/p", false}, {"a", "/p/q", true}, {"a", "/r", true}},
		},
		{
			name: "star groups merge when none names the agent",
			body: "User-agent: *\nDisallow: /x\n" +
				"User-agent: a\nDisallow: /y\n" +
				"User-agent: *\nDisallow: /z\n",
			want: []access{
				{"b", "/x", false}, {"b", "/y", true}, {"b", "/z", false},
				{"a", "/x", true}, {"a", "/y", false}, {"a", "/z", true},
			},
			rules: map[string][]robots.Rule{
				"b": {disallow("/x", 2), disallow("/z", 6)},
				"a": {disallow("/y", 4)},
			},
		},
		{
			name: "group naming another agent and star",
			body: "User-agent: a\nUser-agent: *\nDisallow: /x\nUser-agent: b\nDisallow: /y",
			want: []access{{"a", "/x", false}, {"c", "/x", false}, {"b", "/x", true}, {"b", "/y", false}},
		},
		{
			name:    "no star group allows everything",
			body:    "User-agent: a\nDisallow: /",
			want:    []access{{"b", "/", true}, {"b", "/x", true}, {"a", "/x", false}},
			nilFor:  []string{"b", ""},
			reasons: map[string]robots.Reason{"b": robots.NoGroup},
		},
		{
			name:    "no groups at all",
			body:    "Sitemap: https://example.com/s.xml\nNosuch: v",
			want:    []access{{"a", "/", true}},
			nilFor:  []string{"a", "*"},
			reasons: map[string]robots.Reason{"a": robots.NoGroup},
		},
		{
			name:    "named group without a matching rule replaces star",
			body:    "User-agent: *\nDisallow: /\nUser-agent: a\nDisallow: /private",
			want:    []access{{"a", "/public", true}, {"a", "/private", false}, {"b", "/public", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with no rules at all replaces star",
			body:    "User-agent: *\nDisallow: /\n\nUser-agent: a\n",
			want:    []access{{"a", "/", true}, {"a", "/x", true}, {"b", "/x", false}},
			rules:   map[string][]robots.Rule{"a": nil},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with only an empty rule replaces star",
			body:    "User-agent: a\nDisallow:\nUser-agent: *\nDisallow: /",
			want:    []access{{"a", "/x", true}, {"b", "/x", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with only never-matching rules replaces star",
			body:    "User-agent: a\nDisallow: x\nUser-agent: *\nDisallow: /",
			want:    []access{{"a", "/x", true}, {"b", "/x", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			for _, agent := range tc.nilFor {
				if g := f.Group(agent); g != nil {
					t.Errorf("Group(%q) = group of %q, want nil", agent, g.Agents())
				}
			}
			for agent, want := range tc.reasons {
				e := f.Explain(agent, "/x")
				if e.Reason != want || !e.Allowed {
					t.Errorf("Explain(%q, %q) = %v (allowed %v), want %v (allowed true)", agent, "/x", e.Reason, e.Allowed, want)
				}
			}
		})
	}
}

// Section 4: "`Sitemap:` lines are collected from anywhere in the file, in
// order, without duplicates, and never end a group."
func TestSpecRecordsSitemaps(t *testing.T) {
	body := "Sitemap: https://example.com/1.xml\n" + // 1
		"User-agent: a\n" + // 2
		"Sitemap: https://example.com/2.xml\n" + // 3
		"User-agent: b\n" + // 4
		"Disallow: /x\n" + // 5
		"Sitemap: https://example.com/1.xml\n" + // 6
		"site-map: https://example.com/3.xml\n" + // 7
		"Disallow: /y\n" + // 8
		"SITEMAP: https://example.com/4.xml # four\n" + // 9
		"User-agent: *\n" + // 10
		"Sitemap:https://example.com/2.xml\n" + // 11
		"Disallow: /z\n" + // 12
		"Sitemap: https://other.example/5.xml" // 13
	f := robots.Parse([]byte(body))
	want := []string{
		"https://example.com/1.xml",
		"https://example.com/2.xml",
		"https://example.com/3.xml",
		"https://example.com/4.xml",
		"https://other.example/5.xml",
	}
	if diff := cmp.Diff(want, f.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
	}
	checkRules(t, f, "a", []robots.Rule{disallow("/x", 5), disallow("/y", 8)})
	checkRules(t, f, "b", []robots.Rule{disallow("/x", 5), disallow("/y", 8)})
	checkRules(t, f, "c", []robots.Rule{disallow("/z", 12)})
	checkAccess(t, f, []access{{"a", "/y", false}, {"b", "/x", false}, {"c", "/z", false}, {"c", "/x", true}})
	checkDiags(t, f, []robots.Diagnostic{diag(7, robots.AcceptedMisspelling)})
	if got := f.Records(); len(got) != 0 {
		t.Errorf("Records() = %v, want none: sitemaps are not records", got)
	}

	t.Run("returned slice is a copy", func(t *testing.T) {
		s := f.Sitemaps()
		s[0] = "changed"
		if got := f.Sitemaps()[0]; got != want[0] {
			t.Errorf("Sitemaps()[0] = %q after changing a returned slice, want %q", got, want[0])
		}
	})
}

// Section 4: "`Crawl-delay:` (seconds, integer or decimal) belongs to the
// group it stands in; for merged groups the largest value applies. A bad
// value is a diagnostic."
func TestSpecRecordsCrawlDelay(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		agent  string
		delay  time.Duration
		ok     bool
		diags  []robots.Diagnostic
		access []access
	}{
		{name: "integer", body: "User-agent: a\nCrawl-delay: 10", agent: "a", delay: 10 * time.Second, ok: true},
		{name: "zero", body: "User-agent: a\nCrawl-delay: 0", agent: "a", delay: 0, ok: true},
		{name: "decimal", body: "User-agent: a\nCrawl-delay: 0.5", agent: "a", delay: 500 * time.Millisecond, ok: true},
		{name: "decimal with integer part", body: "User-agent: a\nCrawl-delay: 2.25", agent: "a", delay: 2250 * time.Millisecond, ok: true},
		{name: "whitespace and comment", body: "User-agent: a\n  Crawl-delay \t:  4  # seconds", agent: "a", delay: 4 * time.Second, ok: true},
		{name: "after rules", body: "User-agent: a\nDisallow: /x\nCrawl-delay: 3", agent: "a", delay: 3 * time.Second, ok: true},
		{name: "none", body: "User-agent: a\nDisallow: /x", agent: "a"},
		{name: "nil group", body: "User-agent: a\nCrawl-delay: 5", agent: "b"},
		{
			name:  "belongs to its group only",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y",
			agent: "b",
		},
		{
			name:  "its own group has it",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y",
			agent: "a", delay: 5 * time.Second, ok: true,
		},
		{
			name:  "largest of merged groups",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 2\nUser-agent: b\nCrawl-delay: 9\nDisallow: /\nUser-agent: a\nDisallow: /y\nCrawl-delay: 7\nUser-agent: A\nDisallow: /z\nCrawl-delay: 3",
			agent: "a", delay: 7 * time.Second, ok: true,
		},
		{
			name:  "largest of merged star groups",
			body:  "User-agent: *\nDisallow: /x\nCrawl-delay: 1\nUser-agent: a\nDisallow: /y\nCrawl-delay: 9\nUser-agent: *\nDisallow: /z\nCrawl-delay: 4.5",
			agent: "other", delay: 4500 * time.Millisecond, ok: true,
		},
		{
			name:  "merged with a group that has none",
			body:  "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\nCrawl-delay: 6",
			agent: "a", delay: 6 * time.Second, ok: true,
		},
		{
			name:  "named group without delay replaces star",
			body:  "User-agent: *\nDisallow: /x\nCrawl-delay: 10\nUser-agent: a\nDisallow: /y",
			agent: "a",
		},
		{
			name:  "bad value beside a good one in a merged group",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: soon\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\nCrawl-delay: 3",
			agent: "a", delay: 3 * time.Second, ok: true,
			diags: []robots.Diagnostic{diag(3, robots.BadCrawlDelay)},
		},
	}
	for _, v := range []string{"abc", "-1", "1s", "", "1,5", "1.5.2", "ten", "0x10", "5 s"} {
		tests = append(tests, struct {
			name   string
			body   string
			agent  string
			delay  time.Duration
			ok     bool
			diags  []robots.Diagnostic
			access []access
		}{
			name:   fmt.Sprintf("bad value %q", v),
			body:   "User-agent: a\nDisallow: /x\nCrawl-delay: " + v + "\nDisallow: /y",
			agent:  "a",
			diags:  []robots.Diagnostic{diag(3, robots.BadCrawlDelay)},
			access: []access{{"a", "/x", false}, {"a", "/y", false}, {"a", "/z", true}},
		})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			d, ok := f.Group(tc.agent).CrawlDelay()
			if d != tc.delay || ok != tc.ok {
				t.Errorf("Group(%q).CrawlDelay() = %v, %v, want %v, %v", tc.agent, d, ok, tc.delay, tc.ok)
			}
			checkDiags(t, f, tc.diags)
			checkAccess(t, f, tc.access)
		})
	}
}

// Section 4: "Every other `key: value` line is kept as a record with its line
// number and its group (or none), so callers can read extensions such as
// `Host`, `Clean-param` or `Request-rate` without re-parsing."
func TestSpecRecordsOther(t *testing.T) {
	body := "Host: example.com\n" + // 1
		"Nosuch: before\n" + // 2
		"User-agent: a\n" + // 3
		"User-agent: b\n" + // 4
		"Clean-param: ref /articles/\n" + // 5
		"Disallow: /x\n" + // 6
		"Request-rate: 1/5 # one in five\n" + // 7
		"User-agent: *\n" + // 8
		"Foo:   bar baz  \n" + // 9
		"HOST: http://example.com:8080\n" + // 10
		"Visit-time:\n" + // 11
		"Allow: /y\n" + // 12
		"Sitemap: https://example.com/s.xml\n" + // 13
		"Crawl-delay: 1\n" + // 14
		"Alow: /z" // 15
	f := robots.Parse([]byte(body))
	ab := []string{"a", "b"}
	star := []string{"*"}
	want := []robots.Record{
		{Line: 1, Key: "Host", Value: "example.com"},
		{Line: 2, Key: "Nosuch", Value: "before"},
		{Line: 5, Key: "Clean-param", Value: "ref /articles/", Agents: ab},
		{Line: 7, Key: "Request-rate", Value: "1/5", Agents: ab},
		{Line: 9, Key: "Foo", Value: "bar baz", Agents: star},
		{Line: 10, Key: "HOST", Value: "http://example.com:8080", Agents: star},
		{Line: 11, Key: "Visit-time", Value: "", Agents: star},
		{Line: 15, Key: "Alow", Value: "/z", Agents: star},
	}
	if diff := cmp.Diff(want, f.Records()); diff != "" {
		t.Errorf("Records() mismatch (-want +got):\n%s", diff)
	}
	// Records change no answer: a and b share one group, * another.
	checkRules(t, f, "a", []robots.Rule{disallow("/x", 6)})
	checkRules(t, f, "other", []robots.Rule{allow("/y", 12)})
	checkAccess(t, f, []access{{"a", "/x", false}, {"b", "/x", false}, {"other", "/x", true}, {"other", "/z", true}})

	t.Run("records before any group have nil agents", func(t *testing.T) {
		for _, r := range f.Records()[:2] {
			if r.Agents != nil {
				t.Errorf("Record on line %d has Agents %q, want nil", r.Line, r.Agents)
			}
		}
	})
	t.Run("returned slice is a copy", func(t *testing.T) {
		r := f.Records()
		r[0].Key = "changed"
		if got := f.Records()[0].Key; got != "Host" {
			t.Errorf("Records()[0].Key = %q after changing a returned slice, want %q", got, "Host")
		}
	})
}

// Section 6: "Each line that is not a clean, known record gets a diagnostic
// with its line number and a kind."
func TestSpecDiagnostics(t *testing.T) {
	long := "# " + strings.Repeat("c", 20000)
	tests := []struct {
		name  string
		body  string
		diags []robots.Diagnostic
	}{
		{
			name: "clean file has none",
			body: "# comment\n\nUser-agent: *\nUser-agent: Googlebot\nDisallow: /x # c\nAllow: /x/y\nDisallow:\n" +
				"Disallow: *.gif$\nDisallow: /p\xe3\x83\x84\nCrawl-delay: 2.5\n" +
				"Sitemap: https://example.com/s.xml\n\t \n",
		},
		{name: "unknown key", body: "User-agent: *\nNosuch: v", diags: []robots.Diagnostic{diag(2, robots.UnknownKey)}},
		{name: "unknown key before any group", body: "Nosuch: v\nUser-agent: *", diags: []robots.Diagnostic{diag(1, robots.UnknownKey)}},
		{name: "empty key", body: "User-agent: *\n: value", diags: []robots.Diagnostic{diag(2, robots.MalformedLine)}},
		{name: "accepted misspelling", body: "User-agent: *\nDisalow: /x", diags: []robots.Diagnostic{diag(2, robots.AcceptedMisspelling)}},
		{name: "key by prefix", body: "User-agent: *\nDisallowed: /x", diags: []robots.Diagnostic{diag(2, robots.AcceptedMisspelling)}},
		{name: "misspelt user-agent", body: "useragent: a\nDisallow: /x", diags: []robots.Diagnostic{diag(1, robots.AcceptedMisspelling)}},
		{name: "missing colon, read", body: "User-agent: *\n\nDisallow /x", diags: []robots.Diagnostic{diag(3, robots.MissingColon)}},
		{name: "missing colon, one word", body: "User-agent: *\nDisallow", diags: []robots.Diagnostic{diag(2, robots.MalformedLine)}},
		{name: "missing colon, three words", body: "User-agent: *\nDisallow /x /y", diags: []robots.Diagnostic{diag(2, robots.MalformedLine)}},
		{name: "disallow outside any group", body: "Disallow: /x\nUser-agent: *", diags: []robots.Diagnostic{diag(1, robots.RuleOutsideGroup)}},
		{name: "allow outside any group", body: "\nAllow: /x\nUser-agent: *", diags: []robots.Diagnostic{diag(2, robots.RuleOutsideGroup)}},
		{name: "invalid pattern", body: "User-agent: *\nDisallow: x", diags: []robots.Diagnostic{diag(2, robots.InvalidPattern)}},
		{name: "invalid allow pattern", body: "User-agent: *\nAllow: x/y", diags: []robots.Diagnostic{diag(2, robots.InvalidPattern)}},
		{name: "invalid pattern with a scheme", body: "User-agent: *\nDisallow: https://example.com/x", diags: []robots.Diagnostic{diag(2, robots.InvalidPattern)}},
		{name: "pattern starting with star is valid", body: "User-agent: *\nDisallow: *x"},
		{name: "empty pattern is valid", body: "User-agent: *\nDisallow:\nAllow:"},
		{name: "line cut for length", body: "User-agent: *\n" + long + "\nDisallow: /x", diags: []robots.Diagnostic{diag(2, robots.LineTooLong)}},
		{name: "control byte", body: "User-agent: *\nDisallow: /a\x01b", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "DEL byte", body: "User-agent: *\nDisallow: /a\x7fb", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "NUL byte", body: "User-agent: *\nDisallow: /a\x00b", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "invalid UTF-8", body: "User-agent: *\nDisallow: /a\xffb", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "truncated UTF-8", body: "User-agent: *\nDisallow: /a\xe3\x83", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "invalid UTF-8 in a comment", body: "User-agent: *\n# caf\xe9\nDisallow: /x", diags: []robots.Diagnostic{diag(2, robots.InvalidBytes)}},
		{name: "bad crawl-delay", body: "User-agent: *\nDisallow: /\nCrawl-delay: soon", diags: []robots.Diagnostic{diag(3, robots.BadCrawlDelay)}},
		{
			name: "every kind in one file",
			body: "Disallow: /early\n" + // 1
				"User-agent: *\n" + // 2
				"Nosuch: value\n" + // 3
				"Disalow: /typo\n" + // 4
				"Disallow /nocolon\n" + // 5
				"Disallow: nopath\n" + // 6
				"Disallow: /ctl\x01\n" + // 7
				"Disallow: /\xff\n" + // 8
				"Crawl-delay: soon\n" + // 9
				long + "\n" + // 10
				"Allow: /ok\n" + // 11
				"Disallow: /ok2\r\n" + // 12
				"Nosuch2: v\r" + // 13
				"Nosuch3: v\n" + // 14
				"<br/>\n", // 15
			diags: []robots.Diagnostic{
				diag(1, robots.RuleOutsideGroup),
				diag(3, robots.UnknownKey),
				diag(4, robots.AcceptedMisspelling),
				diag(5, robots.MissingColon),
				diag(6, robots.InvalidPattern),
				diag(7, robots.InvalidBytes),
				diag(8, robots.InvalidBytes),
				diag(9, robots.BadCrawlDelay),
				diag(10, robots.LineTooLong),
				diag(13, robots.UnknownKey),
				diag(14, robots.UnknownKey),
				diag(15, robots.MalformedLine),
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkDiags(t, robots.Parse([]byte(tc.body)), tc.diags)
		})
	}

	t.Run("content beyond the parse limit", func(t *testing.T) {
		b := padTo(append([]byte(nil), limitHeader...), limit+5000)
		checkDiags(t, robots.Parse(b), []robots.Diagnostic{diag(lineAt(b, limit), robots.BeyondParseLimit)})
	})
	// When a line ends exactly at the limit, that line is kept and clean:
	// the diagnostic belongs to the next line, the first one ignored.
	for _, nl := range []struct{ name, nl string }{{"LF", "\n"}, {"CR", "\r"}, {"CRLF", "\r\n"}} {
		t.Run("content beyond the parse limit after a line ending at the limit ("+nl.name+")", func(t *testing.T) {
			c := edgeCase(nl.nl)
			edge := c.rules[len(c.rules)-1].Line
			checkDiags(t, robots.Parse(c.body), []robots.Diagnostic{diag(edge+1, robots.BeyondParseLimit)})
		})
	}
	t.Run("kinds have distinct names", func(t *testing.T) {
		kinds := []robots.DiagnosticKind{
			robots.UnknownKey, robots.AcceptedMisspelling, robots.MissingColon, robots.RuleOutsideGroup,
			robots.InvalidPattern, robots.LineTooLong, robots.InvalidBytes, robots.BeyondParseLimit, robots.BadCrawlDelay,
			robots.MalformedLine,
		}
		seen := map[string]robots.DiagnosticKind{}
		for _, k := range kinds {
			s := k.String()
			if prev, ok := seen[s]; ok {
				t.Errorf("kinds %d and %d both print as %q", prev, k, s)
			}
			seen[s] = k
		}
	})
}

// Section 6: "Diagnostics are data the caller may ignore; they never change
// the answer." Each case pairs a file that draws diagnostics with a clean
// file of the same lines that says the same thing (the offending line made
// clean, or blank when it says nothing), and checks that both answer alike.
func TestSpecDiagnosticsNeverChangeAnswers(t *testing.T) {
	longRule := "Disallow: /p" + strings.Repeat("a", 20000)
	beyond := padTo(append([]byte(nil), limitHeader...), limit-len("Disallow: /c"))
	cleanBeyond := append([]byte(nil), beyond...)
	beyond = append(beyond, "Disallow: /cutline\nDisallow: /after\n"...)

	tests := []struct {
		name        string
		with, clean string
		urls        []string
	}{
		{"unknown key", "User-agent: a\nNosuch: v\nDisallow: /x", "User-agent: a\n\nDisallow: /x", nil},
		{"unknown key between user-agents", "User-agent: a\nNosuch: v\nUser-agent: b\nDisallow: /x", "User-agent: a\n\nUser-agent: b\nDisallow: /x", nil},
		{"misspelt disallow", "User-agent: a\nDisalow: /x", "User-agent: a\nDisallow: /x", nil},
		{"misspelt user-agent", "Useragent: a\nDisallow: /x", "User-agent: a\nDisallow: /x", nil},
		{"key by prefix", "User-agent: a\nDisallowed: /x\nAllowed: /x/y", "User-agent: a\nDisallow: /x\nAllow: /x/y", []string{"/x/y"}},
		{"misspelt sitemap", "site-map: https://example.com/s.xml\nUser-agent: a\nDisallow: /x", "Sitemap: https://example.com/s.xml\nUser-agent: a\nDisallow: /x", nil},
		{"missing colon, read", "User-agent a\nDisallow /x", "User-agent: a\nDisallow: /x", nil},
		{"missing colon, ignored", "User-agent: a\nDisallow /x /y\nDisallow: /z", "User-agent: a\n\nDisallow: /z", []string{"/x%20/y"}},
		{"rule outside any group", "Disallow: /x\nUser-agent: a\nDisallow: /y", "\nUser-agent: a\nDisallow: /y", nil},
		{"invalid pattern", "User-agent: a\nDisallow: x\nDisallow: /y", "User-agent: a\n\nDisallow: /y", []string{"x", "/x"}},
		{"line cut for length", "User-agent: a\n" + longRule, "User-agent: a\n" + longRule[:maxLine], []string{longRule[len("Disallow: "):maxLine], longRule[len("Disallow: "):]}},
		{"control byte", "User-agent: a\nDisallow: /a\x01", "User-agent: a\nDisallow: /a%01", []string{"/a%01", "/a\x01", "/a"}},
		{"invalid UTF-8", "User-agent: a\nDisallow: /\xff", "User-agent: a\nDisallow: /%FF", []string{"/%FF", "/\xff", "/%ff"}},
		{"NUL byte", "User-agent: a\nDisallow: /a\x00zz", "User-agent: a\nDisallow: /a", []string{"/a", "/azz", "/a%00zz"}},
		{"invalid UTF-8 in a comment", "# caf\xe9\nUser-agent: a\nDisallow: /x", "# cafe\nUser-agent: a\nDisallow: /x", nil},
		{"bad crawl-delay", "User-agent: a\nCrawl-delay: soon\nDisallow: /x", "User-agent: a\n\nDisallow: /x", nil},
		{"beyond the parse limit", string(beyond), string(cleanBeyond), []string{"/in", "/c", "/cutline", "/after"}},
	}
	agents := []string{"a", "b", "other"}
	baseURLs := []string{"/", "/x", "/xy", "/x/y", "/y", "/z", "/a", "https://example.com/x?q", "/robots.txt"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			with, clean := robots.Parse([]byte(tc.with)), robots.Parse([]byte(tc.clean))
			if len(with.Diagnostics()) == 0 {
				t.Errorf("file with an offending line has no diagnostics")
			}
			checkDiags(t, clean, nil)
			for _, agent := range agents {
				for _, url := range append(baseURLs, tc.urls...) {
					// A rule's Pattern is as written, which differs between
					// the two files; its line and kind identify it.
					opt := cmpopts.IgnoreFields(robots.Rule{}, "Pattern")
					if diff := cmp.Diff(clean.Explain(agent, url), with.Explain(agent, url), opt); diff != "" {
						t.Errorf("Explain(%q, %q) mismatch (-clean +with):\n%s", agent, shorten(url), diff)
					}
					if w, c := with.Allowed(agent, url), clean.Allowed(agent, url); w != c {
						t.Errorf("Allowed(%q, %q) = %v, want %v as in the clean file", agent, shorten(url), w, c)
					}
				}
				wd, wok := with.Group(agent).CrawlDelay()
				cd, cok := clean.Group(agent).CrawlDelay()
				if wd != cd || wok != cok {
					t.Errorf("Group(%q).CrawlDelay() = %v, %v, want %v, %v as in the clean file", agent, wd, wok, cd, cok)
				}
			}
			if diff := cmp.Diff(clean.Sitemaps(), with.Sitemaps()); diff != "" {
				t.Errorf("Sitemaps() mismatch (-clean +with):\n%s", diff)
			}
		})
	}
}

// Files are "immutable and safe for concurrent use": many goroutines ask one
// freshly parsed File at once. Run with -race.
func TestSpecConcurrentUse(t *testing.T) {
	body := []byte("User-agent: a\nDisallow: /private\nAllow: /private/open\nAllow: /d/index.html\n" +
		"User-agent: b\nDisallow: /*.gif$\nCrawl-delay: 2\n" +
		"User-agent: *\nDisallow: /\nAllow: /$\n" +
		"User-agent: a\nDisallow: /more\n" +
		"Nosuch: v\nSitemap: https://example.com/s.xml\n")
	agents := []string{"a", "A", "b", "other"}
	urls := []string{"/", "/private", "/private/open", "/d/", "/x.gif", "/x.gif?q", "/more/x",
		"https://example.com/private?x", "/robots.txt", "/%7Ea", "/\xff"}

	type answer struct {
		Allowed bool
		Explain robots.Explanation
	}
	// The expected answers come from another File, so that the one under
	// test is first used concurrently.
	ref := robots.Parse(body)
	want := map[[2]string]answer{}
	wantRules := map[string][]robots.Rule{}
	for _, a := range agents {
		wantRules[a] = ref.Group(a).Rules()
		for _, u := range urls {
			want[[2]string{a, u}] = answer{ref.Allowed(a, u), ref.Explain(a, u)}
		}
	}
	if len(wantRules["a"]) != 4 {
		t.Fatalf("reference Group(%q).Rules() = %v, want 4 rules", "a", wantRules["a"])
	}

	f := robots.Parse(body)
	const workers = 8
	var wg sync.WaitGroup
	start := make(chan struct{})
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			<-start
			for i := 0; i < 20; i++ {
				for j := range agents {
					a := agents[(j+w)%len(agents)]
					if w%2 == 0 {
						if diff := cmp.Diff(wantRules[a], f.Group(a).Rules()); diff != "" {
							t.Errorf("Group(%q).Rules() mismatch (-want +got):\n%s", a, diff)
						}
					}
					g := f.Group(a)
					for k := range urls {
						u := urls[(k+w)%len(urls)]
						exp := want[[2]string{a, u}]
						if got := f.Allowed(a, u); got != exp.Allowed {
							t.Errorf("Allowed(%q, %q) = %v, want %v", a, u, got, exp.Allowed)
						}
						if got := g.Allowed(u); got != exp.Allowed {
							t.Errorf("Group(%q).Allowed(%q) = %v, want %v", a, u, got, exp.Allowed)
						}
						if diff := cmp.Diff(exp.Explain, f.Explain(a, u)); diff != "" {
							t.Errorf("Explain(%q, %q) mismatch (-want +got):\n%s", a, u, diff)
						}
					}
					if w%2 == 1 {
						if diff := cmp.Diff(wantRules[a], g.Rules()); diff != "" {
							t.Errorf("Group(%q).Rules() mismatch (-want +got):\n%s", a, diff)
						}
					}
				}
				if got := len(f.Diagnostics()) + len(f.Records()) + len(f.Sitemaps()); got != 3 {
					t.Errorf("len(Diagnostics)+len(Records)+len(Sitemaps) = %d, want 3", got)
				}
			}
		}(w)
	}
	close(start)
	wg.Wait()
}
