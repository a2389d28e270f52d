package lint

import (
	"slices"
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
	for _, a := range l.decls.Agents {
		key := strings.ToLower(a.Token)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		g := l.file.Group(a.Token)
		i := slices.IndexFunc(out, func(m mergedGroup) bool { return m.Group == g })
		if i < 0 {
			out = append(out, mergedGroup{Group: g})
			i = len(out) - 1
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
