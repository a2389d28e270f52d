package robots_test

// Helpers shared by the tests of what the package promises: lines_test.go
// (lines), groups_test.go (groups), match_test.go (matching),
// records_test.go (other records) and diagnostics_test.go (diagnostics).
// Each test names the promise it checks, from RFC 9309 or the package
// documentation, through the public API only.
//
// Where the documentation leaves a detail open, the tests do not pin it: the Detail
// text of a Diagnostic, the order of two diagnostics on one line, whether
// Host and the other known extensions get an UnknownKey diagnostic, and
// whether Record.Agents holds product tokens or the user-agent values as
// written.

import (
	"fmt"
	"testing"

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

// diagOpts compare diagnostics by line and kind: the docs do not fix the
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
