package robots

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/crawlkit/robots/internal/decl"
)

// This file holds the parser, the second stage: it reads each line of the
// lexer as a record (RFC 9309 sections 2.1 and 2.2, and the leniencies
// the package documentation lists) and keeps what a File
// needs in a compact form: the raw groups in file order (user-agent lines
// followed by rules), sitemaps, other records and diagnostics. Merging the
// groups is group.go's business.
//
// Everything kept of the body is copied, once and as written, into one
// string (text), and everything else refers to it by int32 offsets; nothing
// is kept per line but what the line says. So a File holds neither the
// caller's body nor more than about as many bytes of text as it parsed, and
// the bytes of its tables stay within a small multiple of the bytes parsed
// whatever the body (see TestRetainedMemoryHostile).

// span is a run of bytes of text: text[off:end].
type span struct{ off, end int32 }

// A prule is an allow or disallow line: its pattern, as written, is
// text[off:] up to a '\n' (which no pattern holds). The canonical form is
// made when the group is queried. (Keeping the pattern's length and the
// kind in prule, 12 bytes instead of 8, made Parse allocate 1.08 times
// big_500k's size, more than the 1x issue 23 asks for.)
type prule struct {
	off  int32
	meta uint32 // the line number, and pruleAllow for an allow line
}

// pruleAllow marks an allow line in prule.meta: line numbers are below
// MaxBytesCap+2, far below it.
const pruleAllow = 1 << 31

func (r *prule) allow() bool { return r.meta&pruleAllow != 0 }
func (r *prule) line() int32 { return int32(r.meta &^ pruleAllow) }

// pattern returns the rule's pattern in text.
func (r *prule) pattern(text string) string {
	t := text[r.off:]
	return t[:strings.IndexByte(t, '\n')]
}

// A rawGroup is a group as written: user-agent lines, then rules. The
// groups, their agents and their rules are in file order, so group i has
// the rules rules[raws[i-1].rules:raws[i].rules] (from 0 for i == 0), and
// the agents likewise.
type rawGroup struct {
	rules  int32 // end of its rules, set once the group is over (endRules)
	agents int32 // end of its agents: product tokens as written, and "*"
	line   int32 // line of its first user-agent line
	delay  int32 // index of its crawl-delay in delays, or -1
}

// A record is a line with a key other than user-agent, allow, disallow,
// sitemap and crawl-delay: text[off:] holds the key, a ':' and the value,
// then a '\n'. (A key holds no ':', and no value holds a '\n'.) Its group
// is the last raw group that starts before it. Content-Signal and
// Content-Usage lines are records too, read again when queried (prefs.go).
type record struct {
	off  int32
	line int32
}

// A diag is a diagnostic: its detail is text[detail] or, when note is not
// noteNone, a constant text.
type diag struct {
	line   int32
	kind   uint8 // a DiagnosticKind
	note   uint8
	detail span
}

// Constant details of diagnostics, which are not copied into text.
const (
	noteNone uint8 = iota
	noteNUL
	noteControl
	noteUTF8
)

var noteText = [...]string{
	noteNUL:     "NUL byte ends the line",
	noteControl: "control byte",
	noteUTF8:    "invalid UTF-8",
}

// maxDetail is how many bytes of what a line says a diagnostic keeps.
const maxDetail = 80

// maxDiagnostics is how many diagnostics a File keeps; it counts the rest.
// Each costs 16 bytes and up to 80 bytes of detail, so a file of many bad
// lines costs at most about 100 KB for its diagnostics.
const maxDiagnostics = 1000

// parser holds the state of one parse. Its slices are scratch space, kept
// by a pool; parse copies them out at their final size.
type parser struct {
	text    []byte
	line    int32 // number of the current line, from 1
	sawRule bool  // the current group has an allow or disallow line
	global  bool  // the current group has a "*" line

	rules    []prule
	agents   []span
	raws     []rawGroup
	delays   []time.Duration
	sitemaps []span
	records  []record
	diags    []diag
	seen     []int32 // scratch space of dedupSitemaps
	dropped  int
	dropLine int32

	lines *decl.Declarations // the lines as written, for decl.Read; nil for Parse

	build buildScratch // scratch space of groupSet.build
}

