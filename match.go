package robots

import (
	"cmp"
	"slices"
	"strings"
	"unsafe"
)

// This file holds compiled patterns and the longest-match decision: a
// Group's matcher, and the Group's answers.
//
// A pattern is compared in canonical form (see encoding.go) with a path in
// canonical form. It matches when it matches a prefix of the path:
//
//	'*'        matches any run of bytes, including none and including '/'
//	'$'        at the very end of the pattern, matches the end of the path
//	other      matches itself, case-sensitively
//
// A pattern that starts with neither '/' nor '*' matches nothing, and so does
// the empty pattern. Of all the rules of a group that match a path, the one
// with the longest canonical pattern (counting '*' and '$') decides; on a tie,
// allow wins over disallow. No match means allowed.
//
// Matching one pattern against one path costs O(len(path) * len(pattern)) at
// worst: each literal run between stars is found with strings.Index at the
// leftmost position after the previous one, which is always a right choice
// for patterns whose only wildcard is '*', so there is no backtracking.
//
// A group's rules are indexed by their literal prefix, the part before the
// first '*' (or the final '$'): only rules whose literal prefix is a prefix of
// the path can match it. Rules are sorted by literal prefix, so a binary
// search finds the last rule whose prefix is <= the path; every prefix of the
// path that is some rule's literal prefix is then on the chain of "parent"
// links (each run of equal prefixes links to the run of the longest proper
// prefix present), because any string sorted between a prefix of the path and
// the path itself starts with that prefix. Within a run, rules are sorted by
// priority, so the first match in a run is the run's best.
//
// Duplicate rules are dropped. Three speed-ups keep the search short: the
// first eight bytes of each literal prefix are kept as an integer (keys),
// and for a group of more than a few rules, where the prefixes "/c..."
// start for each byte c (second), so the binary search mostly compares
// integers over a narrow range. And a group with many wildcard rules that
// every path must be tried against keeps for each a 64-bit mask of the
// bytes it needs (needs), so that a path lacking one skips the rule without
// a search. (Without second and needs, BenchmarkAllowed/big_500k takes 4.5
// times as long, and BenchmarkAllowed/realistic_5k/Group 27% longer;
// benchstat, 6 runs each.)
//
// The first queries of a file are answered without an index, by trying
// each rule of the group asked in turn (scan); the index is built on a
// later query (see scanQueries). It refers to the
// patterns in the file's text, copying only those that change in canonical
// form, and sorts rules of its own: nothing the parser made is reordered.
// Its memory is bounded by the lines it indexes: each rule may take
// ruleBudget of its pattern's length, which keeps a parsed file and one
// index within four times the bytes parsed; the speed-ups are built only
// while the budget of the group's rules allows, as it does for any real
// file (a file of tiny rules, written to cost the most, gets an index
// without them, which answers the same, by plain binary search).

// A rule is an allow or disallow rule compiled for matching. Its body is
// its canonical pattern without a final '$' (which is a flag): the file's
// own text holds it when the pattern is canonical as written, the
// matcher's canon otherwise. A rule is 16 bytes and holds no pointer: an
// index may hold one for each line of a file of tiny rules (see
// ruleBudget).
type rule struct {
	off    uint32 // start of the body in the file's text, or in canon if ruleCopied
	n      uint16 // length of the body
	lit    uint16 // length of the literal prefix: the body up to its first '*'
	parent int32  // index of the end of the parent run, or -1; set by link
	meta   uint32 // src<<metaShift | flags, src being the index of the rule's line in the file's rules
}

const (
	ruleAllow    = 1 << iota // an allow rule
	ruleAnchored             // the pattern ends with '$'; with ruleAllow, priority reads both bits
	ruleImplied              // Google's index page rule, derived from the allow rule on the same line
	ruleRunStart             // first rule of a run with equal literal prefixes; set by link
	ruleOneStar              // the body holds exactly one '*'
	ruleCopied               // the body is in canon: the pattern changes in canonical form

	metaShift = 8 // meta holds flags below this bit, src above it
)

