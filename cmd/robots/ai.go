package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/ailist"
	use "github.com/crawlkit/robots/usage" // "usage" is the text of robots help
)

const aiHelp = `usage: robots ai [-json] [-path P]... [-max-bytes N] [-timeout D] SOURCE

Ai shows what the robots.txt SOURCE says to each AI crawler of the
ai.robots.txt list: whether it may fetch each path P (default /) and the
line that decides, the Content-Signal and Content-Usage lines that apply to
it at /, and where they disagree. It is the view of a site owner: which AI
crawlers does my file let in, and does that agree with what my preference
lines say?

SOURCE is a file, - for standard input, or an http(s) URL, whose origin's
robots.txt is fetched as 'robots check' fetches it.

The list is a snapshot of robots.json of ai.robots.txt
(https://github.com/ai-robots-txt/ai.robots.txt, MIT licence), built into
this program with its date; nothing is fetched but SOURCE. Each crawler has
a purpose read from the list's own words for it (its "function", else its
"description"): training, search, assistant or other; the README gives the
rules. A name of the list that is not an RFC 9309 product token (letters,
'-' and '_') is read as Google's rules read a user-agent line: cut at its
first other character, so "MistralAI-User/1.0" is MistralAI-User and
"AI2Bot" is AI. Its answers are those of the name so read, and a note says
so.

A contradiction is either
  - a training crawler that may fetch /, while the Content-Signal
    (ai-train=no) or Content-Usage (train-ai=n, or a label of an earlier
    draft that covers training, such as bots=n) that applies to it at /
    says no to training, as 'robots usage' reads them (the README has the
    table of labels): the file relies on the crawler reading those lines,
    where a Disallow would stop it; or
  - a search crawler that may not fetch /, while the Content-Signal
    (search=yes) or Content-Usage (search=y) of the * group at / allows
    search, as 'robots usage' reads them: a "yes" and no "no".
As 'robots check' reads them, preference lines state nothing for a path
the crawler may not fetch.

Options:
  -json          write one JSON object, described below, instead of text.
  -path P        a path to check, starting with / (default /). Can be
                 repeated.
  -max-bytes N   parse the first N bytes (default and least 512000; at most
                 33554432).
  -timeout D     how long a fetch may take (default 30s).

Output: a line for the list, a table of the crawlers (name, purpose,
operator, the verdict for each path with the line that decides or why no
line does, the lines of the preferences that apply at /), the preference
lines it refers to, the notes and the contradictions.

JSON (-json), one object; every field is always present:

	{
	  "source": "robots.txt",        // SOURCE as given
	  "list": {"name": "ai.robots.txt", "date": "2026-08-22", "crawlers": 166},
	  "crawlers": [{                 // in the list's order
	    "token": "GPTBot",           // as the list writes it
	    "operator": "OpenAI",
	    "purpose": "training",       // training, search, assistant or other
	    "valid_token": true,         // an RFC 9309 product token
	    "paths": [{"path": "/", "allowed": false,
	               "line": 12}],     // the rule that decides, or null
	    "content_signal": {"ai-train": "no"}, // as in 'robots help check':
	    "content_usage": {}          // at /; {} when none applies
	  }],
	  "notes": [],                   // sentences: names read otherwise, names
	                                 // that share a group, the fetch
	  "contradictions": [{"token": "ClaudeBot",
	    "kind": "training",          // or "search"
	    "lines": [1, 3],             // the lines at odds: the rule's, then
	                                 // at most 10 preference lines
	    "message": "..."}]
	}

The preferences of a group are written for each crawler it applies to:
the JSON output of a file whose preference lines are long can be up to
about 2 bytes for each byte of those lines and each crawler of the list
(the tester page refuses an answer over 8 MiB).

Exit status: 0, 1 when there is a contradiction, 2 for a usage or read
error, or a fetch that got no response.
`

// aiReport is the JSON output of ai; see aiHelp.
type aiReport struct {
	Source         string            `json:"source"`
	List           aiListInfo        `json:"list"`
	Crawlers       []aiCrawler       `json:"crawlers"`
	Notes          []string          `json:"notes"`
	Contradictions []aiContradiction `json:"contradictions"`
}

