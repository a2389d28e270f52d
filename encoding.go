package robots

import (
	"math/bits"
	"strings"
)

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
// path, ;params and ?query, always starting with '/'. It may still hold the
// fragment, which canonicalPath drops.
//
// A target that begins with '/' is a path already. Anything else is read as
// Google's parser reads it: an optional "scheme://" and authority are
// skipped, and the path starts at the first '/', ';' or '?' after them, so
// "example.com/a?b" gives "/a?b". A target with no path, or with a '#'
// before its path, gives "/".
func pathOf(target string) string {
	if len(target) > 0 && target[0] == '/' {
		return target
	}
	var i int
	switch {
	case strings.HasPrefix(target, "https://"):
		i = 8
	case strings.HasPrefix(target, "http://"):
		i = 7
	default:
		if i = afterScheme(target); i < 0 {
			return "/"
		}
	}
	// Skip the authority: up to the first '/', '?', ';' or '#'.
	switch i = indexAny4(target, i, '/', '?', ';', '#'); {
	case i == len(target) || target[i] == '#':
		return "/"
	case target[i] == '/':
		return target[i:]
	}
	return "/" + target[i:] // '?' or ';'
}

// afterScheme returns the index after the "://" that ends target's scheme,
// 0 if it has none, or -1 if a '#' comes first. "://" ends a scheme only when
// no '/', ';' or '?' comes before it ("a?u=http://b" has no scheme).
func afterScheme(target string) int {
	for i := 0; i < len(target); i++ {
		switch target[i] {
		case ':':
			if strings.HasPrefix(target[i+1:], "//") {
				return i + 3
			}
		case '/', '?', ';':
			return 0
		case '#':
			return -1
		}
	}
	return 0
}

// canonicalPath returns p, a path as returned by pathOf, in canonical form
// and without its fragment. It returns p or a prefix of it, without
// allocating, when that is canonical already.
func canonicalPath(p string) string {
	i := firstChange(p, false)
	if i < 0 {
		return p
	}
	if p[i] == '#' {
		return p[:i]
	}
	if j := strings.IndexByte(p[i:], '#'); j >= 0 {
		p = p[:i+j]
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
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			t[c] |= classCheck
		}
		if c <= ' ' || c >= 0x7f || c == '%' || c == '$' {
			t[c] |= classPattern | classPath
		}
		if c == '*' || c == '#' {
			t[c] |= classPath
		}
		if c == ':' || c == '#' {
			t[c] |= classDelim
		}
	}
	return t
}()

// Word-at-a-time tests read eight bytes as one little-endian word and mark
// the bytes they look for by setting their high bits. Each test says whether
// it is exact or may also mark other bytes.
const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
	low7 = 0x7f7f7f7f7f7f7f7f
)

// zeros returns the high bit of each byte of x that is zero, exactly (no
// carry crosses a byte), so zeros(w ^ ones*c) marks the bytes of w equal to
// c.
func zeros(x uint64) uint64 { return ^((x&low7 + low7) | x | low7) }

// indexAny4 returns the index of the first byte of s at or after i that is
// c1, c2, c3 or c4 (repeat one to look for fewer), or len(s). It tests eight
// bytes at a time, exactly.
func indexAny4[T text](s T, i int, c1, c2, c3, c4 byte) int {
	w1, w2, w3, w4 := ones*uint64(c1), ones*uint64(c2), ones*uint64(c3), ones*uint64(c4)
	for ; len(s)-i >= 8; i += 8 {
		w := load64(s[i : i+8])
		if m := zeros(w^w1) | zeros(w^w2) | zeros(w^w3) | zeros(w^w4); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == c1 || c == c2 || c == c3 || c == c4 {
			return i
		}
	}
	return len(s)
}

// load64 returns s[:8] as a little-endian word.
func load64[T text](s T) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// maySpecial reports whether some byte of w may be one that firstChange
// stops at: a control byte, space, DEL, non-ASCII, '%' or '$', and for a
// path '*' and '#'. Once w is known to be ASCII, no sum below carries from
// one byte into the next, so each test is exact: the high bit of b+0x5f is
// clear exactly when b <= ' ', that of b+1 is set exactly when b is DEL,
// and '#', '$' and '%' are the bytes from 0x23 to 0x25 (a pattern has no
// '#', as comments are gone).
func maySpecial(w uint64, pattern bool) bool {
	if w&high != 0 {
		return true
	}
	m := ^(w + 0x5f*ones) | (w + ones) | (w+(0x80-0x23)*ones)&^(w+(0x80-0x26)*ones)
	if !pattern {
		m |= zeros(w ^ ones*'*')
	}
	return m&high != 0
}

const (
	// classCheck: a control byte other than tab, LF and CR, or DEL: a line
	// holding one needs an InvalidBytes diagnostic.
	classCheck = 1 << iota
	// classPattern: a byte the canonical form of a pattern may change
	// ('%' and '$' only in some places).
	classPattern
	// classPath: a byte the canonical form of a path may change ('%'
	// only in some places), or '#', which ends it.
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
