package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
)

const checkHelp = `usage: robots check [-agent NAME]... [-json] [-max-bytes N] [-urls FILE] [-timeout D] SOURCE [URL...]

Check says whether the crawler NAME may fetch each URL under the robots.txt
SOURCE, and why: the line that decided, or why no rule did.

SOURCE is a file, - for standard input, or an http(s) URL: then the
robots.txt of the URL's origin is fetched, following redirects, with the
status rules of RFC 9309 (4xx: every URL allowed; 5xx, 429, a network error
or a timeout: every URL disallowed), and the output first says what was
fetched. A URL is absolute (https://example.com/a?b) or a path starting
with /. With a SOURCE URL and no other URL, the SOURCE URL itself is
checked.

Options:
  -agent NAME    the crawler's product token, such as Googlebot (letters,
                 '-' and '_'), or * for the rules of crawlers without a
                 group of their own (the default). A whole User-Agent
                 header (Googlebot/2.1 ...) is cut to its product token,
                 with a note. Can be repeated: every URL is checked for
                 every agent.
  -json          write one JSON object, described below, instead of text.
  -max-bytes N   parse the first N bytes (default and least 512000, the
                 500 KiB RFC 9309 asks crawlers to read at least; at most
                 33554432, 32 MiB).
  -urls FILE     also check the URLs of FILE (- for standard input), one a
                 line; blank lines and lines starting with # are skipped.
  -timeout D     how long a fetch may take (default 30s).

Output: for a fetched SOURCE, a line saying what was fetched; a warning
when the answers come from a body that is not all read (cut at the parse
limit) or is no robots.txt (HTML, UTF-16, binary); then for each agent,
the group that applies to it, the Crawl-delay it names if any and the
interval a crawl.Checker keeps between requests (the Crawl-delay, at
least 1s, at most 30s; 1s without one), and one line per URL: "allowed" or
"disallowed", the URL, and the line that decided or why none did. When the
path matched differs from the URL's path as written (it is compared in
canonical percent-encoding), it follows in brackets. Below an allowed URL
come the Content-Signal and Content-Usage lines that apply to it, which
say how the crawler may use what it fetches (they change no verdict):

	agent Googlebot: group of line 11 (Googlebot)
	disallowed  https://example.com/private/x  line 12: Disallow: /private/
	allowed     /café                          no rule matched [path /caf%C3%A9]
	  line 15: Content-Signal: search=yes, ai-train=no

Of the Content-Usage lines (draft-ietf-aipref-attach) of the agent's
group, those with the longest path that matches apply, and those with the
same path combine, the most restrictive value winning; Content-Signal
lines (Cloudflare's Content Signals Policy) are read the same way.

Control bytes and bytes that are not UTF-8 from the file, the network or
the URLs are written escaped (\x1b) in text output.

JSON (-json), one object; every field is always present:

	{
	  "source": "robots.txt",        // SOURCE as given
	  "fetch": null,                  // or the fetch, for a URL SOURCE:
	    // {"url": "...", "final_url": "...", "redirects": 0, "status": 200,
	    //  "bytes": 120, "state": "parsed" | "unavailable" | "unreachable",
	    //  "error": ""}
	  "warnings": [],                 // why the answers may not be what the
	    // site means: the body was cut at the parse limit, or is HTML,
	    // UTF-16 or binary; each a sentence
	  "agents": ["Googlebot"],        // the product tokens checked
	  "groups": [{                    // for each agent, in order:
	    "agent": "Googlebot",
	    "group": {                    //   the group that applies, or null
	      "agents": ["Googlebot"],    //   its user-agent values
	      "lines": [11],              //   the line numbers of its user-agent lines
	      "fallback": false           //   true when it is the * group because
	    },                            //   no group names the agent
	    "pace": {                     //   or null when the file was not parsed
	      "crawl_delay": 5,           //   seconds, or null when none applies
	      "interval": 5               //   seconds a crawl.Checker keeps
	    }
	  }],
	  "results": [{                   // every URL for the first agent, then
	    "agent": "Googlebot",         // for the next
	    "url": "https://example.com/private/x",
	    "allowed": false,
	    "reason": "rule_matched",     // rule_matched, index_page_rule,
	        // no_rule_matched, no_group, robots_txt, unavailable, unreachable
	    "rule": {"line": 12, "allow": false, "pattern": "/private/"}, // or null
	    "path": "/private/x",         // the path as matched
	    "explanation": "line 12: Disallow: /private/",
	    "content_signal": {"search": "yes", "ai-train": "no"}, // the
	        // preferences that apply, key to value as written, unknown
	    "content_usage": {}           // keys too; {} when none does
	  }],
	  "stats": null                   // or, for a URL SOURCE, what the
	    // crawl.Checker that fetched it did (see crawl.Stats):
	    // {"answers": {"memory": 0, "store": 0, "fetch": 1},
	    //  "fetches": {"parsed": 1, "unavailable": 0, "unreachable": 0},
	    //  "store_calls": {"get": 0, "put": 0, "lease": 0, "renew": 0,
	    //    "release": 0, "reserve": 0, "unreserve": 0, "defer": 0},
	    //  "store_errors": {...as store_calls},
	    //  "store_error_kinds": {"timeout": 0, "panic": 0, "bad_entry": 0},
	    //  "waits": {"lease": 0, "lease_seconds": 0, "outage": 0,
	    //    "outage_seconds": 0, "pace": 0, "pace_seconds": 0},
	    //  "outage_fetches": 0, "entries": 1, "bytes": 1234, "fetching": 0}
	}

Exit status: 0 when every URL is allowed, 1 when any is disallowed, 2 for
a usage or read error, or a fetch that got no response (a network error or
a timeout; the output still says what a crawler would do).
`