// parsers holds parsers whose scratch slices can be used again. Without it,
// BenchmarkParse/realistic_5k takes 30% longer (benchstat, 6 runs each).
var parsers = sync.Pool{New: func() any { return new(parser) }}

// maxPooled bounds the scratch space a pooled parser keeps, so that one big
// file does not keep its parse's scratch space alive: 1 MiB of text, room
// for a body of the default parse limit. (With 64 KiB, the 48 files of the
// corpus over 64 KiB, 55% of its bytes, each allocate scratch space, and
// BenchmarkCorpus/Parse allocates 1.8 times as many bytes.)
const maxPooled = 1 << 20

// parse parses the first limit bytes of body.
func parse(body []byte, limit int) *File {
	p := parsers.Get().(*parser)
	defer p.free()
	p.read(body, limit)
	return p.file()
}

// read parses the first limit bytes of body into p.
func (p *parser) read(body []byte, limit int) {
	b, cut, partial := cutBody(body, limit)
	p.text = slices.Grow(p.text, len(b))
	// A body of n line breaks has n+1 lines; the last is empty when the
	// body ends with a line break. (Walking rest, not b[i:], saves 1.7% of
	// the instructions of BenchmarkCorpus/Parse, as in scanLine.)
	for rest := b; ; {
		end, next, colon, hash, check := scanLine(rest)
		line := rest[:end]
		p.line++
		last := next > len(rest)
		switch {
		case last && partial:
			// The last line, which the limit cuts in two: dropped whole.
		case check || end > maxLineLen:
			p.checkedRecord(line)
		default:
			p.record(line, colon, hash)
		}
		if last {
			break
		}
		rest = rest[next:]
	}
	if cut {
		// The diagnostic goes on the first line that is not parsed: the
		// line the limit cuts in two, the empty last line if the body ends
		// with a line break, or else the line after the last one parsed.
		if n := len(b); !partial && n > 0 && b[n-1] != '\n' && b[n-1] != '\r' {
			p.line++
		}
		p.diag(BeyondParseLimit, nil)
	}
}

// free returns p to the pool, unless its scratch space is big.
func (p *parser) free() {
	if cap(p.text) > maxPooled || cap(p.rules) > maxPooled/16 {
		return
	}
	*p = parser{
		text:     p.text[:0],
		rules:    p.rules[:0],
		agents:   p.agents[:0],
		raws:     p.raws[:0],
		delays:   p.delays[:0],
		sitemaps: p.sitemaps[:0],
		records:  p.records[:0],
		diags:    p.diags[:0],
		seen:     p.seen[:0],
		build:    p.build.reset(),
	}
	parsers.Put(p)
}

// file builds the File of what p found: it merges the groups (group.go),
// then copies everything the File keeps out of p's scratch space into one
// allocation, as none of it holds a pointer. (A copy of each table instead,
// at its length, and build's tables allocated for each file, make
// BenchmarkCorpus/Parse allocate 16% more bytes in 3 times as many
// allocations.)
func (p *parser) file() *File {
	f := &File{dropped: p.dropped, dropLine: p.dropLine}
	p.sitemaps = p.dedupSitemaps()
	p.endRules()
	s := &f.set
	s.build(p)
	size := len(p.text) + 7 + bytesOf(p.rules) + bytesOf(p.agents) + bytesOf(p.raws) +
		bytesOf(p.delays) + bytesOf(s.members) + bytesOf(s.names) + bytesOf(s.slots) +
		bytesOf(p.sitemaps) + bytesOf(p.records) + bytesOf(p.diags)
	a := arena(make([]uint64, 0, size/8)) // each table takes whole words: see take
	s.text = takeString(&a, p.text)
	s.rules = take(&a, p.rules)
	s.agents = take(&a, p.agents)
	s.raws = take(&a, p.raws)
	s.delays = take(&a, p.delays)
	s.members = take(&a, s.members)
	s.names = take(&a, s.names)
	s.slots = take(&a, s.slots)
	f.sitemaps = take(&a, p.sitemaps)
	f.records = take(&a, p.records)
	f.diags = take(&a, p.diags)
	return f
}

