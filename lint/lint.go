// Package lint lists the mistakes in a robots.txt file, for the people who
// write it: lines that crawlers ignore or read otherwise than meant, rules
// that never decide, a file that is not a robots.txt at all, and, at info
// level, what crawlers do with its extension records. These are the
// findings of the robots command's lint and of its tester page, as values
// a Go program (an SEO tool, a CI check) can filter, count and write as
// SARIF.
//
// The file is read as package robots reads it, lines and groups alike, and
// nothing is fetched: a caller that fetches the file says where from with
// [Options.URL]. Linting never fails, whatever the body, and the parse
// limit bounds its time and memory (see [Options.Lint]).
package lint

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/crawlkit/robots"
)

// A Severity says how much a finding matters. The zero value is Info.
type Severity int8

const (
	// Info: worth knowing; the file does what it says.
	Info Severity = iota
	// Warning: probably not what the author meant, or what a major
	// crawler reads otherwise; also a well-formed line that Google read
	// until 2019 and now ignores (noindex, nofollow).
	Warning
	// Error: a line or a rule that crawlers ignore, or a file that is not
	// a robots.txt at all.
	Error
)

var severityNames = [...]string{Info: "info", Warning: "warning", Error: "error"}

// String returns "info", "warning" or "error", or "Severity(n)" for a
// value that is none of them.
func (s Severity) String() string {
	if s >= 0 && int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText returns the name String returns, so that a Finding encodes
// to JSON as the robots command writes it ("severity": "warning"). It
// returns ErrUnknownSeverity for a value that is none of Info, Warning and
// Error.
func (s Severity) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(severityNames) {
		return nil, fmt.Errorf("%w: %v", ErrUnknownSeverity, s)
	}
	return []byte(severityNames[s]), nil
}

// UnmarshalText reads "info", "warning" or "error", as written (a flag
// such as -min-severity, a configuration file). Other text leaves s as it
// was and returns an error that wraps ErrUnknownSeverity.
func (s *Severity) UnmarshalText(text []byte) error {
	i := slices.Index(severityNames[:], string(text))
	if i < 0 {
		return fmt.Errorf("%w %q: give info, warning or error", ErrUnknownSeverity, text)
	}
	*s = Severity(i)
	return nil
}

// ErrUnknownSeverity is wrapped by the errors of UnmarshalText and
// MarshalText for what is not a Severity.
var ErrUnknownSeverity = errors.New("lint: unknown severity")

// A Finding is one mistake, or one note, on a line of a file. Lint gives
// every field but Fix a value; a Finding a caller makes (for a file it
// could not fetch) needs a Code of Codes for SARIF to name its rule.
type Finding struct {
	// Line is the line number, from 1, as robots.Parse counts lines (at
	// LF, CR or CRLF). A finding about the whole file is on line 1.
	Line int `json:"line"`
	// Severity is how much it matters.
	Severity Severity `json:"severity"`
	// Code says what kind of finding it is, one of the names that Codes
	// lists, such as "accepted-misspelling": a program tells findings
	// apart by Code, never by Message.
	Code string `json:"code"`
	// Message says what is wrong and what crawlers do with the line, in
	// one sentence without a final period, such as `misspelt key
	// "Dissallow" is read as Disallow; ...`. Text of the file in it is
	// quoted with Go's %q, or else escaped, so that it holds no control
	// byte.
	Message string `json:"message"`
	// Fix is the line as it should be written, where the finding has one
	// such fix: the key spelt as crawlers read it ("Disallow: /x" for
	// "Dissallow: /x"), the missing colon added ("Disallow: /x" for
	// "Disallow /x"), the pattern made a path ("Allow: /a" for "Allow: a"
	// or "Allow: https://example.com/a"). A comment on the line is kept.
	// Empty for the other findings, whose fix is the author's choice
	// (delete a line, move a rule, name another crawler).
	Fix string `json:"fix,omitempty"`
}

// A Report is what Lint finds in a file. The zero value is a file without
// findings.
type Report struct {
	// Findings are those the Options keep, in line order; nil when there
	// are none.
	Findings []Finding
	// Unlisted counts the findings on the lines of a body that is not a
	// robots.txt at all (an HTML page, UTF-16 text, binary data), whatever
	// the Options: Findings then hold the one finding that says what the
	// body is (code "html", "utf16" or "binary"), not those on its lines,
	// which are noise.
	Unlisted int
}

// Options say how to lint a file and what is known of it. The zero value
// lints a whole file with the parse limit robots.DefaultMaxBytes and keeps
// every finding.
type Options struct {
	// Parse are the options the file is read with, as a crawler reads it:
	// Parse.MaxBytes sets the parse limit (see robots.Options.Limit), past
	// which content is reported (code "beyond-parse-limit") and ignored.
	Parse robots.Options

	// Ignore lists codes whose findings are left out. A name that is no
	// code of Codes leaves out nothing: check names read from a user
	// against Codes.
	Ignore []string
	// MinSeverity leaves out the findings below it. The zero value, Info,
	// keeps them all.
	MinSeverity Severity

	// URL is where the file was fetched from, after redirects, when it
	// was fetched: a sitemap on another host is then noted (code
	// "sitemap-other-host"). Empty means not known.
	URL string
	// Size is the size in bytes of the whole file, when the body given to
	// Lint is only its start (a reader that stops one byte past the parse
	// limit, as a crawler does): the finding on content past the limit
	// then says how many bytes are ignored. Zero means the body is the
	// whole file; a negative Size means none is known: the rest was not
	// read.
	Size int64
	// SizeAtLeast reports that Size is a lower bound: reading stopped
	// there, and the file goes on. It matters only for a positive Size.
	SizeAtLeast bool
}

// Lint returns the findings on body, a robots.txt file, with the default
// options: every finding, the default parse limit.
func Lint(body []byte) Report {
	return Options{}.Lint(body)
}

// Lint returns the findings on body, a robots.txt file or the start of
// one (see Size), that the options o keep. Lint reads body up to the parse
// limit and one byte, the byte that tells the file goes on (what lies
// further is only counted),
// and does not keep a reference to it. Its time and memory grow about
// linearly with what it reads, so the parse limit bounds them; the search
// for rules that never decide stops after a fixed number of steps.
func (o Options) Lint(body []byte) Report {
	l := newLinter(body, o)
	rep := Report{Unlisted: l.run()}
	ignored := map[string]bool{}
	for _, c := range o.Ignore {
		ignored[c] = true
	}
	for _, f := range l.found {
		if !ignored[f.Code] && f.Severity >= o.MinSeverity {
			rep.Findings = append(rep.Findings, f)
		}
	}
	return rep
}
