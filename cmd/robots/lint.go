package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlkit/robots/lint"
)

const lintHelp = `usage: robots lint [-json] [-format F] [-ignore CODE,...] [-min-severity S] [-max-bytes N] [-timeout D] SOURCE...

Lint lists the mistakes in robots.txt files, one a line, in the shape of
go vet:

	robots.txt:4: warning: misspelt key "Dissallow" is read as Disallow; ...

then a summary line ("no findings" when there are none). A SOURCE is a
file, - for standard input, or an http(s) URL whose origin's robots.txt is
fetched; then a line says what was fetched before its findings. Findings
about the whole file are given on line 1.

Severities:
  error    a line or a rule that is ignored, or a file that is not a
           robots.txt at all (HTML, UTF-16, binary)
  warning  probably not what the author meant, or what a major crawler
           reads otherwise; a well-formed line that Google read until
           2019 and now ignores (noindex, nofollow)
  info     worth knowing; the file does what it says

Findings (their code, in brackets, is the "code" field of the JSON output
and the rule of the SARIF output):
  every diagnostic of the parser: unknown key [unknown-key], a noindex
  or nofollow line, which Google stopped reading in September 2019
  [retired-key], accepted misspelling [accepted-misspelling], missing colon [missing-colon], rule
  before any user-agent line [rule-outside-group], pattern starting with
  neither / nor * [invalid-pattern], line too long [line-too-long], bytes
  outside the grammar, outside comments [invalid-bytes], content past the
  parse limit, with how much is ignored [beyond-parse-limit], bad
  crawl-delay [bad-crawl-delay], a Content-Signal or Content-Usage value
  that cannot be read [bad-preference], malformed line [malformed-line],
  how many more the parser did not list [too-many-diagnostics], and any
  other [diagnostic];
  the whole file: no group at all [no-group], no rules at all [empty], a
  byte order mark [bom], a body within 5% of the parse limit
  [near-parse-limit]; HTML [html], UTF-16 [utf16] or binary data [binary]
  instead of a robots.txt (then the findings on its lines are counted, not
  listed); for a fetched SOURCE, an unavailable [unavailable] or
  unreachable [unreachable] robots.txt;
  groups: a rule that blocks the whole site ("Disallow: /", "/*", "*")
  for * or a search engine's crawler [disallow-all]; CSS or JavaScript
  blocked for Googlebot or * [blocked-resources]; a group that repeats an
  earlier one [repeated-group]; the groups of one crawler split across
  the file [split-group]; a group of more than 2,048 rules [many-rules];
  a user-agent whose product token is not what is written, as MJ12bot,
  read as MJ [agent-token]; a user-agent naming no crawler [empty-agent];
  rules: a rule that never decides, because a rule of the other kind
  always wins over it [shadowed-rule]; a disallow with the same pattern
  as an allow, which wins [overridden-disallow]; a rule repeated
  [repeated-rule]; "$" inside a pattern [dollar-inside]; a rule longer
  than 1,024 bytes [long-rule];
  sitemaps: one that is not an absolute http(s) URL [bad-sitemap], one
  on another host than a fetched robots.txt [sitemap-other-host];
  extension records (Content-Signal, Content-Usage, Crawl-delay,
  Clean-param, Host, Request-rate, Visit-time, License) and what crawlers
  do with them [extension].
A repeated group is one finding, and its lines get no other.

Options:
  -json            write one JSON object, described below, instead of
                   text (as -format json).
  -format F        text (the default), json, or sarif: a SARIF 2.1.0 log
                   for code scanning, one result a finding, with its
                   source and line as its location.
  -ignore CODE,... leave out the findings of these codes; can be repeated.
  -min-severity S  leave out the findings below S: info (the default),
                   warning or error.
  -max-bytes N     parse the first N bytes (default and least 512000, the
                   500 KiB RFC 9309 asks crawlers to read at least; at
                   most 33554432, 32 MiB).
  -timeout D       how long a fetch may take (default 30s).

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
warning or an error (of those listed), 2 when a SOURCE cannot be read or
fetched (the others are still linted).
`

