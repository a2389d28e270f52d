package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
)

const lintHelp = `usage: robots lint [-json] [-max-bytes N] [-timeout D] SOURCE...

Lint lists the mistakes in robots.txt files, one a line, in the shape of
go vet:

	robots.txt:4: warning: misspelt key "Dissallow" is read as Disallow; ...

then a summary line ("no findings" when there are none). A SOURCE is a
file, - for standard input, or an http(s) URL whose origin's robots.txt is
fetched. Findings about the whole file are given on line 1.

Severities:
  error    a line or a rule that is ignored, or a file that is not a
           robots.txt at all (HTML, UTF-16, binary)
  warning  probably not what the author meant
  info     worth knowing

Findings (their code, in brackets, is the "code" field of the JSON output):
  every diagnostic of the parser: unknown key [unknown-key], accepted
  misspelling [accepted-misspelling], missing colon [missing-colon], rule
  before any user-agent line [rule-outside-group], pattern starting with
  neither / nor * [invalid-pattern], line too long [line-too-long], bytes
  outside the grammar [invalid-bytes], content past the parse limit, with
  how much is ignored [beyond-parse-limit], bad crawl-delay
  [bad-crawl-delay], malformed line [malformed-line];
  and: no group at all [no-group], no rules at all [empty]; "$" inside a
  pattern [dollar-inside]; a rule repeated [repeated-rule]; a disallow
  with the same pattern as an allow, which wins [overridden-disallow]; the
  groups of one agent split across the file [split-group]; a user-agent
  whose product token is not what is written, as MJ12bot, read as MJ
  [agent-token]; a user-agent naming no crawler [empty-agent]; a sitemap
  that is not an absolute http(s) URL [bad-sitemap]; a byte order mark
  [bom]; HTML [html], UTF-16 [utf16] or binary data [binary] instead of a
  robots.txt (then the findings on its lines are counted, not listed);
  "Disallow: /" for * [disallow-all]; for a fetched SOURCE, an unavailable
  [unavailable] or unreachable [unreachable] robots.txt.

Options:
  -json          write one JSON object, described below, instead of text.
  -max-bytes N   parse the first N bytes (default and least 512000, the
                 500 KiB RFC 9309 asks crawlers to read at least; at most
                 33554432, 32 MiB).
  -timeout D     how long a fetch may take (default 30s).

Text from the file is written with control bytes escaped (\x1b).

JSON (-json), one object; every field is always present:

	{
	  "sources": [{
	    "source": "robots.txt",      // SOURCE as given
	    "fetch": null,               // or the fetch, as in 'robots help check'
	    "unlisted": 0                // findings on the lines of a file that is
	  }],                            // not a robots.txt, counted, not listed
	  "findings": [{
	    "source": "robots.txt",      // SOURCE as given; stdin for -
	    "line": 4,
	    "severity": "warning",       // "error", "warning" or "info"
	    "code": "accepted-misspelling",
	    "message": "misspelt key \"Dissallow\" is read as Disallow; ..."
	  }],
	  "errors": 0, "warnings": 1, "infos": 0
	}

Exit status: 0 when there are no findings or only info, 1 when there is a
warning or an error, 2 when a SOURCE cannot be read or fetched (the others
are still linted).
`

// Severities.
const (
	sevError   = "error"
	sevWarning = "warning"
	sevInfo    = "info"
)

func runLint(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	asJSON := fs.jsonFlag()
	fs.maxBytesFlag()
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		return e.usageError("lint needs at least one SOURCE (a robots.txt file, - for standard input, or an http(s) URL)")
	}
	if !stdinOnce(pos...) {
		return e.usageError("standard input (-) can be read once")
	}
	rep := lintReport{Sources: []lintSource{}, Findings: []finding{}}
	failed := false
	for _, name := range pos {
		s, err := e.load(ctx, name, o)
		if err != nil {
			e.fail(err)
			failed = true
			continue
		}
		found, unlisted := lint(s)
		rep.Sources = append(rep.Sources, lintSource{Source: name, Fetch: s.fetch, Unlisted: unlisted})
		rep.Findings = append(rep.Findings, found...)
	}
	rep.count()
	if *asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeLint(e.stdout, rep)
	}
	switch {
	case failed:
		return exitFailure
	case rep.Errors+rep.Warnings > 0:
		return exitFound
	}
	return exitOK
}

