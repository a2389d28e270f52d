package robots

import (
	"hash/maphash"
	"slices"
	"sync/atomic"
	"time"
	"unsafe"
)

// This file holds the third stage: merging the raw groups of a file into
// the one Group each crawler gets (RFC 9309 section 2.2.1), and finding a
// crawler's Group by its product token.
//
// A Group is the only form of a group after parsing: it names the raw groups
// it merges (in file order) and reads their rules and agents where the
// parser put them, so merging copies no rule, however many groups name the
// same crawler. What answers queries, its matcher, is match.go's: it is
// built when the group is first queried, from copies, so nothing the parser
// made is ever reordered.

// A groupSet is the groups of a file and what they refer to.
type groupSet struct {
	text    string
	rules   []prule
	agents  []span
	raws    []rawGroup
	delays  []time.Duration
	members []int32 // the raw groups of each Group of several, in file order
	groups  []Group
	// names holds one entry for each product token that names a group
	// (compared in ASCII case only), found through slots, an open
	// addressing hash table of indices into names plus one (0 is empty).
	names  []name
	slots  []int32
	global int32 // index in groups of the merged "*" groups, or -1
	// scans counts the queries that Allowed answered by scan, in any
	// group, while the group asked had no matcher.
	scans atomic.Int32
}

// A name is a product token of a file: the first user-agent value that
// spells it, and the Group it gets.
type name struct {
	agent int32 // index in agents
	group int32 // index in groups
}

// A Group holds the rules that apply to one crawler: every group of the file
// that names it, merged in file order as RFC 9309 section 2.2.1 requires, or
// else every "*" group, merged.
//
// A nil *Group stands for a file with no group for the crawler: it allows
// every URL. The zero Group is a group without rules: it allows every
// URL too (Explain gives NoRuleMatched, or RobotsTxt for /robots.txt). A
// Group is immutable and safe for concurrent use.
type Group struct {
	set *groupSet
	// first and n name the raw groups merged: first alone when n is 1,
	// else set.members[first:first+n].
	first, n int32
	idx      atomic.Pointer[matcher] // built on a query after the first scanQueries
}

// A link is an entry of a list of raw groups, in build.
type link struct{ raw, next int32 }

// buildScratch is the scratch space of build, kept by a parser.
type buildScratch struct {
	links   []link
	lists   [][2]int32 // head and tail in links, by name
	globals []int32
	specs   [][2]int32 // first and n of each Group
	members []int32
	single  []int32 // Group of each raw group alone, plus one
	multi   []int32
	ids     []int32
	names   []name
	slots   []int32
}

// reset returns b emptied, keeping its space.
func (b buildScratch) reset() buildScratch {
	return buildScratch{
		links: b.links[:0], lists: b.lists[:0], globals: b.globals[:0], specs: b.specs[:0],
		members: b.members[:0], single: b.single[:0], multi: b.multi[:0], ids: b.ids[:0], names: b.names[:0], slots: b.slots[:0],
	}
}