// aiListInfo names the list of AI crawlers.
type aiListInfo struct {
	Name     string `json:"name"`
	Date     string `json:"date"`
	Crawlers int    `json:"crawlers"`
}

// aiCrawler is what a file says to a crawler of the list.
type aiCrawler struct {
	Token         string                  `json:"token"`
	Operator      string                  `json:"operator"`
	Purpose       string                  `json:"purpose"`
	ValidToken    bool                    `json:"valid_token"`
	Paths         []aiPath                `json:"paths"`
	ContentSignal map[string]string       `json:"content_signal"`
	ContentUsage  map[string]string       `json:"content_usage"`
	agent         string                  // the product token the answers are for
	prefs         []robots.PreferenceLine // the lines of the preferences, in file order
}

// aiPath is a path checked for a crawler.
type aiPath struct {
	Path    string `json:"path"`
	Allowed bool   `json:"allowed"`
	Line    *int   `json:"line"`
	why     string // what decided, in a few words, for text output
}

// aiContradiction is a crawler whose access disagrees with the preference
// lines.
type aiContradiction struct {
	Token   string `json:"token"`
	Kind    string `json:"kind"` // the crawler's purpose: "training" or "search"
	Lines   []int  `json:"lines"`
	Message string `json:"message"`
}

func runAI(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	asJSON := fs.jsonFlag()
	var paths stringList
	fs.Var(&paths, "path", "")
	fs.maxBytesFlag()
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return e.usageError("ai needs exactly one SOURCE (a robots.txt file, - for standard input, or an http(s) URL)")
	}
	for _, p := range paths {
		if !strings.HasPrefix(p, "/") {
			return e.usageError("-path %q is not a path: give one starting with /, such as /blog/", p)
		}
	}
	if len(paths) == 0 {
		paths = stringList{"/"}
	}
	s, err := e.load(ctx, pos[0], o)
	if err != nil {
		return e.fail(err)
	}
	rep := aiCheck(s.file, paths)
	rep.Source = s.name
	var head []string
	if s.fetch != nil {
		head = append(head, s.fetch.text())
	}
	for _, w := range bodyWarnings(s) {
		head = append(head, "warning: "+w)
	}
	rep.Notes = append(head, rep.Notes...)
	if *asJSON {
		writeJSON(e.stdout, rep)
	} else {
		writeAI(e.stdout, rep, len(head))
	}
	if len(rep.Contradictions) > 0 {
		return exitFound
	}
	return exitOK
}