func runCheck(ctx context.Context, e *env, args []string) int {
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
	if len(pos) == 0 {
		return e.usageError("check needs a SOURCE (a robots.txt file, - for standard input, or an http(s) URL) and URLs to check")
	}
	src := pos[0]
	if !stdinOnce(src, *urlsFile) {
		return e.usageError("standard input (-) can be read once: give the SOURCE or the -urls FILE as a file")
	}
	urls, ok := e.targets(pos[1:], *urlsFile)
	if !ok {
		return exitFailure
	}
	if len(urls) == 0 {
		if !isURL(src) {
			return e.usageError("check needs at least one URL after SOURCE, or -urls FILE")
		}
		urls = []string{src}
	}
	if len(*agentFlags) == 0 {
		*agentFlags = stringList{"*"}
	}
	agents, ok := e.agentTokens(*agentFlags)
	if !ok {
		return exitFailure
	}
	s, err := e.load(ctx, src, o)
	if err != nil {
		return e.fail(err)
	}
	if s.fetch != nil {
		e.otherOrigins(s.fetch.URL, urls)
	}
	rep, status := checkAll(s, agents, urls)
	if *asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeCheck(e.stdout, s, rep)
	}
	return status
}

// checkAll checks each URL for each agent against s, and returns the
// report and the exit status.
func checkAll(s *source, agents, urls []string) (checkReport, int) {
	rep := checkReport{Source: s.name, Fetch: s.fetch, Warnings: bodyWarnings(s), Agents: agents,
		Groups: []agentGroup{}, Results: make([]checkItem, 0, len(agents)*len(urls))}
	if s.stats != nil {
		rep.Stats = statsOf(*s.stats)
	}
	status := exitOK
	for _, a := range agents {
		g := agentGroup{Agent: a}
		if s.fetch == nil || s.fetch.State == "parsed" {
			g.Group = appliedGroup(s, a)
			g.Pace = paceOf(s.file, a) // pace.go
		}
		rep.Groups = append(rep.Groups, g)
		for _, u := range urls {
			x := s.file.Explain(a, u)
			if !x.Allowed {
				status = exitFound
			}
			rep.Results = append(rep.Results, checkPrefs(s.file, a, u, checkItem{Agent: a, checkResult: result(u, x)}))
		}
	}
	return rep, status
}

