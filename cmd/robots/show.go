package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/crawlkit/robots"
)

const showHelp = `usage: robots show [-json] [-max-bytes N] [-timeout D] SOURCE

Show prints the robots.txt SOURCE as it is read: each group, with the
groups that name the same crawler merged, as a crawler sees it: the
crawlers it is for, the user-agent lines of the groups it is made of, its
rules (line, kind, pattern as written), its crawl-delay and its usage
preference lines (Content-Signal, Content-Usage: how a crawler may use what
it fetches); then the sitemaps, the other records (Host, Clean-param,
unknown keys, and preference lines outside any group) and the parser's
diagnostics. A SOURCE is a file, - for standard input, or an http(s) URL
whose origin's robots.txt is fetched.

	group for *
	  user-agent line 3: *
	  crawl-delay 5s
	  line 4: Disallow: /private/
	  line 5: Content-Signal: search=yes, ai-train=no

Options:
  -json          write one JSON object, described below, instead of text.
  -max-bytes N   parse the first N bytes (default and least 512000, the
                 500 KiB RFC 9309 asks crawlers to read at least; at most
                 33554432, 32 MiB).
  -timeout D     how long a fetch may take (default 30s).

Text from the file is written with control bytes escaped (\x1b).

JSON (-json), one object; every field is always present:

	{
	  "source": "robots.txt",
	  "fetch": null,                 // or the fetch, as in 'robots help check'
	  "groups": [{
	    "agents": ["*"],             // the crawlers whose group it is: product
	                                 // tokens (and *), as first written
	    "agent_lines": [{"line": 3, "value": "*", "token": "*"}],
	    "crawl_delay": 5,            // seconds, or null when none
	    "rules": [{"line": 4, "allow": false, "pattern": "/private/"}],
	    "preferences": [{"line": 5, "key": "Content-Signal", // or
	      "path": "",                // "Content-Usage"; the path as written
	      "value": "search=yes, ai-train=no"}]  // or ""; the value as written
	  }],
	  "sitemaps": [{"line": 17, "url": "https://example.com/sitemap.xml"}],
	  "records": [{"line": 9, "key": "Host", "value": "example.com", "agents": ["*"]}],
	                                 // every record, preference lines too
	  "diagnostics": [{"line": 6, "kind": "invalid pattern", "detail": "no-slash"}]
	}

Exit status: 0, or 2 for a usage, read or fetch error.
`

func runShow(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	asJSON := fs.jsonFlag()
	fs.maxBytesFlag()
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return e.usageError("show needs exactly one SOURCE (a robots.txt file, - for standard input, or an http(s) URL)")
	}
	s, err := e.load(ctx, pos[0], o)
	if err != nil {
		return e.fail(err)
	}
	rep := describe(s)
	if *asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeShow(e.stdout, s, rep)
	}
	return exitOK
}

// writeShow writes show's text output.
func writeShow(w io.Writer, s *source, rep showReport) {
	if s.fetch != nil {
		fmt.Fprintln(w, s.fetch.text())
	}
	if len(rep.Groups) == 0 {
		fmt.Fprintln(w, "no groups")
	}
	for _, g := range rep.Groups {
		writeShowGroup(w, g)
	}
	if len(rep.Sitemaps) > 0 {
		fmt.Fprintln(w, "sitemaps")
		for _, sm := range rep.Sitemaps {
			fmt.Fprintf(w, "  line %d: %s\n", sm.Line, safe(sm.URL))
		}
	}
	shown := map[int]bool{} // preference lines, shown with their group
	for _, g := range rep.Groups {
		for _, p := range g.Preferences {
			shown[p.Line] = true
		}
	}
	if len(rep.Records) > len(shown) {
		fmt.Fprintln(w, "other records")
		for _, r := range rep.Records {
			if !shown[r.Line] {
				fmt.Fprintf(w, "  line %d: %s: %s\n", r.Line, safe(r.Key), safe(r.Value))
			}
		}
	}
	if len(rep.Diagnostics) > 0 {
		fmt.Fprintln(w, "diagnostics")
		for _, d := range s.file.Diagnostics() {
			fmt.Fprintf(w, "  %s\n", safe(d.String()))
		}
	}
}

// describe returns what show prints of s.
func describe(s *source) showReport {
	f := s.file
	rep := showReport{Source: s.name, Fetch: s.fetch, Groups: []showGroup{}, Sitemaps: []showLine{},
		Records: []showRecord{}, Diagnostics: []showDiag{}}
	for _, g := range mergedGroups(s) {
		sg := showGroup{Agents: g.tokens, AgentLines: []showAgent{}, Rules: []jsonRule{}, group: g.Group}
		for _, a := range groupLines(s, strings.ToLower(g.tokens[0])) {
			sg.AgentLines = append(sg.AgentLines, showAgent{Line: a.Line, Value: a.Value, Token: a.Token})
		}
		if d, ok := g.CrawlDelay(); ok {
			secs := d.Seconds()
			sg.CrawlDelay = &secs
		}
		for _, r := range g.Rules() {
			sg.Rules = append(sg.Rules, *toJSONRule(r))
		}
		sg.Preferences = []showPref{}
		for _, p := range f.PreferenceLines(g.tokens[0]) {
			sg.Preferences = append(sg.Preferences, showPref{Line: p.Line, Key: p.Key.String(), Path: p.Path, Value: p.Value})
		}
		rep.Groups = append(rep.Groups, sg)
	}
	for _, sm := range s.lines.Sitemaps {
		rep.Sitemaps = append(rep.Sitemaps, showLine{Line: sm.Line, URL: sm.URL})
	}
	for _, r := range f.Records() {
		agents := r.Agents
		if agents == nil {
			agents = []string{}
		}
		rep.Records = append(rep.Records, showRecord{Line: r.Line, Key: r.Key, Value: r.Value, Agents: agents})
	}
	for _, d := range f.Diagnostics() {
		rep.Diagnostics = append(rep.Diagnostics, showDiag{Line: d.Line, Kind: d.Kind.String(), Detail: d.Detail})
	}
	return rep
}

// writeShowGroup writes a group in show's text output.
func writeShowGroup(w io.Writer, g showGroup) {
	names := make([]string, len(g.Agents))
	for i, a := range g.Agents {
		names[i] = safe(a)
	}
	fmt.Fprintf(w, "group for %s\n", strings.Join(names, ", "))
	for _, a := range g.AgentLines {
		fmt.Fprintf(w, "  user-agent line %d: %s", a.Line, safe(a.Value))
		if a.Token != a.Value {
			fmt.Fprintf(w, " (read as %s)", safe(a.Token))
		}
		fmt.Fprintln(w)
	}
	if d, ok := g.group.CrawlDelay(); ok {
		fmt.Fprintf(w, "  crawl-delay %v\n", d)
	}
	if len(g.Rules) == 0 {
		fmt.Fprintln(w, "  no rules")
	}
	for _, r := range g.Rules {
		fmt.Fprintf(w, "  line %d: %s\n", r.Line, safe(robots.Rule{Allow: r.Allow, Pattern: r.Pattern}.String()))
	}
	for _, p := range g.Preferences {
		fmt.Fprintf(w, "  line %d: %s\n", p.Line, safe(prefText(p.Key, p.Path, p.Value)))
	}
}
