package robots

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// A Group holds the rules that apply to one crawler: every group of the file
// that names it, merged in file order as RFC 9309 section 2.2.1 requires, or
// else every "*" group, merged.
//
// A nil *Group stands for a file with no group for the crawler: it allows
// every URL. A Group is immutable and safe for concurrent use.
type Group struct {
	agents   []string // user-agent values of the merged groups, as written
	delay    time.Duration
	hasDelay bool
	// written holds patterns as written, by line, where they differ from
	// the canonical form kept in the rules.
	written map[int32]string

	once sync.Once // guards the index of m, built on first use
	m    matcher
}

// rawGroup is a group as the parser found it: user-agent lines followed by
// rules, before merging.
type rawGroup struct {
	agents   []string // product tokens as written, and "*"
	lower    []string // agents in lower case
	global   bool     // one of the user-agent lines is "*"
	rules    []rule   // the group's rules, with the index page rules they imply
	delay    time.Duration
	hasDelay bool
}

// mergeGroups builds the merged groups of a file: one for each product token,
// returned sorted by token, and one for "*" (nil if the file has no "*"
// group). Tokens, and "*", that name the same raw groups share one merged
// group.
func mergeGroups(raw []rawGroup, written map[int32]string) (named []namedGroup, global *Group) {
	// Pair each token with the groups that name it, in file order.
	type naming struct {
		token string
		group int
	}
	n := 0
	for i := range raw {
		n += len(raw[i].lower)
	}
	refs := make([]naming, 0, n)
	for i := range raw {
		for _, t := range raw[i].lower {
			if t != "*" {
				refs = append(refs, naming{t, i})
			}
		}
	}
	slices.SortFunc(refs, func(a, b naming) int {
		if c := strings.Compare(a.token, b.token); c != 0 {
			return c
		}
		return a.group - b.group
	})

	// There are at most as many merged groups as tokens, and "*".
	m := merger{raw: raw, written: written, groups: make([]Group, 0, len(refs)+1)}
	var ids []int
	for i := 0; i < len(refs); {
		token := refs[i].token
		ids = ids[:0]
		for ; i < len(refs) && refs[i].token == token; i++ {
			if len(ids) == 0 || ids[len(ids)-1] != refs[i].group {
				ids = append(ids, refs[i].group)
			}
		}
		if named == nil {
			named = make([]namedGroup, 0, len(refs))
		}
		named = append(named, namedGroup{token, m.group(ids)})
	}
	ids = ids[:0]
	for i := range raw {
		if raw[i].global {
			ids = append(ids, i)
		}
	}
	if len(ids) > 0 {
		global = m.group(ids)
	}
	return named, global
}

// A merger builds merged groups, once for each distinct list of raw groups.
type merger struct {
	raw     []rawGroup
	written map[int32]string
	groups  []Group           // all merged groups, allocated at once
	single  []*Group          // merged groups of one raw group, by its index
	multi   map[string]*Group // merged groups of several, by idsKey
}

// group returns the merged group of the raw groups ids, which are in file
// order.
func (m *merger) group(ids []int) *Group {
	if len(ids) == 1 {
		if m.single == nil {
			m.single = make([]*Group, len(m.raw))
		}
		if m.single[ids[0]] == nil {
			m.single[ids[0]] = m.build(ids)
		}
		return m.single[ids[0]]
	}
	key := idsKey(ids)
	if m.multi == nil {
		m.multi = make(map[string]*Group)
	}
	g := m.multi[key]
	if g == nil {
		g = m.build(ids)
		m.multi[key] = g
	}
	return g
}

// idsKey encodes a list of group indices as a map key.
func idsKey(ids []int) string {
	b := make([]byte, 0, 4*len(ids))
	for _, id := range ids {
		b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	return string(b)
}

// build merges the raw groups ids. A group made of one raw group uses its
// rules in place: no other merged group uses them the same way, and those
// made of several copy them first.
func (m *merger) build(ids []int) *Group {
	m.groups = append(m.groups, Group{written: m.written}) // never grows: see mergeGroups
	g := &m.groups[len(m.groups)-1]
	if len(ids) == 1 {
		r := &m.raw[ids[0]]
		g.agents = dedup(r.agents, r.lower)
		g.delay, g.hasDelay = r.delay, r.hasDelay
		g.m = newMatcher(r.rules)
		return g
	}
	n, na := 0, 0
	for _, id := range ids {
		n += len(m.raw[id].rules)
		na += len(m.raw[id].agents)
	}
	rules := make([]rule, 0, n)
	agents, lower := make([]string, 0, na), make([]string, 0, na)
	for _, id := range ids {
		r := &m.raw[id]
		rules = append(rules, r.rules...)
		agents, lower = append(agents, r.agents...), append(lower, r.lower...)
		if r.hasDelay && (!g.hasDelay || r.delay > g.delay) {
			g.delay, g.hasDelay = r.delay, true
		}
	}
	g.agents = dedup(agents, lower)
	g.m = newMatcher(rules)
	return g
}

// dedup returns list without the later of any two strings whose keys (the
// same index in keys) are equal. It returns list itself when there are
// none, and takes linear time.
func dedup(list, keys []string) []string {
	var seen map[string]bool
	if len(list) > 8 {
		seen = make(map[string]bool, len(list))
	}
	var out []string // nil until the first duplicate
	for i, s := range list {
		var dup bool
		if seen != nil {
			dup = seen[keys[i]]
			seen[keys[i]] = true
		} else {
			dup = slices.Contains(keys[:i], keys[i])
		}
		switch {
		case dup && out == nil:
			out = slices.Clip(list[:i]) // the next append copies
		case !dup && out != nil:
			out = append(out, s)
		}
	}
	if out == nil {
		return list
	}
	return out
}

// index builds the group's index on first use.
func (g *Group) index() *matcher {
	g.once.Do(g.m.compile)
	return &g.m
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
	if g == nil || g.m.live == 0 {
		return true
	}
	path := canonicalPath(pathOf(url))
	if path == "/robots.txt" {
		return true
	}
	m := g.index()
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
		e.Rule = g.rule(r)
	}
	return e
}

// rule returns r as written.
func (g *Group) rule(r *rule) Rule {
	p, ok := g.written[r.line]
	if !ok {
		p = r.pattern
	}
	return Rule{Allow: r.flags&ruleAllow != 0, Pattern: p, Line: int(r.line)}
}

// Rules returns the group's allow and disallow rules as written, in file
// order, including those that can never match (an empty pattern, or one
// that starts with neither '/' nor '*').
func (g *Group) Rules() []Rule {
	if g == nil {
		return nil
	}
	m := g.index() // compile reorders the rules: wait for it
	rules := make([]Rule, 0, len(m.rules))
	for i := range m.rules {
		if r := &m.rules[i]; r.flags&ruleImplied == 0 {
			rules = append(rules, g.rule(r))
		}
	}
	slices.SortFunc(rules, func(a, b Rule) int { return a.Line - b.Line })
	return rules
}

// Agents returns the user-agent values (product tokens, or "*") of the
// groups merged into g, as first written, without duplicates.
func (g *Group) Agents() []string {
	if g == nil {
		return nil
	}
	return append([]string(nil), g.agents...)
}

// CrawlDelay returns the delay the group asks for between fetches, and
// whether it asks for one. Crawl-delay is not part of RFC 9309: Google
// ignores it, other crawlers honour it. Of merged groups, the largest delay
// applies.
func (g *Group) CrawlDelay() (time.Duration, bool) {
	if g == nil {
		return 0, false
	}
	return g.delay, g.hasDelay
}
