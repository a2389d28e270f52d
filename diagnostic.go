package robots

import (
	"strconv"
)

// A Diagnostic notes a line of a robots.txt file that is not a clean, known
// record, and what is wrong with it; the documentation of each
// DiagnosticKind says whether such a line is used anyway. Diagnostics are
// for people who write robots.txt files; they never change an answer. The
// zero Diagnostic, of the zero DiagnosticKind, is none: no File gives it.
type Diagnostic struct {
	Line int            // line number, from 1
	Kind DiagnosticKind // what is wrong
	// Detail is the offending text (key, value or line), cut to 80 bytes,
	// or a short description; empty if there is nothing to add.
	Detail string
}

// String describes the diagnostic, such as `line 3: unknown key "Nosuch"`.
func (d Diagnostic) String() string {
	s := "line " + strconv.Itoa(d.Line) + ": " + d.Kind.String()
	if d.Detail != "" {
		s += " " + strconv.Quote(d.Detail)
	}
	return s
}

// A DiagnosticKind says what is wrong with a line.
type DiagnosticKind int

const (
	// UnknownKey: the key is not one this package knows (see KeyKind for
	// the extensions it knows, such as Host and Content-Signal, though
	// they are not part of RFC 9309). The line is kept as a Record.
	UnknownKey DiagnosticKind = iota + 1
	// AcceptedMisspelling: the key is a misspelling or a longer form of a
	// known key ("useragent", "Disallowed") that is read as that key, as
	// Google's parser does.
	AcceptedMisspelling
	// MissingColon: the line has no colon but exactly two words, and is
	// read as a key and a value, as Google's parser does ("Disallow /x").
	MissingColon
	// RuleOutsideGroup: an allow, disallow, crawl-delay, content-signal or
	// content-usage line comes before the first user-agent line. It
	// applies to no crawler (a content-signal or content-usage line is
	// still kept as a Record).
	RuleOutsideGroup
	// InvalidPattern: the pattern starts with neither '/' nor '*', so it can
	// never match.
	InvalidPattern
	// LineTooLong: the line is longer than 16,663 bytes; the rest is ignored.
	LineTooLong
	// InvalidBytes: the line holds bytes outside RFC 9309's grammar: a
	// control byte, or bytes that are not UTF-8. The line is read anyway,
	// but a NUL byte ends it.
	InvalidBytes
	// BeyondParseLimit: the body goes on past the parse limit; this line
	// and all that follow are ignored. The line is the first one not
	// parsed, which is the empty line after the last line break when all
	// that lies past the limit is a line break.
	BeyondParseLimit
	// BadCrawlDelay: the value of a crawl-delay line is not a number of
	// seconds. It is ignored.
	BadCrawlDelay
	// MalformedLine: the line is neither blank, nor a comment, nor a key and
	// a value (it has no colon and is not two words, or nothing before its
	// colon). It is ignored.
	MalformedLine
	// TooManyDiagnostics: the file has more diagnostics than a File keeps
	// (1,000). The line is that of the first one dropped, and Detail says
	// how many were dropped ("1234 more"). It is always the last one.
	TooManyDiagnostics
	// BadPreference: the value of a content-signal or content-usage line
	// cannot be read: for content-signal, a member that is not "key=value"
	// (the others are read); for content-usage, a value that is not a
	// Structured Field Dictionary (RFC 9651), which then states nothing.
	// Detail is the value. See File.Preferences.
	BadPreference
)

var kindNames = [...]string{
	UnknownKey:          "unknown key",
	AcceptedMisspelling: "accepted misspelling",
	MissingColon:        "missing colon",
	RuleOutsideGroup:    "rule outside any group",
	InvalidPattern:      "invalid pattern",
	LineTooLong:         "line too long",
	InvalidBytes:        "invalid bytes",
	BeyondParseLimit:    "beyond the parse limit",
	BadCrawlDelay:       "bad crawl-delay",
	MalformedLine:       "malformed line",
	TooManyDiagnostics:  "too many diagnostics",
	BadPreference:       "bad preference",
}

// String returns the kind's name, such as "unknown key". The zero
// DiagnosticKind, which no Diagnostic of a File has, is "no diagnostic".
func (k DiagnosticKind) String() string {
	if k == 0 {
		return "no diagnostic"
	}
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "DiagnosticKind(" + strconv.Itoa(int(k)) + ")"
}