// writeCheck writes check's text output.
func writeCheck(w io.Writer, s *source, rep checkReport) {
	if s.fetch != nil {
		fmt.Fprintln(w, s.fetch.text())
	}
	for _, msg := range rep.Warnings {
		fmt.Fprintln(w, "warning: "+msg)
	}
	// URLs are padded to the longest, up to urlColumn: a longer URL
	// overflows its column rather than widening every line, so the output
	// grows with the URLs' total length, not their number times the
	// longest.
	width := 0
	for _, r := range rep.Results {
		width = max(width, min(utf8.RuneCountInString(safe(r.URL)), urlColumn))
	}
	per := 0 // results for each agent
	if len(rep.Groups) > 0 {
		per = len(rep.Results) / len(rep.Groups)
	}
	for i, g := range rep.Groups {
		switch {
		case s.fetch == nil || s.fetch.State == "parsed":
			fmt.Fprintln(w, groupText(s, g.Agent, g.Group))
			if g.Pace.has {
				fmt.Fprintln(w, paceText(g.Pace))
			}
		case len(rep.Groups) > 1:
			fmt.Fprintln(w, "agent "+g.Agent)
		}
		for _, r := range rep.Results[i*per : (i+1)*per] {
			line := fmt.Sprintf("%-10s  %-*s  %s", verdict(r.Allowed), width, safe(r.URL), safe(r.Explanation))
			if r.Path != "" && r.Path != writtenPath(r.URL) {
				line += " [path " + safe(r.Path) + "]"
			}
			fmt.Fprintln(w, line)
			for _, p := range r.prefLines {
				fmt.Fprintf(w, "  line %d: %s\n", p.Line, safe(prefText(p.Key.String(), p.Path, p.Value)))
			}
		}
	}
}

// checkPrefs adds to it the usage preferences that f states for agent and
// url.
func checkPrefs(f *robots.File, agent, url string, it checkItem) checkItem {
	p := f.Preferences(agent, url)
	it.ContentSignal, it.ContentUsage = p.Signal, p.Usage
	if it.ContentSignal == nil {
		it.ContentSignal = map[string]string{}
	}
	if it.ContentUsage == nil {
		it.ContentUsage = map[string]string{}
	}
	it.prefLines = append(p.SignalLines, p.UsageLines...)
	slices.SortFunc(it.prefLines, func(a, b robots.PreferenceLine) int { return a.Line - b.Line })
	return it
}

// prefText writes a preference line: its key (as usually spelled), its
// path and its value, as written.
func prefText(key, path, value string) string {
	s := key + ": "
	if path != "" {
		s += path + " "
	}
	return s + value
}

// urlColumn is the widest check pads its URL column to.
const urlColumn = 60

// writtenPath returns the path, params and query of a URL as written: what
// is matched, before it is put in canonical form.
func writtenPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		j := strings.IndexAny(rest, "/?#")
		if j < 0 {
			return "/"
		}
		u = rest[j:]
		if u[0] != '/' {
			u = "/" + u
		}
	}
	u, _, _ = strings.Cut(u, "#")
	return u
}

// otherOrigins notes the absolute URLs whose robots.txt is not robotsTxt,
// the one fetched: they are checked against it all the same.
func (e *env) otherOrigins(robotsTxt string, urls []string) {
	n, first := 0, ""
	for _, u := range urls {
		if !isURL(u) {
			continue
		}
		if r, err := robots.URLFor(u); err == nil && r != robotsTxt {
			if n == 0 {
				first = u
			}
			n++
		}
	}
	switch {
	case n == 1:
		e.note("%s is not on the origin of %s: it is checked against that file all the same", first, robotsTxt)
	case n > 1:
		e.note("%d URLs, such as %s, are not on the origin of %s: they are checked against that file all the same", n, first, robotsTxt)
	}
}