// An arena is the unused capacity of one allocation that tables of values
// without pointers are taken from, in whole eight-byte words.
type arena []uint64

// bytesOf returns the bytes that take takes from an arena for s: its size,
// rounded up to a whole word.
func bytesOf[T any](s []T) int {
	var t T
	return (len(s)*int(unsafe.Sizeof(t)) + 7) &^ 7
}

// take returns a copy of s from a, or nil if s is empty. T must hold no
// pointer and need no more than eight-byte alignment.
func take[T any](a *arena, s []T) []T {
	if len(s) == 0 {
		return nil
	}
	n := bytesOf(s) / 8
	w := (*a)[len(*a) : len(*a)+n]
	*a = (*a)[:len(*a)+n]
	t := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(w))), len(s))
	copy(t, s)
	return t
}

// takeString returns a copy of b from a, as a string.
func takeString(a *arena, b []byte) string {
	t := take(a, b)
	return unsafe.String(unsafe.SliceData(t), len(t))
}

// dedupSitemaps returns the sitemaps without the later of two equal ones,
// in p.sitemaps' own space.
func (p *parser) dedupSitemaps() []span {
	if len(p.sitemaps) < 2 {
		return p.sitemaps
	}
	// An open addressing table of indices into out plus one (0 is empty),
	// in scratch space, finds the equal ones. (A map of strings instead
	// allocated a string for each sitemap, and the map: 4.4% of the bytes
	// that BenchmarkCorpus/FirstQuery allocated; memory profile.)
	out := p.sitemaps[:0]
	p.seen = zeroed(p.seen, tableSize(len(p.sitemaps)))
	mask := uint32(len(p.seen) - 1)
	for _, s := range p.sitemaps {
		v := p.text[s.off:s.end]
		for i := uint32(maphash.Bytes(hashSeed, v)) & mask; ; i = (i + 1) & mask {
			k := p.seen[i] - 1
			if k < 0 {
				out = append(out, s) // never past s, in the same space
				p.seen[i] = int32(len(out))
				break
			}
			if o := out[k]; bytes.Equal(p.text[o.off:o.end], v) {
				break
			}
		}
	}
	return out
}

// checkedRecord reads one line that scanLine could not: a line that may
// hold bytes outside RFC 9309's grammar, or that is longer than
// maxLineLen.
func (p *parser) checkedRecord(b []byte) {
	if len(b) > maxLineLen {
		b = b[:maxLineLen]
		p.diag(LineTooLong, nil)
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
		p.note(InvalidBytes, noteNUL)
	}
	if note := badBytes(b); note != noteNone {
		p.note(InvalidBytes, note)
	}
	colon, hash := bytes.IndexByte(b, ':'), bytes.IndexByte(b, '#')
	if hash >= 0 && hash < colon {
		colon = -1
	}
	p.record(b, colon, hash)
}

