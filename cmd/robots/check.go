package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crawlkit/robots"
)

const checkHelp = `usage: robots check [-agent NAME] [-json] [-max-bytes N] [-urls FILE] [-timeout D] SOURCE [URL...]

Check says whether the crawler NAME may fetch each URL under the robots.txt
SOURCE, and why: the line that decided, or why no rule did.

SOURCE is a file, - for standard input, or an http(s) URL: then the
robots.txt of the URL's origin is fetched, following redirects, with the
status rules of RFC 9309 (4xx: every URL allowed; 5xx, 429, a network error
or a timeout: every URL disallowed), and the output first says what was
fetched. A URL is absolute (https://example.com/a?b) or a path starting
with /. With a SOURCE URL and no other URL, the SOURCE URL itself is
checked.

Options:
  -agent NAME    the crawler's product token, such as Googlebot (letters,
                 '-' and '_'), or * for the rules of crawlers without a
                 group of their own (the default). A whole User-Agent
                 header (Googlebot/2.1 ...) is cut to its product token,
                 with a note.
  -json          write one JSON object, described below, instead of text.
  -max-bytes N   parse the first N bytes (default and least 512000, the
                 500 KiB RFC 9309 asks crawlers to read at least; at most
                 33554432, 32 MiB).
  -urls FILE     also check the URLs of FILE (- for standard input), one a
                 line; blank lines and lines starting with # are skipped.
  -timeout D     how long a fetch may take (default 30s).

Output: for a fetched SOURCE, a line saying what was fetched; then the
group that applies to the agent; the Crawl-delay it names, if any, and
the interval a crawl.Checker keeps between requests (the Crawl-delay, at
least 1s, at most 30s; 1s without one); then one line per URL: "allowed" or
"disallowed", the URL, and the line that decided or why none did. When the
path matched differs from the URL's path as written (it is compared in
canonical percent-encoding), it follows in brackets:

	agent Googlebot: group of line 11 (Googlebot)
	disallowed  https://example.com/private/x  line 12: Disallow: /private/
	allowed     /café                          no rule matched [path /caf%C3%A9]

Control bytes and bytes that are not UTF-8 from the file, the network or
the URLs are written escaped (\x1b) in text output.

JSON (-json), one object; every field is always present:

	{
	  "source": "robots.txt",        // SOURCE as given
	  "fetch": null,                  // or the fetch, for a URL SOURCE:
	    // {"url": "...", "final_url": "...", "redirects": 0, "status": 200,
	    //  "bytes": 120, "state": "parsed" | "unavailable" | "unreachable",
	    //  "error": ""}
	  "agent": "Googlebot",           // the product token checked
	  "group": {                      // the group that applies, or null
	    "agents": ["Googlebot"],      //   its user-agent values
	    "lines": [11],                //   the line numbers of its user-agent lines
	    "fallback": false             //   true when it is the * group because
	  },                              //   no group names the agent
	  "pace": {                       // or null when the file was not parsed
	    "crawl_delay": 5,             //   seconds, or null when none applies
	    "interval": 5                 //   seconds a crawl.Checker keeps
	  },
	  "results": [{
	    "url": "https://example.com/private/x",
	    "allowed": false,
	    "reason": "rule_matched",     // rule_matched, index_page_rule,
	        // no_rule_matched, no_group, robots_txt, unavailable, unreachable
	    "rule": {"line": 12, "allow": false, "pattern": "/private/"}, // or null
	    "path": "/private/x",         // the path as matched
	    "explanation": "line 12: Disallow: /private/"
	  }]
	}

Exit status: 0 when every URL is allowed, 1 when any is disallowed, 2 for
a usage or read error, or a fetch that got no response (a network error or
a timeout; the output still says what a crawler would do).
`