// A File has fewer rules than 1<<(32-metaShift), as each takes a line of
// at least minRuleLine bytes; a body, at most three times a line of at
// most maxLineLen bytes, fits a uint16; and a rule fits in the budget of a
// rule with an empty pattern. (These constants fail to compile otherwise.)
const (
	_ = uint(1<<(32-metaShift) - MaxBytesCap/minRuleLine)
	_ = uint16(3 * maxLineLen)
	_ = uintptr(4*minRuleLine) - unsafe.Sizeof(prule{}) - unsafe.Sizeof(rule{})
)

// minRuleLine is the fewest bytes a rule's line holds besides its
// pattern: "allow:" and a line break.
const minRuleLine = len("allow:\n")

// ruleBudget returns the bytes the index of a group may spend on a rule
// whose pattern, as written, has n bytes: what the memory bound (four times
// the bytes parsed) leaves of its line, of at least minRuleLine+n bytes,
// once the parser has kept the pattern and a prule. That is 16+3n: enough
// for a rule (16 bytes) whose canonical body is up to three times as long
// as the pattern (percent-encoding every byte but the first '/' or '*'),
// and for an index page rule, which shares the body, as its pattern holds
// at least "/index.htm", which canonical form does not lengthen. What a
// group's rules leave of their budgets pays for the speed-ups: second,
// keys and needs.
func ruleBudget(n int) int {
	return 4*(minRuleLine+n) - int(unsafe.Sizeof(prule{})) - n
}

func (r *rule) src() int32  { return int32(r.meta >> metaShift) }
func (r *rule) allow() bool { return r.meta&ruleAllow != 0 }

// priority orders the rules that match a path: the longer canonical
// pattern (counting a final '$') wins, and allow wins a tie.
func (r *rule) priority() int {
	return 2*int(r.n) + int(r.meta&(ruleAnchored|ruleAllow)) // 2*(n+anchored) + allow
}

// hasStar reports whether the rule's body holds a '*'.
func (r *rule) hasStar() bool { return r.lit < r.n }

// live reports whether a pattern can match anything.
func live(pattern string) bool {
	return len(pattern) > 0 && (pattern[0] == '/' || pattern[0] == '*')
}

// indexPageDir returns the length of the directory part of a canonical allow
// pattern whose last path segment starts with "index.htm" ("/d/" of
// "/d/index.html"), or -1. Google's parser lets such a rule allow the
// directory itself too, as if "/d/$" were written.
func indexPageDir(pattern string) int {
	i := strings.LastIndexByte(pattern, '/')
	if i < 0 || !strings.HasPrefix(pattern[i:], "/index.htm") {
		return -1
	}
	return i + 1
}

// matchRest reports whether the rule, whose body is p, matches path, which
// must start with the rule's literal prefix.
func (r *rule) matchRest(p, path string) bool {
	anchored := r.meta&ruleAnchored != 0
	n := int(r.lit)
	switch {
	case n == len(p):
		return !anchored || len(path) == n
	case r.meta&ruleOneStar != 0:
		// "L*S": S somewhere after L, or at the end if anchored.
		tail := p[n+1:]
		if anchored {
			return len(path)-n >= len(tail) && path[len(path)-len(tail):] == tail
		}
		return strings.Contains(path[n:], tail)
	}
	return matchStars(p[n+1:], path[n:], anchored)
}

// matchStars reports whether "*"+p matches a prefix of s (all of s when
// anchored). p may hold more stars.
func matchStars(p, s string, anchored bool) bool {
	if anchored {
		// The part after the last star must end s: a cheap test that most
		// paths fail.
		if last := p[strings.LastIndexByte(p, '*')+1:]; !strings.HasSuffix(s, last) {
			return false
		}
	}
	for {
		i := strings.IndexByte(p, '*')
		if i < 0 {
			break
		}
		if i > 0 {
			j := strings.Index(s, p[:i])
			if j < 0 {
				return false
			}
			s = s[j+i:]
		}
		p = p[i+1:]
	}
	if anchored {
		return strings.HasSuffix(s, p)
	}
	return strings.Contains(s, p)
}

