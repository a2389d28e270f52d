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
// This package does no I/O and keeps no state: it answers from bytes, and
// links neither net/http nor any encoder.
//
// # Crawling
//
// A crawler that fetches pages uses the Checker of package
// github.com/crawlkit/robots/crawl, which fetches and caches the robots.txt
// of each origin with the status, redirect and caching rules of RFC 9309
// sections 2.3 and 2.4, and answers from a File of this package. A crawler
// that fetches robots.txt its own way uses the same rules from here:
// [URLFor] names the file, [FromStatus] turns the final HTTP status and
// body into a File (a 4xx status allows everything; a 5xx, a 429, a
// network error or a timeout disallows everything), and [Options.FromAccess]
// builds a File from a fuller [Access]. [Origin], [Options.Limit] and
// [File.Size] serve its cache.
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
//
// # Usage preferences
//
// Two kinds of lines in a group state how the crawler may use what it
// fetches, without changing what it may fetch. [File.Preferences] reads
// them for an agent and a URL:
//
//   - Content-Usage, as draft-ietf-aipref-attach-05 defines it, with the
//     vocabulary of draft-ietf-aipref-vocab-07 ("train-ai", "search"; "y"
//     allows, "n" disallows): "Content-Usage: /images/ train-ai=n". The
//     value, after an optional path, is a Structured Field Dictionary
//     (RFC 9651).
//   - Content-Signal, as Cloudflare's Content Signals Policy writes it
//     ("search", "ai-input", "ai-train"; "yes" or "no"):
//     "Content-Signal: search=yes, ai-train=no". The policy shows no path;
//     one is read as for Content-Usage, as some sites write it.
//
// Of the lines of the crawler's group whose path matches the URL, those
// with the longest path apply, and they combine restrictively. Keys that
// neither text defines are kept. Preferences apply only to URLs the
// crawler may fetch. Unlike the draft, which makes Content-Usage a rule,
// a preference line does not end a run of user-agent lines, as no line
// but allow and disallow does in Google's parser, so that allow and
// disallow answers stay the same.
package robots

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

// DefaultMaxBytes is the number of bytes of a robots.txt body that are parsed
// unless [Options] say otherwise: 500 KiB, the least RFC 9309 section 2.5
// allows. It is a parse limit, and not page.DefaultMaxRead, the bound on
// how much of an HTML page package page reads.
const DefaultMaxBytes = 500 * 1024

// MaxBytesCap is the most bytes of a robots.txt body that are ever parsed:
// an [Options.MaxBytes] above it means MaxBytesCap, as if it were given.
//
// A File refers to its text by int32 offsets, and its text is never longer
// than the bytes parsed plus the details of maxDiagnostics diagnostics, so
// any bound below 2 GiB would do; 32 MiB, 64 times the default, keeps the
// worst case a test can try (TestParseAtMaxBytesCap) to about a second, and
// is more than any robots.txt file needs.
const MaxBytesCap = 32 << 20

// Options change how a body is parsed. The zero Options are the defaults,
// which [Parse], [ParseReader] and [FromStatus] use.
type Options struct {
	// MaxBytes is how many bytes of the body are parsed. A line cut by the
	// limit is dropped. Values below DefaultMaxBytes (zero and negative
	// values included) mean DefaultMaxBytes, since RFC 9309 forbids a lower
	// limit; values above MaxBytesCap (32 MiB) mean MaxBytesCap. This is the
	// one exception to the rule of the module's other options, where a
	// negative value turns a bound off: robots.txt is always parsed within
	// a limit.
	MaxBytes int
}

// Limit returns how many bytes of a body o parses: MaxBytes, within
// DefaultMaxBytes and MaxBytesCap. A caller that reads bodies itself reads
// at most Limit()+1 bytes: the extra byte tells whether the body went on
// past the limit.
func (o Options) Limit() int {
	switch {
	case o.MaxBytes < DefaultMaxBytes:
		return DefaultMaxBytes
	case o.MaxBytes > MaxBytesCap:
		return MaxBytesCap
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
	return parse(body, o.Limit())
}

// ParseReader reads a robots.txt body from r and parses it with the default
// options. It reads at most DefaultMaxBytes+1 bytes: the extra byte tells
// whether the body went on past the limit. Its errors are those of
// [Options.ParseReader].
func ParseReader(r io.Reader) (*File, error) {
	return Options{}.ParseReader(r)
}

// ParseReader reads a robots.txt body from r and parses it with the options
// o. It reads no more than the parse limit plus one byte, which tells
// whether the body went on past the limit. The only errors are those of r
// within those bytes: ParseReader then returns a nil File and r's error,
// wrapped so that [errors.Is] sees it, such as io.ErrUnexpectedEOF. What
// the body says is never an error: see [File.Diagnostics].
func (o Options) ParseReader(r io.Reader) (*File, error) {
	limit := o.Limit()
	body, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("robots: reading body: %w", err)
	}
	return parse(body, limit), nil
}

