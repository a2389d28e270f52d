package robots

import (
	"bytes"
	"time"
	"unicode/utf8"
)

// This file holds the lexer, which cuts a body into lines, and the parser,
// which reads each line as a record and builds the groups (SPEC.md sections
// 1, 2, 4 and 6).
//
// Everything a File keeps of the body is copied into one arena while parsing
// and turned into strings at the end, so a File holds neither the caller's
// body nor more of it than it needs, and parsing allocates in proportion to
// the number of records, not of bytes.

// maxLineLen is how many bytes of a line are read, as in Google's parser.
const maxLineLen = 2083*8 - 1

// span is a run of bytes in the parser's arena.
type span struct{ off, end int32 }

// parser holds the state of one parse.
type parser struct {
	arena []byte // bytes kept for the File; see span
	line  int    // number of the current line, from 1
	// checkBytes is set when the body holds bytes that some line may need a
	// diagnostic for: control bytes other than tab, DEL, or non-ASCII.
	checkBytes bool

	rules    []parsedRule
	groups   []parsedGroup
	cur      int  // index of the current group, or -1 before the first
	sawRule  bool // the current group has an allow or disallow line
	sitemaps []span
	records  []parsedRecord
	diags    []parsedDiag
}

type parsedRule struct {
	pattern span // canonical form
	written span // as written; equal to pattern when that is canonical
	line    int32
	allow   bool
}

type parsedGroup struct {
	agents     []span // product tokens, and "*"
	global     bool
	first, end int // rules[first:end]
	delay      time.Duration
	hasDelay   bool
}

type parsedRecord struct {
	key, value span
	line       int32
	group      int32
}

type parsedDiag struct {
	line   int32
	kind   DiagnosticKind
	detail span
}

// parse parses the first limit bytes of body.
func parse(body []byte, limit int) *File {
	p := &parser{cur: -1}
	cut := len(body) > limit
	if cut {
		next := body[limit]
		body = body[:limit]
		if next != '\n' && next != '\r' {
			// Drop the line the limit cuts in two.
			body = body[:bytes.LastIndexAny(body, "\r\n")+1]
		}
	}
	p.checkBytes = needsByteCheck(body)
	p.lex(body)
	if cut {
		// The diagnostic goes on the first line that is not parsed: the
		// empty last line lex saw, if body ends with a line break, or else
		// the line after the last one parsed.
		if n := len(body); n > 0 && body[n-1] != '\n' && body[n-1] != '\r' {
			p.line++
		}
		p.diag(BeyondParseLimit, nil)
	}
	return p.file()
}

// lex cuts b into lines and hands each to p.record. A line ends at LF, CR or
// CRLF; a UTF-8 byte order mark, or a leading part of one, is skipped at the
// start.
func (p *parser) lex(b []byte) {
	for _, c := range []byte("\xEF\xBB\xBF") {
		if len(b) == 0 || b[0] != c {
			break
		}
		b = b[1:]
	}
	// lf and cr are the next LF and CR at or after start, or len(b) when
	// there are none left: each is searched for again only once passed, so
	// lexing is linear whichever line ending the file uses.
	lf, cr := -1, -1
	for start := 0; ; {
		if lf < start {
			lf = indexFrom(b, start, '\n')
		}
		if cr < start {
			cr = indexFrom(b, start, '\r')
		}
		end := min(lf, cr)
		p.line++
		p.record(b[start:end])
		if end == len(b) {
			return
		}
		start = end + 1
		if b[end] == '\r' && start < len(b) && b[start] == '\n' {
			start++
		}
	}
}

// indexFrom returns the index of the first c in b at or after i, or len(b).
func indexFrom(b []byte, i int, c byte) int {
	if j := bytes.IndexByte(b[i:], c); j >= 0 {
		return i + j
	}
	return len(b)
}

