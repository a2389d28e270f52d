// Package robots parses robots.txt files and reports whether a crawler may
// fetch a URL, as specified by RFC 9309 (the Robots Exclusion Protocol).
//
// Parse once, match many: [Parse] reads a whole file into a [File], which
// answers [File.Allowed] for any number of agents and URLs. A crawler that
// checks many URLs for one agent looks its [Group] up once with [File.Group]
// and asks [Group.Allowed]. Parsing never fails: lines that cannot be read
// become [Diagnostic] values, and every rule that can be read is used.
//
// Where RFC 9309 is silent, the package does what Google's reference parser
// (github.com/google/robotstxt) does, because that is what webmasters test
// their files against:
//
//   - keys are matched by prefix and a few common misspellings are accepted
//     ("Disallowed:", "useragent:", "dissallow:", "site-map:");
//   - a line without a colon is read when it has exactly two words
//     ("Disallow /private");
//   - at most 16,663 bytes of a line are read;
//   - the product token of a user-agent line is its leading run of letters,
//     '-' and '_' ("Googlebot/2.1" names Googlebot);
//   - an allow rule for an index page ("Allow: /d/index.html") also allows
//     the directory itself ("/d/").
//
// Where the two disagree, the package follows the RFC:
//
//   - only the first 500 KiB of a file are parsed (a larger limit can be set
//     in [Options]); Google's library reads files whole;
//   - paths and patterns are compared in one canonical percent-encoding, so
//     "/%7Ejoe" matches "/~joe" and "%e2" matches "%E2"; Google compares the
//     URL as given;
//   - the path /robots.txt is always allowed.
//
// Values of type [File] and [Group] are immutable and safe for concurrent
// use by multiple goroutines.
//
// # Patterns
//
// The value of an allow or disallow line is a pattern. It is matched
// against the path of the URL, with its ;params and ?query but without its
// #fragment, from the path's first byte ('/'), case-sensitively, and it
// matches when it matches a prefix of the path: "/fish" matches
// "/fish.html?id=1", but neither "/catfish" nor "/Fish.html". In a pattern:
//
//	'*'     matches any run of bytes, including none and including '/'
//	'$'     as the last byte, matches the end of the path; elsewhere, itself
//	other   matches itself
//
// A pattern that starts with neither '/' nor '*' matches nothing, and so
// does an empty one ("Disallow:" disallows nothing).
//
// Pattern and path are compared in one canonical percent-encoding, as RFC
// 9309 section 2.2.2 asks: space, control bytes, DEL and bytes from 0x80 up
// are percent-encoded; the hex digits of %XX escapes are upper-cased; and
// escapes of unreserved characters (A-Z a-z 0-9 - . _ ~) are decoded. So
// "/%7Ejoe" matches "/~joe", "/caf%C3%A9" matches "/café" and "/%e2"
// matches "/%E2", while "/a%2Fb" does not match "/a/b". A '*' or '$' in the
// URL is compared as "%2A" or "%24", so only a pattern that writes it that
// way matches it: "/file-%2A.html" matches "/file-*.html".
//
// Of all the rules of the group that match the path, the one with the
// longest pattern (in canonical form, counting '*' and '$') decides; allow
// wins a tie. When no rule matches, the URL is allowed. The path
// /robots.txt is always allowed. As in Google's parser, an allow rule whose
// last path segment starts with "index.htm" ("Allow: /d/index.html") also
// allows the directory itself, as if "Allow: /d/$" were written too.
//
// Matching a path against a pattern takes O(len(path) * len(pattern)) time
// at worst: '*' never makes the matcher backtrack, so no pattern, however
// many stars it holds, can make a query slow.
package robots

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// DefaultMaxBytes is the number of bytes of a robots.txt body that are parsed
// unless [Options] say otherwise: 500 KiB, the least RFC 9309 section 2.5
// allows.
const DefaultMaxBytes = 500 * 1024

// maxMaxBytes bounds Options.MaxBytes so that offsets fit in 32 bits.
const maxMaxBytes = 1 << 30