// A File is a parsed robots.txt file. It is immutable and safe for
// concurrent use. A nil *File, like the zero File, behaves as an empty
// file: it has no records and allows everything.
//
// A parsed File, together with the match index of the group a query used
// (built once the file has answered a few queries by trying each rule of
// the group asked in turn), keeps at most four times as many
// bytes alive as it parsed, whatever the body (plus a few hundred bytes for
// any File and any index), and less than twice as many for real files. The
// index of each further group queried adds at most three times the bytes
// of the rule lines it holds. The README gives the figures.
type File struct {
	set      groupSet
	sitemaps []span
	records  []record
	diags    []diag
	dropped  int     // diagnostics not kept
	dropLine int32   // line of the first diagnostic not kept
	access   *Access // how the file was obtained; nil for Parse and ParseReader
}

// Group returns the rules that apply to the crawler whose product token is
// agent: all groups of the file that name agent (compared without regard to
// ASCII case), merged, or if there are none, all "*" groups, merged.
//
// Pass the product token alone ("Googlebot"). The agent is compared as
// given, as Google's parser compares it, so "Googlebot/2.1" names no group,
// nor does a browser-style User-Agent header ("Mozilla/5.0 (compatible;
// Googlebot/2.1; ...)"), which names no single crawler: both fall back to
// the "*" groups. [ProductToken] reads the token that starts a string, and
// [ValidProductToken] reports whether a string is one.
//
// Group returns nil when no group applies. A nil *Group allows everything,
// so the result can be used without a check. Group does not allocate.
func (f *File) Group(agent string) *Group {
	if f == nil {
		return nil
	}
	return f.set.group(agent)
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
	if f == nil {
		return e
	}
	if a := f.access; a != nil {
		e.Access = *a
		// An unavailable or unreachable policy answers for every URL but
		// /robots.txt, whatever rule it holds to do so.
		if a.State != Parsed && !a.GoodCopy && e.Reason != RobotsTxt {
			e.Reason, e.Rule = NoFile, Rule{}
		}
	}
	return e
}

// Sitemaps returns the values of the file's Sitemap lines, in the order they
// appear, without duplicates. They belong to no group.
func (f *File) Sitemaps() []string {
	if f == nil || len(f.sitemaps) == 0 {
		return nil
	}
	out := make([]string, len(f.sitemaps))
	for i, s := range f.sitemaps {
		out[i] = f.set.str(s)
	}
	return out
}

// Records returns the file's lines whose key is none of User-agent, Allow,
// Disallow, Sitemap and Crawl-delay, in file order: extensions (such as
// Host, Clean-param, Content-Signal or Content-Usage; see [KeyKind]) and
// unknown keys.
func (f *File) Records() []Record {
	if f == nil || len(f.records) == 0 {
		return nil
	}
	out := make([]Record, len(f.records))
	raws := f.set.raws
	last, agents := -1, []string(nil) // the group of the last record, and its agents
	for i, r := range f.records {
		kv := f.set.text[r.off:]
		colon := strings.IndexByte(kv, ':')
		end := colon + 1 + strings.IndexByte(kv[colon+1:], '\n')
		out[i] = Record{Line: int(r.line), Key: kv[:colon], Value: kv[colon+1 : end]}
		// The record's group is the last that starts before it. Records
		// of one group share one copy of its agents: a copy for each
		// would grow as records times agents.
		g := sort.Search(len(raws), func(j int) bool { return raws[j].line > r.line }) - 1
		if g < 0 {
			continue
		}
		if g != last {
			last, agents = g, nil
			lo, hi := f.set.agentRange(int32(g))
			for a := lo; a < hi; a++ {
				agents = append(agents, f.set.str(f.set.agents[a]))
			}
		}
		out[i].Agents = agents
	}
	return out
}

