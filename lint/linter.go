package lint

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/content"
	"github.com/crawlkit/robots/internal/decl"
	"github.com/crawlkit/robots/internal/safetext"
)

// This file holds the linter: what it finds in one file, and the
// findings on the lines the parser reports.

// nearLimit is how close to the parse limit a body is reported: within
// one part in nearLimit (5%).
const nearLimit = 20

// linter gathers the findings on one file.
type linter struct {
	body  []byte // at most the parse limit and one byte
	whole int64  // the length of the body given to Lint
	file  *robots.File
	decls decl.Declarations // the user-agent and sitemap lines, as written
	limit int               // the parse limit
	cut   bool              // whether body goes on past the limit
	o     Options

	found []Finding
	seen  map[string]bool // line and code of each finding, to list it once
	// lineStarts are the offsets in body of the lines, set when needed.
	lineStarts []int
	// quiet are the lines of groups that repeat an earlier group: the
	// repeat is one finding, and its lines get no other.
	quiet map[int]bool
	// malformed are the lines reported as malformed, whose key is no key.
	malformed map[int]bool
	work      int // what is left of maxShadowWork
}

func newLinter(body []byte, o Options) *linter {
	limit := o.Parse.Limit()
	whole := int64(len(body))
	if len(body) > limit+1 {
		// What lies past the limit is ignored, as crawlers ignore it, and
		// only counted; the extra byte tells that the body goes on.
		body = body[:limit+1]
	}
	return &linter{
		body: body, whole: whole, file: o.Parse.Parse(body), decls: decl.Read(body, limit), limit: limit, cut: len(body) > limit, o: o,
		seen: map[string]bool{}, quiet: map[int]bool{}, malformed: map[int]bool{}, work: maxShadowWork,
	}
}

func (l *linter) add(line int, sev Severity, code, format string, a ...any) {
	if l.quiet[line] {
		return
	}
	key := strconv.Itoa(line) + " " + code
	if l.seen[key] {
		return
	}
	l.seen[key] = true
	l.found = append(l.found, Finding{Line: line, Severity: sev, Code: code, Message: fmt.Sprintf(format, a...)})
}

// run gathers the findings on the file, in line order, and returns how
// many findings on its lines were left out because it is not a robots.txt
// at all.
func (l *linter) run() (unlisted int) {
	if kind := content.Kind(l.body); kind != "" {
		l.notRobots(kind)
		// The lines of such a body are noise: count them instead.
		inner := newLinter(l.body, l.o)
		inner.lines()
		return len(inner.found)
	}
	if bytes.HasPrefix(l.body, []byte("\xEF\xBB\xBF")) {
		l.add(1, Warning, "bom", "the file starts with a byte order mark: Google skips it, other crawlers may read it as part of the first line; save the file as UTF-8 without BOM")
	}
	if n := len(l.body); !l.cut && n > l.limit-l.limit/nearLimit {
		l.add(1, Warning, "near-parse-limit", "the file is %s, within 5%% of the parse limit of %d: crawlers ignore what lies past the limit, so what is added at its end will soon be ignored",
			plural(n, "byte"), l.limit)
	}
	l.lines()
	slices.SortStableFunc(l.found, func(a, b Finding) int { return a.Line - b.Line })
	l.fixes()
	return 0
}

// notRobots reports a body that is not a robots.txt.
func (l *linter) notRobots(kind string) {
	switch kind {
	case content.HTML:
		l.add(1, Error, content.HTML, "this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt")
	case content.UTF16:
		l.add(1, Error, content.UTF16, "this is UTF-16 text: robots.txt must be UTF-8, and crawlers find no rules in it; save it as UTF-8")
	case content.Binary:
		l.add(1, Error, content.Binary, "this is binary data, not a robots.txt: crawlers find no rules in it")
	}
}

// lines adds the findings on the lines of the file.
func (l *linter) lines() {
	f := l.file
	raws := l.rawGroups()
	l.repeatedGroups(raws)
	for _, d := range f.Diagnostics() {
		l.diagnostic(d)
	}
	agents := l.decls.Agents
	if len(agents) == 0 {
		if len(f.Diagnostics()) == 0 && len(l.decls.Sitemaps) == 0 && len(f.Records()) == 0 {
			l.add(1, Info, "empty", "the file has no rules: every crawler may fetch every URL")
		} else {
			l.add(1, Warning, "no-group", "no user-agent line: the file has no group, so no rule applies and every crawler may fetch every URL")
		}
	}
	l.agents(agents)
	l.splitGroups(raws)
	merged := l.mergedGroups()
	for _, g := range merged {
		l.rules(g)
		l.shadowed(g.Rules())
	}
	l.wholeSite(merged)
	l.resources()
	l.sitemaps()
	l.extensions()
}

// malformedLine adds the finding for a line that is neither "key: value"
// nor a comment: one the parser calls malformed, or one without a colon
// whose first word is no key.
func (l *linter) malformedLine(line int, detail string) {
	l.add(line, Error, "malformed-line", "malformed line %q: neither \"key: value\" nor a comment; it is ignored", detail)
}

