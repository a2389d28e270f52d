package robots

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
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
	// checkBytes is set when some line may need an InvalidBytes diagnostic:
	// the body holds a control byte other than tab, LF and CR, DEL, or
	// bytes that are not UTF-8. It sends the body to lex, not lexClean.
	checkBytes bool

	rules    []parsedRule
	implied  int // number of rules with an index page pattern
	agents   []parsedAgent
	groups   []parsedGroup
	cur      int  // index of the current group, or -1 before the first
	sawRule  bool // the current group has an allow or disallow line
	sitemaps []span
	records  []parsedRecord
	diags    []parsedDiag

	agentLines   []parsedAgentLine   // for File.AgentLines; see written.go
	sitemapLines []parsedSitemapLine // for File.SitemapLines
}

type parsedRule struct {
	pattern span // canonical form
	written span // as written; equal to pattern when that is canonical
	implied span // the index page pattern it implies ("/d/$"), or empty
	line    int32
	allow   bool
}

type parsedAgent struct {
	name  span // the product token as written, or "*"
	lower span // the product token in lower case; empty for "*"
}

type parsedGroup struct {
	agents     span // p.agents[agents.off:agents.end]
	first, end int  // p.rules[first:end]
	global     bool
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
	p, body, cut := newParser(body, limit)
	defer p.free()
	if p.checkBytes {
		p.lex(body)
	} else {
		p.lexClean(body)
	}
	return p.finish(body, cut)
}

// parsers holds parsers whose scratch slices can be used again: all a File
// keeps is copied out of them.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// maxPooled and maxPooledRules bound the scratch space a pooled parser
// keeps: a parser that read a bigger body is left to the garbage collector,
// so that one big file does not keep its parse's scratch space alive.
const (
	maxPooled      = 64 << 10
	maxPooledRules = 2048
)

// free returns p to the pool, keeping the capacity of its slices, unless
// they are big.
func (p *parser) free() {
	if cap(p.arena) > maxPooled || cap(p.rules) > maxPooledRules {
		return
	}
	*p = parser{
		arena:    p.arena[:0],
		rules:    p.rules[:0],
		agents:   p.agents[:0],
		groups:   p.groups[:0],
		sitemaps: p.sitemaps[:0],
		records:  p.records[:0],
		diags:    p.diags[:0],

		agentLines:   p.agentLines[:0],
		sitemapLines: p.sitemapLines[:0],
	}
	parsers.Put(p)
}

// newParser returns a parser for the first limit bytes of body, the part of
// body to lex, and whether body went on past the limit.
func newParser(body []byte, limit int) (p *parser, lexed []byte, cut bool) {
	p = parsers.Get().(*parser)
	p.cur = -1
	cut = len(body) > limit
	if cut {
		next := body[limit]
		body = body[:limit]
		if next != '\n' && next != '\r' {
			// Drop the line the limit cuts in two.
			body = body[:bytes.LastIndexAny(body, "\r\n")+1]
		}
	}
	p.checkBytes = needsByteCheck(body)
	// Most of what a File keeps is a copy of part of the body, and most
	// lines are rules: size the arena and the rules once.
	p.arena = slices.Grow(p.arena, len(body)+len(body)/8)
	p.rules = slices.Grow(p.rules, bytes.Count(body, []byte{'\n'})+1)
	return p, skipBOM(body), cut
}

// finish notes whether the body was cut, and builds the File.
func (p *parser) finish(lexed []byte, cut bool) *File {
	if cut {
		// The diagnostic goes on the first line that is not parsed: the
		// empty last line the lexer saw, if the body ends with a line
		// break, or else the line after the last one parsed.
		if n := len(lexed); n > 0 && lexed[n-1] != '\n' && lexed[n-1] != '\r' {
			p.line++
		}
		p.diag(BeyondParseLimit, nil)
	}
	return p.file()
}

// skipBOM returns b without a leading UTF-8 byte order mark, or a leading
// part of one, as Google's parser does.
func skipBOM(b []byte) []byte {
	for _, c := range []byte("\xEF\xBB\xBF") {
		if len(b) == 0 || b[0] != c {
			break
		}
		b = b[1:]
	}
	return b
}

