package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/safetext"
)

// The findings on the rules of each merged group: rules that never decide,
// whole-site blocks, blocked CSS and JavaScript, and what Yandex flags.

// Yandex's analyser flags rules longer than maxRuleBytes and groups of
// more than maxGroupRules rules.
const (
	maxRuleBytes  = 1024
	maxGroupRules = 2048
)

// searchCrawlers are the product tokens of search engines' crawlers, in
// lower case: a whole-site block for one of them takes a site out of that
// engine. For most sites that is a choice, said at info level; for the
// crawlers of majorSearch, it is a warning.
var searchCrawlers = []string{"googlebot", "bingbot", "msnbot", "yandex", "yandexbot", "baiduspider",
	"duckduckbot", "applebot", "slurp", "naverbot", "yeti", "seznambot"}

// majorSearch are the crawlers of the search engines that most sites
// depend on.
var majorSearch = []string{"googlebot", "bingbot"}

func isSearchCrawler(token string) bool {
	return slices.Contains(searchCrawlers, strings.ToLower(token))
}

func isMajorSearch(token string) bool {
	return slices.Contains(majorSearch, strings.ToLower(token))
}

// maxShadowWork bounds the steps spent looking for rules that never decide
// in one file, so that a file of many thousands of rules takes no longer
// than a fraction of a second; past it, the rest goes unchecked.
const maxShadowWork = 20_000_000

// ruleKind is a rule's kind and pattern.
type ruleKind struct {
	allow   bool
	pattern string
}

// rules adds the findings on the rules of one merged group.
func (l *linter) rules(g mergedGroup) {
	rules := g.Rules()
	seen := map[ruleKind]robots.Rule{}
	for _, r := range rules {
		if i := strings.IndexByte(r.Pattern, '$'); i >= 0 && i < len(r.Pattern)-1 {
			l.add(r.Line, Warning, "dollar-inside", "\"$\" inside pattern %q matches a literal \"$\": only a final \"$\" anchors the end of the path", r.Pattern)
		}
		if len(r.Pattern) > maxRuleBytes && !l.seen[strconv.Itoa(r.Line)+" line-too-long"] {
			l.add(r.Line, Warning, "long-rule", "the pattern is %s long: Yandex's robots.txt analyser flags rules longer than 1,024 bytes, and Yandex may ignore it", plural(len(r.Pattern), "byte"))
		}
		if prev, ok := seen[ruleKind{r.Allow, r.Pattern}]; ok && prev.Line != r.Line {
			l.add(r.Line, Info, "repeated-rule", "%q repeats line %d: it changes nothing, and can go", r.String(), prev.Line)
			continue
		}
		seen[ruleKind{r.Allow, r.Pattern}] = r
	}
	for _, r := range rules {
		if r.Allow || r.Pattern == "" {
			continue
		}
		if a, ok := seen[ruleKind{true, r.Pattern}]; ok {
			l.add(r.Line, Warning, "overridden-disallow", "%q does nothing: %q at line %d has the same pattern, and allow wins a tie", r.String(), a.String(), a.Line)
		}
	}
	if len(rules) > maxGroupRules {
		l.add(l.groupLine(g), Warning, "many-rules", "the group for %s has %s: Yandex's robots.txt analyser flags groups of more than 2,048 rules, and Yandex may not read them all",
			safetext.Escape(strings.Join(g.tokens, ", ")), plural(len(rules), "rule"))
	}
}

// groupLine returns the first user-agent line of a merged group.
func (l *linter) groupLine(g mergedGroup) int {
	if lines := l.groupLines(strings.ToLower(g.tokens[0])); len(lines) > 0 {
		return lines[0].Line
	}
	return 1
}

// shadowed reports the rules of a merged group that never decide: for
// every path such a rule matches, a rule of the other kind matches too and
// wins, being longer, or as long and an allow (RFC 9309 section 2.2.2).
// Rules with the same pattern are overridden-disallow's; a rule written
// with bytes the library encodes, and an allow the index page rule
// extends, are left out.
func (l *linter) shadowed(rules []robots.Rule) {
	type rule struct {
		robots.Rule
		prefix string // literalPrefix of the pattern
	}
	// The rules of each kind, longest first: those that can win over a
	// rule of the other kind come before the others.
	var kinds [2][]rule // disallows, allows
	for _, r := range rules {
		if !plainPattern(r.Pattern) {
			continue
		}
		k := 0
		if r.Allow {
			k = 1
		}
		kinds[k] = append(kinds[k], rule{Rule: r, prefix: literalPrefix(r.Pattern)})
	}
	for k := range kinds {
		slices.SortStableFunc(kinds[k], func(a, b rule) int { return len(b.Pattern) - len(a.Pattern) })
	}
	for k, rs := range kinds {
		for _, r := range rs {
			if r.Allow && indexPage(r.Pattern) {
				continue
			}
			for _, w := range kinds[1-k] {
				if l.work--; l.work < 0 {
					return
				}
				if len(w.Pattern) < len(r.Pattern) || len(w.Pattern) == len(r.Pattern) && !w.Allow {
					break // r wins where both match, and over those after w
				}
				if w.Pattern == r.Pattern || !strings.HasPrefix(r.prefix, w.prefix) {
					continue // the same pattern is overridden-disallow's; else w misses paths r matches
				}
				if covers(w.Pattern, r.Pattern, &l.work) {
					l.add(r.Line, Warning, "shadowed-rule", "%q never decides: %q at line %d matches every path it matches, and wins (%s)",
						r.String(), w.String(), w.Line, winsBy(w.Rule, r.Rule))
					break
				}
			}
		}
	}
}