// record reads one line.
func (p *parser) record(b []byte) {
	if len(b) > maxLineLen {
		b = b[:maxLineLen]
		p.diag(LineTooLong, nil)
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
		p.diag(InvalidBytes, []byte("NUL byte ends the line"))
	}
	if p.checkBytes {
		if msg := badBytes(b); msg != "" {
			p.diag(InvalidBytes, []byte(msg))
		}
	}
	if i := bytes.IndexByte(b, '#'); i >= 0 {
		b = b[:i]
	}
	b = trim(b)
	if len(b) == 0 {
		return
	}

	var key, value []byte
	colon := bytes.IndexByte(b, ':')
	if colon >= 0 {
		key, value = trim(b[:colon]), trim(b[colon+1:])
		if len(key) == 0 {
			p.diag(UnknownKey, nil)
			return
		}
	} else {
		// Google reads a line without a colon when it has exactly two
		// words: "Disallow /private".
		i := bytes.IndexAny(b, " \t")
		if i < 0 {
			p.diag(MissingColon, []byte("line ignored"))
			return
		}
		key, value = b[:i], trim(b[i:])
		if bytes.IndexAny(value, " \t") >= 0 {
			p.diag(MissingColon, []byte("line ignored"))
			return
		}
	}

	k, exact := classify(key)
	if colon < 0 {
		p.diag(MissingColon, key)
	}
	if k != keyUnknown && !exact {
		p.diag(AcceptedMisspelling, key)
	}
	switch k {
	case keyUserAgent:
		p.userAgent(value)
	case keyAllow, keyDisallow:
		p.rule(value, k == keyAllow)
	case keySitemap:
		if len(value) > 0 {
			p.sitemaps = append(p.sitemaps, p.save(value))
		}
	case keyCrawlDelay:
		p.crawlDelay(value)
	default:
		p.records = append(p.records, parsedRecord{
			key: p.save(key), value: p.save(value), line: int32(p.line), group: int32(p.cur),
		})
		if !knownExtension(key) {
			p.diag(UnknownKey, key)
		}
	}
}

// userAgent reads the value of a user-agent line.
func (p *parser) userAgent(value []byte) {
	if p.cur < 0 || p.sawRule {
		p.groups = append(p.groups, parsedGroup{first: len(p.rules), end: len(p.rules)})
		p.cur = len(p.groups) - 1
		p.sawRule = false
	}
	g := &p.groups[p.cur]
	// Like Google, read "*" followed by whitespace and anything as "*".
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || isSpace(value[1])) {
		if !g.global {
			g.global = true
			g.agents = append(g.agents, p.save(value[:1]))
		}
		return
	}
	if tok := productToken(value); len(tok) > 0 {
		g.agents = append(g.agents, p.save(tok))
	}
}

// productToken returns the leading run of letters, '-' and '_' of an agent.
func productToken(b []byte) []byte {
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return b[:i]
		}
	}
	return b
}

// rule reads the value of an allow or disallow line.
func (p *parser) rule(value []byte, allow bool) {
	if p.cur < 0 {
		p.diag(RuleOutsideGroup, nil)
		return
	}
	p.sawRule = true
	if len(value) > 0 && value[0] != '/' && value[0] != '*' {
		p.diag(InvalidPattern, value)
	}
	r := parsedRule{line: int32(p.line), allow: allow}
	r.pattern.off = int32(len(p.arena))
	if i := firstChange(value, true); i < 0 {
		p.arena = append(p.arena, value...)
		r.pattern.end = int32(len(p.arena))
		r.written = r.pattern
	} else {
		p.arena = appendCanonical(p.arena, value, i, true)
		r.pattern.end = int32(len(p.arena))
		r.written = p.save(value)
	}
	p.rules = append(p.rules, r)
	p.groups[p.cur].end = len(p.rules)
}

// crawlDelay reads the value of a crawl-delay line.
func (p *parser) crawlDelay(value []byte) {
	if p.cur < 0 {
		p.diag(RuleOutsideGroup, nil)
		return
	}
	d, ok := parseDelay(value)
	if !ok {
		p.diag(BadCrawlDelay, value)
		return
	}
	if g := &p.groups[p.cur]; !g.hasDelay || d > g.delay {
		g.delay, g.hasDelay = d, true
	}
}

// parseDelay parses a number of seconds, an integer or a decimal fraction
// ("10", "0.5").
func parseDelay(b []byte) (time.Duration, bool) {
	const maxSeconds = int64(1<<63-1) / int64(time.Second)
	var secs, frac int64
	digits, scale := 0, int64(time.Second)
	i := 0
	for ; i < len(b) && '0' <= b[i] && b[i] <= '9'; i++ {
		secs = secs*10 + int64(b[i]-'0')
		if secs > maxSeconds {
			return 0, false
		}
		digits++
	}
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && '0' <= b[i] && b[i] <= '9'; i++ {
			if scale >= 10 { // digits beyond nanoseconds are dropped
				scale /= 10
				frac += int64(b[i]-'0') * scale
			}
			digits++
		}
	}
	if digits == 0 || i != len(b) {
		return 0, false
	}
	d := secs*int64(time.Second) + frac
	if d < 0 {
		return 0, false
	}
	return time.Duration(d), true
}

