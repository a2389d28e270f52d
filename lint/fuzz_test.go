package lint

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// FuzzLint lints arbitrary bodies, as a live robots.txt can be anything:
// Lint never panics; gives each finding a known code, a severity no more
// severe than its code's, a line of the body and a message without control
// bytes; gives the same findings twice; keeps exactly those the options
// keep; gives a Fix only where it says it does, one line with the colon
// the parser reads; and takes no more than a few seconds, whatever the
// rules.
func FuzzLint(f *testing.F) {
	for _, seed := range []string{
		"User-agent: *\nDisallow: /shop*\nAllow: /shop\n",
		"User-agent: Googlebot\nDisallow: /*.js$\nAllow: */account\nDisallow: /account*\n",
		"User-agent: a\nUser-agent: MJ12bot\nDisallow: /\n\nUser-agent: a\nUser-agent: MJ12bot\nDisallow: /\n",
		"\n<div><!DOCTYPE html>\n<html>\n",
		"<!--\n-->\nUser-agent: *\nDisallow: /x # caf\xe9\n",
		"User-agent: Mediapartners-Google*\nDisallow: /**\nAllow: /*$\nSitemap: /s.xml\n",
		"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a$b\rDisallow /c\n\x00",
		"\xEF\xBB\xBFDissallow /x # c\nUser agent: *\nallow: https://example.com\nNoindex: /a\nnofollow: /b\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		start := time.Now()
		rep := Lint(body)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Lint took %v", d)
		}
		lines := 1 + bytes.Count(body, []byte("\n")) + bytes.Count(body, []byte("\r"))
		for _, f := range rep.Findings {
			i := codeIndex(f.Code)
			if i < 0 || f.Severity < Info || f.Severity > codes[i].Severity {
				t.Errorf("finding of unknown code or severity: %+v", f)
			}
			if f.Line < 1 || f.Line > lines {
				t.Errorf("finding on line %d of a body of %d lines: %+v", f.Line, lines, f)
			}
			if !utf8.ValidString(f.Message) || strings.ContainsFunc(f.Message, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Errorf("message with control bytes or not UTF-8: %q", f.Message)
			}
			checkFix(t, f)
		}
		if rep.Unlisted > 0 && len(rep.Findings) != 1 {
			t.Errorf("%d findings unlisted, and %d listed; want 1 listed", rep.Unlisted, len(rep.Findings))
		}
		again := Lint(body)
		if diff := cmp.Diff(rep, again); diff != "" {
			t.Errorf("Lint twice differs (-first +second):\n%s", diff)
		}
		// Options leave out exactly what they say.
		o := Options{MinSeverity: Warning, Ignore: []string{"missing-colon", "unknown-key"}}
		var want []Finding
		for _, f := range rep.Findings {
			if f.Severity >= Warning && !slices.Contains(o.Ignore, f.Code) {
				want = append(want, f)
			}
		}
		if diff := cmp.Diff(Report{Findings: want, Unlisted: rep.Unlisted}, o.Lint(body)); diff != "" {
			t.Errorf("Options %+v mismatch (-want +got):\n%s", o, diff)
		}
		// The SARIF log of the findings is JSON, one result a finding.
		var buf bytes.Buffer
		if err := SARIF(&buf, []Artifact{{URI: "robots.txt", Findings: rep.Findings}}); err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct{ Results []json.RawMessage }
		}
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) != len(rep.Findings) {
			t.Errorf("SARIF of %d findings: %v, %s", len(rep.Findings), err, buf.Bytes())
		}
	})
}

// checkFix checks the Fix of a finding: only for the codes that have one,
// a line whose key is read exactly, with its colon, and no line break.
func checkFix(t *testing.T, f Finding) {
	t.Helper()
	if f.Fix == "" {
		return
	}
	switch f.Code {
	case "accepted-misspelling", "missing-colon", "invalid-pattern":
	default:
		t.Errorf("a Fix for code %s: %+v", f.Code, f)
		return
	}
	if strings.ContainsAny(f.Fix, "\r\n") {
		t.Errorf("Fix of more than one line: %+v", f)
	}
	key, value, ok := strings.Cut(f.Fix, ":")
	if kind, exact := robots.ClassifyKey(key); !ok || kind == robots.OtherKey || !exact {
		t.Errorf("Fix %q: key %q is %v, exact %v", f.Fix, key, kind, exact)
	}
	if f.Code == "invalid-pattern" && !strings.HasPrefix(strings.TrimSpace(value), "/") {
		t.Errorf("Fix %q of an invalid pattern is no path", f.Fix)
	}
}

// FuzzCovers checks covers against the library's matcher: when covers
// says that pattern b matches every path pattern a matches, b matches
// the paths made from a by putting runs of bytes in place of its stars.
func FuzzCovers(f *testing.F) {
	for _, seed := range [][2]string{
		{"/shop*", "/shop"}, {"/", "/*"}, {"*", "/a*b$"}, {"*/account", "/account*"},
		{"/*.js$", "/a/*.js$"}, {"/a*b*c", "/a*c"}, {"/**", "/"}, {"/a$", "/a"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, b, a string) {
		if !plainPattern(a) || !plainPattern(b) || len(a) > 64 || len(b) > 64 ||
			strings.ContainsAny(a+b, "#") || !strings.HasPrefix(a, "/") {
			return
		}
		work := 1 << 20
		if !covers(b, a, &work) {
			return
		}
		file := robots.Parse([]byte("User-agent: *\nDisallow: " + b + "\n"))
		glob := globOf(a)
		for _, fill := range []string{"", "x", "/q/", "b$*", "?s=1", "aaaa"} {
			path := strings.ReplaceAll(glob, "*", fill)
			if slices.Contains([]string{"/robots.txt"}, path) {
				continue // always allowed
			}
			if file.Allowed("*", path) {
				t.Errorf("covers(%q, %q), but %q does not match %q", b, a, b, path)
			}
		}
	})
}
