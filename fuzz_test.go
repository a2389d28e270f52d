package robots_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// FuzzParse feeds arbitrary bodies to Parse and checks what must hold for
// every input: no panic, diagnostics and records on lines that exist, in line
// order, the same answers from a second parse and from ParseReader, and
// explanations that agree with Allowed and name a rule of the group.
func FuzzParse(f *testing.F) {
	for _, body := range parseSeeds() {
		f.Add([]byte(body))
	}
	for _, body := range conformanceBodies(f) {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checkParse(t, body)
	})
}

// parseSeeds are bodies that reach the corners of the lexer (lex.go).
func parseSeeds() []string {
	long := strings.Repeat("a", 20000)
	return []string{
		"",
		"\n",
		"\r\n\r\n",
		"\n\r",
		"User-agent: *\nDisallow: /private/\nAllow: /private/public\n",
		"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n",
		"\xEF\xBBUser-agent: *\nDisallow: /\n",
		"\xEFUser-agent: *\nDisallow: /\n",
		"\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: *\nDisallow: /\n",
		"User-agent: *\n\xEF\xBB\xBFDisallow: /\n",
		"User-agent: *\rDisallow: /a\rAllow: /a/b\r",
		"User-agent: *\r\nDisallow: /a\r\n\r\nAllow: /a/b",
		"User-agent: *\n\rDisallow: /a\n\r\n\rAllow: /b\r\r\n",
		"User-agent: *\nDisallow: /a\x00b\n\x00\nAllow: /c\x00\r\n",
		"\x00User-agent: *\nDisallow: /\n",
		"User-agent: *\nDisallow: /" + long + "\nAllow: /b\n",
		"User-agent: *\nDisallow: /" + long[:16663-len("Disallow: /")] + "\n",
		"User-agent: *\nDisallow: /" + long[:16664-len("Disallow: /")] + "\n",
		"User-agent: *\nDisallow: /" + long + "\r",
		"User-agent: Googlebot/2.1\nUser-agent: Googlebot News\nDisallow: /news\n\nUser-agent: *\nAllow: /\n",
		"User-agent: * bot\nDisallow: /x\nUser-agent: foo\nCrawl-delay: 2.5\nDisallow: /y\n",
		"useragent: a\nuser agent: b\nDisallowed: /c\ndissallow: /d\ndissalow: /e\ndisalow: /f\ndiasllow: /g\ndisallaw: /h\nAllowance: /i\n",
		"Disallow: /before\nUser-agent: x\nDisallow /private\nDisallow /a /b\nnocolon\n",
		"Sitemap: https://a.com/s.xml\nsite-map: https://a.com/t.xml\nSitemap: https://a.com/s.xml\nUser-agent: *\nSitemap: x\nDisallow: /\n",
		"User-agent: *\nHost: a.com\nClean-param: ref /x\nRequest-rate: 1/5\nVisit-time: 0600-0845\nNosuch: 1\n: empty key\n",
		"User-agent: *\nCrawl-delay: abc\nCrawl-delay: -1\nCrawl-delay: 1e3\nCrawl-delay: 99999999999999999999\nCrawl-delay: .5\n",
		"User-agent: *\nDisallow: \xff\xfe/\nDisallow: /\xc3\xa4\x01\x7f\nAllow: /\xe2\x82\nDisallow: a\n",
		"User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*b$\nAllow: /d/index.html\nAllow: /%7ejoe\nDisallow: /a$b$\n",
		"User-agent: *\nDisallow: /a # comment\n# User-agent: b\nUser-agent: c # d\nDisallow: /#x\n",
		" \t User-agent \t : \t * \t \n\tDisallow\t:\t/a\t\n",
		"User-agent:\nDisallow: /\nUser-agent: */1\nAllow: /\n",
		"Content-Usage: train-ai=n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /a/ train-ai=y;p=1, search=n\nDisallow: /x\n",
		"User-agent: a\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: Train-ai=n\nContent-Signal: search,=no\nUser-agent: b\nAllow: /\n",
	}
}

