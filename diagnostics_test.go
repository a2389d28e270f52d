package robots_test

// Tests of diagnostics, as File.Diagnostics documents them: what each line that is not a
// clean, known record reports, and that diagnostics never change answers.

import (
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

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
			robots.MalformedLine, robots.TooManyDiagnostics,
		}
		seen := map[string]robots.DiagnosticKind{robots.DiagnosticKind(0).String(): 0}
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