// save copies b into the arena.
func (p *parser) save(b []byte) span {
	off := int32(len(p.arena))
	p.arena = append(p.arena, b...)
	return span{off, int32(len(p.arena))}
}

// diag notes a diagnostic for the current line.
func (p *parser) diag(kind DiagnosticKind, detail []byte) {
	const maxDetail = 80
	if len(detail) > maxDetail {
		detail = detail[:maxDetail]
	}
	p.diags = append(p.diags, parsedDiag{line: int32(p.line), kind: kind, detail: p.save(detail)})
}

// file builds the File from what the parser found.
func (p *parser) file() *File {
	arena := string(p.arena)
	str := func(s span) string { return arena[s.off:s.end] }

	f := &File{}
	rules := make([]rule, 0, len(p.rules))
	written := make(map[int32]string)
	raw := make([]rawGroup, len(p.groups))
	for gi := range p.groups {
		pg := &p.groups[gi]
		rg := &raw[gi]
		rg.global, rg.delay, rg.hasDelay = pg.global, pg.delay, pg.hasDelay
		for _, a := range pg.agents {
			rg.agents = append(rg.agents, str(a))
		}
		rg.first = len(rules)
		for _, pr := range p.rules[pg.first:pg.end] {
			r := newRule(str(pr.pattern), int(pr.line), pr.allow)
			rules = append(rules, r)
			implied, ok := indexPageRule(r)
			if ok {
				rules = append(rules, implied)
			}
			if ok || pr.written != pr.pattern {
				written[pr.line] = str(pr.written)
			}
		}
		rg.end = len(rules)
	}
	f.groups, f.global = mergeGroups(raw, rules, written)

	for _, s := range p.sitemaps {
		f.sitemaps = appendNew(f.sitemaps, str(s))
	}
	for _, pr := range p.records {
		r := Record{Line: int(pr.line), Key: str(pr.key), Value: str(pr.value)}
		if pr.group >= 0 {
			r.Agents = raw[pr.group].agents
		}
		f.records = append(f.records, r)
	}
	for _, d := range p.diags {
		f.diags = append(f.diags, Diagnostic{Line: int(d.line), Kind: d.kind, Detail: str(d.detail)})
	}
	return f
}

// appendNew appends s to list unless list holds it already.
func appendNew(list []string, s string) []string {
	for _, t := range list {
		if t == s {
			return list
		}
	}
	return append(list, s)
}

// A keyKind is what a key names.
type keyKind uint8

const (
	keyUnknown keyKind = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
	keyCrawlDelay
)

// keys lists the names each kind of key is recognised by, as a prefix and
// without regard to case, as Google's parser does. The first name of each is
// the correct spelling.
var keys = [...]struct {
	kind  keyKind
	names []string
}{
	{keyUserAgent, []string{"user-agent", "useragent", "user agent"}},
	{keyAllow, []string{"allow"}},
	{keyDisallow, []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{keySitemap, []string{"sitemap", "site-map"}},
	{keyCrawlDelay, []string{"crawl-delay"}},
}

// classify returns what key names and whether it is spelled exactly.
func classify(key []byte) (kind keyKind, exact bool) {
	for _, k := range keys {
		for _, name := range k.names {
			if hasPrefixFold(key, name) {
				return k.kind, len(key) == len(name) && name == k.names[0]
			}
		}
	}
	return keyUnknown, false
}

// knownExtension reports whether key is a widely used record that RFC 9309
// does not define, which is kept as a Record without a diagnostic.
func knownExtension(key []byte) bool {
	for _, name := range []string{"host", "clean-param", "request-rate", "visit-time"} {
		if len(key) == len(name) && hasPrefixFold(key, name) {
			return true
		}
	}
	return false
}

// hasPrefixFold reports whether b starts with prefix, which is lower-case
// ASCII, ignoring ASCII case.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// trim returns b without leading and trailing spaces and tabs.
func trim(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// needsByteCheck reports whether b holds a byte that badBytes may object to.
func needsByteCheck(b []byte) bool {
	for _, c := range b {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f {
			return true
		}
	}
	return false
}

// badBytes describes what in line lies outside RFC 9309's grammar (control
// bytes other than tab, or bytes that are not UTF-8), or returns "".
func badBytes(line []byte) string {
	ascii := true
	for _, c := range line {
		if c < ' ' && c != '\t' || c == 0x7f {
			return "control byte"
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(line) {
		return "invalid UTF-8"
	}
	return ""
}
