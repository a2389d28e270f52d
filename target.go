package robots

import "strings"

// This file turns what a caller asks about, an absolute URL or a path, into
// the path that is matched, in the canonical form of encoding.go.

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