// A matcher finds the deciding rule of a group for a path.
type matcher struct {
	// rules are the group's rules that can match, and the index page
	// rules they imply, without duplicates, sorted by literal prefix and
	// then by priority.
	rules []rule
	text  string // the file's text, which holds the bodies of most rules
	canon string // the bodies of the rules whose pattern changes in canonical form
	// second, unless nil, narrows the binary search: the rules whose
	// literal prefix starts with '/' and then byte c are
	// rules[second[c]:second[c+1]]. (Every literal prefix is "", "/" or
	// starts with '/' and another byte.)
	second []int32
	// keys, unless nil, holds the first eight bytes of each rule's literal
	// prefix, big-endian, so that most comparisons of the binary search
	// compare two integers.
	keys []uint64
	// needs, unless nil, holds for each rule with a '*' the byteBits of the
	// bytes after its literal prefix: a path that lacks one of them cannot
	// match, which is cheaper to see than to search. It is nil unless the
	// group has many such rules that every path must be tried against
	// (those whose literal prefix is "/" or ""), as working out the path's
	// bits costs about as much as trying two rules.
	needs []uint64
	// root is the end of the run of rules whose literal prefix is "/", or
	// else "", or -1: the deepest prefix every path has.
	root int32
}

// minSecond is how many rules a group needs for its matcher to use second.
const minSecond = 8

// minNeeds is how many rules with a star and a literal prefix of at most
// one byte a group needs for its matcher to use needs.
const minNeeds = 4

// body returns the rule's body.
func (m *matcher) body(r *rule) string {
	if r.meta&ruleCopied != 0 {
		return m.canon[r.off : r.off+uint32(r.n)]
	}
	return m.text[r.off : r.off+uint32(r.n)]
}

// prefix returns the rule's literal prefix.
func (m *matcher) prefix(r *rule) string {
	if r.meta&ruleCopied != 0 {
		return m.canon[r.off : r.off+uint32(r.lit)]
	}
	return m.text[r.off : r.off+uint32(r.lit)]
}

// newMatcher returns the matcher of the rules prules[i] for i in srcs,
// whose patterns are in text. It keeps a reference to text, not to prules
// or srcs.
//
// It sorts the rules by literal prefix, then by priority, drops
// duplicates (RFC 9309 section 2.2.2 lets a crawler drop them; the first
// written is kept) and links each run of equal prefixes to its parent run.
// Its rules and their canonical bodies take at most the sum of the
// ruleBudget of srcs, and the speed-ups are kept only while that sum
// allows: so a parsed file and one index stay within four times the bytes
// parsed, whatever the file.
func newMatcher(text string, prules []prule, srcs []int32) *matcher {
	m := &matcher{text: text, root: -1}
	budget := 0
	var canon []byte // bodies of the rules that change, before dropping duplicates
	rules := make([]rule, 0, len(srcs))
	for _, src := range srcs {
		pr := &prules[src]
		pattern := pr.pattern(text)
		budget += ruleBudget(len(pattern))
		if !live(pattern) {
			continue
		}
		r := rule{off: uint32(pr.off), n: uint16(len(pattern)), meta: uint32(src) << metaShift}
		if pr.allow() {
			r.meta |= ruleAllow
		}
		if j := firstChange(pattern, true); j >= 0 {
			off := len(canon)
			canon = appendCanonical(canon, pattern, j, true)
			r.off, r.n = uint32(off), uint16(len(canon)-off)
			r.meta |= ruleCopied
		}
		rules = append(rules, r)
	}
	m.canon = string(canon)

	// Find each rule's anchor and literal prefix, and add the index page
	// rules, which share the body of the rule they derive from.
	for i, n := 0, len(rules); i < n; i++ {
		r := &rules[i]
		p := m.body(r)
		if r.allow() {
			if d := indexPageDir(p); d >= 0 {
				ir := rule{off: r.off, n: uint16(d), meta: r.meta | ruleImplied | ruleAnchored}
				setPrefix(&ir, p[:d])
				rules = append(rules, ir)
				r = &rules[i]
			}
		}
		if strings.HasSuffix(p, "$") {
			r.meta |= ruleAnchored
			r.n--
			p = p[:len(p)-1]
		}
		setPrefix(r, p)
	}

	slices.SortFunc(rules, func(a, b rule) int {
		if c := strings.Compare(m.prefix(&a), m.prefix(&b)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.priority(), b.priority()); c != 0 {
			return c
		}
		if c := strings.Compare(m.body(&a), m.body(&b)); c != 0 {
			return c
		}
		const kind = ruleAllow | ruleAnchored | ruleImplied
		return cmp.Or(cmp.Compare(a.meta&kind, b.meta&kind), cmp.Compare(a.src(), b.src()))
	})

	// Keep the first written of equal rules, which are now adjacent, and
	// nothing of the others.
	n := 0
	for i := range rules {
		if n > 0 && equalRules(m, &rules[i], &rules[n-1]) {
			continue
		}
		rules[n] = rules[i]
		n++
	}
	if n > 0 {
		m.rules = append([]rule(nil), rules[:n]...) // not the scratch space
	}
	m.compact()
	m.link()

	// Spend what is left of the budget on the speed-ups, keeping an eighth
	// of it back for what allocation rounds up and what a file keeps
	// besides its rules.
	rs := m.rules
	left := budget - budget/8 - len(rs)*int(unsafe.Sizeof(rule{})) - len(m.canon)
	if len(rs) > minSecond && left >= 257*4 {
		left -= 257 * 4
		m.second = make([]int32, 257)
		i := 0
		for c := 0; c < 256; c++ {
			for i < len(rs) && !secondAtLeast(m.prefix(&rs[i]), byte(c)) {
				i++
			}
			m.second[c] = int32(i)
		}
		m.second[256] = int32(len(rs))
	}
	if left >= 8*len(rs) {
		left -= 8 * len(rs)
		m.keys = make([]uint64, len(rs))
		for i := range rs {
			m.keys[i] = key8(m.prefix(&rs[i]))
		}
	}
	everyPath := 0
	for i := range rs {
		if rs[i].lit <= 1 && rs[i].hasStar() {
			everyPath++
		}
	}
	if everyPath >= minNeeds && left >= 8*len(rs) {
		m.needs = make([]uint64, len(rs))
		for i := range rs {
			if r := &rs[i]; r.hasStar() {
				m.needs[i] = byteBits(m.body(r)[r.lit:])
			}
		}
	}
	return m
}

