package lint

import "strings"

// Lint's reasoning about what rules' patterns match (RFC 9309 section
// 2.2.3): '*' matches any run of bytes, a final '$' the end of the path,
// and a pattern without one matches any path it is a prefix of.

// globOf returns pattern as a glob that must match a whole path: without
// its final '$', or else with a '*' appended.
func globOf(pattern string) string {
	if p, ok := strings.CutSuffix(pattern, "$"); ok {
		return p
	}
	return pattern + "*"
}

// covers reports whether pattern b matches every path that pattern a
// matches. Both are rule patterns, neither empty.
//
// Every '*' of a stands for any run of bytes, so b matches all that a
// matches exactly when b's glob matches a's glob read as a word in which
// each '*' is a letter that only a '*' of b can take: if b matches that
// word, b's stars take whatever a's stars stand for; and that word, with
// a byte b never names in place of each '*', is a path a matches. The
// cost is at most len(a)*len(b) steps, which work counts down; covers
// returns false once it is spent.
func covers(b, a string, work *int) bool {
	g, w := globOf(b), globOf(a)
	// The usual matcher of one star at a time: on a mismatch, the last
	// star of g takes one more byte of w.
	gi, wi := 0, 0
	star, mark := -1, 0
	for wi < len(w) {
		if *work--; *work < 0 {
			return false
		}
		switch {
		case gi < len(g) && g[gi] == '*':
			star, mark = gi, wi
			gi++
		case gi < len(g) && g[gi] == w[wi] && w[wi] != '*':
			gi++
			wi++
		case star >= 0:
			mark++
			gi, wi = star+1, mark
		default:
			return false
		}
	}
	for gi < len(g) && g[gi] == '*' {
		gi++
	}
	return gi == len(g)
}

// matchesEverything reports whether pattern matches every path: "/", "/*",
// "*", "/*$" and the like.
func matchesEverything(pattern string) bool {
	if strings.Trim(pattern, "/*$") != "" || pattern == "" {
		return false // quick: a pattern with a letter matches less
	}
	work := 4 * (len(pattern) + 2)
	return covers(pattern, "/", &work)
}

// plainPattern reports whether pattern is printable ASCII without spaces
// or '%': then the library compares it as written, and its length is the
// one that decides between rules.
func plainPattern(pattern string) bool {
	for i := 0; i < len(pattern); i++ {
		if c := pattern[i]; c <= ' ' || c >= 0x7f || c == '%' {
			return false
		}
	}
	return pattern != ""
}

// literalPrefix returns the bytes of pattern's glob before its first '*':
// every path it matches starts with them.
func literalPrefix(pattern string) string {
	g := globOf(pattern)
	if i := strings.IndexByte(g, '*'); i >= 0 {
		return g[:i]
	}
	return g
}