// diagnostic adds the finding for a diagnostic of the parser.
func (l *linter) diagnostic(d robots.Diagnostic) {
	detail := d.Detail // quoted with %q, which escapes control bytes
	switch d.Kind {
	case robots.UnknownKey:
		if l.malformed[d.Line] {
			return // reported as a malformed line
		}
		if retiredKey(d.Detail) {
			l.add(d.Line, Warning, "retired-key", "key %q is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header", detail)
			return
		}
		l.add(d.Line, Error, "unknown-key", "unknown key %q: the line is ignored", detail)
	case robots.AcceptedMisspelling:
		kind, _ := robots.ClassifyKey(d.Detail)
		l.add(d.Line, Warning, "accepted-misspelling", "misspelt key %q is read as %s; Google accepts it, other crawlers may not: write %s", detail, kind, kind)
	case robots.MissingColon:
		key, _, _ := strings.Cut(strings.TrimSpace(d.Detail), " ")
		if kind, _ := robots.ClassifyKey(strings.TrimSpace(key)); kind == robots.OtherKey {
			// No known key: a line of HTML or prose, not a rule without
			// its colon.
			l.malformed[d.Line] = true
			l.malformedLine(d.Line, detail)
			return
		}
		l.add(d.Line, Warning, "missing-colon", "missing colon in %q: Google reads it, other crawlers may not; write \"key: value\"", detail)
	case robots.RuleOutsideGroup:
		l.add(d.Line, Error, "rule-outside-group", "%q comes before any user-agent line and is ignored", detail)
	case robots.InvalidPattern:
		l.add(d.Line, Error, "invalid-pattern", "pattern %q starts with neither / nor *: it never matches", detail)
	case robots.LineTooLong:
		l.add(d.Line, Error, "line-too-long", "the line is longer than 16,663 bytes: the rest of it is ignored")
	case robots.InvalidBytes:
		if l.onlyInComment(d.Line) {
			return // crawlers never read a comment
		}
		l.add(d.Line, Warning, "invalid-bytes", "bytes outside the robots.txt grammar (%s): crawlers may read the line differently", detail)
	case robots.BeyondParseLimit:
		l.add(d.Line, Error, "beyond-parse-limit", "the file goes on past the parse limit of %d bytes: %s, from this line on", l.limit, l.ignored())
	case robots.BadCrawlDelay:
		l.add(d.Line, Error, "bad-crawl-delay", "crawl-delay %q is not a number of seconds: it is ignored", detail)
	case robots.MalformedLine:
		l.malformedLine(d.Line, detail)
	case robots.BadPreference:
		l.add(d.Line, Warning, "bad-preference", "the preferences %q cannot be read: crawlers that read Content-Signal and Content-Usage lines take none from this line", detail)
	case robots.TooManyDiagnostics:
		more, _, _ := strings.Cut(d.Detail, " ")
		l.add(d.Line, Info, "too-many-diagnostics", "the parser lists findings on lines up to here only: %s more from this line on are not listed", more)
	default:
		l.add(d.Line, Warning, "diagnostic", "%s", safetext.Escape(d.String()))
	}
}

// ignored says how much of the file lies past the parse limit.
func (l *linter) ignored() string {
	size, atLeast := l.o.Size, l.o.SizeAtLeast
	if size == 0 {
		size, atLeast = l.whole, false
	}
	switch rest := size - int64(l.limit); {
	case size < 0 || rest <= 0:
		return "the rest is ignored (not read)"
	case atLeast:
		return "more than " + plural(int(rest), "byte") + " are ignored"
	default:
		return plural(int(rest), "more byte") + " are ignored"
	}
}

// line returns line n of the body, from 1, as the parser cuts lines: at
// LF, CR or CRLF.
func (l *linter) line(n int) []byte {
	b := l.body
	if l.lineStarts == nil {
		l.lineStarts = []int{0}
		for i := 0; i < len(b); i++ {
			switch b[i] {
			case '\r':
				if i+1 < len(b) && b[i+1] == '\n' {
					i++
				}
				l.lineStarts = append(l.lineStarts, i+1)
			case '\n':
				l.lineStarts = append(l.lineStarts, i+1)
			}
		}
	}
	if n < 1 || n > len(l.lineStarts) {
		return nil
	}
	start, end := l.lineStarts[n-1], len(b)
	if n < len(l.lineStarts) {
		end = l.lineStarts[n]
	}
	return bytes.TrimRight(b[start:end], "\r\n")
}

// onlyInComment reports whether the bytes outside the grammar on line n
// all lie in its comment: then no crawler reads them.
func (l *linter) onlyInComment(n int) bool {
	line := l.line(n)
	i := bytes.IndexByte(line, '#')
	if i < 0 {
		return false
	}
	return cleanText(line[:i])
}

// cleanText reports whether b is UTF-8 without control bytes but tab.
func cleanText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, c := range b {
		if c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// retiredKey reports whether key is one that Google read in robots.txt,
// unofficially, until September 2019, when it retired the code for the
// rules it had never published: noindex and nofollow (the third, crawl-delay,
// is an extension other crawlers read). A line of such a key is well formed
// and ignored, and what its author meant has another place: a warning,
// where a key no crawler ever read is an error.
func retiredKey(key string) bool {
	switch strings.ToLower(strings.TrimSpace(key)) {
	case "noindex", "nofollow":
		return true
	}
	return false
}