// equalRules reports whether a and b, of m, are the same rule but for the
// line they come from.
func equalRules(m *matcher, a, b *rule) bool {
	const kind = ruleAllow | ruleAnchored | ruleImplied
	return a.n == b.n && a.meta&kind == b.meta&kind && m.body(a) == m.body(b)
}

// setPrefix sets the literal prefix of r, whose body is p, and whether the
// body holds one '*'.
func setPrefix(r *rule, p string) {
	r.lit = uint16(len(p))
	if i := strings.IndexByte(p, '*'); i >= 0 {
		r.lit = uint16(i)
		if strings.IndexByte(p[i+1:], '*') < 0 {
			r.meta |= ruleOneStar
		}
	}
}

// compact drops from canon the bodies that only dropped duplicates used.
// An index page rule shares its body with the rule it derives from: bodies
// are copied by where they start, the longest use of each, which covers
// the others.
func (m *matcher) compact() {
	var copied []int // indices in rules
	for i := range m.rules {
		if m.rules[i].meta&ruleCopied != 0 {
			copied = append(copied, i)
		}
	}
	slices.SortFunc(copied, func(a, b int) int {
		ra, rb := &m.rules[a], &m.rules[b]
		return cmp.Or(cmp.Compare(ra.off, rb.off), cmp.Compare(rb.n, ra.n))
	})
	size := 0
	for k, i := range copied {
		if k == 0 || m.rules[i].off != m.rules[copied[k-1]].off {
			size += int(m.rules[i].n)
		}
	}
	if size == len(m.canon) {
		return
	}
	b := make([]byte, 0, size)
	from, to := uint32(0), uint32(0) // the old and new start of the last body copied
	for k, i := range copied {
		r := &m.rules[i]
		if k == 0 || r.off != from {
			from, to = r.off, uint32(len(b))
			b = append(b, m.canon[r.off:r.off+uint32(r.n)]...)
		}
		r.off = to
	}
	m.canon = string(b)
}

