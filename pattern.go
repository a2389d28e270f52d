package robots

// PatternMatches reports whether pattern, a path pattern as allow and
// disallow lines write it, matches url, an absolute URL or a path that
// starts with '/', exactly as a rule's pattern does (see Patterns in the
// package documentation): both are compared in their canonical
// percent-encoding, '*' matches any run of bytes, a final '$' the end of
// the path, and a pattern matches a prefix of the path. A pattern that is
// empty or starts with neither '/' nor '*' matches nothing.
//
// It is for the formats that borrow robots.txt patterns, such as the
// locations of TDMRep's tdmrep.json. The index.html rule of Google's
// parser, which only allow lines have, does not apply.
func PatternMatches(pattern, url string) bool {
	if pattern == "" || pattern[0] != '/' && pattern[0] != '*' {
		return false
	}
	return matchLen(pattern, canonicalPath(pathOf(url))) >= 0
}
