package robots

import (
	"cmp"
	"slices"
	"strings"
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
// Three things keep the search short. Duplicate rules are set aside. The
// first eight bytes of each literal prefix are kept as an integer, and for a
// group of more than a few rules, where the prefixes "/c..." start for each
// byte c, so the binary search mostly compares integers over a narrow range.
// And a group with many wildcard rules that every path must be tried against
// keeps for each a 64-bit mask of the bytes it needs, so that a path lacking
// one skips the rule without a search. (Without second and needs,
// BenchmarkAllowed/big_500k takes 4.5 times as long, and BenchmarkAllowed/
// realistic_5k/Group 27% longer; benchstat, 6 runs each.)
//
// The index is built when the group is first queried, from a copy of its
// rules: sorting them reorders nothing the parser made.

// A rule is an allow or disallow rule compiled for matching.
type rule struct {
	pattern string // canonical form
	src     int32  // index of the rule's line in the file's rules
	lit     int32  // length of the literal prefix of pattern
	parent  int32  // index of the end of the parent run; set by compile
	flags   uint8
}

const (
	ruleAllow    uint8 = 1 << iota // an allow rule
	ruleImplied                    // Google's index page rule, derived from the allow rule on the same line
	ruleAnchored                   // pattern ends with '$'
	ruleRunStart                   // first rule of a run with equal literal prefixes; set by compile
	ruleOneStar                    // pattern holds exactly one '*'; set by compile
)

// newRule returns a rule for pattern, which is in canonical form. Its
// literal prefix is found by compile, when the rule's group is first used.
func newRule(pattern string, src int, allow bool) rule {
	r := rule{pattern: pattern, src: int32(src), parent: -1}
	if allow {
		r.flags |= ruleAllow
	}
	return r
}

// setPrefix finds the rule's literal prefix and whether it is anchored.
func (r *rule) setPrefix() {
	p := r.pattern
	if strings.HasSuffix(p, "$") {
		r.flags |= ruleAnchored
		p = p[:len(p)-1]
	}
	r.lit = int32(len(p))
	if i := strings.IndexByte(p, '*'); i >= 0 {
		r.lit = int32(i)
		if strings.IndexByte(p[i+1:], '*') < 0 {
			r.flags |= ruleOneStar
		}
	}
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

// live reports whether the rule can match anything.
func (r *rule) live() bool {
	return len(r.pattern) > 0 && (r.pattern[0] == '/' || r.pattern[0] == '*')
}

// prefix returns the literal prefix of the rule's pattern.
func (r *rule) prefix() string { return r.pattern[:r.lit] }

// priority orders the rules that match a path: the longer pattern wins, and
// allow wins a tie.
func (r *rule) priority() int { return 2*len(r.pattern) + int(r.flags&ruleAllow) }

// matchRest reports whether the rule matches path, which must start with the
// rule's literal prefix.
func (r *rule) matchRest(path string) bool {
	p := r.pattern
	anchored := r.flags&ruleAnchored != 0
	if anchored {
		p = p[:len(p)-1]
	}
	n := int(r.lit)
	switch {
	case n == len(p):
		return !anchored || len(path) == n
	case r.flags&ruleOneStar != 0:
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
	// rules[:live] can match; rules[live:] never match and are kept to be
	// listed. compile sorts rules[:live] and moves duplicates of other rules
	// behind the first indexed ones: rules[:indexed] are searched.
	rules   []rule
	live    int
	indexed int
	// keys holds the first eight bytes of each indexed rule's literal
	// prefix, big-endian, so that most comparisons of the binary search
	// compare two integers.
	keys []uint64
	// second, for groups of more than minSecond indexed rules, narrows the
	// binary search: the rules whose literal prefix starts with '/' and
	// then byte c are rules[second[c]:second[c+1]]. (Every literal prefix
	// is "", "/" or starts with '/' and another byte.)
	second []int32
	// root is the end of the run of rules whose literal prefix is "/", or
	// else "", or -1: the deepest prefix every path has.
	root int32
	// needs holds, for each indexed rule with a '*', the byteBits of the
	// bytes after its literal prefix: a path that lacks one of them cannot
	// match, which is cheaper to see than to search. It is nil unless the
	// group has many such rules that every path must be tried against
	// (those whose literal prefix is "/" or ""), as working out the path's
	// bits costs about as much as trying two rules.
	needs []uint64
}

// minSecond is how many indexed rules a group needs for its matcher to use
// second.
const minSecond = 8

// minNeeds is how many rules with a star and a literal prefix of at most
// one byte a group needs for its matcher to use needs.
const minNeeds = 4

// newMatcher returns a matcher for rules, which it may reorder.
func newMatcher(rules []rule) matcher {
	live := 0
	for i := range rules {
		if rules[i].live() {
			rules[live], rules[i] = rules[i], rules[live]
			live++
		}
	}
	return matcher{rules: rules, live: live}
}

// compile sorts the live rules by literal prefix, then by priority, sets
// duplicates aside (RFC 9309 section 2.2.2 lets a crawler drop them), and
// links each run of equal prefixes to its parent run.
func (m *matcher) compile() {
	rs := m.rules[:m.live]
	for i := range rs {
		rs[i].setPrefix()
	}
	slices.SortFunc(rs, func(a, b rule) int {
		if c := strings.Compare(a.prefix(), b.prefix()); c != 0 {
			return c
		}
		if c := cmp.Compare(a.priority(), b.priority()); c != 0 {
			return c
		}
		if c := strings.Compare(a.pattern, b.pattern); c != 0 {
			return c
		}
		return cmp.Compare(a.src, b.src)
	})

	// Keep the first written of equal rules, which are now adjacent.
	var dups []rule
	n := 0
	for i := range rs {
		if n > 0 && rs[i].pattern == rs[n-1].pattern && rs[i].flags == rs[n-1].flags {
			dups = append(dups, rs[i])
			continue
		}
		rs[n] = rs[i]
		n++
	}
	copy(rs[n:], dups)
	rs = rs[:n]
	m.indexed = n

	// stack holds the ends of the runs whose prefixes are prefixes of the
	// current one, innermost last.
	var stack []int32
	for start := 0; start < len(rs); {
		p := rs[start].prefix()
		end := start + 1
		for end < len(rs) && rs[end].prefix() == p {
			end++
		}
		for len(stack) > 0 && !strings.HasPrefix(p, rs[stack[len(stack)-1]].prefix()) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		rs[start].flags |= ruleRunStart
		for i := start; i < end; i++ {
			rs[i].parent = parent
		}
		stack = append(stack, int32(end-1))
		start = end
	}

	m.root = -1
	for i := range rs {
		if len(rs[i].prefix()) > 1 {
			break
		}
		m.root = int32(i)
	}
	if len(rs) > minSecond {
		m.second = make([]int32, 257)
		i := 0
		for c := 0; c < 256; c++ {
			for i < len(rs) && !secondAtLeast(rs[i].prefix(), byte(c)) {
				i++
			}
			m.second[c] = int32(i)
		}
		m.second[256] = int32(len(rs))
	}

	m.keys = make([]uint64, len(rs))
	everyPath := 0
	for i := range rs {
		m.keys[i] = key8(rs[i].prefix())
		if rs[i].lit <= 1 && rs[i].hasStar() {
			everyPath++
		}
	}
	if everyPath >= minNeeds {
		m.needs = make([]uint64, len(rs))
		for i := range rs {
			if r := &rs[i]; r.hasStar() {
				m.needs[i] = byteBits(strings.TrimSuffix(r.pattern[r.lit:], "$"))
			}
		}
	}
}

// hasStar reports whether the rule's pattern holds a '*'. setPrefix must
// have run.
func (r *rule) hasStar() bool { return int(r.lit) < len(r.pattern) && r.pattern[r.lit] == '*' }

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

// match returns the index in m.rules of the rule that decides for path, which
// is in canonical form, or -1 if no rule matches. compile must have run.
func (m *matcher) match(path string) int {
	rs := m.rules[:m.indexed]
	keys := m.keys[:len(rs)]
	// Find the last rule whose literal prefix is <= path.
	pk := key8(path)
	lo, hi := 0, len(rs)
	narrow := m.second != nil && len(path) >= 2 && path[0] == '/'
	if narrow {
		// Of the rules whose prefix does not start like path's, only those
		// with prefix "" or "/" can match it.
		lo, hi = int(m.second[path[1]]), int(m.second[int(path[1])+1])
	}
	base := lo
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if k := keys[h]; k < pk || k == pk && rs[h].prefix() <= path {
			lo = h + 1
		} else {
			hi = h
		}
	}
	j := lo - 1
	if narrow && j < base {
		j = int(m.root)
	}
	for j >= 0 && !strings.HasPrefix(path, rs[j].prefix()) {
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
			if !skip && r.matchRest(path) {
				best, bestPriority = k, r.priority()
				break
			}
			if r.flags&ruleRunStart != 0 {
				break
			}
		}
	}
	return best
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

// compile builds the group's matcher from its rules in canonical form and
// the index page rules they imply.
func (g *Group) compile() *matcher {
	n := 0
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.ruleRange(g.raw(i))
		n += int(hi - lo)
	}
	rules := make([]rule, 0, n)
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.ruleRange(g.raw(i))
		for ri := lo; ri < hi; ri++ {
			pattern := g.set.pattern(ri)
			if j := firstChange(pattern, true); j >= 0 {
				pattern = string(appendCanonical(nil, pattern, j, true))
			}
			allow := g.set.rules[ri].allow
			rules = append(rules, newRule(pattern, int(ri), allow))
			if n := indexPageDir(pattern); allow && n >= 0 {
				r := newRule(pattern[:n]+"$", int(ri), true)
				r.flags |= ruleImplied
				rules = append(rules, r)
			}
		}
	}
	m := newMatcher(rules)
	m.compile()
	return &m
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
	m := g.index()
	if m.live == 0 {
		return true
	}
	path := canonicalPath(pathOf(url))
	if path == "/robots.txt" {
		return true
	}
	i := m.match(path)
	return i < 0 || m.rules[i].flags&ruleAllow != 0
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
		e.Allowed = r.flags&ruleAllow != 0
		e.Reason = RuleMatched
		if r.flags&ruleImplied != 0 {
			e.Reason = IndexPageRule
		}
		e.Rule = g.set.rule(r.src)
	}
	return e
}
