package main

import (
	"context"
	"fmt"
)

const urlHelp = `usage: robots url PAGEURL...

Url prints the robots.txt URL of each page, one a line: the robots.txt of
the page's origin (scheme, host and port), which is the file that says
whether a crawler may fetch the page.

	$ robots url https://www.example.com/a/b?c https://example.com:8443/x
	https://www.example.com/robots.txt
	https://example.com:8443/robots.txt

A host is written in ASCII (an internationalised name in punycode), in
lower case, without a default port.

Exit status: 0, or 2 when a PAGEURL is not an absolute http(s) URL (the
others are still printed).
`

func runURL(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	pos, status, ok := fs.parse(args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		return e.usageError("url needs at least one PAGEURL, such as https://example.com/a/b")
	}
	status = exitOK
	for _, page := range pos {
		u, err := robotsURL(page)
		if err != nil {
			e.fail(err)
			status = exitFailure
			continue
		}
		fmt.Fprintln(e.stdout, safe(u))
	}
	return status
}