// link links each run of rules with equal literal prefixes to its parent
// run, and finds root.
func (m *matcher) link() {
	rs := m.rules
	// stack holds the ends of the runs whose prefixes are prefixes of the
	// current one, innermost last.
	var stack []int32
	for start := 0; start < len(rs); {
		p := m.prefix(&rs[start])
		end := start + 1
		for end < len(rs) && m.prefix(&rs[end]) == p {
			end++
		}
		for len(stack) > 0 && !strings.HasPrefix(p, m.prefix(&rs[stack[len(stack)-1]])) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		rs[start].meta |= ruleRunStart
		for i := start; i < end; i++ {
			rs[i].parent = parent
		}
		stack = append(stack, int32(end-1))
		start = end
	}
	for i := range rs {
		if rs[i].lit > 1 {
			break
		}
		m.root = int32(i)
	}
}

// byteBits returns a set of bits, one for each byte of s but '*'. Bytes
// share bits, so a set holding another's bits holds all its bytes only
// perhaps; a set that lacks one of them certainly lacks a byte.
func byteBits(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '*' {
			m |= 1 << (c & 63)
		}
	}
	return m
}

// secondAtLeast reports whether prefix, a literal prefix, sorts at or after
// every string that starts with '/' and then c.
func secondAtLeast(prefix string, c byte) bool {
	return len(prefix) >= 2 && prefix[1] >= c
}

