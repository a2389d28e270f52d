package lint

import (
	"strings"

	"github.com/crawlkit/robots"
)

// Fixes: the line as it should be written, for the findings whose fix is
// not a matter of choice.

// fixes sets the Fix of the findings that have one.
func (l *linter) fixes() {
	for i, f := range l.found {
		switch f.Code {
		case "accepted-misspelling", "missing-colon", "invalid-pattern":
			l.found[i].Fix = l.fix(f)
		}
	}
}

// fix returns line f.Line written as "Key: value", with the key spelt as
// the parser reads it, a colon after it, and for an invalid pattern the
// pattern made a path; a comment is kept. It returns "" when the line is
// not a key and a value that this makes right.
func (l *linter) fix(f Finding) string {
	text := string(l.line(f.Line))
	if f.Line == 1 {
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	comment := ""
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text, comment = text[:i], text[i:]
	}
	var key, value string
	if k, v, ok := strings.Cut(text, ":"); ok {
		key, value = strings.TrimSpace(k), strings.TrimSpace(v)
	} else {
		// A line without a colon is read only as two words.
		words := strings.Fields(text)
		if len(words) != 2 {
			return ""
		}
		key, value = words[0], words[1]
	}
	kind, _ := robots.ClassifyKey(key)
	switch kind {
	case robots.UserAgent, robots.Allow, robots.Disallow, robots.Sitemap, robots.CrawlDelay:
	default:
		return ""
	}
	if f.Code == "invalid-pattern" {
		if value = asPath(value); value == "" {
			return ""
		}
	}
	out := kind.String() + ": " + value
	if comment != "" {
		out += " " + comment
	}
	return out
}

// asPath returns a pattern that starts with neither '/' nor '*' as the
// path it was likely meant to be: the path of an absolute http(s) URL
// ("/a" for "https://example.com/a", "/" when it has none), or else the
// pattern after a '/'. It returns "" for an empty pattern.
func asPath(pattern string) string {
	lower := strings.ToLower(pattern)
	for _, scheme := range []string{"http://", "https://"} {
		if rest, ok := strings.CutPrefix(lower, scheme); ok && rest != "" {
			rest = pattern[len(scheme):]
			if i := strings.IndexAny(rest, "/?"); i >= 0 {
				if rest[i] == '?' {
					return "/" + rest[i:]
				}
				return rest[i:]
			}
			return "/"
		}
	}
	if pattern == "" {
		return ""
	}
	return "/" + pattern
}
