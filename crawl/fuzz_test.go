package crawl

import (
	"testing"

	"github.com/crawlkit/robots"
)

// FuzzFastOrigin checks the hot path's shortcut on any input: it never
// panics, and whenever it names a canonical origin, as every origin in a
// Checker's memory is, robots.Origin agrees with it.
func FuzzFastOrigin(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a?b#c", "HTTP://Example.COM:80/", "http://[::1]:8080/x",
		"https://BÜCHER.example/", "http://xn--bcher-kva.example:0/", "http://a@b@c/",
		"http://my_host.example./", "ftp://x/", "/relative", "http://exa%41mple.com/",
		"http://[fe80::1%25eth0]/", "http://example.com:0080?q", "http://a..b/",
		"http://example.com:80/", "https://example.com:8443#f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		fast, ok := fastOrigin(page)
		if !ok {
			return
		}
		if canon, err := robots.Origin(fast); err != nil || canon != fast {
			return // not a canonical origin: never in memory
		}
		origin, err := robots.Origin(page)
		if err != nil || origin != fast {
			t.Fatalf("fastOrigin(%q) = %q, a canonical origin, but robots.Origin = %q, %v", page, fast, origin, err)
		}
	})
}