// Diagnostics returns a note for each line that is not a clean, known
// record, in line order. Diagnostics never change an answer. A File keeps
// the first 1,000; when there were more, the last diagnostic returned is
// one of kind TooManyDiagnostics, which says how many were dropped.
func (f *File) Diagnostics() []Diagnostic {
	if f == nil || len(f.diags) == 0 {
		return nil
	}
	out := make([]Diagnostic, len(f.diags), len(f.diags)+1)
	for i, d := range f.diags {
		out[i] = Diagnostic{Line: int(d.line), Kind: DiagnosticKind(d.kind), Detail: f.set.str(d.detail)}
		if d.note != noteNone {
			out[i].Detail = noteText[d.note]
		}
	}
	if f.dropped > 0 {
		out = append(out, Diagnostic{Line: int(f.dropLine), Kind: TooManyDiagnostics, Detail: strconv.Itoa(f.dropped) + " more"})
	}
	return out
}

// A Record is a "key: value" line whose key is none of User-agent, Allow,
// Disallow, Sitemap and Crawl-delay, kept so that callers can read
// extensions without parsing the file again. [ClassifyKey] tells what its
// Key is. The zero Record, of line 0, is no line of a file.
type Record struct {
	Line  int    // line number, from 1
	Key   string // as written, e.g. "Host"
	Value string // as written, without surrounding whitespace and comment
	// Agents are the product tokens (or "*") of the user-agent lines of the
	// group the record stands in, as written, or nil if it stands before
	// the first user-agent line (or its group's user-agent lines hold no
	// product token). The records of one group that one call of
	// File.Records returns share one Agents slice.
	Agents []string
}

// A Rule is an allow or disallow line of a group. The zero Rule, of line
// 0, is no line: an Explanation that no rule decided holds it.
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

// A Reason says what decided an [Explanation]. The zero Reason is none: an
// Explanation of a File or a Group always has one of those below.
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
	// NoFile: no robots.txt rules could be had, so the access state
	// (Explanation.Access.State) decided: an [Unavailable] file (a 4xx
	// status, too many redirects) allows every URL, and an [Unreachable]
	// one (a 5xx status, 429, a network error or a timeout, with no good
	// copy) disallows every URL. Explanation.Access says more.
	NoFile
)

var reasonNames = [...]string{
	RuleMatched:   "rule matched",
	IndexPageRule: "index page rule",
	NoRuleMatched: "no rule matched",
	NoGroup:       "no group for the agent",
	RobotsTxt:     "/robots.txt is always allowed",
	NoFile:        "no robots.txt: its access state decided",
}

// String returns a short description of the reason, such as "no rule
// matched". The zero Reason, which no Explanation a File gives has, is "no
// reason".
func (r Reason) String() string {
	if r == 0 {
		return "no reason"
	}
	if r > 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// An Explanation says whether a URL is allowed and why. The zero
// Explanation, of the zero Reason, is no answer; [File.Explain] and
// [Group.Explain] give one.
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
	case NoFile:
		switch e.Access.State {
		case Unavailable:
			return "robots.txt unavailable (" + e.Access.detail() + "): all allowed"
		case Unreachable:
			return "robots.txt unreachable (" + e.Access.detail() + "): all disallowed"
		}
	case RuleMatched:
		return "line " + strconv.Itoa(e.Rule.Line) + ": " + e.Rule.String()
	case IndexPageRule:
		return "line " + strconv.Itoa(e.Rule.Line) + ": " + e.Rule.String() + " (index page rule)"
	}
	return e.Reason.String()
}

// Size estimates the bytes f keeps alive, so that a cache of parsed files
// can bound its memory: what Parse made, and a bound of what the match
// indexes of its groups take once they are queried. The estimate may be
// high, never low; it is at most three times the truth for files over 1
// MiB. TestSize checks it against the heap. A nil File has size 0.
func (f *File) Size() int {
	if f == nil {
		return 0
	}
	s := &f.set
	n := int(unsafe.Sizeof(*f)) + len(s.text) +
		cap(s.rules)*int(unsafe.Sizeof(prule{})) +
		cap(s.agents)*int(unsafe.Sizeof(span{})) +
		cap(s.raws)*int(unsafe.Sizeof(rawGroup{})) +
		cap(s.delays)*int(unsafe.Sizeof(time.Duration(0))) +
		cap(s.members)*4 +
		cap(s.groups)*int(unsafe.Sizeof(Group{})) +
		cap(s.names)*int(unsafe.Sizeof(name{})) +
		cap(s.slots)*4 +
		cap(f.sitemaps)*int(unsafe.Sizeof(span{})) +
		cap(f.records)*int(unsafe.Sizeof(record{})) +
		cap(f.diags)*int(unsafe.Sizeof(diag{}))
	for gi := range s.groups {
		n += s.groups[gi].indexSize()
	}
	return n + n/8 // allocations are rounded up to size classes
}