// Options change how a body is parsed. The zero value means the defaults.
type Options struct {
	// MaxBytes is how many bytes of the body are parsed. A line cut by the
	// limit is dropped. Values below DefaultMaxBytes (including zero) mean
	// DefaultMaxBytes, since RFC 9309 forbids a lower limit; values above
	// 1 GiB mean 1 GiB.
	MaxBytes int
}

func (o Options) limit() int {
	switch {
	case o.MaxBytes < DefaultMaxBytes:
		return DefaultMaxBytes
	case o.MaxBytes > maxMaxBytes:
		return maxMaxBytes
	}
	return o.MaxBytes
}

// Parse parses a robots.txt body with the default options. It never fails;
// see [File.Diagnostics] for the lines it could not use. Parse does not keep
// a reference to body.
func Parse(body []byte) *File {
	return Options{}.Parse(body)
}

// Parse parses a robots.txt body with the options o. It never fails; see
// [File.Diagnostics] for the lines it could not use. Parse does not keep a
// reference to body.
func (o Options) Parse(body []byte) *File {
	return parse(body, o.limit())
}

// ParseReader reads a robots.txt body from r and parses it with the default
// options. It reads at most DefaultMaxBytes+1 bytes: the extra byte tells
// whether the body went on past the limit.
func ParseReader(r io.Reader) (*File, error) {
	return Options{}.ParseReader(r)
}

// ParseReader reads a robots.txt body from r and parses it with the options
// o. It reads no more than the parse limit plus one byte, which tells
// whether the body went on past the limit. The only errors are those of r,
// wrapped so that [errors.Is] sees them.
func (o Options) ParseReader(r io.Reader) (*File, error) {
	limit := o.limit()
	body, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("robots: reading body: %w", err)
	}
	return parse(body, limit), nil
}

// A File is a parsed robots.txt file. It is immutable and safe for
// concurrent use.
type File struct {
	groups map[string]*Group // merged groups by lower-case product token
	few    []namedGroup      // the same, when there are few, by length: a scan beats the map
	// few[fewLen[n]:fewLen[n+1]] are the tokens of length n, for n up to
	// maxFewLen, and few[fewLen[maxFewLen+1]:] are the longer ones.
	fewLen   [maxFewLen + 3]uint8
	global   *Group // the merged "*" groups, or nil
	sitemaps []string
	records  []Record
	diags    []Diagnostic
	access   *Access // how the file was obtained; nil for Parse and ParseReader

	agentLines   []AgentLine // see written.go
	sitemapLines []SitemapLine
}

// Group returns the rules that apply to the crawler whose product token is
// agent: all groups of the file that name agent (compared without regard to
// case), merged, or if there are none, all "*" groups, merged.
//
// Pass the product token alone ("Googlebot"). The agent is compared as
// given, as Google's parser compares it, so "Googlebot/2.1" names no group,
// nor does a browser-style User-Agent header ("Mozilla/5.0 (compatible;
// Googlebot/2.1; ...)"), which names no single crawler: both fall back to
// the "*" groups. [ProductToken] reads the token that starts a string, and
// [ValidProductToken] reports whether a string is one.
//
// Group returns nil when no group applies. A nil *Group allows everything,
// so the result can be used without a check.
func (f *File) Group(agent string) *Group {
	if g := f.named(agent); g != nil {
		return g
	}
	return f.global
}

