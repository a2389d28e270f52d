package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheckPace(t *testing.T) {
	tests := []struct {
		name, body string
		// line is the pace line of the text output, "" for none.
		line string
		// delay is crawl_delay in the JSON output, -1 for null.
		delay, interval float64
	}{
		{"a Crawl-delay within the bounds", "User-agent: *\nCrawl-delay: 2.5\nDisallow: /x\n",
			"pace: Crawl-delay 2.5s; a crawl.Checker keeps 2.5s between requests", 2.5, 2.5},
		{"a Crawl-delay over the maximum", "User-agent: *\nCrawl-delay: 60\nDisallow: /x\n",
			"pace: Crawl-delay 1m0s, over the 30s maximum; a crawl.Checker keeps 30s between requests", 60, 30},
		{"a Crawl-delay under the minimum", "User-agent: *\nCrawl-delay: 0.25\nDisallow: /x\n",
			"pace: Crawl-delay 250ms, under the 1s minimum; a crawl.Checker keeps 1s between requests", 0.25, 1},
		{"no Crawl-delay", "User-agent: *\nDisallow: /x\n", "", -1, 1},
		{"a Crawl-delay of another group", "User-agent: other\nCrawl-delay: 9\nDisallow: /x\n", "", -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runTool(t, strings.NewReader(tt.body), "check", "-agent", "MyBot", "-", "/a")
			var pace []string
			for _, l := range strings.Split(got.stdout, "\n") {
				if strings.HasPrefix(l, "pace: ") {
					pace = append(pace, l)
				}
			}
			var want []string
			if tt.line != "" {
				want = []string{tt.line}
			}
			if diff := cmp.Diff(want, pace); diff != "" {
				t.Errorf("pace lines mismatch (-want +got):\n%s\nin:\n%s", diff, got.stdout)
			}

			got = runTool(t, strings.NewReader(tt.body), "check", "-json", "-agent", "MyBot", "-", "/a")
			var rep checkJSON
			decodeStrict(t, got.stdout, &rep)
			if len(rep.Groups) != 1 || rep.Groups[0].Pace == nil {
				t.Fatalf("groups = %+v, want one with a pace", rep.Groups)
			}
			p := rep.Groups[0].Pace
			delay := -1.0
			if p.CrawlDelay != nil {
				delay = *p.CrawlDelay
			}
			if delay != tt.delay || p.Interval != tt.interval {
				t.Errorf("pace = crawl_delay %v, interval %v; want %v, %v", delay, p.Interval, tt.delay, tt.interval)
			}
		})
	}
}
