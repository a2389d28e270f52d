package robots_test

// Tests of the usage preference lines, Content-Signal and Content-Usage:
// File.Preferences and File.PreferenceLines, on the examples of
// draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-07 and Cloudflare's
// Content Signals Policy.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// A prefCase asks for the preferences of one agent and URL.
type prefCase struct {
	agent, url string
	signal     map[string]string
	usage      map[string]string
	signalAt   []int // lines of SignalLines
	usageAt    []int // lines of UsageLines
}

// checkPrefs asks f each question of cases.
func checkPrefs(t *testing.T, f *robots.File, cases []prefCase) {
	t.Helper()
	for _, c := range cases {
		p := f.Preferences(c.agent, c.url)
		if diff := cmp.Diff(c.signal, p.Signal, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Preferences(%q, %q).Signal mismatch (-want +got):\n%s", c.agent, c.url, diff)
		}
		if diff := cmp.Diff(c.usage, p.Usage, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Preferences(%q, %q).Usage mismatch (-want +got):\n%s", c.agent, c.url, diff)
		}
		if diff := cmp.Diff(c.signalAt, lineNumbers(p.SignalLines), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Preferences(%q, %q).SignalLines mismatch (-want +got):\n%s", c.agent, c.url, diff)
		}
		if diff := cmp.Diff(c.usageAt, lineNumbers(p.UsageLines), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Preferences(%q, %q).UsageLines mismatch (-want +got):\n%s", c.agent, c.url, diff)
		}
	}
}

func lineNumbers(lines []robots.PreferenceLine) []int {
	var out []int
	for _, l := range lines {
		out = append(out, l.Line)
	}
	return out
}

