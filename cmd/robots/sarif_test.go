package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlkit/robots/lint"
	"github.com/google/go-cmp/cmp"
)

// TestLintSARIF checks that lint -format sarif writes the log lint.SARIF
// writes of lint's findings, each source an artifact named by its URI, in
// order (lint/sarif_test.go checks the log field by field, and against
// the SARIF 2.1.0 schema); and that a source that cannot be read makes
// the run unsuccessful, and lint exit 2.
func TestLintSARIF(t *testing.T) {
	sarifOf := func(files ...lint.Artifact) string {
		var buf strings.Builder
		if err := lint.SARIF(&buf, files); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	exampleBody, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}

	body := "User-agent: *\nDisallow: /a$b\nDisallow: /x\nDisallow: /x\n"
	got := runTool(t, strings.NewReader(body), "lint", "-format", "sarif", "-ignore", "extension", "-", example)
	if got.status != exitFound || got.stderr != "" {
		t.Fatalf("lint -format sarif = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	o := lint.Options{Ignore: []string{"extension"}}
	found := o.Lint([]byte(body)).Findings
	if len(found) != 2 {
		t.Fatalf("%d findings on the body, want 2: %+v", len(found), found)
	}
	want := sarifOf(lint.Artifact{URI: "stdin", Findings: found},
		lint.Artifact{URI: "../../testdata/example.txt", Findings: o.Lint(exampleBody).Findings})
	if diff := cmp.Diff(want, got.stdout); diff != "" {
		t.Errorf("lint -format sarif mismatch (-want +got):\n%s", diff)
	}

	// A source that cannot be read: the run says so, and lint exits 2.
	got = runTool(t, nil, "lint", "-format", "sarif", "../../testdata/missing.txt", example)
	want = sarifOf(lint.Artifact{URI: "../../testdata/missing.txt", Err: os.ErrNotExist},
		lint.Artifact{URI: "../../testdata/example.txt", Findings: lint.Lint(exampleBody).Findings})
	if got.status != exitFailure || !strings.Contains(want, `"executionSuccessful": false`) {
		t.Errorf("lint -format sarif of a missing file = %d, want %d", got.status, exitFailure)
	}
	if diff := cmp.Diff(want, got.stdout); diff != "" {
		t.Errorf("lint -format sarif of a missing file mismatch (-want +got):\n%s", diff)
	}
}

// TestSourceURI checks the artifact locations of SARIF results.
func TestSourceURI(t *testing.T) {
	abs, err := filepath.Abs("my robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		s    *source
		want string
	}{
		{"standard input", &source{name: "-"}, "stdin"},
		{"a relative path", &source{name: "site/robots.txt"}, "site/robots.txt"},
		{"a space, escaped", &source{name: "my robots.txt"}, "my%20robots.txt"},
		{"a colon in the first segment", &source{name: "a:b.txt"}, "./a:b.txt"},
		{"an absolute path", &source{name: abs}, "file://" + strings.ReplaceAll(filepath.ToSlash(abs), " ", "%20")},
		{"a fetch", &source{name: "https://example.com/a", fetch: &fetchInfo{URL: "https://example.com/robots.txt"}}, "https://example.com/robots.txt"},
		{"a fetch redirected", &source{name: "https://example.com/a", fetch: &fetchInfo{URL: "https://example.com/robots.txt",
			FinalURL: "https://www.example.com/robots.txt"}}, "https://www.example.com/robots.txt"},
	}
	for _, tc := range tests {
		if got := tc.s.uri(); got != tc.want {
			t.Errorf("%s: uri() = %q, want %q", tc.name, got, tc.want)
		}
	}
}