// aiCheck checks each crawler of the list against f, for each path.
func aiCheck(f *robots.File, paths []string) aiReport {
	list := ailist.Crawlers()
	rep := aiReport{
		List:           aiListInfo{Name: ailist.Name, Date: ailist.Date, Crawlers: len(list)},
		Crawlers:       make([]aiCrawler, 0, len(list)),
		Notes:          []string{},
		Contradictions: []aiContradiction{},
	}
	// Whether the * group allows search at /, and in which lines.
	star := stated(f, "*", f.Preferences("*", "/"), use.Search, use.Allowed)

	// Crawlers that get the same group get the same preferences: they
	// are read once for each group, not for each crawler, since a file can
	// hold thousands of preference lines.
	cache := map[*robots.Group]*groupPrefs{}
	prefsOf := func(agent string) *groupPrefs {
		g := f.Group(agent)
		if gp, ok := cache[g]; ok {
			return gp
		}
		gp := &groupPrefs{pr: f.Preferences(agent, "/"), signal: map[string]string{}, usage: map[string]string{}}
		if gp.pr.Signal != nil {
			gp.signal = gp.pr.Signal
		}
		if gp.pr.Usage != nil {
			gp.usage = gp.pr.Usage
		}
		gp.trainingNo = stated(f, agent, gp.pr, use.AITrain, use.Disallowed)
		gp.lines = append(append(gp.lines, gp.pr.SignalLines...), gp.pr.UsageLines...)
		slices.SortFunc(gp.lines, func(a, b robots.PreferenceLine) int { return a.Line - b.Line })
		cache[g] = gp
		return gp
	}

	for _, c := range list {
		ac := aiCrawler{Token: c.Token, Operator: c.Operator, Purpose: string(c.Purpose),
			ValidToken: robots.ValidProductToken(c.Token), agent: c.Token, Paths: make([]aiPath, 0, len(paths))}
		if !ac.ValidToken {
			if tok := robots.ProductToken(c.Token); tok != "" {
				ac.agent = tok
			}
		}
		for _, p := range paths {
			ac.Paths = append(ac.Paths, aiPathOf(f.Explain(ac.agent, p), p))
		}
		gp := prefsOf(ac.agent)
		ac.ContentSignal, ac.ContentUsage, ac.prefs = gp.signal, gp.usage, gp.lines
		rep.Crawlers = append(rep.Crawlers, ac)

		root := ac.Paths[0]
		if paths[0] != "/" {
			root = aiPathOf(f.Explain(ac.agent, "/"), "/")
		}
		switch {
		case c.Purpose == ailist.Training && root.Allowed && len(gp.trainingNo.lines) > 0:
			st := gp.trainingNo
			var says []string
			for i, v := range st.vocabs {
				says = append(says, v+" "+st.values[i])
			}
			rep.Contradictions = append(rep.Contradictions, aiContradiction{Token: c.Token, Kind: "training", Lines: withRule(root, st.lines[:min(len(st.lines), maxCited)]),
				Message: fmt.Sprintf("%s (training) may fetch / (%s) while %s %s %s: the file relies on the crawler reading it; Disallow: / in a group for %s would stop it",
					c.Token, root.why, lineList(st.lines), say(len(st.lines)), strings.Join(says, " and "), ac.agent)})
		case c.Purpose == ailist.Search && !root.Allowed && len(star.lines) > 0:
			rep.Contradictions = append(rep.Contradictions, aiContradiction{Token: c.Token, Kind: "search", Lines: withRule(root, star.lines[:min(len(star.lines), maxCited)]),
				Message: fmt.Sprintf("%s (search) may not fetch / (%s) while the * group's %s (%s) %s %s",
					c.Token, root.why, strings.Join(star.vocabs, " and "), lineList(star.lines), say(len(star.vocabs)), strings.Join(star.values, " and "))})
		}
	}
	rep.Notes = append(rep.Notes, aiNotes(rep.Crawlers)...)
	return rep
}

// A statement is what the preference lines that apply to a crawler at /
// state for a use, as package usage reads them: the vocabularies that
// state it ("Content-Signal", "Content-Usage"), what each says
// ("ai-train=no"; "train-ai=n, bots=n"), and the lines of those
// vocabularies, sorted. No lines: they do not state it.
type statement struct {
	vocabs, values []string
	lines          []int
}

// stated returns what the preference lines of f that apply to agent at /
// state for u when, as package usage reads them (robots usage answers the
// same), that is p, Allowed or Disallowed; else the zero statement. pr
// holds those lines.
func stated(f *robots.File, agent string, pr robots.Preferences, u use.Use, p use.Preference) statement {
	d := use.For(agent, use.Input{URL: "/", Robots: f}).Use(u)
	if d.State != p {
		return statement{}
	}
	var signal, labels bool
	for _, s := range d.By {
		signal = signal || strings.HasPrefix(s.Text, "Content-Signal:")
		labels = labels || strings.HasPrefix(s.Text, "Content-Usage:")
	}
	yes, y := "yes", "y"
	if p == use.Disallowed {
		yes, y = "no", "n"
	}
	var st statement
	if signal {
		// A key of Content-Signal is the use's name.
		st.vocabs = append(st.vocabs, "Content-Signal")
		st.values = append(st.values, u.String()+"="+yes)
		st.lines = appendLines(st.lines, pr.SignalLines)
	}
	if labels {
		// The labels of the table that bear on u, with the value that
		// states p; "n" of a label that names part of u counts, "y" not.
		var values []string
		for _, l := range use.Labels() {
			if l.Vocabulary == "Content-Usage" && l.Level[u] > 0 && pr.Usage[l.Label] == y && (p == use.Disallowed || !l.NoOnly) {
				values = append(values, l.Label+"="+y)
			}
		}
		st.vocabs = append(st.vocabs, "Content-Usage")
		st.values = append(st.values, strings.Join(values, ", "))
		st.lines = appendLines(st.lines, pr.UsageLines)
	}
	slices.Sort(st.lines)
	return st
}

