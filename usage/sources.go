package usage

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/fold"
	"github.com/crawlkit/robots/page"
)

// This file reads the statements of robots.txt, of the Content-Usage and
// Content-Signal header fields, and of the page's robots rules.

// robots takes the Content-Signal and Content-Usage lines of f that apply
// to url for agent, each line one statement.
func (c *combiner) robots(f *robots.File, agent, url string) {
	p := f.Preferences(agent, url)
	for _, l := range p.SignalLines {
		src := Source{From: FromRobots, Line: l.Line, Text: lineText(l)}
		prefs, ok := stateSignal(l.Value, c.unknownText)
		if !ok {
			c.diag("robots.txt line " + strconv.Itoa(l.Line) + ": members of Content-Signal that are not key=value are skipped")
		}
		c.add(src, prefs)
	}
	for _, l := range p.UsageLines {
		members, ok := parseUsage(l.Value)
		if !ok {
			c.diag("robots.txt line " + strconv.Itoa(l.Line) + ": the Content-Usage value is not a Structured Field Dictionary (RFC 9651): it states nothing")
			continue
		}
		prefs, _ := stateUsage(members, c.unknownText)
		c.add(Source{From: FromRobots, Line: l.Line, Text: lineText(l)}, prefs)
	}
}

// lineText writes a preference line as robots.txt would.
func lineText(l robots.PreferenceLine) string {
	s := l.Key.String() + ": "
	if l.Path != "" {
		s += l.Path + " "
	}
	return s + l.Value
}

// header takes the Content-Usage and Content-Signal fields of h.
func (c *combiner) header(h http.Header) {
	if h == nil {
		return
	}
	for i, v := range fold.Values(h, "Content-Signal") {
		if strings.TrimSpace(v) == "" {
			continue
		}
		prefs, ok := stateSignal(v, c.unknownText)
		if !ok {
			c.diag("header Content-Signal " + strconv.Itoa(i+1) + ": members that are not key=value are skipped")
		}
		c.add(Source{From: FromHeader, Line: i + 1, Text: "Content-Signal: " + v}, prefs)
	}
	c.contentUsage(fold.Values(h, "Content-Usage"))
}

// contentUsage takes the Content-Usage field lines, one Dictionary. Each
// use decided is credited to the field lines that hold the members that
// decided it.
func (c *combiner) contentUsage(lines []string) {
	var nonEmpty []string
	for _, v := range lines {
		if strings.TrimSpace(v) != "" {
			nonEmpty = append(nonEmpty, v)
		}
	}
	if len(nonEmpty) == 0 {
		return
	}
	members, ok := parseUsage(strings.Join(nonEmpty, ", "))
	if !ok {
		c.diag("header Content-Usage: the field is not a Structured Field Dictionary (RFC 9651): it states nothing")
		return
	}
	// The field line of each member: a line that parses alone holds the
	// next members of the whole. If one does not, while the whole does,
	// every line is credited.
	lineOf := make([]int, 0, len(members)) // positions from 1, among all the lines
	for i, v := range lines {
		if strings.TrimSpace(v) == "" {
			continue
		}
		m, ok := parseUsage(v)
		if !ok {
			lineOf = nil
			break
		}
		for range m {
			lineOf = append(lineOf, i+1)
		}
	}
	if len(lineOf) != len(members) {
		lineOf = nil
	}
	prefs, by := stateUsage(members, c.unknownText)
	for u, p := range prefs {
		if p == Unstated {
			continue
		}
		var one [uses]Preference
		one[u] = p
		credited := map[int]bool{}
		for _, j := range by[u] {
			if lineOf != nil {
				credited[lineOf[j]] = true
			}
		}
		for i, v := range lines {
			if strings.TrimSpace(v) == "" || lineOf != nil && !credited[i+1] {
				continue
			}
			c.add(Source{From: FromHeader, Line: i + 1, Text: "Content-Usage: " + v}, one)
		}
	}
}

// page takes the robots rules of d for agent: noai, noimageai, noindex,
// none, index and all.
func (c *combiner) page(d *page.Directives, agent string) {
	a := d.For(agent, page.Restrictive)
	seen := [3]bool{} // a rule of each setting below was taken: Index, AI, ImageAI
	take := func(r page.Rule) {
		var prefs [uses]Preference
		images := false
		switch r.Name {
		case "noindex", "none":
			prefs[Search], seen[0] = Disallowed, true
		case "index", "all":
			prefs[Search] = Allowed
		case "noai":
			prefs[AIInput], prefs[AITrain], images, seen[1], seen[2] = Disallowed, Disallowed, true, true, true
		case "noimageai":
			images, seen[2] = true, true
		default:
			return
		}
		src := ruleSource(r)
		c.add(src, prefs)
		if images {
			src.Text = cut(src.Text)
			c.imagesNo[AIInput] = appendSource(c.imagesNo[AIInput], src)
			c.imagesNo[AITrain] = appendSource(c.imagesNo[AITrain], src)
		}
	}
	for _, r := range a.Rules {
		take(r)
	}
	// Rules past page.MaxListed are not listed, but still decide: take
	// the deciding one.
	if r, ok := a.Why(page.Index); ok && !a.Index && !seen[0] {
		take(r)
	}
	if r, ok := a.Why(page.AI); ok && !a.AI && !seen[1] {
		take(r)
	}
	if r, ok := a.Why(page.ImageAI); ok && !a.ImageAI && !seen[2] {
		take(r)
	}
	for _, r := range a.Unknown {
		c.unknownText(r.Text)
	}
}

// ruleSource returns the source of a robots rule of the page.
func ruleSource(r page.Rule) Source {
	if r.From == page.Header {
		text := "X-Robots-Tag: "
		if r.Agent != "" {
			text += r.Agent + ": "
		}
		return Source{From: FromHeader, Line: r.Line, Text: text + r.Text}
	}
	name := r.Agent
	if name == "" {
		name = "robots"
	}
	return Source{From: FromMeta, Line: r.Line, Text: name + ": " + r.Text}
}
