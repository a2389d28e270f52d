package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/decl"
)

// Groups as the commands describe them: the group that applies to an
// agent, the user-agent lines it is made of, the merged groups of a file.

// appliedGroup returns the group of f that applies to agent (a product
// token or "*"), with the lines of the user-agent lines that make it up,
// or nil when none does.
func appliedGroup(s *source, agent string) *groupRef {
	g := s.file.Group(agent)
	if g == nil {
		return nil
	}
	key := strings.ToLower(agent)
	named := false
	if key != "*" {
		for _, a := range g.Agents() {
			if strings.EqualFold(a, agent) {
				named = true
			}
		}
	}
	if !named {
		key = "*"
	}
	ref := &groupRef{Agents: g.Agents(), Lines: []int{}, Fallback: !named && agent != "*"}
	for _, a := range groupLines(s, key) {
		ref.Lines = append(ref.Lines, a.Line)
		ref.values = append(ref.values, a.Value)
	}
	return ref
}

// groupLines returns the user-agent lines of the groups, as written, that
// are merged into the group of token (lower case, or "*").
func groupLines(s *source, token string) []decl.AgentLine {
	lines := s.lines.Agents
	in := map[int]bool{}
	for _, a := range lines {
		if strings.ToLower(a.Token) == token {
			in[a.Group] = true
		}
	}
	var out []decl.AgentLine
	for _, a := range lines {
		if in[a.Group] {
			out = append(out, a)
		}
	}
	return out
}

// groupText describes the group that applies to agent, for text output.
func groupText(s *source, agent string, g *groupRef) string {
	head := "agent " + agent + ": "
	switch {
	case g == nil && agent == "*":
		return head + "the file has no * group: every URL is allowed"
	case g == nil:
		return head + "no group names " + agent + " and there is no * group: every URL is allowed"
	case g.Fallback:
		head += "no group of its own; "
	}
	if len(g.Lines) == 0 { // the body is not known
		return head + "group for " + strings.Join(g.Agents, ", ")
	}
	var b strings.Builder // linear in the lines: a group can have thousands
	b.WriteString(head)
	if len(g.Lines) == 1 {
		b.WriteString("group of line ")
	} else {
		b.WriteString("groups of lines ")
	}
	for i, n := range g.Lines {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n) + " (" + safe(g.values[i]) + ")")
	}
	if len(g.Lines) > 1 && !sameGroup(s, g.Lines) {
		b.WriteString(", merged")
	}
	return b.String()
}

// sameGroup reports whether the user-agent lines numbered lines all belong
// to one group as written.
func sameGroup(s *source, lines []int) bool {
	in := make(map[int]bool, len(lines))
	for _, n := range lines {
		in[n] = true
	}
	groups := map[int]bool{}
	for _, a := range s.lines.Agents {
		if in[a.Line] {
			groups[a.Group] = true
		}
	}
	return len(groups) <= 1
}

// A mergedGroup is a group of a file, with the groups as written that
// name the same crawler merged, and the product tokens (and "*") whose
// group it is, as first written.
type mergedGroup struct {
	tokens []string
	*robots.Group
}

// mergedGroups returns the distinct merged groups of f, in the order of
// their first user-agent line.
func mergedGroups(s *source) []mergedGroup {
	f := s.file
	var out []mergedGroup
	seen := map[string]bool{}
	for _, a := range s.lines.Agents {
		key := strings.ToLower(a.Token)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		g := f.Group(a.Token)
		i := slices.IndexFunc(out, func(m mergedGroup) bool { return m.Group == g })
		if i < 0 {
			out = append(out, mergedGroup{Group: g})
			i = len(out) - 1
		}
		out[i].tokens = append(out[i].tokens, a.Token)
	}
	return out
}

// defaultAgents returns "*" and the product tokens that either file names,
// each once (compared without regard to case), as first written.
func defaultAgents(sources ...*source) []string {
	agents := []string{"*"}
	seen := map[string]bool{"*": true}
	for _, s := range sources {
		for _, a := range s.lines.Agents {
			if k := strings.ToLower(a.Token); k != "" && !seen[k] {
				seen[k] = true
				agents = append(agents, a.Token)
			}
		}
	}
	return agents
}

// delaySeconds returns the crawl-delay of g in seconds, or nil.
func delaySeconds(g *robots.Group) *float64 {
	d, ok := g.CrawlDelay()
	if !ok {
		return nil
	}
	s := d.Seconds()
	return &s
}