// groupPrefs are the preferences a group states at /: the maps, never
// nil, the lines of both kinds in file order, and what says no to
// training.
type groupPrefs struct {
	pr            robots.Preferences
	signal, usage map[string]string
	lines         []robots.PreferenceLine
	trainingNo    statement
}

// withRule returns the line of the rule that decided p, if any, followed
// by lines.
func withRule(p aiPath, lines []int) []int {
	if p.Line == nil {
		return lines
	}
	return append([]int{*p.Line}, lines...)
}

// appendLines appends the line numbers of ls to lines.
func appendLines(lines []int, ls []robots.PreferenceLine) []int {
	for _, l := range ls {
		lines = append(lines, l.Line)
	}
	return lines
}

// maxCited bounds the preference lines a contradiction cites: a file can
// have thousands that say the same.
const maxCited = 10

// say is "says" for one line, "say" for more.
func say(lines int) string {
	if lines == 1 {
		return "says"
	}
	return "say"
}

// lineList writes line numbers as "line 3", "lines 3, 4" or, past three,
// "lines 3, 4, 5 and 7 more".
func lineList(lines []int) string {
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	s := make([]string, 0, 3)
	for _, n := range lines[:min(len(lines), 3)] {
		s = append(s, strconv.Itoa(n))
	}
	more := ""
	if len(lines) > 3 {
		more = " and " + strconv.Itoa(len(lines)-3) + " more"
	}
	return "lines " + strings.Join(s, ", ") + more
}

// aiPathOf is the answer for path, explained by x.
func aiPathOf(x robots.Explanation, path string) aiPath {
	p := aiPath{Path: path, Allowed: x.Allowed}
	switch x.Reason {
	case robots.RuleMatched, robots.IndexPageRule:
		n := x.Rule.Line
		p.Line = &n
		p.why = "line " + strconv.Itoa(n)
	case robots.NoRuleMatched:
		p.why = "no rule matched"
	case robots.NoGroup:
		p.why = "no group applies"
	case robots.RobotsTxt:
		p.why = "/robots.txt"
	case robots.NoFile:
		p.why = "robots.txt " + x.Access.State.String()
	default:
		p.why = x.Reason.String()
	}
	return p
}

// aiNotes says which names of the list are read as another product token,
// and which share a group (robots.txt compares names in any case).
func aiNotes(cs []aiCrawler) []string {
	byAgent := map[string][]string{} // lower-case product token: the names
	var order []string
	for _, c := range cs {
		k := strings.ToLower(c.agent)
		if _, ok := byAgent[k]; !ok {
			order = append(order, k)
		}
		byAgent[k] = append(byAgent[k], c.Token)
	}
	var notes []string
	for _, c := range cs {
		if c.ValidToken {
			continue
		}
		others := slices.DeleteFunc(slices.Clone(byAgent[strings.ToLower(c.agent)]), func(s string) bool { return s == c.Token })
		var n string
		if c.agent == c.Token {
			n = fmt.Sprintf("%q is not a product token and does not start with one: Google's rules ignore \"User-agent: %s\", so it gets the * group", c.Token, c.Token)
		} else {
			n = fmt.Sprintf("%q is not a product token: Google's rules read \"User-agent: %s\" as %q, and its answers are for %s; a crawler that asks as %q never gets a group of its own",
				c.Token, c.Token, c.agent, c.agent, c.Token)
		}
		if len(others) > 0 {
			verb := " share"
			if len(others) == 1 {
				verb = " shares"
			}
			n += "; " + quoteList(others) + verb + " that group"
		}
		notes = append(notes, n)
	}
	for _, k := range order {
		names := byAgent[k]
		valid := slices.DeleteFunc(slices.Clone(names), func(s string) bool { return !robots.ValidProductToken(s) })
		if len(valid) > 1 {
			notes = append(notes, fmt.Sprintf("%s name one group: robots.txt compares names in any case", quoteList(valid)))
		}
	}
	return notes
}

