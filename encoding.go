package robots

import "math/bits"

// This file brings paths and patterns to the one canonical form in which they
// are compared (RFC 9309 section 2.2.2):
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

// firstChange returns the index of the first byte of s that the canonical
// form changes, or -1 if s is canonical. pattern tells whether s is a
// pattern (where '*' and a final '$' are special) or a path.
func firstChange(s string, pattern bool) int {
	mask := uint8(classPath)
	if pattern {
		mask = classPattern
	}
	i := 0
	// Skip eight bytes at a time while none of them can change.
	for ; len(s)-i >= 8; i += 8 {
		if maySpecial(load64(s[i:i+8]), pattern) {
			break
		}
	}
	for ; i < len(s); i++ {
		if byteClass[s[i]]&mask == 0 {
			continue
		}
		switch c := s[i]; {
		case c == '#': // only in a path, where it starts the fragment
			return i
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

// patternFacts reads the pattern that t starts with, which runs to a '\n'
// (as each pattern does in a File's text), in one pass: it returns the
// pattern's length, whether its canonical form differs from it (as
// firstChange(pattern, true) >= 0 would say) and whether it holds a '%'.
// File.Size reads every pattern of a file this way on each Checker miss;
// finding the '\n' and then calling firstChange made Size take 1.34
// times the instructions on realistic_5k.txt (BenchmarkSize, callgrind).
func patternFacts(t string) (n int, changes, percent bool) {
	// Eight bytes at a time up to the first special byte: when that is the
	// '\n' (a control byte), the pattern has none, as most have.
	i := 0
	for ; len(t)-i >= 8; i += 8 {
		w := load64(t[i : i+8])
		if w&high != 0 {
			break
		}
		if m := asciiSpecials(w); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			if t[i] == '\n' {
				return i, false, false
			}
			break
		}
	}
	for ; i < len(t); i++ {
		c := t[i]
		switch {
		case byteClass[c]&classPattern == 0:
		case c == '\n':
			return i, changes, percent
		case c == '%':
			percent = true
			if i+2 < len(t) && ishex(t[i+1]) && ishex(t[i+2]) {
				changes = changes || escapeChanges(t[i+1], t[i+2])
				i += 2
			}
		case c == '$' && (i+1 == len(t) || t[i+1] == '\n'):
			// The end anchor stays.
		default:
			changes = true
		}
	}
	return len(t), changes, percent
}

// appendCanonical appends the canonical form of s to dst, given that s[:first]
// is canonical already.
func appendCanonical(dst []byte, s string, first int, pattern bool) []byte {
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

// byteClass marks the bytes that the canonical form may change, so that
// firstChange costs one table lookup per byte.
var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c <= ' ' || c >= 0x7f || c == '%' || c == '$' {
			t[c] |= classPattern | classPath
		}
		if c == '*' || c == '#' {
			t[c] |= classPath
		}
	}
	return t
}()

const (
	// classPattern: a byte the canonical form of a pattern may change
	// ('%' and '$' only in some places).
	classPattern = 1 << iota
	// classPath: a byte the canonical form of a path may change ('%'
	// only in some places), or '#', which ends it.
	classPath
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
