package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/crawlkit/robots"
)

const urlHelp = `usage: robots url [-json] PAGEURL...

Url prints the robots.txt URL of each page, one a line: the robots.txt of
the page's origin (scheme, host and port), which is the file that says
whether a crawler may fetch the page.

	$ robots url https://www.example.com/a/b?c https://example.com:8443/x
	https://www.example.com/robots.txt
	https://example.com:8443/robots.txt

A host is written in ASCII (an internationalised name in punycode), in
lower case, without a default port.

Options:
  -json          write one JSON object, described below, instead of text.

JSON (-json), one object; every field is always present:

	{
	  "urls": [{
	    "page": "https://www.example.com/a/b?c",       // PAGEURL as given
	    "robots": "https://www.example.com/robots.txt", // or "" on error
	    "error": ""                                     // why there is no
	  }]                                                // robots.txt URL
	}

Exit status: 0, or 2 when a PAGEURL is not an absolute http(s) URL (the
others are still printed).
`

func runURL(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	asJSON := fs.jsonFlag()
	pos, status, ok := fs.parse(args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		return e.usageError("url needs at least one PAGEURL, such as https://example.com/a/b")
	}
	status = exitOK
	rep := urlReport{URLs: []urlResult{}}
	for _, page := range pos {
		u, err := robots.URLFor(page)
		res := urlResult{Page: page, Robots: u}
		if err != nil {
			res.Robots, res.Error = "", strings.TrimPrefix(err.Error(), "robots: ")
			status = exitFailure
			if !*asJSON {
				e.fail(err)
			}
		} else if !*asJSON {
			fmt.Fprintln(e.stdout, safe(u))
		}
		rep.URLs = append(rep.URLs, res)
	}
	if *asJSON {
		writeJSON(e.stdout, rep)
	}
	return status
}