// zeroed returns s at length n, all zeros, in its own space if it has room.
func zeroed(s []int32, n int) []int32 {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// build merges the raw groups that p found into s, a zero groupSet (of a
// new File). It works in p's scratch space, and leaves in s tables that
// are p's (text, names, members, slots and the parser's own), which
// parser.file then copies out.
func (s *groupSet) build(p *parser) {
	s.text, s.rules, s.agents, s.raws, s.delays = unsafe.String(unsafe.SliceData(p.text), len(p.text)), p.rules, p.agents, p.raws, p.delays
	s.global = -1
	sc := &p.build

	// Give each product token a name, and list for it the raw groups that
	// name it, in file order, as a linked list of links.
	links, lists, globals := sc.links[:0], sc.lists[:0], sc.globals[:0]
	s.names = sc.names[:0]
	s.slots = sc.slots[:0] // a table once there are more than maxScan names
	agent := int32(0)
	for ri := range p.raws {
		raw := int32(ri)
		for ; agent < p.raws[ri].agents; agent++ {
			tok := s.str(p.agents[agent])
			if tok == "*" {
				globals = append(globals, raw) // at most one "*" a group
				continue
			}
			ni := s.nameOf(tok, agent)
			if int(ni) == len(lists) { // a new name
				lists = append(lists, [2]int32{-1, -1})
			}
			l := &lists[ni]
			if l[1] >= 0 && links[l[1]].raw == raw {
				continue // named twice by one group
			}
			links = append(links, link{raw, -1})
			if l[1] >= 0 {
				links[l[1]].next = int32(len(links) - 1)
			} else {
				l[0] = int32(len(links) - 1)
			}
			l[1] = int32(len(links) - 1)
		}
	}

	// Tokens (and "*") named by the same raw groups share one Group.
	var (
		specs   = sc.specs[:0]
		members = sc.members[:0]
		single  []int32
		// multi is an open addressing table of the Groups of several raw
		// groups, by their lists of raw groups: indices in specs plus one
		// (0 is empty), with room for a Group for each name and "*". It
		// allocates nothing, unlike a map keyed by the lists as strings
		// (see nameOf for what the two save).
		multi []int32
		ids   = sc.ids[:0]
	)
	groupOf := func(ids []int32) int32 {
		if len(ids) == 1 {
			if single == nil {
				single = zeroed(sc.single, len(p.raws))
			}
			if single[ids[0]] == 0 {
				specs = append(specs, [2]int32{ids[0], 1})
				single[ids[0]] = int32(len(specs))
			}
			return single[ids[0]] - 1
		}
		if multi == nil {
			multi = zeroed(sc.multi, tableSize(len(s.names)+1))
		}
		mask := uint32(len(multi) - 1)
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ids))), 4*len(ids))
		for i := uint32(maphash.Bytes(hashSeed, b)) & mask; ; i = (i + 1) & mask {
			g := multi[i] - 1
			if g < 0 {
				specs = append(specs, [2]int32{int32(len(members)), int32(len(ids))})
				members = append(members, ids...)
				multi[i] = int32(len(specs))
				return int32(len(specs) - 1)
			}
			if sp := specs[g]; slices.Equal(members[sp[0]:sp[0]+sp[1]], ids) {
				return g
			}
		}
	}
	for ni := range s.names {
		ids = ids[:0]
		for l := lists[ni][0]; l >= 0; l = links[l].next {
			ids = append(ids, links[l].raw)
		}
		s.names[ni].group = groupOf(ids)
	}
	if len(globals) > 0 {
		s.global = groupOf(globals)
	}
	s.members = members
	slots := s.slots // the scratch space, kept below
	// lookup hashes only when there are more than maxScan names.
	if len(s.names) <= maxScan {
		s.slots = nil
	} else if size := tableSize(len(s.names)); size < len(s.slots) {
		s.slots = zeroed(s.slots, size)
		for ni := range s.names {
			s.place(s.str(s.agents[s.names[ni].agent]), int32(ni))
		}
	}
	s.groups = make([]Group, len(specs))
	for i, sp := range specs {
		s.groups[i].set, s.groups[i].first, s.groups[i].n = s, sp[0], sp[1]
	}
	if single == nil {
		single = sc.single
	}
	if multi == nil {
		multi = sc.multi
	}
	sc.links, sc.lists, sc.globals, sc.specs, sc.members = links, lists, globals, specs, members
	sc.single, sc.multi, sc.ids, sc.names, sc.slots = single, multi, ids, s.names, slots
}

func (s *groupSet) str(sp span) string { return s.text[sp.off:sp.end] }

