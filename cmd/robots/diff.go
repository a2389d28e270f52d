package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/crawlkit/robots"
)

const diffHelp = `usage: robots diff [-agent NAME]... [-json] [-max-bytes N] [-urls FILE] [-timeout D] OLD NEW [URL...]

Diff says what changes between two versions of a robots.txt file: the
check a website's CI runs before it deploys a new one. OLD and NEW are
files, - for standard input (one of them), or http(s) URLs whose origin's
robots.txt is fetched.

With URLs (given after NEW or with -urls FILE), it checks each URL for each
agent against both files and lists those whose verdict changes, with the
line that decides on each side:

	Googlebot  https://example.com/tmp/x  allowed -> disallowed
	  old: no rule matched
	  new: line 16: Disallow: /tmp/

Without URLs, it lists for each agent the rules added (+) and removed (-),
compared by kind and pattern, and a changed crawl-delay. Agents whose
groups are the same on both sides are listed together.

The agents are those of -agent, which can be repeated; by default, * and
every agent either file names.

Text from the files is written with control bytes escaped (\x1b).

Options:
  -agent NAME    an agent to compare, as for check; can be repeated.
  -json          write one JSON object, described below, instead of text.
  -max-bytes N   parse the first N bytes of each file (default and least
                 512000; at most 33554432).
  -urls FILE     also check the URLs of FILE (- for standard input), one a
                 line; blank lines and lines starting with # are skipped.
  -timeout D     how long a fetch may take (default 30s).

JSON (-json), one object; every field is always present:

	{
	  "old": "old.txt", "new": "new.txt",     // as given
	  "old_fetch": null, "new_fetch": null,   // or the fetch, as in check
	  "agents": ["*", "Googlebot"],           // the agents compared
	  "checked": 4,                 // agent and URL pairs checked (0 without URLs)
	  "changes": [{                 // pairs whose verdict changes ([] without URLs)
	    "agent": "Googlebot", "url": "/tmp/x",
	    "old": {...}, "new": {...}  // each a result, as in check's "results"
	  }],
	  "groups": [{                  // groups whose rules change ([] with URLs)
	    "agents": ["Googlebot"],
	    "added": [{"line": 16, "allow": false, "pattern": "/tmp/"}],
	    "removed": [],
	    "old_crawl_delay": null,    // seconds, or null when none
	    "new_crawl_delay": null
	  }]
	}

Exit status: 0 when nothing changes, 1 when a verdict (with URLs) or a
rule or crawl-delay (without) changes, 2 for a usage, read or fetch error.
`

func runDiff(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	agentFlags := fs.agentsFlag()
	asJSON := fs.jsonFlag()
	fs.maxBytesFlag()
	urlsFile := fs.urlsFlag()
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) < 2 {
		return e.usageError("diff needs OLD and NEW (robots.txt files, - for standard input, or http(s) URLs)")
	}
	oldName, newName := pos[0], pos[1]
	if !stdinOnce(oldName, newName, *urlsFile) {
		return e.usageError("standard input (-) can be read once: give the others as files")
	}
	urls, ok := e.targets(pos[2:], *urlsFile)
	if !ok {
		return exitFailure
	}
	agents, ok := e.agentTokens(*agentFlags)
	if !ok {
		return exitFailure
	}
	oldSrc, err := e.load(ctx, oldName, o)
	if err != nil {
		return e.fail(err)
	}
	newSrc, err := e.load(ctx, newName, o)
	if err != nil {
		return e.fail(err)
	}
	if len(agents) == 0 {
		agents = defaultAgents(oldSrc, newSrc)
	}
	rep := compare(oldSrc, newSrc, agents, urls)
	if *asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeDiff(e.stdout, oldSrc, newSrc, rep, len(urls))
	}
	if len(rep.Changes) > 0 || len(rep.Groups) > 0 {
		return exitFound
	}
	return exitOK
}

// compare returns diff's report on two sources: the verdicts that change
// for each agent and URL, or without URLs the groups whose rules change.
func compare(oldSrc, newSrc *source, agents, urls []string) diffReport {
	rep := diffReport{Old: oldSrc.name, New: newSrc.name, OldFetch: oldSrc.fetch, NewFetch: newSrc.fetch,
		Agents: agents, Changes: []diffChange{}, Groups: []diffGroup{}}
	if len(urls) > 0 {
		rep.Checked, rep.Changes = verdictChanges(oldSrc.file, newSrc.file, agents, urls)
	} else {
		rep.Groups = diffGroups(oldSrc.file, newSrc.file, agents)
	}
	return rep
}

// verdictChanges checks each URL for each agent against both files, and
// returns how many pairs it checked and those whose verdict changes.
func verdictChanges(oldFile, newFile *robots.File, agents, urls []string) (checked int, changes []diffChange) {
	changes = []diffChange{}
	for _, a := range agents {
		for _, u := range urls {
			checked++
			xo, xn := oldFile.Explain(a, u), newFile.Explain(a, u)
			if xo.Allowed != xn.Allowed {
				changes = append(changes, diffChange{Agent: a, URL: u, Old: result(u, xo), New: result(u, xn)})
			}
		}
	}
	return checked, changes
}