// count sets the numbers of findings of each severity.
func (rep *lintReport) count() {
	for _, f := range rep.Findings {
		switch f.Severity {
		case sevError:
			rep.Errors++
		case sevWarning:
			rep.Warnings++
		default:
			rep.Infos++
		}
	}
}

// writeLint writes lint's text output: the findings, then a summary.
func writeLint(w io.Writer, rep lintReport) {
	unlisted := 0
	for _, s := range rep.Sources {
		unlisted += s.Unlisted
	}
	for _, f := range rep.Findings {
		fmt.Fprintf(w, "%s:%d: %s: %s\n", safe(f.Source), f.Line, f.Severity, safe(f.Message))
	}
	var sum string
	if len(rep.Findings) == 0 {
		sum = "no findings"
	} else {
		sum = fmt.Sprintf("%s: %s, %s, %d info", plural(len(rep.Findings), "finding"),
			plural(rep.Errors, "error"), plural(rep.Warnings, "warning"), rep.Infos)
	}
	if len(rep.Sources) > 1 {
		sum += " in " + strconv.Itoa(len(rep.Sources)) + " files"
	}
	if unlisted > 0 {
		sum += "; " + plural(unlisted, "more finding") + " on the lines of what is not a robots.txt, not listed"
	}
	if len(rep.Sources) > 0 {
		fmt.Fprintln(w, sum)
	}
}

// linter gathers the findings on one source.
type linter struct {
	s     *source
	found []finding
	seen  map[string]bool // line and code of each finding, to list it once
}

func (l *linter) add(line int, sev, code, format string, a ...any) {
	key := strconv.Itoa(line) + " " + code
	if l.seen[key] {
		return
	}
	l.seen[key] = true
	l.found = append(l.found, finding{Source: l.s.label(), Line: line, Severity: sev, Code: code, Message: fmt.Sprintf(format, a...)})
}

// lint returns the findings on s, in line order, and how many findings on
// its lines were left out because s is not a robots.txt at all.
func lint(s *source) (found []finding, unlisted int) {
	l := &linter{s: s, seen: map[string]bool{}}
	if s.fetch != nil {
		switch s.fetch.State {
		case "unavailable":
			l.add(1, sevInfo, "unavailable", "%s", strings.TrimPrefix(s.fetch.text(), "fetched "))
		case "unreachable":
			l.add(1, sevError, "unreachable", "%s", strings.TrimPrefix(s.fetch.text(), "fetched "))
		}
		if s.fetch.State != "parsed" {
			return l.found, 0 // no file, so no lines
		}
	}
	if kind := contentKind(s.body); kind != "" {
		l.content(kind)
		// The lines of such a body are noise: count them instead.
		inner := &linter{s: s, seen: map[string]bool{}}
		inner.lines(s)
		return l.found, len(inner.found)
	}
	if bytes.HasPrefix(s.body, []byte("\xEF\xBB\xBF")) {
		l.add(1, sevWarning, "bom", "the file starts with a byte order mark: Google skips it, other crawlers may read it as part of the first line; save the file as UTF-8 without BOM")
	}
	l.lines(s)
	slices.SortStableFunc(l.found, func(a, b finding) int { return a.Line - b.Line })
	return l.found, 0
}

// content reports a body that is not a robots.txt.
func (l *linter) content(kind string) {
	switch kind {
	case "html":
		l.add(1, sevError, "html", "this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt")
	case "utf16":
		l.add(1, sevError, "utf16", "this is UTF-16 text: robots.txt must be UTF-8, and crawlers find no rules in it; save it as UTF-8")
	case "binary":
		l.add(1, sevError, "binary", "this is binary data, not a robots.txt: crawlers find no rules in it")
	}
}