// lookup returns the index in s.names of the product token agent, compared
// in ASCII case only, or -1. It does not allocate.
func (s *groupSet) lookup(agent string) int32 {
	if len(s.names) <= maxScan {
		// Few names: a scan that compares lengths first beats hashing
		// the agent. On realistic_5k (8 names) Group("Googlebot") takes
		// 6.7 ns scanned, 10.2 ns hashed, as main's lookup took 6.4 ns:
		// the scan keeps BenchmarkAllowed/realistic_5k/File (about 60 ns)
		// from getting slower than on main.
		for ni := range s.names {
			tok := s.agents[s.names[ni].agent]
			if int(tok.end-tok.off) == len(agent) && equalFold(s.str(tok), agent) {
				return int32(ni)
			}
		}
		return -1
	}
	mask := uint32(len(s.slots) - 1)
	for i := foldHash(agent) & mask; ; i = (i + 1) & mask {
		ni := s.slots[i] - 1
		if ni < 0 {
			return -1
		}
		if equalFold(s.str(s.agents[s.names[ni].agent]), agent) {
			return ni
		}
	}
}

// maxScan is how many names lookup scans rather than hashing the agent.
const maxScan = 8

// nameOf returns the index in s.names of the product token tok, the
// agents[agent], compared in ASCII case only, adding a name for it if there
// is none. It hashes tok only once there are more than maxScan names, as
// lookup does, and then only once: the search for tok ends at the slot
// its name goes in. The table, made for the name after maxScan, is kept
// at most three quarters full, so that a search always meets an empty
// slot. (Hashing each token to look it up and again to place its name,
// placing the names of files that never have more than maxScan, and a map
// for the Groups of several raw groups, build took 21% more instructions
// on the corpus; BenchmarkCorpus/FirstQuery, callgrind.)
func (s *groupSet) nameOf(tok string, agent int32) int32 {
	n := len(s.names)
	if n < maxScan {
		if ni := s.lookup(tok); ni >= 0 {
			return ni
		}
		s.names = append(s.names, name{agent: agent})
		return int32(n)
	}
	if n == maxScan {
		if ni := s.lookup(tok); ni >= 0 {
			return ni
		}
		s.names = append(s.names, name{agent: agent})
		// As many names as there are agents (up to 1024) fit.
		s.slots = zeroed(s.slots, tableSize(min(len(s.agents), 1024)))
		for ni := range s.names {
			s.place(s.str(s.agents[s.names[ni].agent]), int32(ni))
		}
		return int32(n)
	}
	if 4*(n+1) > 3*len(s.slots) {
		s.slots = make([]int32, tableSize(n+1))
		for ni := range s.names {
			s.place(s.str(s.agents[s.names[ni].agent]), int32(ni))
		}
	}
	mask := uint32(len(s.slots) - 1)
	for i := foldHash(tok) & mask; ; i = (i + 1) & mask {
		ni := s.slots[i] - 1
		if ni < 0 {
			s.names = append(s.names, name{agent: agent})
			s.slots[i] = int32(n + 1)
			return int32(n)
		}
		if equalFold(s.str(s.agents[s.names[ni].agent]), tok) {
			return ni
		}
	}
}

// tableSize returns the size of a hash table for n names: a power of two,
// at least 8 and at least 4n/3, so that the table is at most three quarters
// full.
func tableSize(n int) int {
	size := 8
	for 3*size < 4*n {
		size *= 2
	}
	return size
}

// place puts name ni, whose token is tok, in the first empty slot from its
// hash on.
func (s *groupSet) place(tok string, ni int32) {
	mask := uint32(len(s.slots) - 1)
	i := foldHash(tok) & mask
	for s.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = ni + 1
}

// hashSeed seeds foldHash anew in each process, as Go's maps are seeded, so
// that no file can be written to make many of its tokens collide.
var hashSeed = maphash.MakeSeed()

// foldHash returns a hash of s in ASCII lower case. It does not allocate.
func foldHash(s string) uint32 {
	var buf [64]byte
	if len(s) <= len(buf) {
		for i := 0; i < len(s); i++ {
			buf[i] = lower(s[i])
		}
		return uint32(maphash.Bytes(hashSeed, buf[:len(s)]))
	}
	var h maphash.Hash
	h.SetSeed(hashSeed)
	for i := 0; i < len(s); i++ {
		h.WriteByte(lower(s[i]))
	}
	return uint32(h.Sum64())
}

