package robots

import (
	"strings"
	"testing"
)

// FuzzOrigin checks URLFor on any input: it never panics, what it writes
// is canonical (URLFor of it is itself), and the hot path's shortcut
// (fastOrigin) agrees with it whenever the shortcut names a canonical
// origin, as every origin in a Checker's memory is.
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
		origin, err := originOf(page)
		if err == nil {
			if !strings.HasPrefix(origin, "http://") && !strings.HasPrefix(origin, "https://") {
				t.Fatalf("originOf(%q) = %q: not http or https", page, origin)
			}
			again, err := originOf(origin + "/robots.txt")
			if err != nil || again != origin {
				t.Fatalf("originOf(%q) = %q, but originOf of that = %q, %v", page, origin, again, err)
			}
		}
		fast, ok := fastOrigin(page)
		if !ok {
			return
		}
		if canon, err := originOf(fast); err != nil || canon != fast {
			return // not a canonical origin: never in memory
		}
		if err != nil || origin != fast {
			t.Fatalf("fastOrigin(%q) = %q, a canonical origin, but originOf = %q, %v", page, fast, origin, err)
		}
	})
}
