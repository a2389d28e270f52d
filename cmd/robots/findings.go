package main

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/decl"
)

// This file holds lint's checks: what it finds on one source.

// Severities.
const (
	sevError   = "error"
	sevWarning = "warning"
	sevInfo    = "info"
)

// severityRank orders the severities, for -min-severity.
var severityRank = map[string]int{sevInfo: 0, sevWarning: 1, sevError: 2}

// A lintCode is a kind of finding: its code, its severity (or the most
// severe it can have) and what it means, for the help and SARIF's rules.
type lintCode struct {
	code, severity, about string
}

// lintCodes lists every code of lint's findings.
var lintCodes = []lintCode{
	{"unknown-key", sevError, "a line whose key no crawler reads"},
	{"accepted-misspelling", sevWarning, "a misspelt key that Google reads as the key it resembles"},
	{"missing-colon", sevWarning, "a known key without its colon, which Google reads"},
	{"rule-outside-group", sevError, "a rule before any user-agent line, which no crawler applies"},
	{"invalid-pattern", sevError, "a pattern that starts with neither / nor *, which never matches"},
	{"line-too-long", sevError, "a line longer than Google reads"},
	{"invalid-bytes", sevWarning, "bytes outside the robots.txt grammar, outside comments"},
	{"beyond-parse-limit", sevError, "content past the parse limit, which crawlers ignore"},
	{"near-parse-limit", sevWarning, "a file within 5% of the parse limit"},
	{"bad-crawl-delay", sevError, "a crawl-delay that is not a number of seconds"},
	{"bad-preference", sevWarning, "a Content-Signal or Content-Usage value that cannot be read"},
	{"malformed-line", sevError, "a line that is neither \"key: value\" nor a comment"},
	{"too-many-diagnostics", sevInfo, "more findings on lines than the parser lists"},
	{"diagnostic", sevWarning, "a diagnostic of the parser of a kind this tool does not know"},
	{"no-group", sevWarning, "a file without any user-agent line"},
	{"empty", sevInfo, "a file without rules"},
	{"dollar-inside", sevWarning, "a \"$\" inside a pattern, which matches a literal \"$\""},
	{"repeated-rule", sevInfo, "a rule written twice for the same crawlers"},
	{"repeated-group", sevInfo, "a group that repeats an earlier one"},
	{"overridden-disallow", sevWarning, "a disallow with the same pattern as an allow, which wins"},
	{"shadowed-rule", sevWarning, "a rule that never decides: a rule of the other kind always wins over it"},
	{"disallow-all", sevWarning, "a rule that blocks the whole site for * or a search crawler"},
	{"blocked-resources", sevWarning, "CSS or JavaScript blocked for Googlebot or *"},
	{"long-rule", sevWarning, "a rule longer than 1,024 bytes, which Yandex flags"},
	{"many-rules", sevWarning, "a group of more than 2,048 rules, which Yandex flags"},
	{"split-group", sevInfo, "the groups of one crawler split across the file"},
	{"agent-token", sevWarning, "a user-agent whose product token is not what is written"},
	{"empty-agent", sevError, "a user-agent line naming no crawler"},
	{"bad-sitemap", sevError, "a sitemap that is not an absolute http(s) URL"},
	{"sitemap-other-host", sevInfo, "a sitemap on another host than the robots.txt"},
	{"extension", sevInfo, "an extension record, and what crawlers do with it"},
	{"bom", sevWarning, "a byte order mark"},
	{kindHTML, sevError, "an HTML page instead of a robots.txt"},
	{kindUTF16, sevError, "UTF-16 text instead of a robots.txt"},
	{kindBinary, sevError, "binary data instead of a robots.txt"},
	{"unavailable", sevInfo, "a robots.txt fetched with a 4xx status: every URL is allowed"},
	{"unreachable", sevError, "a robots.txt that could not be fetched: every URL is disallowed"},
}

// knownCode reports whether code is one of lintCodes.
func knownCode(code string) bool {
	return slices.ContainsFunc(lintCodes, func(c lintCode) bool { return c.code == code })
}

// Yandex's analyser flags rules longer than maxRuleBytes and groups of
// more than maxGroupRules rules.
const (
	maxRuleBytes  = 1024
	maxGroupRules = 2048
)