func usage(kv ...string) map[string]string {
	m := make(map[string]string)
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// The example of draft-ietf-aipref-attach-05 section 3.4, and its table of
// paths.
func TestPreferencesAttachExample(t *testing.T) {
	body := "User-Agent: *\n" + // 1
		"Allow: /\n" + // 2
		"Disallow: /never/\n" + // 3
		"Content-Usage: train-ai=n\n" + // 4
		"Content-Usage: /ai-ok/ train-ai=y\n" + // 5
		"\n" + // 6
		"User-Agent: ExampleBot\n" + // 7
		"Allow: /\n" + // 8
		"Content-Usage: train-ai=y\n" // 9
	f := robots.Parse([]byte(body))
	checkDiags(t, f, nil)
	checkPrefs(t, f, []prefCase{
		{agent: "OtherBot", url: "/test", usage: usage("train-ai", "n"), usageAt: []int{4}},
		{agent: "OtherBot", url: "/never/test"}, // not crawled: no preferences
		{agent: "OtherBot", url: "/ai-ok/test", usage: usage("train-ai", "y"), usageAt: []int{5}},
		{agent: "OtherBot", url: "https://example.com/ai-ok/", usage: usage("train-ai", "y"), usageAt: []int{5}},
		{agent: "OtherBot", url: "/ai-ok", usage: usage("train-ai", "n"), usageAt: []int{4}},
		{agent: "ExampleBot", url: "/test", usage: usage("train-ai", "y"), usageAt: []int{9}},
		{agent: "examplebot", url: "/never/test", usage: usage("train-ai", "y"), usageAt: []int{9}},
		{agent: "ExampleBot", url: "/ai-ok/test", usage: usage("train-ai", "y"), usageAt: []int{9}},
	})
	checkAccess(t, f, []access{{"OtherBot", "/never/test", false}, {"OtherBot", "/test", true}, {"ExampleBot", "/never/test", true}})
}

// draft-ietf-aipref-attach-05 section 3.1: "Any Content-Usage rules
// determine the usage preferences for resources using the same path prefix
// matching rules as defined for Allow and Disallow."
func TestPreferencesLongestPath(t *testing.T) {
	body := "User-agent: *\n" + // 1
		"Content-Usage: / train-ai=y, search=y\n" + // 2
		"Content-Usage: /a/ train-ai=n\n" + // 3
		"Content-Usage: /a/b/ train-ai=y\n" + // 4
		"Content-Usage: /*.pdf$ train-ai=n\n" + // 5
		"Content-Usage: /caf%C3%A9/ search=n\n" + // 6
		"Content-Usage: /x%2Fy search=n\n" + // 7
		"Content-Usage: /%7Ejoe search=n\n" // 8
	f := robots.Parse([]byte(body))
	checkDiags(t, f, nil)
	checkPrefs(t, f, []prefCase{
		{agent: "a", url: "/", usage: usage("train-ai", "y", "search", "y"), usageAt: []int{2}},
		// A longer path replaces a shorter one whole: search is not
		// inherited from line 2.
		{agent: "a", url: "/a/x", usage: usage("train-ai", "n"), usageAt: []int{3}},
		{agent: "a", url: "/a/b/x", usage: usage("train-ai", "y"), usageAt: []int{4}},
		{agent: "a", url: "/doc.pdf", usage: usage("train-ai", "n"), usageAt: []int{5}},
		{agent: "a", url: "/doc.pdf?x", usage: usage("train-ai", "y", "search", "y"), usageAt: []int{2}},
		// Canonical length counts: "/*.pdf$" is 7 bytes, "/a/" 3.
		{agent: "a", url: "/a/doc.pdf", usage: usage("train-ai", "n"), usageAt: []int{5}},
		{agent: "a", url: "/café/menu", usage: usage("search", "n"), usageAt: []int{6}},
		{agent: "a", url: "/x/y", usage: usage("train-ai", "y", "search", "y"), usageAt: []int{2}},
		{agent: "a", url: "/x%2fy", usage: usage("search", "n"), usageAt: []int{7}},
		{agent: "a", url: "/~joe/", usage: usage("search", "n"), usageAt: []int{8}},
	})
}

// draft-ietf-aipref-attach-05 section 3.1: Content-Usage rules with the
// same path combine as draft-ietf-aipref-vocab-07 section 5.1 says, "the
// most restrictive preference applies".
func TestPreferencesSamePathRestrictive(t *testing.T) {
	body := "User-agent: *\n" + // 1
		"Content-Usage: /a train-ai=y, search=n\n" + // 2
		"Content-Usage: /a train-ai=n, search=y\n" + // 3
		"Content-Usage: /a foo=x, search=maybe\n" + // 4
		"Content-Usage: /b train-ai=y\n" + // 5
		"Content-Usage: /b search=y\n" + // 6
		"Content-Usage: train-ai=y\n" + // 7: no path, as "/"
		"Content-Usage: / train-ai=n\n" + // 8
		"Content-Usage: /c train-ai=maybe\n" + // 9
		"Content-Usage: /c train-ai=y\n" + // 10
		"Content-Usage: /%64 train-ai=n\n" + // 11: the same path as /d
		"Content-Usage: /d train-ai=y\n" // 12
	f := robots.Parse([]byte(body))
	checkDiags(t, f, nil)
	checkPrefs(t, f, []prefCase{
		{agent: "a", url: "/a", usage: usage("train-ai", "n", "search", "n", "foo", "x"), usageAt: []int{2, 3, 4}},
		{agent: "a", url: "/b", usage: usage("train-ai", "y", "search", "y"), usageAt: []int{5, 6}},
		{agent: "a", url: "/", usage: usage("train-ai", "n"), usageAt: []int{7, 8}},
		{agent: "a", url: "/c", usage: usage("train-ai", "y"), usageAt: []int{9, 10}},
		{agent: "a", url: "/d", usage: usage("train-ai", "n"), usageAt: []int{11, 12}},
	})
}

// draft-ietf-aipref-vocab-07 sections 6.4 and 6.5: unknown keys are kept
// (the vocabulary says to ignore them; a caller may know them), values
// other than the Tokens y and n leave a preference unknown, a key's last
// value counts, parameters are dropped, and a value that does not parse
// states nothing.
func TestPreferencesVocabulary(t *testing.T) {
	body := "User-agent: *\n" + // 1
		"Content-Usage: /unknown train-ai=n, ai-output=n, bots=y, x-foo=(a b)\n" + // 2
		"Content-Usage: /types train-ai=y, train-ai, search=n, search=\"n\"\n" + // 3
		"Content-Usage: /params train-ai;allow=n, train-ai=y;why=\"so\"\n" + // 4
		"Content-Usage: /case train-ai=N\n" + // 5
		"Content-Usage: /bad Train-ai=n\n" + // 6
		"Content-Usage: /bad2 train-ai = n\n" + // 7
		"Content-Usage: /empty\n" // 8
	f := robots.Parse([]byte(body))
	checkDiags(t, f, []robots.Diagnostic{diag(6, robots.BadPreference), diag(7, robots.BadPreference)})
	checkPrefs(t, f, []prefCase{
		{agent: "a", url: "/unknown", usage: usage("train-ai", "n", "ai-output", "n", "bots", "y", "x-foo", "(a b)"), usageAt: []int{2}},
		{agent: "a", url: "/types", usage: usage("train-ai", "", "search", `"n"`), usageAt: []int{3}},
		{agent: "a", url: "/params", usage: usage("train-ai", "y"), usageAt: []int{4}},
		{agent: "a", url: "/case", usage: usage("train-ai", "N"), usageAt: []int{5}},
		// A line that does not parse still applies, and states nothing.
		{agent: "a", url: "/bad", usageAt: []int{6}},
		{agent: "a", url: "/bad2", usageAt: []int{7}},
		{agent: "a", url: "/empty", usageAt: []int{8}},
		{agent: "a", url: "/other"},
	})
}

// Cloudflare's Content Signals Policy, as its managed robots.txt writes it
// (developers.cloudflare.com, "robots.txt setting").
func TestPreferencesCloudflareManaged(t *testing.T) {
	body := "# As a condition of accessing this website, you agree to abide by the\n" + // 1
		"# following content signals:\n" + // 2
		"# BEGIN Cloudflare Managed content\n" + // 3
		"\n" + // 4
		"User-Agent: *\n" + // 5
		"Content-signal: search=yes, ai-train=no\n" + // 6
		"Allow: /\n" + // 7
		"\n" + // 8
		"User-agent: Amazonbot\n" + // 9
		"Disallow: /\n" + // 10
		"\n" + // 11
		"User-agent: GPTBot\n" + // 12
		"Disallow: /\n" + // 13
		"\n" + // 14
		"# END Cloudflare Managed Content\n" + // 15
		"User-agent: *\n" + // 16
		"Disallow: /lp\n" + // 17
		"Sitemap: https://www.crawlstop.com/sitemap.xml\n" // 18
	f := robots.Parse([]byte(body))
	checkDiags(t, f, nil)
	signal := map[string]string{"search": "yes", "ai-train": "no"}
	checkPrefs(t, f, []prefCase{
		{agent: "Googlebot", url: "/", signal: signal, signalAt: []int{6}},
		{agent: "Googlebot", url: "https://www.crawlstop.com/page", signal: signal, signalAt: []int{6}},
		// The second "*" group merges with the first: its disallow holds,
		// and a disallowed URL has no preferences.
		{agent: "Googlebot", url: "/lp"},
		{agent: "GPTBot", url: "/"},
		{agent: "Amazonbot", url: "/page"},
	})
	if diff := cmp.Diff([]string{"https://www.crawlstop.com/sitemap.xml"}, f.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
	}
}

// Content-Signal lines belong to the group they stand in, as the
// managed robots.txt places them, and combine across lines as
// Content-Usage lines do.
func TestPreferencesSignalGroups(t *testing.T) {
	body := "User-agent: *\n" + // 1
		"Content-Signal: search=yes, ai-input=no, ai-train=no\n" + // 2
		"Allow: /\n" + // 3
		"\n" + // 4
		"User-agent: GPTBot\n" + // 5
		"Content-Signal: search=yes, ai-input=yes\n" + // 6
		"Allow: /\n" + // 7
		"\n" + // 8
		"User-agent: ClaudeBot\n" + // 9
		"User-agent: GPTBot\n" + // 10
		"Content-Signal: ai-train=No, use=reference\n" + // 11
		"Disallow: /private/\n" + // 12
		"Content-Signal: /blog/ ai-train=yes\n" + // 13
		"Content-Signal: ai-input=no, search=yes, ai-input=yes\n" // 14
	f := robots.Parse([]byte(body))
	checkDiags(t, f, nil)
	checkPrefs(t, f, []prefCase{
		{agent: "Bingbot", url: "/", signal: usage("search", "yes", "ai-input", "no", "ai-train", "no"), signalAt: []int{2}},
		// GPTBot's two groups merge; the "*" group is not GPTBot's.
		{agent: "GPTBot", url: "/", signal: usage("search", "yes", "ai-input", "no", "ai-train", "No", "use", "reference"), signalAt: []int{6, 11, 14}},
		{agent: "gptbot", url: "/blog/post", signal: usage("ai-train", "yes"), signalAt: []int{13}},
		{agent: "GPTBot", url: "/private/x"},
		{agent: "ClaudeBot", url: "/", signal: usage("ai-train", "No", "use", "reference", "ai-input", "no", "search", "yes"), signalAt: []int{11, 14}},
	})
}

// The group scoping of RFC 9309 section 2.2.1, and lines that stand
// before any group.
func TestPreferencesOutsideGroup(t *testing.T) {
	body := "Content-Signal: search=no\n" + // 1
		"Content-Usage: train-ai=n\n" + // 2
		"Sitemap: https://example.com/s.xml\n" + // 3
		"User-agent: a\n" + // 4
		"Content-Usage: search=y\n" + // 5
		"User-agent: b\n" + // 6: still a's group, as no rule came between
		"Disallow: /x\n" + // 7
		"User-agent: c\n" + // 8
		"Allow: /\n" // 9
	f := robots.Parse([]byte(body))
	checkDiags(t, f, []robots.Diagnostic{diag(1, robots.RuleOutsideGroup), diag(2, robots.RuleOutsideGroup)})
	checkPrefs(t, f, []prefCase{
		{agent: "a", url: "/", usage: usage("search", "y"), usageAt: []int{5}},
		{agent: "b", url: "/", usage: usage("search", "y"), usageAt: []int{5}},
		{agent: "b", url: "/x"},
		{agent: "c", url: "/"},
		{agent: "d", url: "/"}, // no group at all
	})
	// They are records still, of no group.
	want := []robots.Record{
		{Line: 1, Key: "Content-Signal", Value: "search=no"},
		{Line: 2, Key: "Content-Usage", Value: "train-ai=n"},
		{Line: 5, Key: "Content-Usage", Value: "search=y", Agents: []string{"a", "b"}},
	}
	if diff := cmp.Diff(want, f.Records()); diff != "" {
		t.Errorf("Records() mismatch (-want +got):\n%s", diff)
	}
}

func TestPreferencesMalformed(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		diags  bool
		signal map[string]string
		usage  map[string]string
	}{
		{name: "signal empty", line: "Content-Signal:", diags: true},
		{name: "signal path only", line: "Content-Signal: /a", diags: true},
		{name: "signal member without value", line: "Content-Signal: search, ai-train=no", diags: true, signal: usage("ai-train", "no")},
		{name: "signal trailing comma", line: "Content-Signal: search=yes,", diags: true, signal: usage("search", "yes")},
		{name: "signal spaces around equals", line: "Content-Signal: search = yes", diags: true},
		{name: "signal comment", line: "Content-Signal: search=yes # ai-train=no", signal: usage("search", "yes")},
		{name: "signal upper-case key kept", line: "CONTENT-SIGNAL: Search=YES", signal: usage("Search", "YES")},
		{name: "signal without colon", line: "Content-Signal search=yes", diags: true, signal: usage("search", "yes")},
		{name: "usage not a dictionary", line: "Content-Usage: train-ai=no please", diags: true},
		{name: "usage non-ASCII", line: "Content-Usage: train-ai=\"é\"", diags: true},
		{name: "usage path with star first", line: "Content-Usage: *.pdf train-ai=n", diags: true},
		{name: "usage path only", line: "Content-Usage: /a"},
		{name: "usage empty", line: "Content-Usage:"},
		{name: "usage control byte", line: "Content-Usage: train-ai=\x01", diags: true},
		{name: "usage lower case key", line: "content-usage: train-ai=n", usage: usage("train-ai", "n")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte("User-agent: *\n" + tc.line + "\n"))
			var got []robots.DiagnosticKind
			for _, d := range f.Diagnostics() {
				if d.Kind == robots.UnknownKey {
					t.Errorf("diagnostic %v: the key is known", d)
				}
				got = append(got, d.Kind)
			}
			bad := false
			for _, k := range got {
				bad = bad || k == robots.BadPreference || k == robots.MissingColon || k == robots.InvalidBytes
			}
			if bad != tc.diags {
				t.Errorf("Diagnostics() = %v, want a diagnostic: %v", f.Diagnostics(), tc.diags)
			}
			p := f.Preferences("x", "/a")
			if diff := cmp.Diff(tc.signal, p.Signal, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Signal mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.usage, p.Usage, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Usage mismatch (-want +got):\n%s", diff)
			}
			if n := len(p.SignalLines) + len(p.UsageLines); n != 1 {
				t.Errorf("Preferences: %d lines, want the one line", n)
			}
		})
	}
}

