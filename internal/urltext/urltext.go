// Package urltext reads URLs as text, for the packages of this module that
// must name a URL that may not parse: in error texts and explanations,
// with its password hidden.
package urltext

import "strings"

// Redact returns u with the password of its userinfo, if any, replaced by
// "xxxxx". u need not parse, being a bad URL: the userinfo is what comes
// before the last '@' of the authority, which follows "scheme://", or a
// leading "//", or else starts the string (so that "user:pw@host" is
// redacted too), and ends at the first '/', '?' or '#'.
func Redact(u string) string {
	start := 0
	if i := SchemeEnd(u); i > 0 && strings.HasPrefix(u[i:], "://") {
		start = i + len("://")
	} else if strings.HasPrefix(u, "//") {
		start = len("//")
	}
	authority := u[start:]
	if end := strings.IndexAny(authority, "/?#"); end >= 0 {
		authority = authority[:end]
	}
	at := strings.LastIndexByte(authority, '@')
	if at < 0 {
		return u
	}
	colon := strings.IndexByte(authority[:at], ':')
	if colon < 0 {
		return u
	}
	return u[:start+colon+1] + "xxxxx" + u[start+at:]
}

// SchemeEnd returns the length of the scheme u starts with, as RFC 3986
// section 3.1 writes one (a letter, then letters, digits, '+', '-' and
// '.'), up to its ':', or 0 when u starts with none.
func SchemeEnd(u string) int {
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return 0
		}
	}
	return 0
}
