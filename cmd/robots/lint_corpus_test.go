package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// starAfter reports whether an agent-token message is on a user-agent
// that is its product token followed by stars, such as
// "Mediapartners-Google*".
func starAfter(msg string) bool {
	m := regexp.MustCompile(`^user-agent "([^"]*?)\*+" is read as "([^"]*)"`).FindStringSubmatch(msg)
	return m != nil && m[1] == m[2]
}

// TestLintCorpus lints the 4,231 real robots.txt files of
// ../shared/corpus in one run, as a site's CI might lint a fleet: no
// crash, every file read, every finding of a known code on a line of its
// file, HTML bodies one finding each, and none of the false alarms lint
// once gave on them.
func TestLintCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "robots")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("%s is absent (%v): skipping", dir, err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, filepath.Join(dir, e.Name()))
	}
	got := runTool(t, nil, append([]string{"lint", "-json"}, files...)...)
	if got.status != exitFound || got.stderr != "" {
		t.Fatalf("lint of the corpus = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	var rep struct {
		Sources []struct {
			Source   string     `json:"source"`
			Fetch    *fetchJSON `json:"fetch"`
			Unlisted int        `json:"unlisted"`
		} `json:"sources"`
		Findings                []finding `json:"findings"`
		Errors, Warnings, Infos int
	}
	decodeStrict(t, got.stdout, &rep)
	if len(rep.Sources) != len(files) {
		t.Fatalf("%d sources linted, want %d", len(rep.Sources), len(files))
	}
	lines := map[string]int{}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines[name] = 1 + strings.Count(string(b), "\n") + strings.Count(string(b), "\r")
	}
	perSource := map[string][]finding{}
	for _, f := range rep.Findings {
		perSource[f.Source] = append(perSource[f.Source], f)
		if !knownCode(f.Code) || f.Code == "diagnostic" {
			t.Errorf("%s:%d: finding of code %q", f.Source, f.Line, f.Code)
		}
		if f.Line < 1 || f.Line > lines[f.Source] {
			t.Errorf("%s:%d: finding past the %d lines of the file: %s", f.Source, f.Line, lines[f.Source], f.Message)
		}
		switch {
		case f.Code == "agent-token" && starAfter(f.Message):
			t.Errorf("%s:%d: a crawler named with a star is flagged: %s", f.Source, f.Line, f.Message)
		case f.Code == "missing-colon" && strings.Contains(f.Message, `in "<`):
			t.Errorf("%s:%d: an HTML line is told it lacks a colon: %s", f.Source, f.Line, f.Message)
		}
	}
	for _, s := range rep.Sources {
		found := perSource[s.Source]
		if s.Unlisted > 0 && len(found) != 1 {
			t.Errorf("%s is not a robots.txt, with %d findings listed, want 1", s.Source, len(found))
		}
		if slices.ContainsFunc(found, func(f finding) bool { return f.Code == "html" }) && s.Unlisted == 0 && len(found) > 1 {
			t.Errorf("%s: HTML with %d findings", s.Source, len(found))
		}
	}
	// The page of www.worldbank.org, HTML without a doctype at its start,
	// is one finding.
	wb := filepath.Join(dir, "www.worldbank.org")
	if f := perSource[wb]; len(f) != 1 || f[0].Code != "html" {
		t.Errorf("%s: %+v, want one html finding", wb, f)
	}
}
