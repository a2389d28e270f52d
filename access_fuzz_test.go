package robots_test

import (
	"net/url"
	"strconv"
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

// FuzzBadURLHidesPassword checks the error of a bad URL on any input: it
// quotes the URL, and when net/url reads a password in it, the quoted URL
// is the same URL with the password "xxxxx", as url.URL.Redacted writes
// it.
func FuzzBadURLHidesPassword(f *testing.F) {
	for _, s := range []string{
		"ftp://bot:pw@example.com/", "http://bot:pw@exa mple.com/", "http://a:b@c@h:99999/",
		"//u:p@h/x", "u:p@h/x", "http://u:p@[::1/", "mailto:x@y", "http://h/a:b@c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		_, err := robots.Origin(page)
		if err == nil {
			return
		}
		rest, ok := strings.CutPrefix(err.Error(), "robots: bad URL ")
		if !ok {
			t.Fatalf("Origin(%q) error %q does not name the URL", page, err)
		}
		q, err2 := strconv.QuotedPrefix(rest)
		if err2 != nil {
			t.Fatalf("Origin(%q) error %q does not quote the URL: %v", page, err, err2)
		}
		shown, _ := strconv.Unquote(q)
		u, err2 := url.Parse(page)
		if err2 != nil || u.User == nil {
			return
		}
		if _, ok := u.User.Password(); !ok {
			return
		}
		r, err2 := url.Parse(shown)
		if err2 != nil {
			t.Fatalf("Origin(%q) error shows %q, which url.Parse refuses: %v", page, shown, err2)
		}
		if pw, _ := r.User.Password(); pw != "xxxxx" || r.User.Username() != u.User.Username() || r.Host != u.Host || r.Path != u.Path {
			t.Fatalf("Origin(%q) error shows %q, not %q", page, shown, u.Redacted())
		}
	})
}
