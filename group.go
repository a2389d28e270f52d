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
	agents     []string // product tokens as written; "*" for the global group
	global     bool     // one of the user-agent lines is "*"
	first, end int      // the group's rules in the file's rule slice
	delay      time.Duration
	hasDelay   bool
}

// mergeGroups builds the merged groups of a file: one per product token
// (groups naming the same set of raw groups are shared), and the merged
// global group, or nil if the file has no "*" group.
func mergeGroups(raw []rawGroup, rules []rule, written map[int32]string) (map[string]*Group, *Group) {
	var named map[string][]int
	var global []int
	for i := range raw {
		if raw[i].global {
			global = append(global, i)
		}
		for _, a := range raw[i].agents {
			if a == "*" {
				continue
			}
			if named == nil {
				named = make(map[string][]int)
			}
			key := strings.ToLower(a)
			if ids := named[key]; len(ids) == 0 || ids[len(ids)-1] != i {
				named[key] = append(ids, i)
			}
		}
	}
	// Tokens that name the same groups share one merged group.
	shared := make(map[string]*Group)
	build := func(ids []int) *Group {
		key := idsKey(ids)
		if g := shared[key]; g != nil {
			return g
		}
		g := newGroup(raw, ids, rules, written)
		shared[key] = g
		return g
	}
	groups := make(map[string]*Group, len(named))
	for token, ids := range named {
		groups[token] = build(ids)
	}
	var g *Group
	if len(global) > 0 {
		g = build(global)
	}
	return groups, g
}

// idsKey encodes a list of group indices as a map key.
func idsKey(ids []int) string {
	b := make([]byte, 0, 4*len(ids))
	for _, id := range ids {
		b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	return string(b)
}

// newGroup merges the raw groups ids.
func newGroup(raw []rawGroup, ids []int, rules []rule, written map[int32]string) *Group {
	g := &Group{written: written}
	n := 0
	for _, id := range ids {
		n += raw[id].end - raw[id].first
	}
	merged := make([]rule, 0, n)
	for _, id := range ids {
		r := &raw[id]
		merged = append(merged, rules[r.first:r.end]...)
		for _, a := range r.agents {
			if !slices.ContainsFunc(g.agents, func(b string) bool { return strings.EqualFold(a, b) }) {
				g.agents = append(g.agents, a)
			}
		}
		if r.hasDelay && (!g.hasDelay || r.delay > g.delay) {
			g.delay, g.hasDelay = r.delay, true
		}
	}
	g.m = newMatcher(merged)
	return g
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