func runCheck(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	agent := fs.String("agent", "*", "")
	asJSON := fs.Bool("json", false, "")
	maxBytes := fs.maxBytesFlag()
	urlsFile := fs.String("urls", "", "")
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args, maxBytes)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		return e.usageError("check needs a SOURCE (a robots.txt file, - for standard input, or an http(s) URL) and URLs to check")
	}
	src, urls := pos[0], pos[1:]
	if !stdinOnce(src, *urlsFile) {
		return e.usageError("standard input (-) can be read once: give the SOURCE or the -urls FILE as a file")
	}
	for _, u := range urls {
		if !validTarget(u) {
			return e.usageError("%q is not a URL: give an absolute http(s) URL or a path starting with /", u)
		}
	}
	if *urlsFile != "" {
		more, err := e.readURLs(*urlsFile)
		if err != nil {
			return e.fail(err)
		}
		urls = append(urls, more...)
	}
	if len(urls) == 0 {
		if !isURL(src) {
			return e.usageError("check needs at least one URL after SOURCE, or -urls FILE")
		}
		urls = []string{src}
	}
	tok, ok := e.agentToken(*agent)
	if !ok {
		return exitFailure
	}
	s, err := e.load(ctx, src, o)
	if err != nil {
		return e.fail(err)
	}
	if s.fetch != nil {
		e.otherOrigins(s.fetch.URL, urls)
	}

	rep := checkReport{Source: src, Fetch: s.fetch, Agent: tok, Results: make([]checkResult, 0, len(urls))}
	if s.fetch == nil || s.fetch.State == "parsed" {
		rep.Group = appliedGroup(s, tok)
		rep.Pace = paceOf(s.file, tok) // pace.go
	}
	status = exitOK
	for _, u := range urls {
		x := s.file.Explain(tok, u)
		if !x.Allowed {
			status = exitFound
		}
		rep.Results = append(rep.Results, result(u, x))
	}
	if *asJSON {
		writeJSON(e.stdout, rep)
		return status
	}
	if s.fetch != nil {
		fmt.Fprintln(e.stdout, s.fetch.text())
	}
	if s.fetch == nil || s.fetch.State == "parsed" {
		fmt.Fprintln(e.stdout, groupText(s, tok, rep.Group))
		if rep.Pace.has {
			fmt.Fprintln(e.stdout, paceText(rep.Pace))
		}
	}
	// URLs are padded to the longest, up to urlColumn: a longer URL
	// overflows its column rather than widening every line, so the output
	// grows with the URLs' total length, not their number times the
	// longest.
	width := 0
	for _, u := range urls {
		width = max(width, min(utf8.RuneCountInString(safe(u)), urlColumn))
	}
	for _, r := range rep.Results {
		verdict := "allowed"
		if !r.Allowed {
			verdict = "disallowed"
		}
		line := fmt.Sprintf("%-10s  %-*s  %s", verdict, width, safe(r.URL), safe(r.Explanation))
		if r.Path != "" && r.Path != writtenPath(r.URL) {
			line += " [path " + safe(r.Path) + "]"
		}
		fmt.Fprintln(e.stdout, line)
	}
	return status
}

// urlColumn is the widest check pads its URL column to.
const urlColumn = 60

// checkReport is the JSON output of check; see checkHelp.
type checkReport struct {
	Source  string        `json:"source"`
	Fetch   *fetchInfo    `json:"fetch"`
	Agent   string        `json:"agent"`
	Group   *groupRef     `json:"group"`
	Pace    *paceRef      `json:"pace"`
	Results []checkResult `json:"results"`
}

// groupRef names the group that applies to an agent.
type groupRef struct {
	Agents   []string `json:"agents"`
	Lines    []int    `json:"lines"`
	Fallback bool     `json:"fallback"`
	values   []string // the user-agent values as written, by line
}

type checkResult struct {
	URL         string    `json:"url"`
	Allowed     bool      `json:"allowed"`
	Reason      string    `json:"reason"`
	Rule        *jsonRule `json:"rule"`
	Path        string    `json:"path"`
	Explanation string    `json:"explanation"`
}