// key8 returns the first eight bytes of s as a big-endian integer, padded
// with zeros, so that key8(a) < key8(b) implies a < b and a < b implies
// key8(a) <= key8(b). (Canonical paths and patterns hold no zero bytes,
// which would break the second.)
func key8(s string) uint64 {
	var k uint64
	for i := 0; i < 8; i++ {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}

// match returns the index in m.rules of the rule that decides for path,
// which is in canonical form, or -1 if no rule matches.
func (m *matcher) match(path string) int {
	rs := m.rules
	// Find the last rule whose literal prefix is <= path.
	lo, hi := 0, len(rs)
	narrow := m.second != nil && len(path) >= 2 && path[0] == '/'
	if narrow {
		// Of the rules whose prefix does not start like path's, only those
		// with prefix "" or "/" can match it.
		lo, hi = int(m.second[path[1]]), int(m.second[int(path[1])+1])
	}
	base := lo
	if keys := m.keys; keys != nil {
		keys = keys[:len(rs)]
		pk := key8(path)
		for lo < hi {
			h := int(uint(lo+hi) >> 1)
			if k := keys[h]; k < pk || k == pk && m.prefix(&rs[h]) <= path {
				lo = h + 1
			} else {
				hi = h
			}
		}
	} else {
		for lo < hi {
			h := int(uint(lo+hi) >> 1)
			if m.prefix(&rs[h]) <= path {
				lo = h + 1
			} else {
				hi = h
			}
		}
	}
	j := lo - 1
	if narrow && j < base {
		j = int(m.root)
	}
	for j >= 0 && !strings.HasPrefix(path, m.prefix(&rs[j])) {
		j = int(rs[j].parent)
	}
	best, bestPriority := -1, -1
	var have uint64 // byteBits(path), once a rule needs it
	for ; j >= 0; j = int(rs[j].parent) {
		for k := j; ; k-- {
			r := &rs[k]
			if r.priority() <= bestPriority {
				break
			}
			skip := false
			if m.needs != nil && m.needs[k] != 0 {
				if have == 0 {
					have = byteBits(path) | 1 // never 0 again
				}
				skip = m.needs[k]&^have != 0
			}
			if !skip && r.matchRest(m.body(r), path) {
				best, bestPriority = k, r.priority()
				break
			}
			if r.meta&ruleRunStart != 0 {
				break
			}
		}
	}
	return best
}

// scanQueries is how many queries of a file Allowed answers by scan,
// trying each rule of the group asked in turn, before it builds the
// matcher of the group asked. A crawler that parses a file to ask one
// question, as it does for each new origin, never pays for a matcher:
// building one sorts the group's rules, which costs several times a scan.
// (With the matcher built on the first query, BenchmarkCorpus/FirstQuery
// takes 1.7 times the instructions, and BenchmarkParseAndQuery 1.3 times;
// callgrind.) A second query builds it: on the corpus, a crawl of 20 URLs
// a file (BenchmarkCorpus/Crawl) takes 1.5% more instructions when the
// matcher is built on the third query, and 6% more on the fifth.
const scanQueries = 1

// scan reports whether the group allows path, in canonical form and not
// /robots.txt, by trying each of its rules in turn: the answer of its
// matcher, without building one. It allocates only for a pattern whose
// canonical form is longer than 256 bytes and differs from it as written.
func (g *Group) scan(path string) bool {
	s := g.set
	best, allow := -1, true
	var buf [256]byte
	for i := int32(0); i < g.n; i++ {
		lo, hi := s.ruleRange(g.raw(i))
		rules := s.rules[lo:hi]
		for k := 0; ; k++ {
			k += nextCandidate(s.text, rules[k:], path)
			if k >= len(rules) {
				break
			}
			pr := &rules[k]
			p := s.text[pr.off:]
			p = p[:strings.IndexByte(p, '\n')]
			if j := firstChange(p, true); j >= 0 {
				b := appendCanonical(buf[:0], p, j, true)
				p = unsafe.String(unsafe.SliceData(b), len(b))
			}
			var r rule
			if pr.allow() {
				r.meta = ruleAllow
				if d := indexPageDir(p); d >= 0 {
					// Google's index page rule: p[:d], anchored.
					ir := rule{n: uint16(d), meta: ruleAllow | ruleAnchored}
					if ir.priority() > best && matches(&ir, p[:d], path) {
						best, allow = ir.priority(), true
					}
				}
			}
			if strings.HasSuffix(p, "$") {
				r.meta |= ruleAnchored
				p = p[:len(p)-1]
			}
			r.n = uint16(len(p))
			if r.priority() > best && matches(&r, p, path) {
				best, allow = r.priority(), r.allow()
			}
		}
	}
	return allow
}

// nextCandidate returns the index of the first of rules, whose patterns are
// in text, that may match path, or len(rules). It is scan's loop over the
// rules that cannot match, apart, so that it keeps what it uses in
// registers: with the loop in scan, which calls functions for the few
// rules that may match, scan took 24% more instructions on the corpus
// (BenchmarkCorpus/FirstQuery, callgrind).
func nextCandidate(text string, rules []prule, path string) int {
	// The first byte is read here, not in differs: 14% fewer instructions
	// in nextCandidate on the corpus (callgrind).
	slash := len(path) > 0 && path[0] == '/'
	for k := range rules {
		// differs stops at the '\n' that ends the pattern.
		switch p := text[rules[k].off:]; {
		case len(p) == 0: // never: a '\n' ends each pattern
		case p[0] == '*':
			return k
		case p[0] == '/' && slash && !differs(p, path, 1):
			return k
		}
	}
	return len(rules)
}

// differs reports whether pattern p, as written, and path, which are equal
// before from (p's bytes there being kept as written in canonical form),
// differ in a byte that p's canonical form keeps as written and that comes
// before any '*' of p: then neither p nor the index page rule it may imply
// matches path.
// Most rules of a group differ from a path in their first bytes: without
// this test, BenchmarkScan takes 2.5 times the instructions (callgrind) on
// realistic_5k and 2.7 times on big_500k.
func differs(p, path string, from int) bool {
	for j := from; j < len(p); j++ {
		c := p[j]
		if c == '*' || byteClass[c]&classPattern != 0 {
			return false
		}
		if j == len(path) {
			// p needs more than path has; its index page rule
			// matches if its directory is path.
			return c != 'i' || !strings.HasPrefix(p[j:], "index.htm")
		}
		if c != path[j] {
			return true
		}
	}
	return false
}

// matches reports whether r, whose body is p and whose literal prefix is
// not set yet, matches path.
func matches(r *rule, p, path string) bool {
	setPrefix(r, p)
	return strings.HasPrefix(path, p[:r.lit]) && r.matchRest(p, path)
}

// index returns the group's matcher, building it on first use. Two
// goroutines may both build it; one of the two is kept.
func (g *Group) index() *matcher {
	if m := g.idx.Load(); m != nil {
		return m
	}
	m := g.compile()
	if g.idx.CompareAndSwap(nil, m) {
		return m
	}
	return g.idx.Load()
}

// noRules is the matcher of every group without rules.
var noRules = matcher{root: -1}

// compile builds the group's matcher.
func (g *Group) compile() *matcher {
	n := 0
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.ruleRange(g.raw(i))
		n += int(hi - lo)
	}
	if n == 0 {
		return &noRules
	}
	srcs := make([]int32, 0, n)
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.ruleRange(g.raw(i))
		for ri := lo; ri < hi; ri++ {
			srcs = append(srcs, ri)
		}
	}
	return newMatcher(g.set.text, g.set.rules, srcs)
}

