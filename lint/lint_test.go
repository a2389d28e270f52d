package lint_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/lint"
	"github.com/google/go-cmp/cmp"
)

// The findings of the robots command are tested line by line in
// cmd/robots (lint_test.go, on the text it writes); these tests are of
// what the package adds: its options, fixes, severities and SARIF.

func TestSeverityText(t *testing.T) {
	for _, tc := range []struct {
		s    lint.Severity
		text string
	}{
		{lint.Info, "info"},
		{lint.Warning, "warning"},
		{lint.Error, "error"},
	} {
		if got := tc.s.String(); got != tc.text {
			t.Errorf("%d.String() = %q, want %q", tc.s, got, tc.text)
		}
		b, err := tc.s.MarshalText()
		if err != nil || string(b) != tc.text {
			t.Errorf("%d.MarshalText() = %q, %v; want %q, nil", tc.s, b, err, tc.text)
		}
		var back lint.Severity = 7
		if err := back.UnmarshalText([]byte(tc.text)); err != nil || back != tc.s {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, back, err, tc.s)
		}
	}
	for _, text := range []string{"", "warn", "Warning", "ERROR", "note"} {
		s := lint.Warning
		err := s.UnmarshalText([]byte(text))
		if !errors.Is(err, lint.ErrUnknownSeverity) || s != lint.Warning || !strings.HasPrefix(err.Error(), "lint: ") {
			t.Errorf("UnmarshalText(%q) = %v, left %v; want ErrUnknownSeverity and warning", text, err, s)
		}
	}
	for _, s := range []lint.Severity{-1, 3} {
		if _, err := s.MarshalText(); !errors.Is(err, lint.ErrUnknownSeverity) {
			t.Errorf("Severity(%d).MarshalText() error = %v, want ErrUnknownSeverity", s, err)
		}
	}
	if got := lint.Severity(9).String(); got != "Severity(9)" {
		t.Errorf("Severity(9).String() = %q", got)
	}
}

func TestFix(t *testing.T) {
	tests := []struct {
		name, line string
		code, fix  string
	}{
		{"misspelt key", "Dissallow: /x", "accepted-misspelling", "Disallow: /x"},
		{"misspelt key with a space", "User agent: Googlebot", "accepted-misspelling", "User-agent: Googlebot"},
		{"misspelt key, comment kept", "  Disalow:/x  # old", "accepted-misspelling", "Disallow: /x # old"},
		{"missing colon", "Disallow /x", "missing-colon", "Disallow: /x"},
		{"missing colon, lower case", "allow /y", "missing-colon", "Allow: /y"},
		{"misspelt and no colon", "Dissallow /x", "missing-colon", "Disallow: /x"},
		{"relative pattern", "Allow: must/start", "invalid-pattern", "Allow: /must/start"},
		{"absolute URL", "Disallow: https://example.com/a/b?c", "invalid-pattern", "Disallow: /a/b?c"},
		{"absolute URL with no path", "Allow: HTTP://example.com", "invalid-pattern", "Allow: /"},
		{"query after host", "Disallow: https://example.com?q", "invalid-pattern", "Disallow: /?q"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := lint.Lint([]byte("User-agent: *\n" + tc.line + "\n"))
			var got []lint.Finding
			for _, f := range rep.Findings {
				if f.Code == tc.code {
					got = append(got, f)
				}
			}
			if len(got) != 1 || got[0].Line != 2 || got[0].Fix != tc.fix {
				t.Errorf("findings of %s: %+v; want one on line 2 with Fix %q", tc.code, got, tc.fix)
			}
			// The fix is a clean line: linted again, it has no finding of
			// its own.
			again := lint.Lint([]byte("User-agent: *\n" + tc.fix + "\n"))
			for _, f := range again.Findings {
				if f.Line == 2 && f.Severity > lint.Info {
					t.Errorf("the fix %q has a finding: %+v", tc.fix, f)
				}
			}
		})
	}
	// Findings whose fix is the author's choice have none.
	for _, f := range lint.Lint([]byte("Disallow: /a\nUser-agent: MJ12bot\nDisallow: /x\nDisallow: /x\nNoindex: /y\n")).Findings {
		if f.Fix != "" {
			t.Errorf("%s on line %d has Fix %q", f.Code, f.Line, f.Fix)
		}
	}
}