func TestPreferenceLines(t *testing.T) {
	body := "Content-Usage: train-ai=n\n" + // 1
		"User-agent: a\n" + // 2
		"Content-Signal: search=yes\n" + // 3
		"Host: example.com\n" + // 4
		"Content-Usage: /x\ttrain-ai=y  # why\n" + // 5
		"Disallow: /p\n" + // 6
		"User-agent: b\n" + // 7
		"Content-Usage: bad value\n" + // 8
		"User-agent: a\n" + // 9: in b's group, as no allow or disallow came between
		"Content-Usage: /%7E  search=n\n" // 10
	f := robots.Parse([]byte(body))
	want := []robots.PreferenceLine{
		{Line: 3, Key: robots.ContentSignal, Value: "search=yes"},
		{Line: 5, Key: robots.ContentUsage, Path: "/x", Value: "train-ai=y"},
		{Line: 8, Key: robots.ContentUsage, Value: "bad value"},
		{Line: 10, Key: robots.ContentUsage, Path: "/%7E", Value: "search=n"},
	}
	if diff := cmp.Diff(want, f.PreferenceLines("A")); diff != "" {
		t.Errorf("PreferenceLines(A) mismatch (-want +got):\n%s", diff)
	}
	wantB := want[2:]
	if diff := cmp.Diff(wantB, f.PreferenceLines("b")); diff != "" {
		t.Errorf("PreferenceLines(b) mismatch (-want +got):\n%s", diff)
	}
	if got := f.PreferenceLines("c"); got != nil {
		t.Errorf("PreferenceLines(c) = %v, want none: c has no group", got)
	}
	var nilFile *robots.File
	if got := nilFile.PreferenceLines("a"); got != nil {
		t.Errorf("nil File: PreferenceLines = %v, want nil", got)
	}
	if got := nilFile.Preferences("a", "/"); !cmp.Equal(got, robots.Preferences{}) {
		t.Errorf("nil File: Preferences = %+v, want none", got)
	}
}