// lex cuts b into lines and hands each to p.record. A line ends at LF, CR or
// CRLF.
func (p *parser) lex(b []byte) {
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

// lexClean does what lex does, faster, for a body b whose only control bytes
// are tab, LF and CR and which is UTF-8 (so no line needs an InvalidBytes
// diagnostic). It reads each line in one pass, and hands the lines it does
// not read itself (too long, no colon, no key) to p.record.
func (p *parser) lexClean(b []byte) {
	for i := 0; ; {
		p.line++
		i = p.lineClean(b, i)
		if i == len(b) {
			return
		}
		i++
		if b[i-1] == '\r' && i < len(b) && b[i] == '\n' {
			i++
		}
	}
}

// lineClean reads the line of b that starts at start, and returns the index
// of its end: of the LF or CR that ends it, or len(b).
func (p *parser) lineClean(b []byte, start int) (end int) {
	i := start
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	keyStart := i
	kind, colon := knownKey(b, i)
	if colon < 0 {
		colon = indexKeyEnd(b, i)
	}
	if colon == len(b) || b[colon] != ':' {
		// A blank line, a comment, or a line without a colon.
		end = indexLineEnd(b, colon)
		if colon > keyStart || end-start > maxLineLen {
			p.record(b[start:end])
		}
		return end
	}
	i = colon + 1
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	valueStart := i
	var valueEnd int
	from := 0 // where the value may first differ from its canonical form
	if kind == keyAllow || kind == keyDisallow {
		valueEnd, from = indexPatternEnd(b, i)
		from -= valueStart
	} else {
		valueEnd = indexValueEnd(b, i)
	}
	end = valueEnd
	if end < len(b) && b[end] == '#' {
		end = indexLineEnd(b, end)
	}
	key := b[keyStart:colon] // exact when knownKey found it
	if kind == keyUnknown {
		key = trimRight(key)
	}
	if len(key) == 0 || end-start > maxLineLen {
		p.record(b[start:end])
		return end
	}
	value := trimRight(b[valueStart:valueEnd])
	switch kind {
	case keyUnknown:
		p.keyValue(key, value, b[start:end])
	case keyAllow, keyDisallow:
		p.rule(value, kind == keyAllow, b[start:end], min(from, len(value)))
	default:
		p.apply(kind, key, value, b[start:end])
	}
	return end
}

// knownKey recognises a correctly spelt key of a known kind directly followed
// by a colon at b[i:], by comparing eight folded bytes at once (see
// classify). It returns the kind and the index of the colon, or keyUnknown
// and -1.
func knownKey(b []byte, i int) (keyKind, int) {
	if len(b)-i < 9 {
		return keyUnknown, -1
	}
	w := fold8(b[i : i+8])
	switch {
	case w == disallow8 && b[i+8] == ':':
		return keyDisallow, i + 8
	case w&mask6 == allowColon6:
		return keyAllow, i + 5
	case w == sitemapColon8:
		return keySitemap, i + 7
	case w == userAge8 && len(b)-i >= 11 && b[i+8]|0x20 == 'n' && b[i+9]|0x20 == 't' && b[i+10] == ':':
		return keyUserAgent, i + 10
	}
	return keyUnknown, -1
}

// indexKeyEnd returns the index of the first ':', '#', LF or CR in b at or
// after i, or len(b).
func indexKeyEnd(b []byte, i int) int { return indexAny4(b, i, ':', '#', '\n', '\r') }

// indexValueEnd returns the index of the first '#', LF or CR in b at or after
// i, or len(b).
func indexValueEnd(b []byte, i int) int { return indexAny4(b, i, '#', '#', '\n', '\r') }

// indexPatternEnd is indexValueEnd for the value of an allow or disallow
// line, which also returns the index of the first byte from i on that may
// differ in the value's canonical form (see firstChange), or the value's
// end. In a word of ASCII bytes the tests are exact; in one with other
// bytes, carries only mark bytes above a non-ASCII one, which is marked
// itself, so the lowest mark is exact too.
func indexPatternEnd(b []byte, i int) (end, from int) {
	from = -1
	for ; len(b)-i >= 8; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if from < 0 {
			// Non-ASCII, <= ' ', DEL, and '#' to '%'.
			special := w | ^(w + 0x5f*ones) | (w + ones) | (w+(0x80-0x23)*ones)&^(w+(0x80-0x26)*ones)
			if special &= high; special != 0 {
				from = i + bits.TrailingZeros64(special)>>3
			}
		}
		if m := zeros(w^ones*'#') | zeros(w^ones*'\n') | zeros(w^ones*'\r'); m != 0 {
			end = i + bits.TrailingZeros64(m)>>3
			if from < 0 || from > end {
				from = end
			}
			return end, from
		}
	}
	for ; i < len(b); i++ {
		c := b[i]
		if from < 0 && byteClass[c]&classPattern != 0 {
			from = i
		}
		if c == '#' || c == '\n' || c == '\r' {
			break
		}
	}
	if from < 0 || from > i {
		from = i
	}
	return i, from
}

