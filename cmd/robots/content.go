package main

import (
	"fmt"

	"github.com/crawlkit/robots/internal/content"
)

// bodyWarnings says why check's answers on s may not be what the site
// means: its body was cut at the parse limit, or is not a robots.txt.
func bodyWarnings(s *source) []string {
	out := []string{}
	switch content.Kind(s.body) {
	case content.HTML:
		out = append(out, "the body is an HTML page, not a robots.txt: crawlers read it as one all the same and find few rules or none in it, so the answers below say little of what the site means")
	case content.UTF16:
		out = append(out, "the body is UTF-16 text, not UTF-8: crawlers find no rules in it, so the answers below say little of what the site means")
	case content.Binary:
		out = append(out, "the body is binary data, not a robots.txt: crawlers find no rules in it, so the answers below say little of what the site means")
	}
	if s.cut {
		out = append(out, fmt.Sprintf("the body is longer than the parse limit of %d bytes: crawlers ignore what lies past it, and so do the answers below", s.limit))
	}
	return out
}