// nearLimit is how close to the parse limit a body is reported: within
// one part in nearLimit (5%).
const nearLimit = 20

// searchCrawlers are the product tokens of search engines' crawlers, in
// lower case: a whole-site block for one of them takes a site out of that
// engine. For most sites that is a choice, said at info level; for the
// crawlers of majorSearch, it is a warning.
var searchCrawlers = []string{"googlebot", "bingbot", "msnbot", "yandex", "yandexbot", "baiduspider",
	"duckduckbot", "applebot", "slurp", "naverbot", "yeti", "seznambot"}

// majorSearch are the crawlers of the search engines that most sites
// depend on.
var majorSearch = []string{"googlebot", "bingbot"}

func isSearchCrawler(token string) bool {
	return slices.Contains(searchCrawlers, strings.ToLower(token))
}

func isMajorSearch(token string) bool {
	return slices.Contains(majorSearch, strings.ToLower(token))
}

// maxShadowWork bounds the steps spent looking for rules that never decide
// in one file, so that a file of many thousands of rules takes no longer
// than a fraction of a second; past it, the rest goes unchecked.
const maxShadowWork = 20_000_000

// linter gathers the findings on one source.
type linter struct {
	s     *source
	found []finding
	seen  map[string]bool // line and code of each finding, to list it once
	// lineStarts are the offsets in s.body of the lines, set when needed.
	lineStarts []int
	// quiet are the lines of groups that repeat an earlier group: the
	// repeat is one finding, and its lines get no other.
	quiet map[int]bool
	// malformed are the lines reported as malformed, whose key is no key.
	malformed map[int]bool
	work      int // what is left of maxShadowWork
}

func (l *linter) add(line int, sev, code, format string, a ...any) {
	if l.quiet[line] {
		return
	}
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
	l := newLinter(s)
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
		inner := newLinter(s)
		inner.lines()
		return l.found, len(inner.found)
	}
	if bytes.HasPrefix(s.body, []byte("\xEF\xBB\xBF")) {
		l.add(1, sevWarning, "bom", "the file starts with a byte order mark: Google skips it, other crawlers may read it as part of the first line; save the file as UTF-8 without BOM")
	}
	if n := len(s.body); !s.cut && n > s.limit-s.limit/nearLimit {
		l.add(1, sevWarning, "near-parse-limit", "the file is %s, within 5%% of the parse limit of %d: crawlers ignore what lies past the limit, so what is added at its end will soon be ignored",
			plural(n, "byte"), s.limit)
	}
	l.lines()
	slices.SortStableFunc(l.found, func(a, b finding) int { return a.Line - b.Line })
	return l.found, 0
}

func newLinter(s *source) *linter {
	return &linter{s: s, seen: map[string]bool{}, quiet: map[int]bool{}, malformed: map[int]bool{}, work: maxShadowWork}
}

// content reports a body that is not a robots.txt.
func (l *linter) content(kind string) {
	switch kind {
	case kindHTML:
		l.add(1, sevError, kindHTML, "this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt")
	case kindUTF16:
		l.add(1, sevError, kindUTF16, "this is UTF-16 text: robots.txt must be UTF-8, and crawlers find no rules in it; save it as UTF-8")
	case kindBinary:
		l.add(1, sevError, kindBinary, "this is binary data, not a robots.txt: crawlers find no rules in it")
	}
}

// lines adds the findings on the lines of the source.
func (l *linter) lines() {
	s := l.s
	f := s.file
	raws := rawGroups(s)
	l.repeatedGroups(raws)
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
	l.splitGroups(raws)
	merged := mergedGroups(s)
	for _, g := range merged {
		l.rules(g)
		l.shadowed(g.Rules())
	}
	l.wholeSite(merged)
	l.resources()
	l.sitemaps()
	l.extensions()
}

