package main

import (
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// paceRef is the pace of check's JSON output: the Crawl-delay that applies
// to the agent, and the interval a crawl.Checker with the default Pacing
// keeps between requests to the origin, in seconds.
type paceRef struct {
	CrawlDelay *float64 `json:"crawl_delay"`
	Interval   float64  `json:"interval"`
	delay      time.Duration
	has        bool
}

// paceOf returns the pace of file for agent.
func paceOf(file *robots.File, agent string) *paceRef {
	var p crawl.Pacing
	// The default Pacing caps a long Crawl-delay rather than refusing it,
	// so Interval has no error to return.
	iv, _ := p.Interval(file, agent)
	ref := &paceRef{Interval: iv.Seconds()}
	ref.delay, ref.has = file.Group(agent).CrawlDelay()
	if ref.has {
		s := ref.delay.Seconds()
		ref.CrawlDelay = &s
	}
	return ref
}

// paceText describes the pace of a group that names a Crawl-delay, for
// text output.
func paceText(p *paceRef) string {
	iv := time.Duration(p.Interval * float64(time.Second))
	keeps := "a crawl.Checker keeps " + iv.String() + " between requests"
	switch {
	case p.delay > iv:
		return "pace: Crawl-delay " + p.delay.String() + ", over the " + crawl.DefaultMaxDelay.String() + " maximum; " + keeps
	case p.delay < iv:
		return "pace: Crawl-delay " + p.delay.String() + ", under the " + crawl.DefaultMinInterval.String() + " minimum; " + keeps
	}
	return "pace: Crawl-delay " + p.delay.String() + "; " + keeps
}