type jsonRule struct {
	Line    int    `json:"line"`
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
}

func toJSONRule(r robots.Rule) *jsonRule {
	return &jsonRule{Line: r.Line, Allow: r.Allow, Pattern: r.Pattern}
}

func result(u string, x robots.Explanation) checkResult {
	r := checkResult{URL: u, Allowed: x.Allowed, Reason: reasonCode(x), Path: x.Path, Explanation: x.String()}
	if x.Reason == robots.RuleMatched || x.Reason == robots.IndexPageRule {
		r.Rule = toJSONRule(x.Rule)
	}
	return r
}

// reasonCodes are the names of reasons in JSON output.
var reasonCodes = map[robots.Reason]string{
	robots.RuleMatched:   "rule_matched",
	robots.IndexPageRule: "index_page_rule",
	robots.NoRuleMatched: "no_rule_matched",
	robots.NoGroup:       "no_group",
	robots.RobotsTxt:     "robots_txt",
}

// reasonCode names the reason of x in JSON output. When no file decided
// (robots.NoFile), the code is the access state that did: "unavailable"
// or "unreachable".
func reasonCode(x robots.Explanation) string {
	r := x.Reason
	if r == robots.NoFile {
		return x.Access.State.String()
	}
	if c, ok := reasonCodes[r]; ok {
		return c
	}
	return strings.ReplaceAll(r.String(), " ", "_")
}

// appliedGroup returns the group of f that applies to agent (a product
// token or "*"), with the lines of the user-agent lines that make it up,
// or nil when none does.
func appliedGroup(s *source, agent string) *groupRef {
	g := s.file.Group(agent)
	if g == nil {
		return nil
	}
	key := strings.ToLower(agent)
	named := false
	if key != "*" {
		for _, a := range g.Agents() {
			if strings.EqualFold(a, agent) {
				named = true
			}
		}
	}
	if !named {
		key = "*"
	}
	ref := &groupRef{Agents: g.Agents(), Lines: []int{}, Fallback: !named && agent != "*"}
	for _, a := range groupLines(s, key) {
		ref.Lines = append(ref.Lines, a.Line)
		ref.values = append(ref.values, a.Value)
	}
	return ref
}

// groupLines returns the user-agent lines of the groups, as written, that
// are merged into the group of token (lower case, or "*").
func groupLines(s *source, token string) []robots.AgentLine {
	lines := s.lines.Agents
	in := map[int]bool{}
	for _, a := range lines {
		if strings.ToLower(a.Token) == token {
			in[a.Group] = true
		}
	}
	var out []robots.AgentLine
	for _, a := range lines {
		if in[a.Group] {
			out = append(out, a)
		}
	}
	return out
}

// groupText describes the group that applies to agent, for text output.
func groupText(s *source, agent string, g *groupRef) string {
	head := "agent " + agent + ": "
	switch {
	case g == nil && agent == "*":
		return head + "the file has no * group: every URL is allowed"
	case g == nil:
		return head + "no group names " + agent + " and there is no * group: every URL is allowed"
	case g.Fallback:
		head += "no group of its own; "
	}
	if len(g.Lines) == 0 { // the body is not known
		return head + "group for " + strings.Join(g.Agents, ", ")
	}
	var b strings.Builder // linear in the lines: a group can have thousands
	b.WriteString(head)
	if len(g.Lines) == 1 {
		b.WriteString("group of line ")
	} else {
		b.WriteString("groups of lines ")
	}
	for i, n := range g.Lines {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n) + " (" + safe(g.values[i]) + ")")
	}
	if len(g.Lines) > 1 && !sameGroup(s, g.Lines) {
		b.WriteString(", merged")
	}
	return b.String()
}

// sameGroup reports whether the user-agent lines numbered lines all belong
// to one group as written.
func sameGroup(s *source, lines []int) bool {
	in := make(map[int]bool, len(lines))
	for _, n := range lines {
		in[n] = true
	}
	groups := map[int]bool{}
	for _, a := range s.lines.Agents {
		if in[a.Line] {
			groups[a.Group] = true
		}
	}
	return len(groups) <= 1
}