// quoteList writes names quoted, joined by commas and "and".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// aiColumn is the widest a column of ai's table is padded to; a longer
// cell is cut, with "…".
const aiColumn = 24

// writeAI writes ai's text output. The first head notes of rep (the
// fetch, the warnings) come first.
func writeAI(w io.Writer, rep aiReport, head int) {
	for _, n := range rep.Notes[:head] {
		fmt.Fprintln(w, safe(n))
	}
	fmt.Fprintf(w, "%s of %s: %d crawlers\n", rep.List.Name, rep.List.Date, rep.List.Crawlers)
	if len(rep.Crawlers) == 0 {
		return
	}
	name := func(c aiCrawler) string {
		if c.agent != c.Token {
			return c.Token + " (as " + c.agent + ")"
		}
		return c.Token
	}
	// Column widths.
	wName, wOp := len("crawler"), len("operator")
	wPath := make([]int, len(rep.Crawlers[0].Paths))
	for i, p := range rep.Crawlers[0].Paths {
		wPath[i] = utf8.RuneCountInString(cut(safe(p.Path), aiColumn))
	}
	cell := func(p aiPath) string { return verdict(p.Allowed) + " " + p.why }
	for _, c := range rep.Crawlers {
		wName = max(wName, utf8.RuneCountInString(cut(safe(name(c)), 2*aiColumn)))
		wOp = max(wOp, utf8.RuneCountInString(cut(safe(c.Operator), aiColumn)))
		for i, p := range c.Paths {
			wPath[i] = max(wPath[i], utf8.RuneCountInString(cell(p)))
		}
	}
	row := func(cells ...string) {
		var b strings.Builder
		for i, s := range cells {
			width := 0
			switch {
			case i == 0:
				width = wName
			case i == 1:
				width = len("assistant")
			case i == 2:
				width = wOp
			case i < len(cells)-1:
				width = wPath[i-3]
			}
			b.WriteString(s)
			if i < len(cells)-1 {
				b.WriteString(strings.Repeat(" ", width-utf8.RuneCountInString(s)+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	header := []string{"crawler", "purpose", "operator"}
	for _, p := range rep.Crawlers[0].Paths {
		header = append(header, cut(safe(p.Path), aiColumn))
	}
	row(append(header, "preferences at /")...)
	var prefs []robots.PreferenceLine // every line of the column, once
	seen := map[int]bool{}
	for _, c := range rep.Crawlers {
		cells := []string{cut(safe(name(c)), 2*aiColumn), c.Purpose, cut(safe(c.Operator), aiColumn)}
		for _, p := range c.Paths {
			cells = append(cells, cell(p))
		}
		col := "-"
		if len(c.prefs) > 0 {
			col = lineList(appendLines(nil, c.prefs))
		}
		for _, l := range c.prefs {
			if !seen[l.Line] {
				seen[l.Line] = true
				prefs = append(prefs, l)
			}
		}
		row(append(cells, col)...)
	}
	if len(prefs) > 0 {
		slices.SortFunc(prefs, func(a, b robots.PreferenceLine) int { return a.Line - b.Line })
		fmt.Fprintln(w, "preference lines:")
		for _, l := range prefs {
			fmt.Fprintf(w, "  line %d: %s\n", l.Line, safe(prefText(l.Key.String(), l.Path, l.Value)))
		}
	}
	if len(rep.Notes) > head {
		fmt.Fprintln(w, "notes:")
		for _, n := range rep.Notes[head:] {
			fmt.Fprintln(w, "  "+safe(n))
		}
	}
	allowed := 0
	for _, c := range rep.Crawlers {
		if len(c.Paths) > 0 && c.Paths[0].Allowed {
			allowed++
		}
	}
	if len(rep.Contradictions) > 0 {
		fmt.Fprintln(w, "contradictions:")
		for _, c := range rep.Contradictions {
			fmt.Fprintln(w, "  "+safe(c.Message))
		}
	}
	fmt.Fprintf(w, "%d of %d crawlers may fetch %s; %s\n", allowed, len(rep.Crawlers), safe(rep.Crawlers[0].Paths[0].Path), plural(len(rep.Contradictions), "contradiction"))
}

// cut returns s cut to n runes, the last one "…" when it is cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