// record reads one line, given the index of its first colon when no '#'
// comes before it and the index of its first '#' (each -1 when there is
// none), as scanLine finds them.
func (p *parser) record(b []byte, colon, hash int) {
	// The key runs to the first colon, unless a comment starts first.
	if colon < 0 {
		if hash >= 0 {
			b = b[:hash]
		}
		p.noColon(trim(b))
		return
	}
	key, value := trim(b[:colon]), b[colon+1:]
	if hash >= 0 {
		value = value[:hash-colon-1]
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
	i := indexSpace(line)
	if i < 0 {
		p.diag(MalformedLine, line)
		return
	}
	value := trim(line[i:])
	if indexSpace(value) >= 0 {
		p.diag(MalformedLine, line)
		return
	}
	p.diag(MissingColon, line)
	p.keyValue(line[:i], value, line)
}

// keyValue reads a line with the given key and value; line is the line as
// written, for diagnostics.
func (p *parser) keyValue(key, value, line []byte) {
	k := exactKey(key)
	if k == keyUnknown {
		if k, _ = misspelled(key); k != keyUnknown {
			p.diag(AcceptedMisspelling, key)
		}
	}
	switch k {
	case keyUserAgent:
		p.userAgent(value)
	case keyAllow, keyDisallow:
		p.rule(value, k == keyAllow, line)
	case keySitemap:
		p.noteSitemap(value)
		if len(value) > 0 {
			p.sitemaps = append(p.sitemaps, p.save(value))
		}
	case keyCrawlDelay:
		p.crawlDelay(value, line)
	default:
		off := int32(len(p.text))
		p.records = append(p.records, record{off: off, line: p.line})
		p.text = append(p.text, key...)
		p.text = append(p.text, ':')
		p.text = append(p.text, value...)
		p.text = append(p.text, '\n')
		switch ext := extensionKind(key); ext {
		case OtherKey:
			p.diagSpan(UnknownKey, span{off, off + int32(len(key))}) // the record's key
		case ContentSignal, ContentUsage:
			p.preference(ext, value, line)
		}
	}
}

// userAgent reads the value of a user-agent line.
func (p *parser) userAgent(value []byte) {
	if len(p.raws) == 0 || p.sawRule {
		p.endRules()
		n := int32(len(p.agents))
		p.raws = append(p.raws, rawGroup{rules: int32(len(p.rules)), agents: n, line: p.line, delay: -1})
		p.sawRule, p.global = false, false
	}
	g := &p.raws[len(p.raws)-1]
	// Like Google, read "*" followed by whitespace and anything as "*".
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || isSpace(value[1])) {
		p.noteAgent(value, 1)
		if !p.global {
			p.global = true
			p.agents = append(p.agents, p.save(value[:1]))
			g.agents++
		}
		return
	}
	tok := value[:tokenLen(value)]
	p.noteAgent(value, len(tok))
	if len(tok) > 0 {
		p.agents = append(p.agents, p.save(tok))
		g.agents++
	}
}

// rule reads the value of an allow or disallow line.
func (p *parser) rule(value []byte, allow bool, line []byte) {
	if len(p.raws) == 0 {
		p.diag(RuleOutsideGroup, trim(line))
		return
	}
	p.sawRule = true
	off := int32(len(p.text))
	p.text = append(append(p.text, value...), '\n')
	if len(value) > 0 && value[0] != '/' && value[0] != '*' {
		p.diagSpan(InvalidPattern, span{off, off + int32(len(value))}) // the rule's pattern
	}
	meta := uint32(p.line)
	if allow {
		meta |= pruleAllow
	}
	p.rules = append(p.rules, prule{off: off, meta: meta})
}

// endRules sets the end of the rules of the last raw group.
func (p *parser) endRules() {
	if n := len(p.raws); n > 0 {
		p.raws[n-1].rules = int32(len(p.rules))
	}
}