// lines adds the findings on the lines of f.
func (l *linter) lines(s *source) {
	f := s.file
	for _, d := range f.Diagnostics() {
		l.diagnostic(d)
	}
	agents := s.lines.Agents
	if len(agents) == 0 {
		if len(f.Diagnostics()) == 0 && len(s.lines.Sitemaps) == 0 && len(f.Records()) == 0 {
			l.add(1, sevInfo, "empty", "the file has no rules: every crawler may fetch every URL")
		} else {
			l.add(1, sevWarning, "no-group", "no user-agent line: the file has no group, so no rule applies and every crawler may fetch every URL")
		}
	}
	l.agents(agents)
	for _, g := range mergedGroups(s) {
		l.rules(g.Rules())
	}
	if g := f.Group("*"); g != nil {
		for _, r := range g.Rules() {
			if !r.Allow && r.Pattern == "/" {
				l.add(r.Line, sevInfo, "disallow-all", "\"Disallow: /\" for * blocks every crawler that has no group of its own")
			}
		}
	}
	for _, sm := range s.lines.Sitemaps {
		u, err := url.Parse(sm.URL)
		switch {
		case sm.URL == "":
			l.add(sm.Line, sevError, "bad-sitemap", "empty sitemap line: give the sitemap's absolute URL")
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			l.add(sm.Line, sevError, "bad-sitemap", "sitemap %q is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path", sm.URL)
		}
	}
}

// diagnostic adds the finding for a diagnostic of the parser.
func (l *linter) diagnostic(d robots.Diagnostic) {
	detail := d.Detail // quoted with %q, which escapes control bytes
	switch d.Kind {
	case robots.UnknownKey:
		l.add(d.Line, sevError, "unknown-key", "unknown key %q: the line is ignored", detail)
	case robots.AcceptedMisspelling:
		l.add(d.Line, sevWarning, "accepted-misspelling", "misspelt key %q is read as %s; Google accepts it, other crawlers may not: write %s", detail, keyFor(d.Detail), keyFor(d.Detail))
	case robots.MissingColon:
		l.add(d.Line, sevWarning, "missing-colon", "missing colon in %q: Google reads it, other crawlers may not; write \"key: value\"", detail)
	case robots.RuleOutsideGroup:
		l.add(d.Line, sevError, "rule-outside-group", "%q comes before any user-agent line and is ignored", detail)
	case robots.InvalidPattern:
		l.add(d.Line, sevError, "invalid-pattern", "pattern %q starts with neither / nor *: it never matches", detail)
	case robots.LineTooLong:
		l.add(d.Line, sevError, "line-too-long", "the line is longer than 16,663 bytes: the rest of it is ignored")
	case robots.InvalidBytes:
		l.add(d.Line, sevWarning, "invalid-bytes", "bytes outside the robots.txt grammar (%s): crawlers may read the line differently", detail)
	case robots.BeyondParseLimit:
		l.add(d.Line, sevError, "beyond-parse-limit", "the file goes on past the parse limit of %d bytes: %s, from this line on", l.s.limit, l.ignored())
	case robots.BadCrawlDelay:
		l.add(d.Line, sevError, "bad-crawl-delay", "crawl-delay %q is not a number of seconds: it is ignored", detail)
	case robots.MalformedLine:
		l.add(d.Line, sevError, "malformed-line", "malformed line %q: neither \"key: value\" nor a comment; it is ignored", detail)
	default:
		l.add(d.Line, sevWarning, "diagnostic", "%s", safe(d.String()))
	}
}

// ignored says how much of the source lies past the parse limit.
func (l *linter) ignored() string {
	switch s := l.s; {
	case s.restKnown:
		return plural(int(s.rest), "more byte") + " are ignored"
	case s.rest > 0:
		return "more than " + plural(int(s.rest), "byte") + " are ignored"
	}
	return "the rest is ignored (not read)"
}

// keyFor returns the key a misspelt key is read as: the parser reads keys
// by their first letter and a prefix.
func keyFor(misspelt string) string {
	if misspelt == "" {
		return "a known key"
	}
	switch misspelt[0] | 0x20 {
	case 'u':
		return "User-agent"
	case 'a':
		return "Allow"
	case 'd':
		return "Disallow"
	case 's':
		return "Sitemap"
	case 'c':
		return "Crawl-delay"
	}
	return "a known key"
}