// indexLineEnd returns the index of the first LF or CR in b at or after i,
// or len(b).
func indexLineEnd(b []byte, i int) int { return indexAny4(b, i, '\n', '\n', '\n', '\r') }

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
	if p.checkBytes {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			b = b[:i]
			p.diag(InvalidBytes, []byte("NUL byte ends the line"))
		}
		if msg := badBytes(b); msg != "" {
			p.diag(InvalidBytes, []byte(msg))
		}
	}
	// The key runs to the first colon, unless a comment starts first.
	k := 0
	for k < len(b) && byteClass[b[k]]&classDelim == 0 {
		k++
	}
	if k == len(b) || b[k] == '#' {
		p.noColon(trim(b[:k]))
		return
	}
	key, value := trim(b[:k]), b[k+1:]
	if i := bytes.IndexByte(value, '#'); i >= 0 {
		value = value[:i]
	}
	value = trim(value)
	if len(key) == 0 {
		p.diag(MalformedLine, trim(b))
		return
	}
	p.keyValue(key, value, b)
}

// noColon reads a line without a colon: a key and a value when it has
// exactly two words ("Disallow /private"), as Google's parser does.
func (p *parser) noColon(line []byte) {
	if len(line) == 0 {
		return // blank, or a comment
	}
	i := bytes.IndexAny(line, " \t")
	if i < 0 {
		p.diag(MalformedLine, line)
		return
	}
	value := trim(line[i:])
	if bytes.ContainsAny(value, " \t") {
		p.diag(MalformedLine, line)
		return
	}
	p.diag(MissingColon, line)
	p.keyValue(line[:i], value, line)
}

// keyValue reads a line with the given key and value; line is the line as
// written, for diagnostics.
func (p *parser) keyValue(key, value, line []byte) {
	k, exact := classify(key)
	if k != keyUnknown && !exact {
		p.diag(AcceptedMisspelling, key)
	}
	p.apply(k, key, value, line)
}

// apply reads a line whose key is of kind k.
func (p *parser) apply(k keyKind, key, value, line []byte) {
	switch k {
	case keyUserAgent:
		p.userAgent(value)
	case keyAllow, keyDisallow:
		p.rule(value, k == keyAllow, line, 0)
	case keySitemap:
		p.noteSitemap(value)
		if len(value) > 0 {
			p.sitemaps = append(p.sitemaps, p.save(value))
		}
	case keyCrawlDelay:
		p.crawlDelay(value, line)
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
		n := int32(len(p.agents))
		p.groups = append(p.groups, parsedGroup{agents: span{n, n}, first: len(p.rules), end: len(p.rules)})
		p.cur = len(p.groups) - 1
		p.sawRule = false
	}
	g := &p.groups[p.cur]
	// Like Google, read "*" followed by whitespace and anything as "*".
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || isSpace(value[1])) {
		p.noteAgent(value, 1)
		if !g.global {
			g.global = true
			p.agents = append(p.agents, parsedAgent{name: p.save(value[:1])})
			g.agents.end++
		}
		return
	}
	tok := value[:tokenLen(value)]
	p.noteAgent(value, len(tok))
	if len(tok) == 0 {
		return
	}
	a := parsedAgent{name: p.save(tok)}
	a.lower = a.name
	if hasUpper(tok) {
		a.lower.off = int32(len(p.arena))
		for _, c := range tok {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			p.arena = append(p.arena, c)
		}
		a.lower.end = int32(len(p.arena))
	}
	p.agents = append(p.agents, a)
	g.agents.end++
}

