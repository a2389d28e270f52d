package robots

import "strings"

// This file turns what a caller asks about into the path that is matched, and
// brings paths and patterns to the one canonical form in which they are
// compared (RFC 9309 section 2.2.2):
//
//   - bytes >= 0x80, control bytes and space are percent-encoded;
//   - the hex digits of a %XX escape are upper-cased;
//   - a %XX escape of an unreserved character (A-Z a-z 0-9 - . _ ~) is
//     decoded, so /%7Ejoe and /~joe are the same path;
//   - in a path, literal '*' and '$' become %2A and %24, so that they can only
//     be matched by a pattern that writes them percent-encoded;
//   - in a pattern, '*' stays a wildcard and a final '$' stays the end anchor;
//     any other '$' is a literal and becomes %24.
//
// Like net/url's escape, both directions scan first and return their input
// unchanged, without allocating, when nothing needs to change.

// pathOf returns the part of target that rules are matched against: the
// path, ;params and ?query, without the fragment, always starting with '/'.
//
// A target that begins with '/' is a path already. Anything else is read as
// Google's parser reads it: an optional "scheme://" and authority are
// skipped, and the path starts at the first '/', ';' or '?' after them, so
// "example.com/a?b" gives "/a?b". A target with no path gives "/".
func pathOf(target string) string {
	if len(target) > 0 && target[0] == '/' {
		if i := strings.IndexByte(target, '#'); i >= 0 {
			return target[:i]
		}
		return target
	}
	start := 0
	if proto := strings.Index(target, "://"); proto >= 0 {
		// "://" only ends a scheme when no path, params or query starts
		// before it ("/a?u=http://b" has no scheme).
		if early := indexPathStart(target); early < 0 || early > proto {
			start = proto + 3
		}
	}
	i := indexPathStart(target[start:])
	if i < 0 {
		return "/"
	}
	i += start
	end := len(target)
	if hash := strings.IndexByte(target, '#'); hash >= 0 {
		if hash < i {
			return "/"
		}
		end = hash
	}
	if target[i] != '/' {
		return "/" + target[i:end]
	}
	return target[i:end]
}

// indexPathStart returns the index of the first '/', ';' or '?' in s, or -1.
func indexPathStart(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', ';', '?':
			return i
		}
	}
	return -1
}

// canonicalPath returns p, a path as returned by pathOf, in canonical form.
// It returns p itself, without allocating, when p is canonical already.
func canonicalPath(p string) string {
	i := firstChange(p, false)
	if i < 0 {
		return p
	}
	var buf [256]byte
	return string(appendCanonical(buf[:0], p, i, false))
}

// text is what the canonical encoding reads: a string at query time, the
// bytes of the body at parse time.
type text interface{ ~string | ~[]byte }

// firstChange returns the index of the first byte of s that the canonical
// form changes, or -1 if s is canonical. pattern tells whether s is a
// pattern (where '*' and a final '$' are special) or a path.
func firstChange[T text](s T, pattern bool) int {
	mask := uint8(classPath)
	if pattern {
		mask = classPattern
	}
	i := 0
	// Skip eight bytes at a time while none of them can change.
	for ; i+8 <= len(s); i += 8 {
		if maySpecial(load64(s[i:i+8]), pattern) {
			break
		}
	}
	for ; i < len(s); i++ {
		if byteClass[s[i]]&mask == 0 {
			continue
		}
		switch c := s[i]; {
		case c == '%':
			if i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]) {
				if escapeChanges(s[i+1], s[i+2]) {
					return i
				}
				i += 2
			}
		case c == '$' && pattern && i == len(s)-1:
			// The end anchor stays.
		default:
			return i
		}
	}
	return -1
}

// appendCanonical appends the canonical form of s to dst, given that s[:first]
// is canonical already.
func appendCanonical[T text](dst []byte, s T, first int, pattern bool) []byte {
	dst = append(dst, s[:first]...)
	for i := first; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]) {
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if unreserved(v) {
				dst = append(dst, v)
			} else {
				dst = append(dst, '%', upperHex[v>>4], upperHex[v&15])
			}
			i += 2
			continue
		}
		if mustEscape(c, pattern, i == len(s)-1) {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// byteClass classifies bytes for the scans of the parser and of the
// canonical encoding, so that each scan costs one table lookup per byte.
var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f {
			t[c] |= classCheck
		}
		if c <= ' ' || c >= 0x7f || c == '%' || c == '$' {
			t[c] |= classPattern | classPath
		}
		if c == '*' {
			t[c] |= classPath
		}
		if c == ':' || c == '#' {
			t[c] |= classDelim
		}
	}
	return t
}()

// Word-at-a-time tests. Each sets the high bit of some bytes of a word, so
// that a zero result rules out every byte of the word and a non-zero result
// asks for a closer look (it may have false positives, never false
// negatives).
const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// load64 returns s[:8] as a little-endian word.
func load64[T text](s T) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hasByte reports whether some byte of w may be c.
func hasByte(w uint64, c byte) bool {
	x := w ^ ones*uint64(c)
	return (x-ones)&^x&high != 0
}

// mayHoldControl reports whether some byte of w may be below ' ', DEL or
// non-ASCII. For an ASCII byte b, b+0x60 stays below 0x80 exactly when
// b < ' ', and b+1 reaches 0x80 exactly when b is DEL; carries out of
// non-ASCII bytes only add false positives.
func mayHoldControl(w uint64) bool {
	return (w|(w+ones)|^(w+0x60*ones))&high != 0
}

// maySpecial reports whether some byte of w may be one that firstChange
// stops at: space, a control byte, DEL, non-ASCII, '%' or '$', and for a
// path '*'. b+0x5f stays below 0x80 exactly when b <= ' '.
func maySpecial(w uint64, pattern bool) bool {
	if (w|(w+ones)|^(w+0x5f*ones))&high != 0 || hasByte(w, '%') || hasByte(w, '$') {
		return true
	}
	return !pattern && hasByte(w, '*')
}

const (
	// classCheck: a control byte other than tab, LF and CR, DEL, or a
	// non-ASCII byte: a line holding one may need a diagnostic.
	classCheck = 1 << iota
	// classPattern: a byte the canonical form of a pattern may change
	// ('%' and '$' only in some places).
	classPattern
	// classPath: a byte the canonical form of a path may change ('%'
	// only in some places).
	classPath
	// classDelim: ':' or '#', which end the key of a line.
	classDelim
)

// mustEscape reports whether byte c, which is not part of a %XX escape, is
// percent-encoded in canonical form. last tells whether c is the final byte.
func mustEscape(c byte, pattern, last bool) bool {
	switch {
	case c <= ' ' || c >= 0x7f: // control bytes, space, DEL and non-ASCII
		return true
	case c == '*':
		return !pattern
	case c == '$':
		return !pattern || !last
	}
	return false
}

// escapeChanges reports whether the escape %hl (two hex digits) differs from
// its canonical form: lower-case hex digits, or an unreserved character.
func escapeChanges(h, l byte) bool {
	return h >= 'a' || l >= 'a' || unreserved(unhex(h)<<4|unhex(l))
}

const upperHex = "0123456789ABCDEF"

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// unreserved reports whether c is an unreserved character of RFC 3986.
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
