package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/internal/decl"
)

// text describes the fetch in one line of text output.
func (f *fetchInfo) text() string {
	s := "fetched " + safe(f.URL)
	if f.FinalURL != "" && f.FinalURL != f.URL {
		s += " -> " + safe(f.FinalURL) + " (" + plural(f.Redirects, "redirect") + ")"
	}
	switch {
	case f.Status != 0:
		s += ": HTTP " + strconv.Itoa(f.Status) + ", " + plural(f.Bytes, "byte")
	case f.Error != "":
		s += ": " + safe(f.Error)
	default:
		s += ": no response"
	}
	switch f.State {
	case "unavailable":
		s += "; robots.txt unavailable: every URL is allowed"
	case "unreachable":
		s += "; robots.txt unreachable: every URL is disallowed"
	}
	return s
}

// fetch fetches the robots.txt of the origin of the URL name with the
// library's Checker, which follows redirects and applies the status rules,
// and says what it fetched.
func (e *env) fetch(ctx context.Context, name string, o robots.Options) (*source, error) {
	c := &crawl.Checker{Options: o, FetchTimeout: e.timeout}
	entry, f, err := c.Entry(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("fetching the robots.txt of %s: %w", name, err)
	}
	a := f.Access()
	st := c.Stats()
	s := &source{name: name, file: f, limit: o.Limit(), stats: &st, fetch: &fetchInfo{
		URL: a.URL, FinalURL: a.FinalURL, Redirects: a.Redirects, Status: a.Status,
		Bytes: a.Bytes, State: a.State.String(), Error: a.Err,
	}}
	if a.Status == 0 {
		// No response at all: a fetch error, though crawlers read it as
		// "unreachable". The output still says what they would do.
		e.fetchFailed = true
		fmt.Fprintf(e.stderr, "robots %s: could not fetch %s: %s; crawlers take the site as unreachable and fetch nothing. Check the URL and the network, or give a longer -timeout\n",
			e.cmd, safe(a.URL), safe(a.Err))
	}
	// The body, for lint's look at the bytes (a BOM, HTML, UTF-16).
	if entry.Status/100 == 2 {
		s.body = entry.Body
		s.lines = decl.Read(entry.Body, o.Limit())
		s.cut = len(entry.Body) > s.limit // the rest was not read
	}
	return s, nil
}