// conformanceBodies returns the distinct bodies of Google's conformance
// suite (testdata/conformance): realistic files to mutate.
func conformanceBodies(tb testing.TB) [][]byte {
	file, err := os.Open(filepath.Join("testdata", "conformance", "google-spec-test.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	seen := make(map[string]bool)
	var bodies [][]byte
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c struct {
			Body string `json:"robotstxt_b64"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatalf("conformance line: %v", err)
		}
		body, err := base64.StdEncoding.DecodeString(c.Body)
		if err != nil {
			tb.Fatalf("conformance body: %v", err)
		}
		if !seen[string(body)] {
			seen[string(body)] = true
			bodies = append(bodies, body)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return bodies
}

// TestParseInvariantsAtLimit runs FuzzParse's checks on bodies around the
// parse limit, too large to be useful as fuzzing seeds.
func TestParseInvariantsAtLimit(t *testing.T) {
	const limit = robots.DefaultMaxBytes
	// fill returns a body of n bytes of short rules, ending with a newline.
	fill := func(n int) string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for b.Len() < n {
			line := fmt.Sprintf("Disallow: /%d\n", b.Len())
			if rem := n - b.Len(); len(line) > rem {
				line = "\n" // a comment filling the rest, or an empty line
				if rem >= 2 {
					line = "#" + strings.Repeat("x", rem-2) + "\n"
				}
			}
			b.WriteString(line)
		}
		return b.String()
	}
	tests := []struct {
		name string
		body string
	}{
		{"exactly the limit", fill(limit)},
		{"one line beyond", fill(limit) + "Disallow: /beyond\n"},
		{"line cut by the limit", fill(limit-4) + "Disallow: /cut\n"},
		{"empty line beyond", fill(limit) + "\n"},
		{"CRLF cut by the limit, nothing after", fill(limit)[:limit-1] + "\r\n"},
		{"CRLF cut by the limit, a line after", fill(limit)[:limit-1] + "\r\nDisallow: /after\n"},
		{"CR at the limit", fill(limit)[:limit] + "\rDisallow: /after"},
		{"no newline at all", "User-agent: *\nDisallow: /" + strings.Repeat("a", limit)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkParse(t, []byte(tc.body))
		})
	}
}

// checkParse checks what must hold for any body.
func checkParse(t *testing.T, body []byte) {
	t.Helper()
	file := robots.Parse(body)
	lines := countLines(body)
	agents := agentsFrom(body)
	urls := urlsFrom(body)

	for _, d := range file.Diagnostics() {
		if d.Line < 1 || d.Line > lines {
			t.Errorf("diagnostic %v is on line %d; the body has %d lines", d, d.Line, lines)
		}
	}
	if ds := file.Diagnostics(); !slices.IsSortedFunc(ds, func(a, b robots.Diagnostic) int { return a.Line - b.Line }) {
		t.Errorf("Diagnostics() are not in line order: %v", ds)
	}
	for _, r := range file.Records() {
		if r.Line < 1 || r.Line > lines {
			t.Errorf("record %+v is on line %d; the body has %d lines", r, r.Line, lines)
		}
	}
	if rs := file.Records(); !slices.IsSortedFunc(rs, func(a, b robots.Record) int { return a.Line - b.Line }) {
		t.Errorf("Records() are not in line order: %+v", rs)
	}

	for _, agent := range agents {
		g := file.Group(agent)
		rules := g.Rules()
		for _, r := range rules {
			if r.Line < 1 || r.Line > lines {
				t.Errorf("Group(%q) rule %v is on line %d; the body has %d lines", agent, r, r.Line, lines)
			}
		}
		for _, url := range urls {
			e := file.Explain(agent, url)
			checkExplanation(t, g, rules, agent, url, e)
			if got := file.Allowed(agent, url); got != e.Allowed {
				t.Errorf("Allowed(%q, %q) = %v, but Explain says %v", agent, url, got, e.Allowed)
			}
			if got := g.Allowed(url); got != e.Allowed {
				t.Errorf("Group(%q).Allowed(%q) = %v, but File.Explain says %v", agent, url, got, e.Allowed)
			}
		}
	}

	// cmp.Diff is slow on files of thousands of rules: it is called only
	// to show a difference that reflect.DeepEqual found.
	want := robots.SnapshotOf(file, agents, urls)
	if got := robots.SnapshotOf(robots.Parse(body), agents, urls); !reflect.DeepEqual(want, got) {
		t.Errorf("second Parse differs (-first +second):\n%s", cmp.Diff(want, got))
	}
	fromReader, err := robots.ParseReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("ParseReader: %v", err)
	}
	if got := robots.SnapshotOf(fromReader, agents, urls); !reflect.DeepEqual(want, got) {
		t.Errorf("ParseReader differs from Parse (-Parse +ParseReader):\n%s", cmp.Diff(want, got))
	}
}

// checkExplanation checks that e, the explanation for url of g, whose rules
// are rules, is consistent in itself.
func checkExplanation(t *testing.T, g *robots.Group, rules []robots.Rule, agent, url string, e robots.Explanation) {
	t.Helper()
	if !strings.HasPrefix(e.Path, "/") {
		t.Errorf("Explain(%q, %q).Path = %q, want a path starting with '/'", agent, url, e.Path)
	}
	switch e.Reason {
	case robots.RuleMatched, robots.IndexPageRule:
		if !slices.Contains(rules, e.Rule) {
			t.Errorf("Explain(%q, %q).Rule = %+v, not one of the group's rules %+v", agent, url, e.Rule, rules)
		}
		if e.Rule.Allow != e.Allowed {
			t.Errorf("Explain(%q, %q) = %+v: the deciding rule's Allow differs from Allowed", agent, url, e)
		}
		if e.Reason == robots.IndexPageRule && !strings.HasSuffix(e.Path, "/") {
			t.Errorf("Explain(%q, %q) = %+v: the index page rule applies to directories only", agent, url, e)
		}
	case robots.NoRuleMatched, robots.RobotsTxt, robots.NoGroup:
		if !e.Allowed || e.Rule != (robots.Rule{}) {
			t.Errorf("Explain(%q, %q) = %+v, want allowed with no rule", agent, url, e)
		}
		if (e.Reason == robots.NoGroup) != (g == nil) && e.Reason != robots.RobotsTxt {
			t.Errorf("Explain(%q, %q).Reason = %v, but Group(%q) = %v", agent, url, e.Reason, agent, g)
		}
	default:
		t.Errorf("Explain(%q, %q).Reason = %v, not a known reason", agent, url, e.Reason)
	}
}

// countLines returns the number of lines of body as lex.go counts them: a
// line ends at LF, CR or CRLF (which counts once), and there is always a
// last line after the last line break, empty if the body ends with one (as
// Google's parser counts: a BeyondParseLimit diagnostic may fall there).
func countLines(body []byte) int {
	n := 1
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\n':
			n++
		case '\r':
			n++
			if i+1 < len(body) && body[i+1] == '\n' {
				i++
			}
		}
	}
	return n
}

// agentsFrom returns agents to ask about: two fixed ones, and the first few
// runs of letters, '-' and '_' of body, also upper-cased.
func agentsFrom(body []byte) []string {
	agents := []string{"foobot", "*"}
	s := string(body)
	for i := 0; i < len(s) && len(agents) < 6; {
		tok := robots.ProductToken(s[i:])
		if tok == "" {
			i++
			continue
		}
		j := i + len(tok)
		if !slices.Contains(agents, tok) {
			agents = append(agents, tok, strings.ToUpper(tok))
		}
		i = j
	}
	return agents
}

// urlsFrom returns URLs to ask about: a few fixed ones, the values of the
// first few lines of body as paths and absolute URLs, and the start of the
// body itself.
func urlsFrom(body []byte) []string {
	urls := []string{"/", "/robots.txt", "http://example.com", "/index.html", "/d/"}
	lines := bytes.FieldsFunc(body, func(r rune) bool { return r == '\n' || r == '\r' })
	for _, line := range lines[:min(len(lines), 4)] {
		_, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		value = bytes.TrimSpace(value)
		if len(value) > 0 && value[0] == '/' {
			urls = append(urls, string(value), "http://example.com"+string(value))
		} else {
			urls = append(urls, "/"+string(value))
		}
	}
	return append(urls, string(body[:min(len(body), 300)]))
}

// FuzzRoundTrip checks that the rules a File gives back say all it read:
// each agent's rules, written back with Rule.String under one user-agent
// line and parsed again, give the same rules (in the same order) and the
// same answer for every URL asked, with the same deciding rule.
func FuzzRoundTrip(f *testing.F) {
	for _, body := range parseSeeds() {
		f.Add([]byte(body))
	}
	for _, body := range conformanceBodies(f) {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		file := robots.Parse(body)
		for _, agent := range agentsFrom(body) {
			g := file.Group(agent)
			rules := g.Rules()
			var out strings.Builder
			out.WriteString("User-agent: *\n")
			for _, r := range rules {
				// Rule.String puts a space after the colon: a line at the
				// line limit written "allow:/..." would be cut. Such a rule
				// cannot be written back by String.
				if len(r.String()) > maxLine {
					return
				}
				out.WriteString(r.String() + "\n")
			}
			again := robots.Parse([]byte(out.String())).Group("any")
			got := again.Rules()
			if len(got) != len(rules) {
				t.Fatalf("Group(%q): %d rules, %d after a round trip through\n%s", agent, len(rules), len(got), out.String())
			}
			for i := range rules {
				if got[i].Allow != rules[i].Allow || got[i].Pattern != rules[i].Pattern || got[i].Line != i+2 {
					t.Errorf("Group(%q) rule %d: %v, after a round trip %v on line %d", agent, i, rules[i], got[i], got[i].Line)
				}
			}
			urls := urlsFrom(body)
			for _, r := range rules {
				urls = append(urls, r.Pattern, strings.TrimSuffix(r.Pattern, "$"))
			}
			for _, url := range urls {
				want, e := g.Explain(url), again.Explain(url)
				if e.Allowed != want.Allowed || e.Reason != want.Reason && !(g == nil && want.Reason == robots.NoGroup && e.Reason == robots.NoRuleMatched) ||
					e.Rule.Pattern != want.Rule.Pattern || e.Rule.Allow != want.Rule.Allow {
					t.Errorf("Group(%q).Explain(%q) = %v (%v); after a round trip %v (%v)", agent, url, want, want.Allowed, e, e.Allowed)
				}
			}
		}
	})
}

// FuzzMatch checks Group.Allowed and Group.Explain against a deliberately
// simple reference written from RFC 9309 section 2.2.2 and the package
// documentation's Patterns section (see refExplain): three
// rules, whose kinds are the low bits of kinds, and a path. Bit 3 of kinds
// asks about an absolute URL instead of the path.
func FuzzMatch(f *testing.F) {
	seeds := []struct {
		p1, p2, p3 string
		kinds      uint8
		path       string
	}{
		{"/a", "/a/b", "*", 0b010, "/a/b/c"},
		{"/", "/p", "/page", 0b010, "/page"},
		{"/folder", "/folder", "", 0b001, "/folder/page"},
		{"/file-%2A.html", "/file-*.html", "", 0, "/file-*.html"},
		{"/foo/bar/%62%61%7A", "/foo/bar/baz$", "", 0b010, "/foo/bar/%62%61%7a"},
		{"/foo-%24", "/foo-$", "/foo-$$", 0b100, "/foo-$"},
		{"/a$b", "/a*", "/a$", 0b001, "/a$b"},
		{"/d/index.html", "/", "/d/$", 0b001, "/d/"},
		{"/d/index.htm", "/d/", "*/index.html", 0b101, "/d/"},
		{"/%7ejoe", "/~joe$", "/\xc3\xa4", 0b101, "/~joe"},
		{"/\u00e4*", "/%C3%A4", "/%c3", 0b010, "/\u00e4x"},
		{"*a*a*a*a*a*a*a*a*b", "/a", "", 0b010, "/" + strings.Repeat("a", 100)},
		{"/a b", "/a%20b", "/a\tb", 0b001, "/a b?c d"},
		{"/%2F", "//", "/%2f", 0b010, "/%2F"},
		{"/%", "/%4", "/%zz", 0b101, "/%%414"},
		{"/robots.txt", "/", "", 0, "/robots.txt"},
		{"/robots", "/", "", 0, "/%72obots.txt"},
		{"/\x80\xff", "/\x7f", "/\x01", 0, "/\x80\xff\x7f"},
		{"/$", "/*$", "$", 0b001, "/"},
		{"", "a", "?", 0, "/a?"},
		{"/a", "/a#b", "", 0b1000, "/a#b"},
		{"/a?q=*", "/a?q=%2A", "/a?", 0b1001, "/a?q=*#x"},
		{"/%%36%31", "/a", "/%61", 0b100, "/%%36%31"},
	}
	for _, s := range seeds {
		f.Add(s.p1, s.p2, s.p3, s.kinds, s.path)
	}
	f.Fuzz(func(t *testing.T, p1, p2, p3 string, kinds uint8, path string) {
		patterns := []string{sanitizePattern(p1), sanitizePattern(p2), sanitizePattern(p3)}
		var body strings.Builder
		body.WriteString("User-agent: *\n")
		var written []robots.Rule
		for i, p := range patterns {
			r := robots.Rule{Allow: kinds&(1<<i) != 0, Pattern: p, Line: i + 2}
			written = append(written, r)
			fmt.Fprintf(&body, "%s\n", r)
		}
		if len(path) > 4000 {
			path = path[:4000]
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		url := path
		if kinds&(1<<3) != 0 {
			url = "http://example.com" + path
		}

		file := robots.Parse([]byte(body.String()))
		g := file.Group("foobot")
		if g == nil {
			t.Fatalf("Group(%q) = nil for the body\n%s", "foobot", body.String())
		}
		if diff := cmp.Diff(written, g.Rules()); diff != "" {
			t.Errorf("Rules() mismatch (-want +got):\n%s\nrobots.txt:\n%s", diff, body.String())
		}
		want := refExplain(written, path)
		// The first queries of a group scan its rules; Explain builds its
		// matcher, which answers the queries after it.
		if a := g.Allowed(url); a != want.allowed {
			t.Errorf("Allowed(%q) by scan = %v, want %v (reference: %s)\nrobots.txt:\n%s", url, a, want.allowed, want, body.String())
		}
		got := g.Explain(url)
		if a := g.Allowed(url); a != want.allowed {
			t.Errorf("Allowed(%q) = %v, want %v (reference: %s)\nrobots.txt:\n%s", url, a, want.allowed, want, body.String())
		}
		if got.Allowed != want.allowed {
			t.Errorf("Explain(%q).Allowed = %v, want %v (reference: %s)\nrobots.txt:\n%s", url, got.Allowed, want.allowed, want, body.String())
		}
		if got.Path != want.path {
			t.Errorf("Explain(%q).Path = %q, want %q\nrobots.txt:\n%s", url, got.Path, want.path, body.String())
		}
		// The reference says RuleMatched for both RuleMatched and
		// IndexPageRule; the deciding rule below tells them apart.
		reason := got.Reason
		if reason == robots.IndexPageRule {
			reason = robots.RuleMatched
		}
		if reason != want.reason {
			t.Errorf("Explain(%q).Reason = %v, want %v (reference: %s)\nrobots.txt:\n%s", url, got.Reason, want.reason, want, body.String())
		}
		// The deciding rule must be one of the best matches. The docs do
		// not say which of several equally long rules of the same kind
		// decides, so any of them will do.
		if got.Reason == robots.RuleMatched || got.Reason == robots.IndexPageRule {
			d := decider{line: got.Rule.Line, implied: got.Reason == robots.IndexPageRule}
			if !slices.Contains(want.best, d) {
				t.Errorf("Explain(%q) = %q (%v), want one of %v\nrobots.txt:\n%s", url, got, got.Reason, want.best, body.String())
			} else if r := written[d.line-2]; got.Rule != r {
				t.Errorf("Explain(%q).Rule = %+v, want %+v", url, got.Rule, r)
			}
		} else if got.Rule != (robots.Rule{}) {
			t.Errorf("Explain(%q).Rule = %+v, want the zero Rule for reason %v", url, got.Rule, got.Reason)
		}
	})
}

// sanitizePattern keeps a fuzzed pattern on one line and makes it what the
// parser reads as the value: no CR, LF, '#' (a comment) or NUL (the end of
// the line), no surrounding spaces or tabs, and far shorter than the longest
// line that is read.
func sanitizePattern(p string) string {
	var b []byte
	for i := 0; i < len(p) && len(b) < 1000; i++ {
		switch p[i] {
		case '\r', '\n', '#', 0:
		default:
			b = append(b, p[i])
		}
	}
	return strings.Trim(string(b), " \t")
}

// The reference matcher: the Patterns section of the package
// documentation, written out as plainly as possible. It shares nothing
// with the library but the words of the docs.

// refResult is the reference's answer.
type refResult struct {
	allowed bool
	reason  robots.Reason
	path    string    // the canonical path
	best    []decider // the rules that match with the highest priority
}

func (r refResult) String() string {
	return fmt.Sprintf("allowed=%v reason=%v path=%q best=%v", r.allowed, r.reason, r.path, r.best)
}

// A decider names a rule that may decide: its line, and whether it is the
// directory rule that the index page rule derives from an allow line.
type decider struct {
	line    int
	implied bool
}

// refRule is a rule in canonical form.
type refRule struct {
	allow   bool
	pattern string // canonical
	line    int
	implied bool
}

// refExplain decides whether rules allow path, which starts with '/'.
func refExplain(rules []robots.Rule, path string) refResult {
	// The fragment is not part of what is matched.
	if i := strings.IndexByte(path, '#'); i >= 0 {
		path = path[:i]
	}
	res := refResult{allowed: true, path: refCanonical(path, false)}
	if res.path == "/robots.txt" {
		res.reason = robots.RobotsTxt
		return res
	}

	var canon []refRule
	for _, r := range rules {
		c := refRule{allow: r.Allow, pattern: refCanonical(r.Pattern, true), line: r.Line}
		canon = append(canon, c)
		// Google's index page rule: "Allow: /d/index.html" also allows
		// "/d/$".
		if slash := strings.LastIndexByte(c.pattern, '/'); r.Allow && slash >= 0 &&
			strings.HasPrefix(c.pattern[slash+1:], "index.htm") {
			canon = append(canon, refRule{allow: true, pattern: c.pattern[:slash+1] + "$", line: r.Line, implied: true})
		}
	}

	bestLen, bestAllow, found := 0, false, false
	for _, r := range canon {
		if !refMatches(r.pattern, res.path) {
			continue
		}
		better := !found || len(r.pattern) > bestLen || len(r.pattern) == bestLen && r.allow && !bestAllow
		same := found && len(r.pattern) == bestLen && r.allow == bestAllow
		switch {
		case better:
			bestLen, bestAllow, found = len(r.pattern), r.allow, true
			res.best = []decider{{r.line, r.implied}}
		case same:
			res.best = append(res.best, decider{r.line, r.implied})
		}
	}
	if !found {
		res.reason = robots.NoRuleMatched
		return res
	}
	// Whether the reason is RuleMatched or IndexPageRule depends on which
	// of the best rules decides; FuzzMatch checks it with best.
	res.allowed = bestAllow
	res.reason = robots.RuleMatched
	return res
}

// refCanonical returns s in the canonical form of the package
// documentation (Patterns), byte by byte.
func refCanonical(s string, pattern bool) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && refIsHex(s[i+1]) && refIsHex(s[i+2]) {
			v := refHexValue(s[i+1])*16 + refHexValue(s[i+2])
			if refUnreserved(v) {
				out.WriteByte(v) // %7E is ~
			} else {
				fmt.Fprintf(&out, "%%%02X", v) // %2f is %2F
			}
			i += 2
			continue
		}
		switch {
		case c >= 0x80 || c < 0x20 || c == 0x7F || c == ' ':
			fmt.Fprintf(&out, "%%%02X", c)
		case c == '*' && !pattern:
			out.WriteString("%2A")
		case c == '$' && !(pattern && i == len(s)-1):
			out.WriteString("%24")
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

func refIsHex(c byte) bool {
	return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0
}

func refHexValue(c byte) byte {
	return byte(strings.IndexByte("0123456789ABCDEF", strings.ToUpper(string(c))[0]))
}

func refUnreserved(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

// refMatches reports whether pattern, in canonical form, matches path, in
// canonical form: a pattern that starts with neither '/' nor '*' matches
// nothing; otherwise '*' matches any run of bytes, a final '$' the end of the
// path, and every other byte itself, and the pattern need only match a
// prefix of the path unless it ends with '$'.
func refMatches(pattern, path string) bool {
	if pattern == "" || pattern[0] != '/' && pattern[0] != '*' {
		return false
	}
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	// ok[j] says whether pattern[i:] matches path[j:] (or a prefix of it,
	// when not anchored), for the current i, computed from i = len(pattern)
	// down to 0.
	ok := make([]bool, len(path)+1)
	for j := range ok {
		ok[j] = !anchored || j == len(path)
	}
	for i := len(pattern) - 1; i >= 0; i-- {
		next := make([]bool, len(path)+1)
		for j := len(path); j >= 0; j-- {
			if pattern[i] == '*' {
				// The star matches nothing, or path[j] and then more.
				next[j] = ok[j] || j < len(path) && next[j+1]
			} else {
				next[j] = j < len(path) && path[j] == pattern[i] && ok[j+1]
			}
		}
		ok = next
	}
	return ok[0]
}