// agents adds the findings on user-agent lines.
func (l *linter) agents(lines []robots.AgentLine) {
	first := map[string]robots.AgentLine{} // first line of each token, lower case
	for _, a := range lines {
		value := a.Value // quoted with %q, which escapes control bytes
		switch {
		case a.Value == "":
			l.add(a.Line, sevError, "empty-agent", "empty user-agent: the line names no crawler and is ignored")
			continue
		case a.Token == "":
			l.add(a.Line, sevError, "empty-agent", "user-agent %q names no crawler (a product token starts with a letter, '-' or '_'): the line is ignored", value)
			continue
		case a.Token != "*" && a.Token != a.Value:
			rest := a.Value[len(a.Token):]
			if rest[0] == '/' || rest[0] == ' ' || rest[0] == '\t' {
				l.add(a.Line, sevInfo, "agent-token", "user-agent %q is read as %q", value, a.Token)
			} else {
				l.add(a.Line, sevWarning, "agent-token", "user-agent %q is read as %q: a product token has only letters, '-' and '_', so this group is for crawlers named %s", value, a.Token, a.Token)
			}
		}
		key := strings.ToLower(a.Token)
		if f, ok := first[key]; !ok {
			first[key] = a
		} else if f.Group != a.Group {
			l.add(a.Line, sevWarning, "split-group", "user-agent %s already has a group at line %d: the groups are merged, but some crawlers read only the first; put its rules in one group", safe(a.Token), f.Line)
		}
	}
}

// rules adds the findings on the rules of one merged group.
func (l *linter) rules(rules []robots.Rule) {
	type kind struct {
		allow   bool
		pattern string
	}
	seen := map[kind]robots.Rule{}
	for _, r := range rules {
		if i := strings.IndexByte(r.Pattern, '$'); i >= 0 && i < len(r.Pattern)-1 {
			l.add(r.Line, sevWarning, "dollar-inside", "\"$\" inside pattern %q matches a literal \"$\": only a final \"$\" anchors the end of the path", r.Pattern)
		}
		if prev, ok := seen[kind{r.Allow, r.Pattern}]; ok && prev.Line != r.Line {
			l.add(r.Line, sevWarning, "repeated-rule", "%q repeats line %d", r.String(), prev.Line)
			continue
		}
		seen[kind{r.Allow, r.Pattern}] = r
	}
	for _, r := range rules {
		if r.Allow || r.Pattern == "" {
			continue
		}
		if a, ok := seen[kind{true, r.Pattern}]; ok {
			l.add(r.Line, sevWarning, "overridden-disallow", "%q does nothing: %q at line %d has the same pattern, and allow wins a tie", r.String(), a.String(), a.Line)
		}
	}
}

// contentKind tells a body that is not a robots.txt at all: "html",
// "utf16" or "binary", from its first bytes; "" for text.
func contentKind(body []byte) string {
	head := body[:min(len(body), 1024)]
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return "utf16"
	}
	if bytes.IndexByte(head, 0) >= 0 {
		// UTF-16 text of ASCII has a NUL in every other byte, and only
		// there.
		var zeros [2]int
		for i, c := range head {
			if c == 0 {
				zeros[i%2]++
			}
		}
		half := len(head) / 2
		if half >= 2 && (zeros[0] >= half*8/10 && zeros[1] == 0 || zeros[1] >= half*8/10 && zeros[0] == 0) {
			return "utf16"
		}
		return "binary"
	}
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 && i+utf8.UTFMax < len(head) || r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			bad++
		}
		i += size
	}
	if bad > len(head)/10 {
		return "binary"
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	lower := bytes.ToLower(text[:min(len(text), 512)])
	for _, tag := range []string{"<!doctype html", "<html", "<head", "<body", "<?xml"} {
		if bytes.HasPrefix(lower, []byte(tag)) {
			return "html"
		}
	}
	return ""
}