// The maps and slices of Preferences are the caller's own.
func TestPreferencesCopies(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nContent-Signal: search=yes\nContent-Usage: train-ai=n\n"))
	p := f.Preferences("a", "/")
	p.Signal["search"] = "changed"
	p.Usage["train-ai"] = "changed"
	p.SignalLines[0].Value = "changed"
	p.UsageLines[0].Path = "/changed"
	lines := f.PreferenceLines("a")
	lines[0].Line = 99
	again := f.Preferences("a", "/")
	if again.Signal["search"] != "yes" || again.Usage["train-ai"] != "n" || again.SignalLines[0].Value != "search=yes" || again.UsageLines[0].Path != "" {
		t.Errorf("Preferences after changing a returned value = %+v", again)
	}
	if got := f.PreferenceLines("a")[0].Line; got != 2 {
		t.Errorf("PreferenceLines()[0].Line = %d after changing a returned slice, want 2", got)
	}
}

// Preference lines never change an allow or disallow answer (nor which
// rule decides): each body answers as it does with its preference lines
// turned into comments.
func TestPreferencesKeepAnswers(t *testing.T) {
	bodies := []string{
		"User-agent: *\nContent-Usage: train-ai=n\nDisallow: /x\nUser-agent: b\nDisallow: /y\n",
		"User-agent: a\nContent-Signal: search=yes\nUser-agent: b\nDisallow: /\n",
		"Content-Usage: / train-ai=n\nUser-agent: *\nAllow: /a\nContent-Usage: /a train-ai=y\nDisallow: /\n",
		"User-agent: *\nContent-Usage: /x\nCrawl-delay: 2\nContent-Signal: ai-train=no\nDisallow: /x\n",
	}
	agents := []string{"a", "b", "c", "*"}
	urls := []string{"/", "/a", "/x", "/y", "/z"}
	for _, body := range bodies {
		commented := strings.NewReplacer("Content-Usage", "# Content-Usage", "Content-Signal", "# Content-Signal").Replace(body)
		want := robots.SnapshotOf(robots.Parse([]byte(commented)), agents, urls)
		got := robots.SnapshotOf(robots.Parse([]byte(body)), agents, urls)
		if diff := cmp.Diff(want.Groups, got.Groups, cmpopts.IgnoreFields(robots.GroupSnapshot{}, "Preferences", "PreferenceLines")); diff != "" {
			t.Errorf("%q: groups differ from the file without preference lines (-without +with):\n%s", body, diff)
		}
	}
}

// BenchmarkPreferences measures a query on a file as Cloudflare manages
// it, and on a file of the parse limit of Content-Usage lines in one
// group, each of which a query reads.
func BenchmarkPreferences(b *testing.B) {
	var many strings.Builder
	many.WriteString("User-agent: *\n")
	for i := 0; many.Len() < robots.DefaultMaxBytes-40; i++ {
		fmt.Fprintf(&many, "Content-Usage: /%x train-ai=n\n", i)
	}
	bodies := []struct{ name, body string }{
		{"cloudflare", "User-Agent: *\nContent-signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"},
		{"attach example", "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n"},
		{"500k of lines", many.String()},
	}
	for _, bb := range bodies {
		f := robots.Parse([]byte(bb.body))
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if p := f.Preferences("Bot", "https://example.com/ai-ok/page"); len(p.Signal)+len(p.Usage) == 0 {
					b.Fatal("no preferences")
				}
			}
		})
	}
}
