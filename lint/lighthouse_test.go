package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/crawlkit/robots/lint"
)

// TestLighthouse lints the robots.txt files Lighthouse's robots-txt audit
// is tested with (testdata/lighthouse/README.md says where they come
// from): none of those it passes gets an error, and of each it fails,
// lint flags at warning or above as many lines as Lighthouse reports
// errors (Lighthouse reports one a line).
func TestLighthouse(t *testing.T) {
	dir := filepath.Join("testdata", "lighthouse")
	for n := 1; n <= 4; n++ {
		name := fmt.Sprintf("pass-%02d.txt", n)
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range lint.Lint(body).Findings {
			if f.Severity == lint.Error {
				t.Errorf("%s:%d: an error on a file Lighthouse passes: [%s] %s", name, f.Line, f.Code, f.Message)
			}
		}
	}
	// expectedErrors of each failing case, in order.
	for i, want := range []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5} {
		name := fmt.Sprintf("fail-%02d.txt", i+1)
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		rep := lint.Options{MinSeverity: lint.Warning}.Lint(body)
		lines := map[int]bool{}
		for _, f := range rep.Findings {
			lines[f.Line] = true
		}
		if len(lines) != want {
			t.Errorf("%s: %d lines flagged at warning or above, want %d as Lighthouse: %+v", name, len(lines), want, rep.Findings)
		}
	}
}