// writeDiff writes diff's text output; urls is the number of URLs
// checked.
func writeDiff(w io.Writer, oldSrc, newSrc *source, rep diffReport, urls int) {
	for _, s := range []*source{oldSrc, newSrc} {
		if s.fetch != nil {
			fmt.Fprintln(w, s.fetch.text())
		}
	}
	if urls > 0 {
		writeVerdictChanges(w, rep, urls)
	} else {
		writeGroupChanges(w, rep)
	}
}

// writeVerdictChanges writes the verdicts that change, with URLs.
func writeVerdictChanges(w io.Writer, rep diffReport, urls int) {
	for _, c := range rep.Changes {
		fmt.Fprintf(w, "%s  %s  %s -> %s\n", c.Agent, safe(c.URL), verdict(c.Old.Allowed), verdict(c.New.Allowed))
		fmt.Fprintf(w, "  old: %s\n  new: %s\n", safe(c.Old.Explanation), safe(c.New.Explanation))
	}
	pairs := fmt.Sprintf("%s checked (%s, %s)", plural(rep.Checked, "pair"), plural(len(rep.Agents), "agent"), plural(urls, "URL"))
	if len(rep.Changes) == 0 {
		fmt.Fprintf(w, "no verdict changes: %s\n", pairs)
	} else {
		fmt.Fprintf(w, "%s changed of %s\n", plural(len(rep.Changes), "verdict"), pairs)
	}
}

// writeGroupChanges writes the rules and crawl-delays that change, without
// URLs.
func writeGroupChanges(w io.Writer, rep diffReport) {
	added, removed := 0, 0
	for _, g := range rep.Groups {
		fmt.Fprintf(w, "group for %s\n", safe(strings.Join(g.Agents, ", ")))
		for _, r := range g.Removed {
			fmt.Fprintf(w, "  - line %d: %s\n", r.Line, safe(robots.Rule{Allow: r.Allow, Pattern: r.Pattern}.String()))
		}
		for _, r := range g.Added {
			fmt.Fprintf(w, "  + line %d: %s\n", r.Line, safe(robots.Rule{Allow: r.Allow, Pattern: r.Pattern}.String()))
		}
		if !sameDelay(g.OldCrawlDelay, g.NewCrawlDelay) {
			fmt.Fprintf(w, "  crawl-delay %s -> %s\n", delayText(g.OldCrawlDelay), delayText(g.NewCrawlDelay))
		}
		added += len(g.Added)
		removed += len(g.Removed)
	}
	if len(rep.Groups) == 0 {
		fmt.Fprintf(w, "no rule changes (%s)\n", plural(len(rep.Agents), "agent"))
	} else {
		fmt.Fprintf(w, "%s changed: %s added, %d removed\n", plural(len(rep.Groups), "group"), plural(added, "rule"), removed)
	}
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

// diffGroups compares the groups that apply to each agent in the two
// files, and returns those that change, agents with the same pair of
// groups together.
func diffGroups(oldFile, newFile *robots.File, agents []string) []diffGroup {
	type pair struct{ old, new *robots.Group }
	index := map[pair]int{}
	var out []diffGroup
	for _, a := range agents {
		p := pair{oldFile.Group(a), newFile.Group(a)}
		if i, ok := index[p]; ok {
			if i >= 0 {
				out[i].Agents = append(out[i].Agents, a)
			}
			continue
		}
		d := diffGroup{Agents: []string{a}, Added: []jsonRule{}, Removed: []jsonRule{}}
		d.Removed, d.Added = ruleChanges(p.old.Rules(), p.new.Rules())
		d.OldCrawlDelay, d.NewCrawlDelay = delaySeconds(p.old), delaySeconds(p.new)
		if len(d.Added) == 0 && len(d.Removed) == 0 && sameDelay(d.OldCrawlDelay, d.NewCrawlDelay) {
			index[p] = -1
			continue
		}
		index[p] = len(out)
		out = append(out, d)
	}
	return out
}

// ruleChanges returns the rules of old that new lacks and those of new
// that old lacks, compared by kind and pattern, counting repeats.
func ruleChanges(old, new []robots.Rule) (removed, added []jsonRule) {
	type key struct {
		allow   bool
		pattern string
	}
	count := map[key]int{}
	for _, r := range new {
		count[key{r.Allow, r.Pattern}]++
	}
	removed, added = []jsonRule{}, []jsonRule{}
	for _, r := range old {
		k := key{r.Allow, r.Pattern}
		if count[k] > 0 {
			count[k]--
		} else {
			removed = append(removed, *toJSONRule(r))
		}
	}
	count = map[key]int{}
	for _, r := range old {
		count[key{r.Allow, r.Pattern}]++
	}
	for _, r := range new {
		k := key{r.Allow, r.Pattern}
		if count[k] > 0 {
			count[k]--
		} else {
			added = append(added, *toJSONRule(r))
		}
	}
	return removed, added
}

func sameDelay(a, b *float64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

func delayText(s *float64) string {
	if s == nil {
		return "none"
	}
	return time.Duration(*s * float64(time.Second)).String()
}