// named returns the merged group whose product token equals agent, ignoring
// case, or nil. It does not allocate for agents of up to 64 bytes.
func (f *File) named(agent string) *Group {
	if f.groups == nil {
		n := min(len(agent), maxFewLen+1)
		for i := f.fewLen[n]; i < f.fewLen[n+1]; i++ {
			if t := &f.few[i]; len(t.token) == len(agent) && equalLower(t.token, agent) {
				return t.group
			}
		}
		return nil
	}
	var buf [64]byte
	if len(agent) > len(buf) {
		return f.groups[strings.ToLower(agent)]
	}
	for i := 0; i < len(agent); i++ {
		c := agent[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return f.groups[string(buf[:len(agent)])]
}

// A namedGroup is a merged group and a product token that names it.
type namedGroup struct {
	token string // lower case
	group *Group
}

// maxFew is how many product tokens a File scans instead of looking them
// up in a map; tokens of up to maxFewLen bytes are found by their length.
const (
	maxFew    = 8
	maxFewLen = 30
)

// setNamed keeps the merged groups named by product tokens, which are
// sorted by token: when there are few, sorted by the length of their tokens
// and indexed by length; else in a map.
func (f *File) setNamed(named []namedGroup) {
	if len(named) > maxFew {
		f.groups = make(map[string]*Group, len(named))
		for _, n := range named {
			f.groups[n.token] = n.group
		}
		return
	}
	f.few = named
	slices.SortStableFunc(f.few, func(a, b namedGroup) int { return cmp.Compare(len(a.token), len(b.token)) })
	i := 0
	for n := 0; n <= maxFewLen+1; n++ {
		for i < len(f.few) && len(f.few[i].token) < n {
			i++
		}
		f.fewLen[n] = uint8(i)
	}
	f.fewLen[maxFewLen+2] = uint8(len(f.few))
}

// equalLower reports whether s equals lower, which is in lower case, without
// regard to ASCII case. They have the same length. It compares eight bytes
// at a time, lower-casing those of s: for ASCII bytes, b+0x3f has its high
// bit set exactly when b >= 'A', and b+0x25 exactly when b > 'Z'.
func equalLower(lower, s string) bool {
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		w := load64(s[i : i+8])
		if w&high != 0 {
			return false // lower is ASCII
		}
		upper := (w + 0x3f*ones) &^ (w + 0x25*ones) & high
		if w|upper>>2 != load64(lower[i:i+8]) {
			return false
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// Allowed reports whether the crawler whose product token is agent may
// fetch url. The url is an absolute URL ("https://example.com/a?b") or a
// path that starts with '/' ("/a?b"). It is the same as
// f.Group(agent).Allowed(url).
//
// Pass the crawler's product token ("Googlebot"), not its User-Agent
// header: a browser-style header ("Mozilla/5.0 (compatible; Googlebot/2.1;
// ...)") names no single crawler, so it matches no group and falls back to the
// "*" groups. See [File.Group], [ProductToken] and [ValidProductToken].
func (f *File) Allowed(agent, url string) bool {
	return f.Group(agent).Allowed(url)
}

// Explain reports whether the crawler whose product token is agent may fetch
// url, and why. It gives the same answer as [File.Allowed].
func (f *File) Explain(agent, url string) Explanation {
	e := f.Group(agent).Explain(url)
	if a := f.access; a != nil {
		e.Access = *a
		// An unavailable or unreachable policy answers for every URL but
		// /robots.txt, whatever rule it holds to do so.
		if a.State != StateParsed && !a.GoodCopy && e.Reason != RobotsTxt {
			e.Reason, e.Rule = Unreachable, Rule{}
			if a.State == StateUnavailable {
				e.Reason = Unavailable
			}
		}
	}
	return e
}

// Sitemaps returns the values of the file's Sitemap lines, in the order they
// appear, without duplicates. They belong to no group.
func (f *File) Sitemaps() []string {
	return append([]string(nil), f.sitemaps...)
}

// Records returns the file's lines whose key this package does not
// interpret (such as Host, Clean-param or Request-rate), in file order.
func (f *File) Records() []Record {
	return append([]Record(nil), f.records...)
}

// Diagnostics returns a note for each line that is not a clean, known
// record, in line order. Diagnostics never change an answer.
func (f *File) Diagnostics() []Diagnostic {
	return append([]Diagnostic(nil), f.diags...)
}

// A Record is a "key: value" line whose key this package does not interpret,
// kept so that callers can read extensions without parsing the file again.
type Record struct {
	Line  int    // line number, from 1
	Key   string // as written, e.g. "Host"
	Value string // as written, without surrounding whitespace and comment
	// Agents are the product tokens (or "*") of the user-agent lines of the
	// group the record stands in, as written, or nil if it stands before
	// the first user-agent line.
	Agents []string
}

// A Rule is an allow or disallow line of a group.
type Rule struct {
	Allow   bool   // true for an allow line, false for a disallow line
	Pattern string // the path pattern as written
	Line    int    // line number, from 1
}

// String returns the rule as a robots.txt line, such as "Disallow: /private/".
func (r Rule) String() string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

// A Reason says what decided an [Explanation].
type Reason int

const (
	// RuleMatched: a rule matched the URL; Explanation.Rule is the most
	// specific one.
	RuleMatched Reason = iota + 1
	// IndexPageRule: the URL is a directory, allowed by Google's index page
	// rule: an allow rule for the directory's index.htm or index.html file
	// (Explanation.Rule) also allows the directory itself.
	IndexPageRule
	// NoRuleMatched: the agent's group has no rule that matches the URL, so
	// it is allowed.
	NoRuleMatched
	// NoGroup: no group names the agent and there is no "*" group, so every
	// URL is allowed.
	NoGroup
	// RobotsTxt: the URL is /robots.txt, which is always allowed.
	RobotsTxt
	// Unavailable: the robots.txt file is unavailable (a 4xx status, too
	// many redirects, or 30 days unreachable with no good copy), so every
	// URL is allowed. Explanation.Access says more.
	Unavailable
	// Unreachable: the robots.txt file could not be fetched (a 5xx status,
	// 429, a network error or a timeout) and no good copy is known, so
	// every URL is disallowed. Explanation.Access says more.
	Unreachable
)

var reasonNames = [...]string{
	RuleMatched:   "rule matched",
	IndexPageRule: "index page rule",
	NoRuleMatched: "no rule matched",
	NoGroup:       "no group for the agent",
	RobotsTxt:     "/robots.txt is always allowed",
	Unavailable:   "robots.txt unavailable: all allowed",
	Unreachable:   "robots.txt unreachable: all disallowed",
}

// String returns a short description of the reason, such as "no rule matched".
func (r Reason) String() string {
	if r > 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// An Explanation says whether a URL is allowed and why.
type Explanation struct {
	Allowed bool
	Reason  Reason
	// Rule is the deciding rule when Reason is RuleMatched or
	// IndexPageRule, and the zero Rule otherwise.
	Rule Rule
	// Path is the path that was matched, in the canonical percent-encoding
	// in which rules are compared.
	Path string
	// Access says how the file was obtained (see [File.Access]); it is
	// the zero Access for a file made by Parse.
	Access Access
}

// String describes what decided, such as "line 12: Disallow: /private/",
// "no rule matched" or "robots.txt unreachable (HTTP 503): all disallowed".
func (e Explanation) String() string {
	switch e.Reason {
	case Unavailable:
		return "robots.txt unavailable (" + e.Access.detail() + "): all allowed"
	case Unreachable:
		return "robots.txt unreachable (" + e.Access.detail() + "): all disallowed"
	case RuleMatched:
		return "line " + strconv.Itoa(e.Rule.Line) + ": " + e.Rule.String()
	case IndexPageRule:
		return "line " + strconv.Itoa(e.Rule.Line) + ": " + e.Rule.String() + " (index page rule)"
	}
	return e.Reason.String()
}

// retainedSize estimates the bytes f keeps alive, so that a Checker's
// cache can bound its memory. The constants are measured costs, rounded
// up; TestRetainedSize checks the estimate against the heap.
func (f *File) retainedSize() int {
	n := 512
	seen := make(map[*Group]bool)
	group := func(g *Group) {
		if g == nil || seen[g] {
			return
		}
		seen[g] = true
		n += 320
		for _, a := range g.Agents() {
			n += 64 + len(a)
		}
		for _, r := range g.Rules() {
			n += 64 + 2*len(r.Pattern)
		}
	}
	for _, t := range f.few {
		n += 32 + len(t.token)
		group(t.group)
	}
	for t, g := range f.groups {
		n += 64 + len(t)
		group(g)
	}
	group(f.global)
	for _, s := range f.sitemaps {
		n += 32 + len(s)
	}
	for _, r := range f.records {
		n += 112 + len(r.Key) + len(r.Value) + 16*len(r.Agents)
	}
	for _, d := range f.diags {
		n += 48 + len(d.Detail)
	}
	return n
}