// indexSize bounds the bytes the group's matcher takes once built: the
// sum of its rules' ruleBudget, or less when the rules cannot use it all:
// a rule and perhaps an index page rule each, the canonical copy of a
// pattern that changes, and the speed-ups.
func (g *Group) indexSize() int {
	s := g.set
	budget, entries, canon := 0, 0, 0
	rules := 0
	for i := int32(0); i < g.n; i++ {
		lo, hi := s.ruleRange(g.raw(i))
		for ri := lo; ri < hi; ri++ {
			r := &s.rules[ri]
			t := s.text[r.off:]
			n, changes, percent := patternFacts(t)
			p := t[:n]
			rules++
			budget += ruleBudget(n)
			if !live(p) {
				continue
			}
			entries++
			if changes {
				canon += 3 * n
			}
			if r.allow() && (percent || strings.Contains(p, "index.htm")) {
				entries++ // may imply an index page rule
			}
		}
	}
	if rules == 0 {
		return 0 // noRules
	}
	const perEntry = int(unsafe.Sizeof(rule{})) + 8 + 8 // the rule, its key and its needs
	return int(unsafe.Sizeof(matcher{})) + min(budget, entries*perEntry+canon+257*4)
}

// Allowed reports whether the group allows url, an absolute URL
// ("https://example.com/a?b") or a path that starts with '/' ("/a?b").
// A nil group allows every URL.
//
// The url's path is matched against each rule's pattern, in which '*'
// matches any run of bytes and a final '$' the end of the path. Of the
// rules that match, the one with the longest pattern decides, allow winning
// a tie; no match means allowed. The Patterns section of the package
// documentation gives the grammar in full and its worst-case cost,
// O(len(path) * len(pattern)) for each pattern.
//
// Allowed does not allocate when the URL's path is in canonical form: no
// bytes outside printable ASCII, no '*' or '$', and upper-case %XX escapes
// of reserved characters only.
func (g *Group) Allowed(url string) bool {
	if g == nil {
		return true
	}
	m := g.idx.Load()
	if m == nil {
		if g.set == nil {
			return true // the zero Group, which has no rules
		}
		if g.set.scans.Add(1) <= scanQueries {
			path := canonicalPath(pathOf(url))
			return path == "/robots.txt" || g.scan(path)
		}
		m = g.index()
	}
	if len(m.rules) == 0 {
		return true
	}
	path := canonicalPath(pathOf(url))
	if path == "/robots.txt" {
		return true
	}
	i := m.match(path)
	return i < 0 || m.rules[i].allow()
}

// Explain reports whether the group allows url, and why. It gives the same
// answer as [Group.Allowed].
func (g *Group) Explain(url string) Explanation {
	path := canonicalPath(pathOf(url))
	e := Explanation{Allowed: true, Path: path}
	switch {
	case path == "/robots.txt":
		e.Reason = RobotsTxt
	case g == nil:
		e.Reason = NoGroup
	default:
		m := g.index()
		i := m.match(path)
		if i < 0 {
			e.Reason = NoRuleMatched
			break
		}
		r := &m.rules[i]
		e.Allowed = r.allow()
		e.Reason = RuleMatched
		if r.meta&ruleImplied != 0 {
			e.Reason = IndexPageRule
		}
		e.Rule = g.set.rule(r.src())
	}
	return e
}
