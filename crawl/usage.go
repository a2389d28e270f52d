package crawl

import (
	"context"
	"fmt"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/usage"
)

// Usage answers what the crawler whose product token is agent may do with
// the page that in describes, as [usage.For] does, after fetching what in
// lacks: when in.Robots is nil, the robots.txt of in.URL's origin, from
// the Checker's cache or fetched as [Checker.File] does; when in.TDMRep is
// nil, the origin's /.well-known/tdmrep.json, unless robots.txt disallows
// the URL (then no use is stated, whatever the file says). The page's own
// header fields and head are the caller's to give, in in.Header and
// in.Page, from the response it fetched; nil when it fetched none.
//
// tdmrep.json is fetched as robots.txt is, with the Checker's Client and
// UserAgent, within FetchTimeout, and is not paced: one fetch per origin
// at a time, which the calls that miss meanwhile wait for, at most five
// redirects followed and MaxTDMRepBytes plus one byte of the body read. A
// 2xx body is read; a 4xx other than 429 (there is no file), or more than
// five redirects, states nothing; both are kept 24 hours, or as long as a
// Cache-Control max-age says, 15 minutes at least. A 5xx, a 429, a network
// error or a timeout states nothing and is fetched again after a back-off
// of one minute, doubling with each failure in a row up to one hour (or
// as Retry-After says), while the last file read from a 2xx, if any,
// keeps being used. Each failure that states nothing is a diagnostic of
// the answer. The Checker keeps at most CacheEntries of these files, and
// CacheBytes of their estimated size, beside its robots.txt files;
// beyond, the oldest goes. A Store does not share them.
//
// in.URL must be an absolute http or https URL. Usage returns an error
// when agent is neither a product token nor "*" ([robots.ErrBadAgent]),
// when [robots.URLFor] refuses in.URL ([robots.ErrBadURL]), when ctx ends
// first, or after Close ([ErrClosed]). An origin whose files cannot be
// had is an answer, not an error.
//
// Experimental: see package usage.
func (c *Checker) Usage(ctx context.Context, agent string, in usage.Input) (usage.Answer, error) {
	if agent != "*" && !robots.ValidProductToken(agent) {
		return usage.Answer{}, fmt.Errorf("%w: %q", robots.ErrBadAgent, agent)
	}
	if c.closed.Load() {
		return usage.Answer{}, ErrClosed
	}
	origin, err := robots.Origin(in.URL)
	if err != nil {
		return usage.Answer{}, err
	}
	if in.Robots == nil {
		if in.Robots, err = c.File(ctx, in.URL); err != nil {
			return usage.Answer{}, err
		}
	}
	if in.TDMRep == nil && in.Robots.Allowed(agent, in.URL) {
		if in.TDMRep, err = c.tdmrep(ctx, origin); err != nil {
			return usage.Answer{}, err
		}
	}
	return usage.For(agent, in), nil
}