// diagnostic adds the finding for a diagnostic of the parser.
func (l *linter) diagnostic(d robots.Diagnostic) {
	detail := d.Detail // quoted with %q, which escapes control bytes
	switch d.Kind {
	case robots.UnknownKey:
		if l.malformed[d.Line] {
			return // reported as a malformed line
		}
		l.add(d.Line, sevError, "unknown-key", "unknown key %q: the line is ignored%s", detail, unknownKeyNote(d.Detail))
	case robots.AcceptedMisspelling:
		kind, _ := robots.ClassifyKey(d.Detail)
		l.add(d.Line, sevWarning, "accepted-misspelling", "misspelt key %q is read as %s; Google accepts it, other crawlers may not: write %s", detail, kind, kind)
	case robots.MissingColon:
		key, _, _ := strings.Cut(strings.TrimSpace(d.Detail), " ")
		if kind, _ := robots.ClassifyKey(strings.TrimSpace(key)); kind == robots.OtherKey {
			// No known key: a line of HTML or prose, not a rule without
			// its colon.
			l.malformed[d.Line] = true
			l.add(d.Line, sevError, "malformed-line", "malformed line %q: neither \"key: value\" nor a comment; it is ignored", detail)
			return
		}
		l.add(d.Line, sevWarning, "missing-colon", "missing colon in %q: Google reads it, other crawlers may not; write \"key: value\"", detail)
	case robots.RuleOutsideGroup:
		l.add(d.Line, sevError, "rule-outside-group", "%q comes before any user-agent line and is ignored", detail)
	case robots.InvalidPattern:
		l.add(d.Line, sevError, "invalid-pattern", "pattern %q starts with neither / nor *: it never matches", detail)
	case robots.LineTooLong:
		l.add(d.Line, sevError, "line-too-long", "the line is longer than 16,663 bytes: the rest of it is ignored")
	case robots.InvalidBytes:
		if l.onlyInComment(d.Line) {
			return // crawlers never read a comment
		}
		l.add(d.Line, sevWarning, "invalid-bytes", "bytes outside the robots.txt grammar (%s): crawlers may read the line differently", detail)
	case robots.BeyondParseLimit:
		l.add(d.Line, sevError, "beyond-parse-limit", "the file goes on past the parse limit of %d bytes: %s, from this line on", l.s.limit, l.ignored())
	case robots.BadCrawlDelay:
		l.add(d.Line, sevError, "bad-crawl-delay", "crawl-delay %q is not a number of seconds: it is ignored", detail)
	case robots.MalformedLine:
		l.add(d.Line, sevError, "malformed-line", "malformed line %q: neither \"key: value\" nor a comment; it is ignored", detail)
	case robots.BadPreference:
		l.add(d.Line, sevWarning, "bad-preference", "the preferences %q cannot be read: crawlers that read Content-Signal and Content-Usage lines take none from this line", detail)
	case robots.TooManyDiagnostics:
		more, _, _ := strings.Cut(d.Detail, " ")
		l.add(d.Line, sevInfo, "too-many-diagnostics", "the parser lists findings on lines up to here only: %s more from this line on are not listed", more)
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

// line returns line n of the body, from 1, as the parser cuts lines: at
// LF, CR or CRLF.
func (l *linter) line(n int) []byte {
	b := l.s.body
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

// agents adds the findings on user-agent lines. A value is reported at
// its first line only: a list of crawlers written twice is one finding,
// not one a crawler.
func (l *linter) agents(lines []decl.AgentLine) {
	reported := map[string]bool{}
	for _, a := range lines {
		if reported[a.Value] {
			continue
		}
		value := a.Value // quoted with %q, which escapes control bytes
		switch {
		case a.Value == "":
			l.add(a.Line, sevError, "empty-agent", "empty user-agent: the line names no crawler and is ignored")
		case a.Token == "":
			l.add(a.Line, sevError, "empty-agent", "user-agent %q names no crawler (a product token starts with a letter, '-' or '_'): the line is ignored", value)
		case a.Token == "*" || a.Token == a.Value:
			continue
		case strings.Trim(a.Value[len(a.Token):], "*") == "":
			// "Mediapartners-Google*", as Google's own pages once wrote
			// it: the star adds nothing, and the crawler is named.
			continue
		default:
			rest := a.Value[len(a.Token):]
			if rest[0] == '/' || rest[0] == ' ' || rest[0] == '\t' {
				l.add(a.Line, sevInfo, "agent-token", "user-agent %q is read as %q", value, a.Token)
			} else {
				l.add(a.Line, sevWarning, "agent-token", "user-agent %q is read as %q: a product token has only letters, '-' and '_', so this group is for crawlers named %s", value, a.Token, a.Token)
			}
		}
		reported[a.Value] = true
	}
}

// A rawGroup is a group as written: its user-agent lines and its rules,
// before groups naming the same crawler are merged.
type rawGroup struct {
	agents []decl.AgentLine
	rules  []robots.Rule
	tokens []string // the product tokens of its agents, lower case, sorted, each once
}

// rawGroups returns the groups of s as written, in file order.
func rawGroups(s *source) []rawGroup {
	var raws []rawGroup
	for _, a := range s.lines.Agents {
		for len(raws) <= a.Group {
			raws = append(raws, rawGroup{})
		}
		g := &raws[a.Group]
		g.agents = append(g.agents, a)
		if a.Token != "" {
			g.tokens = append(g.tokens, strings.ToLower(a.Token))
		}
	}
	for i := range raws {
		slices.Sort(raws[i].tokens)
		raws[i].tokens = slices.Compact(raws[i].tokens)
	}
	// The rules of every merged group, each once, go to the raw group
	// whose user-agent lines come last before them.
	seen := map[int]bool{}
	var rules []robots.Rule
	for _, g := range mergedGroups(s) {
		for _, r := range g.Rules() {
			if !seen[r.Line] {
				seen[r.Line] = true
				rules = append(rules, r)
			}
		}
	}
	slices.SortFunc(rules, func(a, b robots.Rule) int { return a.Line - b.Line })
	i := 0
	for _, r := range rules {
		for i+1 < len(raws) && len(raws[i+1].agents) > 0 && raws[i+1].agents[0].Line < r.Line {
			i++
		}
		if len(raws) > 0 {
			raws[i].rules = append(raws[i].rules, r)
		}
	}
	return raws
}

// sameRules reports whether a and b have the same rules, kind and pattern,
// in the same order.
func sameRules(a, b []robots.Rule) bool {
	return slices.EqualFunc(a, b, func(x, y robots.Rule) bool { return x.Allow == y.Allow && x.Pattern == y.Pattern })
}

// repeatedGroups reports each group that repeats an earlier one, with the
// same crawlers and the same rules, as one finding, and quiets its lines.
func (l *linter) repeatedGroups(raws []rawGroup) {
	for i, g := range raws {
		if len(g.tokens) == 0 {
			continue
		}
		for _, prev := range raws[:i] {
			if !slices.Equal(prev.tokens, g.tokens) || !sameRules(prev.rules, g.rules) {
				continue
			}
			first := g.agents[0].Line
			l.add(first, sevInfo, "repeated-group", "the group of line %d repeats the group of line %d, its crawlers and rules: crawlers read it once, so it can go",
				first, prev.agents[0].Line)
			for _, a := range g.agents {
				l.quiet[a.Line] = true
			}
			for _, r := range g.rules {
				l.quiet[r.Line] = true
			}
			break
		}
	}
}

// splitGroups reports, once a group, the crawlers a group names that an
// earlier group names too.
func (l *linter) splitGroups(raws []rawGroup) {
	first := map[string]int{} // the first line naming each token, lower case
	for _, g := range raws {
		var again []decl.AgentLine
		for _, a := range g.agents {
			if a.Token == "" {
				continue
			}
			key := strings.ToLower(a.Token)
			if n, ok := first[key]; !ok {
				first[key] = a.Line
			} else if n < g.agents[0].Line {
				again = append(again, a)
			}
		}
		if len(again) == 0 {
			continue
		}
		a := again[0]
		what := "user-agent " + safe(a.Token) + " already has a group"
		if len(again) > 1 {
			what = "user-agents " + safe(a.Token) + " and " + plural(len(again)-1, "other") + " already have groups"
		}
		l.add(a.Line, sevInfo, "split-group", "%s at line %d: the groups are merged, but some crawlers read only the first; put its rules in one group",
			what, first[strings.ToLower(a.Token)])
	}
}

// ruleKind is a rule's kind and pattern.
type ruleKind struct {
	allow   bool
	pattern string
}

// rules adds the findings on the rules of one merged group.
func (l *linter) rules(g mergedGroup) {
	rules := g.Rules()
	seen := map[ruleKind]robots.Rule{}
	for _, r := range rules {
		if i := strings.IndexByte(r.Pattern, '$'); i >= 0 && i < len(r.Pattern)-1 {
			l.add(r.Line, sevWarning, "dollar-inside", "\"$\" inside pattern %q matches a literal \"$\": only a final \"$\" anchors the end of the path", r.Pattern)
		}
		if len(r.Pattern) > maxRuleBytes && !l.seen[strconv.Itoa(r.Line)+" line-too-long"] {
			l.add(r.Line, sevWarning, "long-rule", "the pattern is %s long: Yandex's robots.txt analyser flags rules longer than 1,024 bytes, and Yandex may ignore it", plural(len(r.Pattern), "byte"))
		}
		if prev, ok := seen[ruleKind{r.Allow, r.Pattern}]; ok && prev.Line != r.Line {
			l.add(r.Line, sevInfo, "repeated-rule", "%q repeats line %d: it changes nothing, and can go", r.String(), prev.Line)
			continue
		}
		seen[ruleKind{r.Allow, r.Pattern}] = r
	}
	for _, r := range rules {
		if r.Allow || r.Pattern == "" {
			continue
		}
		if a, ok := seen[ruleKind{true, r.Pattern}]; ok {
			l.add(r.Line, sevWarning, "overridden-disallow", "%q does nothing: %q at line %d has the same pattern, and allow wins a tie", r.String(), a.String(), a.Line)
		}
	}
	if len(rules) > maxGroupRules {
		l.add(l.groupLine(g), sevWarning, "many-rules", "the group for %s has %s: Yandex's robots.txt analyser flags groups of more than 2,048 rules, and Yandex may not read them all",
			safe(strings.Join(g.tokens, ", ")), plural(len(rules), "rule"))
	}
}

// groupLine returns the first user-agent line of a merged group.
func (l *linter) groupLine(g mergedGroup) int {
	if lines := groupLines(l.s, strings.ToLower(g.tokens[0])); len(lines) > 0 {
		return lines[0].Line
	}
	return 1
}

// shadowed reports the rules of a merged group that never decide: for
// every path such a rule matches, a rule of the other kind matches too and
// wins, being longer, or as long and an allow (RFC 9309 section 2.2.2).
// Rules with the same pattern are overridden-disallow's; a rule written
// with bytes the library encodes, and an allow the index page rule
// extends, are left out.
func (l *linter) shadowed(rules []robots.Rule) {
	type rule struct {
		robots.Rule
		prefix string // literalPrefix of the pattern
	}
	// The rules of each kind, longest first: those that can win over a
	// rule of the other kind come before the others.
	var kinds [2][]rule // disallows, allows
	for _, r := range rules {
		if !plainPattern(r.Pattern) {
			continue
		}
		k := 0
		if r.Allow {
			k = 1
		}
		kinds[k] = append(kinds[k], rule{Rule: r, prefix: literalPrefix(r.Pattern)})
	}
	for k := range kinds {
		slices.SortStableFunc(kinds[k], func(a, b rule) int { return len(b.Pattern) - len(a.Pattern) })
	}
	for k, rs := range kinds {
		for _, r := range rs {
			if r.Allow && indexPage(r.Pattern) {
				continue
			}
			for _, w := range kinds[1-k] {
				if l.work--; l.work < 0 {
					return
				}
				if len(w.Pattern) < len(r.Pattern) || len(w.Pattern) == len(r.Pattern) && !w.Allow {
					break // r wins where both match, and over those after w
				}
				if w.Pattern == r.Pattern || !strings.HasPrefix(r.prefix, w.prefix) {
					continue // the same pattern is overridden-disallow's; else w misses paths r matches
				}
				if covers(w.Pattern, r.Pattern, &l.work) {
					l.add(r.Line, sevWarning, "shadowed-rule", "%q never decides: %q at line %d matches every path it matches, and wins (%s)",
						r.String(), w.String(), w.Line, winsBy(w.Rule, r.Rule))
					break
				}
			}
		}
	}
}

// winsBy says why rule w wins over rule r when both match.
func winsBy(w, r robots.Rule) string {
	if len(w.Pattern) > len(r.Pattern) {
		return "a longer pattern wins"
	}
	return "an allow wins a tie"
}

// indexPage reports whether an allow pattern is one Google's index page
// rule extends: "/d/index.html" also allows "/d/".
func indexPage(pattern string) bool {
	p := strings.TrimSuffix(pattern, "$")
	return strings.HasSuffix(p, "/index.html") || strings.HasSuffix(p, "/index.htm")
}

// wholeSite reports a disallow rule that matches every path in the group
// of * or of a search crawler, unless an allow rule that matches every path
// too wins over it.
func (l *linter) wholeSite(merged []mergedGroup) {
	ownGroup := false // a major search crawler has a group of its own
	for _, g := range merged {
		if slices.ContainsFunc(g.tokens, isMajorSearch) {
			ownGroup = true
		}
	}
	for _, g := range merged {
		r, ok := blocksAll(g.Rules())
		if !ok {
			continue
		}
		var search []string
		major := false
		for _, t := range g.tokens {
			if isSearchCrawler(t) {
				search = append(search, t)
				major = major || isMajorSearch(t)
			}
		}
		star := slices.Contains(g.tokens, "*")
		switch {
		case len(search) > 0:
			sev := sevInfo
			if major {
				sev = sevWarning
			}
			l.add(r.Line, sev, "disallow-all", "%q blocks the whole site for %s: it takes the site out of that search engine",
				r.String(), safe(strings.Join(search, ", ")))
		case star && !ownGroup:
			l.add(r.Line, sevWarning, "disallow-all", "%q for * blocks the whole site for every crawler, search engines included: no group of its own names Googlebot or Bingbot",
				r.String())
		case star && r.String() == "Disallow: /":
			l.add(r.Line, sevInfo, "disallow-all", "\"Disallow: /\" for * blocks every crawler that has no group of its own")
		case star:
			l.add(r.Line, sevInfo, "disallow-all", "%q for * blocks the whole site for every crawler that has no group of its own", r.String())
		}
	}
}

// blocksAll returns the first disallow rule of rules that matches every
// path, if no allow rule that matches every path wins over it.
func blocksAll(rules []robots.Rule) (robots.Rule, bool) {
	var block *robots.Rule
	allow := -1 // the length of the longest allow that matches every path
	for i, r := range rules {
		if !matchesEverything(r.Pattern) {
			continue
		}
		if r.Allow {
			allow = max(allow, len(r.Pattern))
		} else if block == nil {
			block = &rules[i]
		}
	}
	if block == nil || allow >= len(block.Pattern) {
		return robots.Rule{}, false
	}
	return *block, true
}

// resources reports a disallow rule that blocks every JavaScript or every
// CSS file for Googlebot or for *: Google renders pages with them.
func (l *linter) resources() {
	f := l.s.file
	star, google := f.Group("*"), f.Group("Googlebot")
	for _, c := range []struct {
		g   *robots.Group
		who string
	}{
		{google, "Googlebot"},
		{star, "*"},
	} {
		if c.g == nil || c.who == "*" && c.g == google {
			continue
		}
		who := c.who
		if c.who == "Googlebot" && c.g == star {
			who = "* and so for Googlebot, which has no group of its own"
		}
		for _, res := range []struct{ kind, files, probe string }{
			{"JavaScript", "/*.js$", "/robots-lint/a.js"},
			{"CSS", "/*.css$", "/robots-lint/a.css"},
		} {
			x := c.g.Explain(res.probe)
			if x.Allowed || x.Reason != robots.RuleMatched || matchesEverything(x.Rule.Pattern) {
				continue
			}
			work := 4 * (len(x.Rule.Pattern) + 8) * 8
			if !plainPattern(x.Rule.Pattern) || !covers(x.Rule.Pattern, res.files, &work) {
				continue
			}
			l.add(x.Rule.Line, sevWarning, "blocked-resources", "%q blocks every %s file for %s: Google renders pages with their CSS and JavaScript, and one it cannot render may rank lower; allow them",
				x.Rule.String(), res.kind, who)
		}
	}
}

// sitemaps adds the findings on sitemap lines.
func (l *linter) sitemaps() {
	host := ""
	if fe := l.s.fetch; fe != nil {
		u := fe.FinalURL
		if u == "" {
			u = fe.URL
		}
		if pu, err := url.Parse(u); err == nil {
			host = strings.ToLower(pu.Hostname())
		}
	}
	for _, sm := range l.s.lines.Sitemaps {
		u, err := url.Parse(sm.URL)
		switch {
		case sm.URL == "":
			l.add(sm.Line, sevError, "bad-sitemap", "empty sitemap line: give the sitemap's absolute URL")
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			l.add(sm.Line, sevError, "bad-sitemap", "sitemap %q is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path", sm.URL)
		case host != "" && strings.ToLower(u.Hostname()) != host:
			l.add(sm.Line, sevInfo, "sitemap-other-host", "sitemap %q is on another host than this robots.txt (%s): Google and Bing take a sitemap that robots.txt names from any host, other crawlers may not",
				sm.URL, host)
		}
	}
}

// unknownKeyNote says more of an unknown key that people write believing
// crawlers read it.
func unknownKeyNote(key string) string {
	switch strings.ToLower(strings.TrimSpace(key)) {
	case "noindex", "nofollow":
		return "; Google stopped reading it in robots.txt in September 2019: use a robots meta tag or an X-Robots-Tag header"
	}
	return ""
}

// extensionNotes say, for each extension record, what crawlers do with
// it, where that is worth knowing.
var extensionNotes = map[robots.KeyKind]string{
	robots.CrawlDelay:    "Google and Yandex ignore it (Google sets its own rate; Yandex stopped reading it in 2018); Bing and other crawlers wait that many seconds between fetches",
	robots.Host:          "only Yandex read it, and it stopped in 2018 (it follows redirects to the main mirror instead); other crawlers ignore it",
	robots.CleanParam:    "only Yandex reads it (the query parameters it drops before crawling); other crawlers ignore it",
	robots.RequestRate:   "neither Google nor Bing reads it; few crawlers do",
	robots.VisitTime:     "neither Google nor Bing reads it; few crawlers do",
	robots.License:       "the URL of the content's licence (Really Simple Licensing): crawlers that follow RSL read it, search crawlers ignore it",
	robots.ContentSignal: "how the content may be used once fetched, in Cloudflare's Content Signals Policy (search, ai-input, ai-train); it stops no crawler from fetching: Disallow does that",
	robots.ContentUsage:  "how the content may be used once fetched, as draft-ietf-aipref-attach and the vocabulary of draft-ietf-aipref-vocab write it (train-ai, search); it stops no crawler from fetching: Disallow does that",
}

// extensions adds, for each kind of extension record the file has, one
// finding at its first line: what crawlers do with it.
func (l *linter) extensions() {
	first := map[robots.KeyKind]int{}
	count := map[robots.KeyKind]int{}
	note := func(kind robots.KeyKind, line int) {
		n := strconv.Itoa(line)
		if _, ok := extensionNotes[kind]; !ok || l.seen[n+" bad-crawl-delay"] || l.seen[n+" bad-preference"] {
			return // a line whose value cannot be read says its own
		}
		if count[kind]++; count[kind] == 1 {
			first[kind] = line
		}
	}
	for _, r := range l.s.file.Records() {
		kind, _ := robots.ClassifyKey(r.Key)
		note(kind, r.Line)
	}
	// Crawl-delay lines are no records: find them in the body.
	l.line(1) // sets lineStarts
	for n := 1; n <= len(l.lineStarts); n++ {
		line := l.line(n)
		if key, _, ok := bytes.Cut(line, []byte(":")); ok && bytes.IndexByte(key, '#') < 0 {
			if kind, _ := robots.ClassifyKey(string(key)); kind == robots.CrawlDelay {
				note(kind, n)
			}
		}
	}
	for kind, line := range first {
		lines := ""
		if count[kind] > 1 {
			lines = " (" + plural(count[kind], "line") + ")"
		}
		l.add(line, sevInfo, "extension", "%s%s: %s", kind, lines, extensionNotes[kind])
	}
}
