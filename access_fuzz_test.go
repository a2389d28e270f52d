package robots_test

import (
	"strings"
	"testing"

	"github.com/crawlkit/robots"
)

// FuzzOrigin checks Origin on any input: it never panics, and what it
// writes is an http or https origin in canonical form (Origin of it is
// itself), as the keys of a cache must be.
func FuzzOrigin(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a?b#c", "HTTP://Example.COM:80/", "http://[::1]:8080/x",
		"https://BÜCHER.example/", "http://xn--bcher-kva.example:0/", "http://a@b@c/",
		"http://my_host.example./", "ftp://x/", "/relative", "http://exa%41mple.com/",
		"http://[fe80::1%25eth0]/", "http://example.com:0080?q", "http://a..b/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		origin, err := robots.Origin(page)
		if err != nil {
			return
		}
		if !strings.HasPrefix(origin, "http://") && !strings.HasPrefix(origin, "https://") {
			t.Fatalf("Origin(%q) = %q: not http or https", page, origin)
		}
		again, err := robots.Origin(origin + "/robots.txt")
		if err != nil || again != origin {
			t.Fatalf("Origin(%q) = %q, but Origin of that = %q, %v", page, origin, again, err)
		}
	})
}
