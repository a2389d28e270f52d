package main

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// FuzzLint lints arbitrary bodies, as a live robots.txt can be anything:
// lint never panics, gives each finding a known code and severity and a
// line of the body, gives the same findings twice, and takes no more than
// a second, whatever the rules.
func FuzzLint(f *testing.F) {
	for _, seed := range []string{
		"User-agent: *\nDisallow: /shop*\nAllow: /shop\n",
		"User-agent: Googlebot\nDisallow: /*.js$\nAllow: */account\nDisallow: /account*\n",
		"User-agent: a\nUser-agent: MJ12bot\nDisallow: /\n\nUser-agent: a\nUser-agent: MJ12bot\nDisallow: /\n",
		"\n<div><!DOCTYPE html>\n<html>\n",
		"<!--\n-->\nUser-agent: *\nDisallow: /x # caf\xe9\n",
		"User-agent: Mediapartners-Google*\nDisallow: /**\nAllow: /*$\nSitemap: /s.xml\n",
		"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a$b\rDisallow /c\n\x00",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		s := loadBody(t, body)
		start := time.Now()
		found, unlisted := lint(s)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("lint took %v", d)
		}
		lines := 1 + bytes.Count(body, []byte("\n")) + bytes.Count(body, []byte("\r"))
		for _, f := range found {
			if !knownCode(f.Code) || severityRank[f.Severity] == 0 && f.Severity != sevInfo {
				t.Errorf("finding of unknown code or severity: %+v", f)
			}
			if f.Line < 1 || f.Line > lines {
				t.Errorf("finding on line %d of a body of %d lines: %+v", f.Line, lines, f)
			}
		}
		again, unlisted2 := lint(loadBody(t, body))
		if diff := cmp.Diff(found, again); diff != "" || unlisted != unlisted2 {
			t.Errorf("lint twice differs (-first +second):\n%s", diff)
		}
	})
}

// loadBody reads body as lint reads standard input.
func loadBody(t *testing.T, body []byte) *source {
	t.Helper()
	e := &env{stdin: bytes.NewReader(body), stderr: io.Discard, cmd: "lint"}
	s, err := e.load(context.Background(), "-", robots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
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