func hasUpper(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

// rule reads the value of an allow or disallow line. value[:from] is known
// to be in canonical form.
func (p *parser) rule(value []byte, allow bool, line []byte, from int) {
	if p.cur < 0 {
		p.diag(RuleOutsideGroup, trim(line))
		return
	}
	p.sawRule = true
	if len(value) > 0 && value[0] != '/' && value[0] != '*' {
		p.diag(InvalidPattern, value)
	}
	r := parsedRule{line: int32(p.line), allow: allow}
	r.pattern.off = int32(len(p.arena))
	i := -1
	if from < len(value) {
		if i = firstChange(value[from:], true); i >= 0 {
			i += from
		}
	}
	if i < 0 {
		p.arena = append(p.arena, value...)
		r.pattern.end = int32(len(p.arena))
		r.written = r.pattern
	} else {
		p.arena = appendCanonical(p.arena, value, i, true)
		r.pattern.end = int32(len(p.arena))
		r.written = p.save(value)
	}
	if allow {
		if n := indexPageDir(p.arena[r.pattern.off:r.pattern.end]); n >= 0 {
			r.implied.off = int32(len(p.arena))
			p.arena = append(p.arena, p.arena[r.pattern.off:r.pattern.off+int32(n)]...)
			p.arena = append(p.arena, '$')
			r.implied.end = int32(len(p.arena))
			p.implied++
		}
	}
	p.rules = append(p.rules, r)
	p.groups[p.cur].end = len(p.rules)
}

// crawlDelay reads the value of a crawl-delay line.
func (p *parser) crawlDelay(value, line []byte) {
	if p.cur < 0 {
		p.diag(RuleOutsideGroup, trim(line))
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

	// Each raw group's agents, their lower-case forms and its rules are
	// sub-slices of these, which are allocated once at their final size.
	agents := make([]string, len(p.agents))
	lower := make([]string, len(p.agents))
	rules := make([]rule, 0, len(p.rules)+p.implied)
	var written map[int32]string
	raw := make([]rawGroup, len(p.groups))
	for i, a := range p.agents {
		agents[i] = str(a.name)
		lower[i] = agents[i] // "*"
		if a.lower != (span{}) {
			lower[i] = str(a.lower)
		}
	}
	for gi := range p.groups {
		pg, rg := &p.groups[gi], &raw[gi]
		rg.global, rg.delay, rg.hasDelay = pg.global, pg.delay, pg.hasDelay
		rg.agents = agents[pg.agents.off:pg.agents.end:pg.agents.end]
		rg.lower = lower[pg.agents.off:pg.agents.end:pg.agents.end]
		first := len(rules)
		for i := range p.rules[pg.first:pg.end] {
			pr := &p.rules[pg.first+i]
			rules = append(rules, newRule(str(pr.pattern), int(pr.line), pr.allow))
			hasImplied := pr.implied != (span{})
			if hasImplied {
				r := newRule(str(pr.implied), int(pr.line), true)
				r.flags |= ruleImplied
				rules = append(rules, r)
			}
			if hasImplied || pr.written != pr.pattern {
				if written == nil {
					written = make(map[int32]string)
				}
				written[pr.line] = str(pr.written)
			}
		}
		rg.rules = rules[first:len(rules):len(rules)]
	}

	f := &File{}
	named, global := mergeGroups(raw, written)
	f.setNamed(named)
	f.global = global
	if len(p.sitemaps) > 0 {
		f.sitemaps = make([]string, len(p.sitemaps))
		for i, s := range p.sitemaps {
			f.sitemaps[i] = str(s)
		}
		f.sitemaps = dedup(f.sitemaps, f.sitemaps)
	}
	if len(p.records) > 0 {
		f.records = make([]Record, len(p.records))
		for i, pr := range p.records {
			r := &f.records[i]
			r.Line, r.Key, r.Value = int(pr.line), str(pr.key), str(pr.value)
			if pr.group >= 0 {
				r.Agents = raw[pr.group].agents
			}
		}
	}
	p.keepWritten(f, str)
	if len(p.diags) > 0 {
		f.diags = make([]Diagnostic, len(p.diags))
		for i, d := range p.diags {
			f.diags[i] = Diagnostic{Line: int(d.line), Kind: d.kind, Detail: str(d.detail)}
		}
	}
	return f
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

// keyNames lists, for each kind of key, the names it is recognised by, as a
// prefix and without regard to case, as Google's parser does. The first name
// is the correct spelling; all names of a kind start with the same letter.
var keyNames = [...][]string{
	keyUserAgent:  {"user-agent", "useragent", "user agent"},
	keyAllow:      {"allow"},
	keyDisallow:   {"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"},
	keySitemap:    {"sitemap", "site-map"},
	keyCrawlDelay: {"crawl-delay"},
}

// classify returns what key names and whether it is spelled exactly.
func classify(key []byte) (kind keyKind, exact bool) {
	// The correct spellings, compared eight bytes at a time. fold8 sets
	// bit 0x20 of each byte, which lower-cases letters; it maps no other
	// byte that can be in a line onto a letter, '-' or the padding zero.
	w := fold8(key)
	switch n := len(key); {
	case n >= 8 && w == disallow8:
		return keyDisallow, n == 8
	case n >= 5 && w&mask5 == allow5:
		return keyAllow, n == 5
	case n >= 10 && w == userAge8 && key[8]|0x20 == 'n' && key[9]|0x20 == 't':
		return keyUserAgent, n == 10
	case n >= 7 && w&mask7 == sitemap7:
		return keySitemap, n == 7
	case n >= 11 && w == crawlDe8 && fold8(key[8:11]) == lay3:
		return keyCrawlDelay, n == 11
	}
	// Misspellings, and longer forms of the spellings above.
	switch key[0] | 0x20 {
	case 'u':
		kind = keyUserAgent
	case 'a':
		kind = keyAllow
	case 'd':
		kind = keyDisallow
	case 's':
		kind = keySitemap
	case 'c':
		kind = keyCrawlDelay
	default:
		return keyUnknown, false
	}
	for i, name := range keyNames[kind] {
		if hasPrefixFold(key, name) {
			return kind, i == 0 && len(key) == len(name)
		}
	}
	return keyUnknown, false
}

// fold8 returns the first eight bytes of b (fewer if b is shorter, padded
// with zeros) as a little-endian word, with bit 0x20 of each byte set.
func fold8(b []byte) uint64 {
	if len(b) >= 8 {
		return binary.LittleEndian.Uint64(b) | 0x2020202020202020
	}
	var w uint64
	for i := len(b) - 1; i >= 0; i-- {
		w = w<<8 | uint64(b[i]|0x20)
	}
	return w
}

const (
	mask5 = 1<<40 - 1
	mask6 = 1<<48 - 1
	mask7 = 1<<56 - 1
)

var (
	disallow8     = fold8([]byte("disallow"))
	allow5        = fold8([]byte("allow"))
	allowColon6   = fold8([]byte("allow:"))
	userAge8      = fold8([]byte("user-age"))
	sitemap7      = fold8([]byte("sitemap"))
	sitemapColon8 = fold8([]byte("sitemap:"))
	crawlDe8      = fold8([]byte("crawl-de"))
	lay3          = fold8([]byte("lay"))
)

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
	return trimRight(b)
}

// trimRight returns b without trailing spaces and tabs.
func trimRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// needsByteCheck reports whether some line of b may need an InvalidBytes
// diagnostic: whether b holds a control byte other than tab, LF and CR, DEL,
// or bytes that are not UTF-8.
func needsByteCheck(b []byte) bool {
	for i := 0; i < len(b); {
		if len(b)-i >= 8 {
			if w := binary.LittleEndian.Uint64(b[i:]); w&high == 0 {
				// Eight ASCII bytes: with no byte above 0x7f, adding 0x60
				// or 1 carries into no other byte, so the high bit of
				// c+0x60 is clear exactly when c < ' ', and that of c+1 is
				// set exactly when c is DEL.
				if (w+ones)&high != 0 {
					return true // DEL
				}
				if ctl := ^(w + 0x60*ones) & high; ctl != 0 {
					// Some byte is below ' ': all of them must be tab,
					// LF or CR.
					if ctl&^(zeros(w^ones*'\t')|zeros(w^ones*'\n')|zeros(w^ones*'\r')) != 0 {
						return true
					}
				}
				i += 8
				continue
			}
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if byteClass[c]&classCheck != 0 {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return true
		}
		i += size
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