// equalFold reports whether a and b are equal in ASCII case only (unlike
// strings.EqualFold, which folds U+212A KELVIN SIGN onto 'k').
func equalFold(a, b string) bool {
	if a == b {
		return true // the common case: the agent as the file spells it
	}
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

// group returns the Group for agent, or nil.
func (s *groupSet) group(agent string) *Group {
	if ni := s.lookup(agent); ni >= 0 {
		return &s.groups[s.names[ni].group]
	}
	if s.global >= 0 && len(s.groups) > 0 { // the zero File has no groups, and global 0
		return &s.groups[s.global]
	}
	return nil
}

// raw returns the index of the i-th raw group merged into g.
func (g *Group) raw(i int32) int32 {
	if g.n == 1 {
		return g.first
	}
	return g.set.members[g.first+i]
}

// ruleRange returns the rules of raw group r: rules[lo:hi].
func (s *groupSet) ruleRange(r int32) (lo, hi int32) {
	if r > 0 {
		lo = s.raws[r-1].rules
	}
	return lo, s.raws[r].rules
}

// agentRange returns the agents of raw group r: agents[lo:hi].
func (s *groupSet) agentRange(r int32) (lo, hi int32) {
	if r > 0 {
		lo = s.raws[r-1].agents
	}
	return lo, s.raws[r].agents
}

// pattern returns the pattern of rules[i] as written.
func (s *groupSet) pattern(i int32) string {
	return s.rules[i].pattern(s.text)
}

// rule returns rules[i] as a Rule.
func (s *groupSet) rule(i int32) Rule {
	r := &s.rules[i]
	return Rule{Allow: r.allow(), Pattern: s.pattern(i), Line: int(r.line())}
}

// Rules returns the group's allow and disallow rules as written, in file
// order, including those that can never match (an empty pattern, or one
// that starts with neither '/' nor '*').
func (g *Group) Rules() []Rule {
	if g == nil {
		return nil
	}
	var rules []Rule
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.ruleRange(g.raw(i))
		for ri := lo; ri < hi; ri++ {
			rules = append(rules, g.set.rule(ri))
		}
	}
	return rules
}

// Agents returns the user-agent values (product tokens, or "*") of the
// groups merged into g, as first written, without duplicates (compared in
// ASCII case only).
func (g *Group) Agents() []string {
	if g == nil {
		return nil
	}
	var agents []string
	var seen map[string]bool // in lower case, once there are many
	for i := int32(0); i < g.n; i++ {
		lo, hi := g.set.agentRange(g.raw(i))
		for ai := lo; ai < hi; ai++ {
			a := g.set.str(g.set.agents[ai])
			if seen == nil && len(agents) > 8 {
				seen = make(map[string]bool)
				for _, b := range agents {
					seen[asciiLower(b)] = true
				}
			}
			if seen != nil {
				if k := asciiLower(a); !seen[k] {
					seen[k] = true
					agents = append(agents, a)
				}
			} else if !slices.ContainsFunc(agents, func(b string) bool { return equalFold(a, b) }) {
				agents = append(agents, a)
			}
		}
	}
	return agents
}

// asciiLower returns s with ASCII upper-case letters in lower case.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}

// CrawlDelay returns the delay the group asks for between fetches, and
// whether it asks for one. Crawl-delay is not part of RFC 9309: Google
// ignores it, other crawlers honour it. Of merged groups, the largest delay
// applies.
func (g *Group) CrawlDelay() (time.Duration, bool) {
	if g == nil {
		return 0, false
	}
	var d time.Duration
	has := false
	for i := int32(0); i < g.n; i++ {
		if di := g.set.raws[g.raw(i)].delay; di >= 0 && (!has || g.set.delays[di] > d) {
			d, has = g.set.delays[di], true
		}
	}
	return d, has
}