// crawlDelay reads the value of a crawl-delay line.
func (p *parser) crawlDelay(value, line []byte) {
	if len(p.raws) == 0 {
		p.diag(RuleOutsideGroup, trim(line))
		return
	}
	d, ok := parseDelay(value)
	if !ok {
		p.diag(BadCrawlDelay, value)
		return
	}
	switch g := &p.raws[len(p.raws)-1]; {
	case g.delay < 0:
		g.delay = int32(len(p.delays))
		p.delays = append(p.delays, d)
	case d > p.delays[g.delay]:
		p.delays[g.delay] = d
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

// save copies b into text.
func (p *parser) save(b []byte) span {
	off := int32(len(p.text))
	p.text = append(p.text, b...)
	return span{off, int32(len(p.text))}
}

// diag notes a diagnostic for the current line, with detail cut to 80
// bytes.
func (p *parser) diag(kind DiagnosticKind, detail []byte) {
	if p.full() {
		return
	}
	if len(detail) > maxDetail {
		detail = detail[:maxDetail]
	}
	p.diags = append(p.diags, diag{line: p.line, kind: uint8(kind), detail: p.save(detail)})
}

// diagSpan notes a diagnostic for the current line whose detail is
// text[sp] cut to 80 bytes, held already for what the line says.
func (p *parser) diagSpan(kind DiagnosticKind, sp span) {
	if !p.full() {
		p.diags = append(p.diags, diag{line: p.line, kind: uint8(kind), detail: span{sp.off, min(sp.end, sp.off+maxDetail)}})
	}
}

// note notes a diagnostic for the current line with a constant detail.
func (p *parser) note(kind DiagnosticKind, note uint8) {
	if !p.full() {
		p.diags = append(p.diags, diag{line: p.line, kind: uint8(kind), note: note})
	}
}

// full reports whether maxDiagnostics are kept already, and if so counts
// one more that is not.
func (p *parser) full() bool {
	if len(p.diags) < maxDiagnostics {
		return false
	}
	if p.dropped == 0 {
		p.dropLine = p.line
	}
	p.dropped++
	return true
}

// badBytes says what in line lies outside RFC 9309's grammar, as one of
// the notes noteControl and noteUTF8, or returns noteNone.
func badBytes(line []byte) uint8 {
	ascii := true
	for _, c := range line {
		switch {
		case c-' ' < 0x7f-' ':
			// Printable ASCII, most bytes: one test.
		case c >= 0x80:
			ascii = false
		case c != '\t':
			return noteControl
		}
	}
	if !ascii && !utf8.Valid(line) {
		return noteUTF8
	}
	return noteNone
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
	if k := exactKey(key); k != keyUnknown {
		return k, true
	}
	return misspelled(key)
}

// exactKey returns the kind of key when it is one of the five keys
// spelled exactly (in any case), and keyUnknown otherwise. It compares
// the key as a few words, each read at once with bit 0x20 of each byte
// set, which lower-cases ASCII letters; of the other bytes, it makes only
// CR (which no line holds) look like '-', so a key of letters and '-'
// gives the same words as a name exactly when they are equal in ASCII case
// only. (Comparing a byte at a time instead, BenchmarkParse takes 11% more
// instructions on realistic_5k and 12% more on big_500k; and reading the
// keys shorter than eight bytes a byte at a time into one word, exactKey
// took twice the instructions on the corpus; callgrind.)
func exactKey(key []byte) keyKind {
	switch len(key) {
	case 5: // "allow": its first four bytes, and its last four
		if fold32(key)|fold32(key[1:])<<32 == wordAllow {
			return keyAllow
		}
	case 7:
		if fold32(key)|fold32(key[3:])<<32 == wordSitemap {
			return keySitemap
		}
	case 8:
		if fold64(key) == wordDisallow {
			return keyDisallow
		}
	case 10:
		if fold64(key) == wordUserAge && fold32(key[6:]) == wordGent {
			return keyUserAgent
		}
	case 11:
		if fold64(key) == wordCrawlDe && fold32(key[7:]) == wordElay {
			return keyCrawlDelay
		}
	}
	return keyUnknown
}

// Words of the keys as exactKey reads them.
var (
	wordAllow    = fold32([]byte("allo")) | fold32([]byte("llow"))<<32
	wordSitemap  = fold32([]byte("site")) | fold32([]byte("emap"))<<32
	wordDisallow = fold64([]byte("disallow"))
	wordUserAge  = fold64([]byte("user-age"))
	wordGent     = fold32([]byte("gent"))
	wordCrawlDe  = fold64([]byte("crawl-de"))
	wordElay     = fold32([]byte("elay"))
)

// fold64 and fold32 return the first eight or four bytes of b, each with
// bit 0x20 set, as a little-endian word.
func fold64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) | 0x2020202020202020 }
func fold32(b []byte) uint64 { return uint64(binary.LittleEndian.Uint32(b) | 0x20202020) }

// misspelled returns what key names, if it is a misspelling of a key that
// Google's parser accepts (see keyNames), and false.
func misspelled(key []byte) (kind keyKind, exact bool) {
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

// hasPrefixFold reports whether b starts with prefix, which is lower-case
// ASCII, ignoring ASCII case.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(b[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// lower returns c in lower case if it is an ASCII upper-case letter, and c
// otherwise. Keys and product tokens are compared in ASCII case only, as
// Google's parser compares them.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// indexSpace returns the index of the first space or tab of b, or -1.
// (bytes.IndexAny builds a set on each call, and takes twice as long.)
func indexSpace(b []byte) int {
	for i, c := range b {
		if isSpace(c) {
			return i
		}
	}
	return -1
}

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