func runLint(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	asJSON := fs.jsonFlag()
	format := fs.String("format", "text", "")
	var ignore stringList
	fs.Var(&ignore, "ignore", "")
	minSeverity := fs.String("min-severity", "info", "")
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
	out, ok := e.lintFormat(*asJSON, *format)
	if !ok {
		return exitFailure
	}
	lo, ok := e.lintOptions(ignore, *minSeverity)
	if !ok {
		return exitFailure
	}
	lo.Parse = o
	rep := lintReport{Sources: []lintSource{}, Findings: []finding{}}
	var artifacts []lint.Artifact // for SARIF
	failed := false
	for _, name := range pos {
		s, err := e.load(ctx, name, o)
		if err != nil {
			e.fail(err)
			failed = true
			artifacts = append(artifacts, lint.Artifact{URI: name, Err: err})
			continue
		}
		found, unlisted := lintKept(s, lo)
		rep.Sources = append(rep.Sources, lintSource{Source: name, Fetch: s.fetch, Unlisted: unlisted, found: len(found)})
		rep.Findings = appendFindings(rep.Findings, s, found)
		artifacts = append(artifacts, lint.Artifact{URI: s.uri(), Findings: found})
	}
	rep.count()
	switch out {
	case "json":
		writeJSON(e.stdout, rep)
	case "sarif":
		// An error is one of e.stdout, which keeps it.
		_ = lint.SARIF(e.stdout, artifacts)
	default:
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

// lintFile returns the findings on s that o keeps, as lintKept, as the
// findings of a report.
func lintFile(s *source, o lint.Options) ([]finding, int) {
	found, unlisted := lintKept(s, o)
	return appendFindings(nil, s, found), unlisted
}

// appendFindings appends the findings on s to out, as a report's.
func appendFindings(out []finding, s *source, found []lint.Finding) []finding {
	for _, f := range found {
		out = append(out, finding{Source: s.label(), Line: f.Line, Severity: f.Severity.String(), Code: f.Code, Message: f.Message})
	}
	return out
}

// lintKept returns the findings on s that o keeps, in line order, and
// how many findings on its lines were left out because s is not a
// robots.txt at all. o.Parse are the options s was read with; what is
// known of s (where it was fetched from, how much of it lies past the
// body) is added to o here. A fetched source that is unavailable or
// unreachable has one finding, on line 1, and no lines.
func lintKept(s *source, o lint.Options) ([]lint.Finding, int) {
	switch {
	case s.fetch != nil && s.fetch.State != "parsed":
		// No file, so no lines: one finding, on the fetch.
		f := lint.Finding{Line: 1, Message: strings.TrimPrefix(s.fetch.text(), "fetched ")}
		switch s.fetch.State {
		case "unavailable":
			f.Severity, f.Code = lint.Info, "unavailable"
		case "unreachable":
			f.Severity, f.Code = lint.Error, "unreachable"
		default:
			return nil, 0
		}
		if f.Severity < o.MinSeverity || slices.Contains(o.Ignore, f.Code) {
			return nil, 0
		}
		return []lint.Finding{f}, 0
	case s.fetch != nil:
		o.URL = s.uri()
		if s.cut {
			o.Size = -1 // the rest was not read
		}
	case s.cut:
		o.Size, o.SizeAtLeast = int64(s.limit)+s.rest, !s.restKnown
	}
	rep := o.Lint(s.body)
	return rep.Findings, rep.Unlisted
}

// lintFormat checks -json and -format and returns the output format:
// "text", "json" or "sarif".
func (e *env) lintFormat(asJSON bool, format string) (string, bool) {
	switch {
	case asJSON && format != "text" && format != "json":
		e.usageError("-json and -format %s ask for two formats: give one", format)
		return "", false
	case asJSON:
		return "json", true
	case format != "text" && format != "json" && format != "sarif":
		e.usageError("-format %q is not a format: give text, json or sarif", format)
		return "", false
	}
	return format, true
}

// lintCodes are the codes of lint's findings.
var lintCodes = lint.Codes()

// knownCode reports whether code is one of lintCodes.
func knownCode(code string) bool {
	return slices.ContainsFunc(lintCodes, func(c lint.Code) bool { return c.Name == code })
}

// lintOptions checks the values of -ignore and -min-severity and returns
// them as the linter's options.
func (e *env) lintOptions(ignore []string, minSeverity string) (lint.Options, bool) {
	var o lint.Options
	for _, list := range ignore {
		for _, code := range strings.Split(list, ",") {
			code = strings.TrimSpace(code)
			if code == "" {
				continue
			}
			if !knownCode(code) {
				e.usageError("-ignore %s: %q is not a code of lint's findings; 'robots help lint' lists them", list, code)
				return o, false
			}
			o.Ignore = append(o.Ignore, code)
		}
	}
	if err := o.MinSeverity.UnmarshalText([]byte(minSeverity)); err != nil {
		e.usageError("-min-severity %q is not a severity: give info, warning or error", minSeverity)
		return o, false
	}
	return o, true
}

// count sets the numbers of findings of each severity.
func (rep *lintReport) count() {
	for _, f := range rep.Findings {
		switch f.Severity {
		case "error":
			rep.Errors++
		case "warning":
			rep.Warnings++
		default:
			rep.Infos++
		}
	}
}

// writeLint writes lint's text output: for each source, what was fetched
// if it is a URL, and its findings; then a summary.
func writeLint(w io.Writer, rep lintReport) {
	unlisted := 0
	rest := rep.Findings
	for _, s := range rep.Sources {
		unlisted += s.Unlisted
		if s.Fetch != nil {
			fmt.Fprintln(w, s.Fetch.text())
		}
		for _, f := range rest[:s.found] {
			fmt.Fprintf(w, "%s:%d: %s: %s\n", safe(f.Source), f.Line, f.Severity, safe(f.Message))
		}
		rest = rest[s.found:]
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