// TestSize checks what the finding on content past the parse limit says
// of it, for each way a caller knows the size of the file.
func TestSize(t *testing.T) {
	limit := robots.DefaultMaxBytes
	whole := []byte("User-agent: *\n" + strings.Repeat("# padding\n", limit/10) + "Disallow: /late\n")
	start := whole[:limit+1] // what a reader that stops one byte past the limit has
	tests := []struct {
		name string
		body []byte
		o    lint.Options
		want string
	}{
		{"the whole file", whole, lint.Options{}, "30 more bytes are ignored"},
		{"its start, and its size", start, lint.Options{Size: int64(len(whole))}, "30 more bytes are ignored"},
		{"its start, and part of the rest", start, lint.Options{Size: int64(len(whole)), SizeAtLeast: true}, "more than 30 bytes are ignored"},
		{"its start only", start, lint.Options{Size: -1}, "the rest is ignored (not read)"},
		{"its start, as if whole", start, lint.Options{}, "1 more byte are ignored"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, f := range tc.o.Lint(tc.body).Findings {
				if f.Code == "beyond-parse-limit" {
					got = append(got, f.Message)
				}
			}
			want := []string{"the file goes on past the parse limit of 512000 bytes: " + tc.want + ", from this line on"}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("beyond-parse-limit mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// A higher parse limit reads it all.
	if rep := (lint.Options{Parse: robots.Options{MaxBytes: 2 * limit}}).Lint(whole); len(rep.Findings) != 0 {
		t.Errorf("with a parse limit of %d: %+v, want none", 2*limit, rep.Findings)
	}
}

func TestOptionsFilter(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a$b\nDisallow: /x\nDisallow: /x\nFoo: 1\n")
	codes := func(o lint.Options) []string {
		var out []string
		for _, f := range o.Lint(body).Findings {
			out = append(out, f.Code)
		}
		return out
	}
	tests := []struct {
		name string
		o    lint.Options
		want []string
	}{
		{"zero value: every finding", lint.Options{}, []string{"dollar-inside", "repeated-rule", "unknown-key"}},
		{"min warning", lint.Options{MinSeverity: lint.Warning}, []string{"dollar-inside", "unknown-key"}},
		{"min error", lint.Options{MinSeverity: lint.Error}, []string{"unknown-key"}},
		{"ignore two", lint.Options{Ignore: []string{"unknown-key", "repeated-rule"}}, []string{"dollar-inside"}},
		{"ignore a name that is no code", lint.Options{Ignore: []string{"repeated-rules"}}, []string{"dollar-inside", "repeated-rule", "unknown-key"}},
		{"both", lint.Options{MinSeverity: lint.Warning, Ignore: []string{"unknown-key"}}, []string{"dollar-inside"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, codes(tc.o)); diff != "" {
			t.Errorf("%s: codes mismatch (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestCodes(t *testing.T) {
	cs := lint.Codes()
	seen := map[string]bool{}
	for _, c := range cs {
		if seen[c.Name] || c.Name == "" || c.About == "" || c.Severity < lint.Info || c.Severity > lint.Error {
			t.Errorf("code %+v: repeated, or empty", c)
		}
		seen[c.Name] = true
	}
	cs[0].Name = "changed"
	if lint.Codes()[0].Name == "changed" {
		t.Errorf("Codes returns the package's own slice")
	}
}

// sarifLog is what TestSARIF reads of a log.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name  string
				Rules []struct{ ID string }
			}
		}
		Invocations []struct{ ExecutionSuccessful bool }
		Results     []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           struct{ StartLine int }
				}
			}
		}
	}
}

func TestSARIF(t *testing.T) {
	found := []lint.Finding{
		{Line: 3, Severity: lint.Error, Code: "unknown-key", Message: "m1"},
		{Line: 0, Severity: lint.Info, Code: "empty", Message: "m2"},
		{Line: 2, Severity: lint.Warning, Code: "a-code-of-another-linter", Message: "m3"},
	}
	tests := []struct {
		name  string
		files []lint.Artifact
		ok    bool
	}{
		{"every file read", []lint.Artifact{{URI: "a/robots.txt", Findings: found}, {URI: "b.txt"}}, true},
		{"a file not read", []lint.Artifact{{URI: "a/robots.txt", Findings: found}, {URI: "b.txt", Err: errors.New("gone")}}, false},
		{"no file", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := lint.SARIF(&buf, tc.files); err != nil {
				t.Fatal(err)
			}
			var log sarifLog
			if err := json.Unmarshal(buf.Bytes(), &log); err != nil || len(log.Runs) != 1 {
				t.Fatalf("%v, %d runs in %s", err, len(log.Runs), buf.String())
			}
			run := log.Runs[0]
			if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful != tc.ok {
				t.Errorf("invocations %+v, want one, successful %v", run.Invocations, tc.ok)
			}
			codes := lint.Codes()
			if run.Tool.Driver.Name != "robots lint" || len(run.Tool.Driver.Rules) != len(codes) {
				t.Fatalf("driver %q with %d rules, want robots lint and %d", run.Tool.Driver.Name, len(run.Tool.Driver.Rules), len(codes))
			}
			for i, c := range codes {
				if run.Tool.Driver.Rules[i].ID != c.Name {
					t.Errorf("rule %d = %s, want %s", i, run.Tool.Driver.Rules[i].ID, c.Name)
				}
			}
			type result struct {
				Rule       string
				Index      int
				Level, Msg string
				URI        string
				Line       int
			}
			var got []result
			for _, r := range run.Results {
				at := r.Locations[0].PhysicalLocation
				got = append(got, result{r.RuleID, r.RuleIndex, r.Level, r.Message.Text, at.ArtifactLocation.URI, at.Region.StartLine})
			}
			var want []result
			if len(tc.files) > 0 {
				want = []result{
					{"unknown-key", 0, "error", "m1", "a/robots.txt", 3},
					{"empty", indexOf(codes, "empty"), "note", "m2", "a/robots.txt", 1}, // SARIF lines start at 1
					{"a-code-of-another-linter", -1, "warning", "m3", "a/robots.txt", 2},
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("results mismatch (-want +got):\n%s", diff)
			}
		})
	}
	if err := lint.SARIF(failingWriter{}, nil); err == nil || !strings.HasPrefix(err.Error(), "lint: ") || !errors.Is(err, errWrite) {
		t.Errorf("SARIF to a failing writer = %v, want a lint: error wrapping the writer's", err)
	}
}

func indexOf(codes []lint.Code, name string) int {
	for i, c := range codes {
		if c.Name == name {
			return i
		}
	}
	return -1
}

var errWrite = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }
