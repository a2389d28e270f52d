package robots_test

import (
	"testing"

	"github.com/crawlkit/robots"
)

// TestPatternMatches checks PatternMatches against File.Allowed: a pattern
// matches a URL when a disallow line of that pattern disallows it.
func TestPatternMatches(t *testing.T) {
	tests := []struct {
		pattern, url string
		want         bool
	}{
		{"/", "/", true},
		{"/", "https://example.com/a?b", true},
		{"/directory-a/", "/directory-a/x.pdf", true},
		{"/directory-a/", "/directory-a", false},
		{"/directory-b/images/*.jpg", "/directory-b/images/a/b.jpg", true},
		{"/directory-b/images/*.jpg", "/directory-b/images/a.png", false},
		{"/this/path/exactly$", "/this/path/exactly", true},
		{"/this/path/exactly$", "/this/path/exactly/", false},
		{"/path/foo-%24", "https://provider.com/path/foo-$", true},
		{"/%7Ejoe/", "/~joe/index.html", true},
		{"/a%2Fb", "/a/b", false},
		{"/Case", "/case", false},
		{"*.pdf", "/x/y.pdf", true},
		{"", "/", false},
		{"directory-a/", "/directory-a/", false},
		{"https://example.com/", "https://example.com/", false},
	}
	for _, tc := range tests {
		if got := robots.PatternMatches(tc.pattern, tc.url); got != tc.want {
			t.Errorf("PatternMatches(%q, %q) = %v, want %v", tc.pattern, tc.url, got, tc.want)
		}
		if tc.pattern == "" || tc.url == "/" && tc.pattern == "/" {
			continue
		}
		f := robots.Parse([]byte("User-agent: *\nDisallow: " + tc.pattern + "\n"))
		if disallowed := !f.Allowed("a", tc.url); disallowed != tc.want {
			t.Errorf("Disallow: %s disallows %q: %v, but PatternMatches says %v", tc.pattern, tc.url, disallowed, tc.want)
		}
	}
}
