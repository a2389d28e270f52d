package lint

import (
	"slices"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/decl"
	"github.com/crawlkit/robots/internal/safetext"
)

// split groups, product tokens read otherwise than written.

// agents adds the findings on user-agent lines. A value is reported at
// its first line only: a list of crawlers written twice is one finding,
// not one a crawler.
func (l *linter) agents(lines []decl.AgentLine) {
	reported := map[string]bool{}
	for _, a := range lines {
		if reported[a.Value] {
			continue
		}
		value := a.Value // quoted with %q, which escapes control bytes
		switch {
		case a.Value == "":
			l.add(a.Line, Error, "empty-agent", "empty user-agent: the line names no crawler and is ignored")
		case a.Token == "":
			l.add(a.Line, Error, "empty-agent", "user-agent %q names no crawler (a product token starts with a letter, '-' or '_'): the line is ignored", value)
		case a.Token == "*" || a.Token == a.Value:
			continue
		case strings.Trim(a.Value[len(a.Token):], "*") == "":
			// "Mediapartners-Google*", as Google's own pages once wrote
			// it: the star adds nothing, and the crawler is named.
			continue
		default:
			rest := a.Value[len(a.Token):]
			if rest[0] == '/' || rest[0] == ' ' || rest[0] == '\t' {
				l.add(a.Line, Info, "agent-token", "user-agent %q is read as %q", value, a.Token)
			} else {
				l.add(a.Line, Warning, "agent-token", "user-agent %q is read as %q: a product token has only letters, '-' and '_', so this group is for crawlers named %s", value, a.Token, a.Token)
			}
		}
		reported[a.Value] = true
	}
}

// A rawGroup is a group as written: its user-agent lines and its rules,
// before groups naming the same crawler are merged.
type rawGroup struct {
	agents []decl.AgentLine
	rules  []robots.Rule
	tokens []string // the product tokens of its agents, lower case, sorted, each once
}

// rawGroups returns the groups of the file as written, in file order.
func (l *linter) rawGroups() []rawGroup {
	var raws []rawGroup
	for _, a := range l.decls.Agents {
		for len(raws) <= a.Group {
			raws = append(raws, rawGroup{})
		}
		g := &raws[a.Group]
		g.agents = append(g.agents, a)
		if a.Token != "" {
			g.tokens = append(g.tokens, strings.ToLower(a.Token))
		}
	}
	for i := range raws {
		slices.Sort(raws[i].tokens)
		raws[i].tokens = slices.Compact(raws[i].tokens)
	}
	// The rules of every merged group, each once, go to the raw group
	// whose user-agent lines come last before them.
	seen := map[int]bool{}
	var rules []robots.Rule
	for _, g := range l.mergedGroups() {
		for _, r := range g.Rules() {
			if !seen[r.Line] {
				seen[r.Line] = true
				rules = append(rules, r)
			}
		}
	}
	slices.SortFunc(rules, func(a, b robots.Rule) int { return a.Line - b.Line })
	i := 0
	for _, r := range rules {
		for i+1 < len(raws) && len(raws[i+1].agents) > 0 && raws[i+1].agents[0].Line < r.Line {
			i++
		}
		if len(raws) > 0 {
			raws[i].rules = append(raws[i].rules, r)
		}
	}
	return raws
}

// groupKey returns what makes two groups as written the same: their
// tokens, and their rules' kinds and patterns in order. Neither a token nor
// a pattern holds a line break.
func groupKey(g rawGroup) string {
	var b strings.Builder
	for _, t := range g.tokens {
		b.WriteString(t)
		b.WriteByte('\n')
	}
	for _, r := range g.rules {
		if r.Allow {
			b.WriteString("\nA")
		} else {
			b.WriteString("\nD")
		}
		b.WriteString(r.Pattern)
	}
	return b.String()
}

// repeatedGroups reports each group that repeats an earlier one, with the
// same crawlers and the same rules, as one finding, and quiets its lines.
// Groups are compared by key, in a map: comparing each with every earlier
// one took minutes for a file of a million groups.
func (l *linter) repeatedGroups(raws []rawGroup) {
	first := map[string]int{} // the first group of each key
	for i, g := range raws {
		if len(g.tokens) == 0 {
			continue
		}
		key := groupKey(g)
		j, ok := first[key]
		if !ok {
			first[key] = i
			continue
		}
		prev := raws[j]
		line := g.agents[0].Line
		l.add(line, Info, "repeated-group", "the group of line %d repeats the group of line %d, its crawlers and rules: crawlers read it once, so it can go",
			line, prev.agents[0].Line)
		for _, a := range g.agents {
			l.quiet[a.Line] = true
		}
		for _, r := range g.rules {
			l.quiet[r.Line] = true
		}
	}
}

// splitGroups reports, once a group, the crawlers a group names that an
// earlier group names too.
func (l *linter) splitGroups(raws []rawGroup) {
	first := map[string]int{} // the first line naming each token, lower case
	for _, g := range raws {
		var again []decl.AgentLine
		for _, a := range g.agents {
			if a.Token == "" {
				continue
			}
			key := strings.ToLower(a.Token)
			if n, ok := first[key]; !ok {
				first[key] = a.Line
			} else if n < g.agents[0].Line {
				again = append(again, a)
			}
		}
		if len(again) == 0 {
			continue
		}
		a := again[0]
		what := "user-agent " + safetext.Escape(a.Token) + " already has a group"
		if len(again) > 1 {
			what = "user-agents " + safetext.Escape(a.Token) + " and " + plural(len(again)-1, "other") + " already have groups"
		}
		l.add(a.Line, Info, "split-group", "%s at line %d: the groups are merged, but some crawlers read only the first; put its rules in one group",
			what, first[strings.ToLower(a.Token)])
	}
}