// writtenPath returns the path, params and query of a URL as written: what
// is matched, before it is put in canonical form.
func writtenPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		j := strings.IndexAny(rest, "/?#")
		if j < 0 {
			return "/"
		}
		u = rest[j:]
		if u[0] != '/' {
			u = "/" + u
		}
	}
	u, _, _ = strings.Cut(u, "#")
	return u
}

// validTarget reports whether u can be checked: an absolute http(s) URL or
// a path starting with '/'.
func validTarget(u string) bool {
	return strings.HasPrefix(u, "/") || isURL(u)
}

// agentToken returns the product token to check for the -agent value, or
// reports a usage error. A value that starts with a token but is not one
// (a User-Agent header) is cut to the token, with a note.
func (e *env) agentToken(name string) (string, bool) {
	if name == "*" || robots.ValidProductToken(name) {
		return name, true
	}
	tok := robots.ProductToken(name)
	if tok == "" {
		e.usageError("agent %q is not a product token: give the crawler's name as robots.txt files write it (letters, '-' and '_', such as Googlebot), or * for crawlers without a group", name)
		return "", false
	}
	msg := fmt.Sprintf("agent %q is cut to its product token %q, the name robots.txt groups use", name, tok)
	if strings.EqualFold(tok, "Mozilla") {
		msg += "; a browser-style User-Agent names no single crawler: give the crawler's own token, such as Googlebot"
	}
	e.note("%s", msg)
	return tok, true
}

// maxURLLine bounds the length of a line of a -urls file.
const maxURLLine = 1 << 20

// readURLs reads the URLs of the named file ("-" for standard input), one
// a line, skipping blank lines and lines starting with '#'.
func (e *env) readURLs(name string) ([]string, error) {
	r := e.stdin
	label := "stdin"
	if name != "-" {
		f, err := os.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file: give a file of URLs, one a line, or - for standard input", name)
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.IsDir() {
			return nil, fmt.Errorf("%s is a directory: give a file of URLs, one a line", name)
		}
		r, label = f, name
	}
	return scanURLs(r, label)
}

func scanURLs(r io.Reader, label string) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxURLLine)
	var urls []string
	for n := 1; sc.Scan(); n++ {
		u := strings.TrimSpace(sc.Text())
		if u == "" || strings.HasPrefix(u, "#") {
			continue
		}
		if !validTarget(u) {
			return nil, fmt.Errorf("%s:%d: %q is not a URL: give absolute http(s) URLs or paths starting with /, one a line", label, n, u)
		}
		urls = append(urls, u)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, fmt.Errorf("reading URLs from %s: a line is longer than %d bytes: give one URL a line", label, maxURLLine)
		}
		return nil, fmt.Errorf("reading URLs from %s: %w", label, err)
	}
	return urls, nil
}

// timeoutFlag adds the -timeout flag, whose value goes to e.timeout.
func (fs *flags) timeoutFlag() {
	fs.DurationVar(&fs.e.timeout, "timeout", 30*time.Second, "")
}

// otherOrigins notes the absolute URLs whose robots.txt is not robotsTxt,
// the one fetched: they are checked against it all the same.
func (e *env) otherOrigins(robotsTxt string, urls []string) {
	n, first := 0, ""
	for _, u := range urls {
		if !isURL(u) {
			continue
		}
		if r, err := robots.URLFor(u); err == nil && r != robotsTxt {
			if n == 0 {
				first = u
			}
			n++
		}
	}
	switch {
	case n == 1:
		e.note("%s is not on the origin of %s: it is checked against that file all the same", first, robotsTxt)
	case n > 1:
		e.note("%d URLs, such as %s, are not on the origin of %s: they are checked against that file all the same", n, first, robotsTxt)
	}
}
