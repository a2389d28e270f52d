package urltext

import (
	"net/url"
	"testing"
)

// FuzzRedact checks Redact on any input: it never panics, and for a URL
// that net/url reads with a password, it gives the URL url.URL.Redacted
// would, down to what it names: the same host, path and query, the same
// user, and the password "xxxxx".
func FuzzRedact(f *testing.F) {
	for _, s := range []string{
		"http://bot:pw@example.com/a", "ftp://a:b@c@d/e?f@g#h@i", "//u:p@h/x", "u:p@h/x",
		"http://[::1/", "http://a:b@[::1]:80/", "mailto:x@y", "http://h/a:b@c", "http://@/",
		"http://:@h", "http:/x://a:b@c", "https://a%3Ab:c%40d@h?q#f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got := Redact(raw)
		if Redact(got) != got {
			t.Fatalf("Redact(%q) = %q, which redact changes again", raw, got)
		}
		u, err := url.Parse(raw)
		if err != nil || u.User == nil {
			return
		}
		if _, ok := u.User.Password(); !ok {
			if got != raw {
				t.Fatalf("Redact(%q) = %q, want it unchanged: no password", raw, got)
			}
			return
		}
		r, err := url.Parse(got)
		if err != nil {
			t.Fatalf("Redact(%q) = %q, which url.Parse refuses: %v", raw, got, err)
		}
		if pw, _ := r.User.Password(); pw != "xxxxx" || r.User.Username() != u.User.Username() ||
			r.Host != u.Host || r.Path != u.Path || r.RawQuery != u.RawQuery || r.Fragment != u.Fragment {
			t.Fatalf("Redact(%q) = %q, which url.Parse reads as %#v, not %q redacted", raw, got, r, u.Redacted())
		}
	})
}