// winsBy says why rule w wins over rule r when both match.
func winsBy(w, r robots.Rule) string {
	if len(w.Pattern) > len(r.Pattern) {
		return "a longer pattern wins"
	}
	return "an allow wins a tie"
}

// indexPage reports whether an allow pattern is one Google's index page
// rule extends: "/d/index.html" also allows "/d/".
func indexPage(pattern string) bool {
	p := strings.TrimSuffix(pattern, "$")
	return strings.HasSuffix(p, "/index.html") || strings.HasSuffix(p, "/index.htm")
}

// wholeSite reports a disallow rule that matches every path in the group
// of * or of a search crawler, unless an allow rule that matches every path
// too wins over it.
func (l *linter) wholeSite(merged []mergedGroup) {
	ownGroup := false // a major search crawler has a group of its own
	for _, g := range merged {
		if slices.ContainsFunc(g.tokens, isMajorSearch) {
			ownGroup = true
		}
	}
	for _, g := range merged {
		r, ok := blocksAll(g.Rules())
		if !ok {
			continue
		}
		var search []string
		major := false
		for _, t := range g.tokens {
			if isSearchCrawler(t) {
				search = append(search, t)
				major = major || isMajorSearch(t)
			}
		}
		star := slices.Contains(g.tokens, "*")
		switch {
		case len(search) > 0:
			sev := Info
			if major {
				sev = Warning
			}
			l.add(r.Line, sev, "disallow-all", "%q blocks the whole site for %s: it takes the site out of that search engine",
				r.String(), safetext.Escape(strings.Join(search, ", ")))
		case star && !ownGroup:
			l.add(r.Line, Warning, "disallow-all", "%q for * blocks the whole site for every crawler, search engines included: no group of its own names Googlebot or Bingbot",
				r.String())
		case star && r.String() == "Disallow: /":
			l.add(r.Line, Info, "disallow-all", "\"Disallow: /\" for * blocks every crawler that has no group of its own")
		case star:
			l.add(r.Line, Info, "disallow-all", "%q for * blocks the whole site for every crawler that has no group of its own", r.String())
		}
	}
}

// blocksAll returns the first disallow rule of rules that matches every
// path, if no allow rule that matches every path wins over it.
func blocksAll(rules []robots.Rule) (robots.Rule, bool) {
	var block *robots.Rule
	allow := -1 // the length of the longest allow that matches every path
	for i, r := range rules {
		if !matchesEverything(r.Pattern) {
			continue
		}
		if r.Allow {
			allow = max(allow, len(r.Pattern))
		} else if block == nil {
			block = &rules[i]
		}
	}
	if block == nil || allow >= len(block.Pattern) {
		return robots.Rule{}, false
	}
	return *block, true
}

// resources reports a disallow rule that blocks every JavaScript or every
// CSS file for Googlebot or for *: Google renders pages with them.
func (l *linter) resources() {
	f := l.file
	star, google := f.Group("*"), f.Group("Googlebot")
	for _, c := range []struct {
		g   *robots.Group
		who string
	}{
		{google, "Googlebot"},
		{star, "*"},
	} {
		if c.g == nil || c.who == "*" && c.g == google {
			continue
		}
		who := c.who
		if c.who == "Googlebot" && c.g == star {
			who = "* and so for Googlebot, which has no group of its own"
		}
		for _, res := range []struct{ kind, files, probe string }{
			{"JavaScript", "/*.js$", "/robots-lint/a.js"},
			{"CSS", "/*.css$", "/robots-lint/a.css"},
		} {
			x := c.g.Explain(res.probe)
			if x.Allowed || x.Reason != robots.RuleMatched || matchesEverything(x.Rule.Pattern) {
				continue
			}
			work := 4 * (len(x.Rule.Pattern) + 8) * 8
			if !plainPattern(x.Rule.Pattern) || !covers(x.Rule.Pattern, res.files, &work) {
				continue
			}
			l.add(x.Rule.Line, Warning, "blocked-resources", "%q blocks every %s file for %s: Google renders pages with their CSS and JavaScript, and one it cannot render may rank lower; allow them",
				x.Rule.String(), res.kind, who)
		}
	}
}
