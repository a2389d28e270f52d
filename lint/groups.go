package lint

import (
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/decl"
)

// Groups as the linter sees them: merged, as crawlers read them, each with
// the product tokens that name it.

// A mergedGroup is a group of a file, with the groups as written that
// name the same crawler merged, and the product tokens (and "*") whose
// group it is, as first written.
type mergedGroup struct {
	tokens []string
	*robots.Group
}

// mergedGroups returns the distinct merged groups of the file, in the
// order of their first user-agent line.
func (l *linter) mergedGroups() []mergedGroup {
	var out []mergedGroup
	seen := map[string]bool{}
	index := map[*robots.Group]int{} // of each group in out
	for _, a := range l.decls.Agents {
		key := strings.ToLower(a.Token)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		g := l.file.Group(a.Token)
		i, ok := index[g]
		if !ok {
			i = len(out)
			index[g] = i
			out = append(out, mergedGroup{Group: g})
		}
		out[i].tokens = append(out[i].tokens, a.Token)
	}
	return out
}

// groupLines returns the user-agent lines of the groups, as written, that
// are merged into the group of token (lower case, or "*").
func (l *linter) groupLines(token string) []decl.AgentLine {
	in := map[int]bool{}
	for _, a := range l.decls.Agents {
		if strings.ToLower(a.Token) == token {
			in[a.Group] = true
		}
	}
	var out []decl.AgentLine
	for _, a := range l.decls.Agents {
		if in[a.Group] {
			out = append(out, a)
		}
	}
	return out
}
