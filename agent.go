package robots

// This file holds the product-token grammar of RFC 9309 section 2.2.1,
// shared by the parser (the file side) and by callers (the crawler side).

// isTokenByte reports whether c may appear in a product token: a-z, A-Z,
// '-' or '_'.
func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// tokenLen returns the length of the product token at the start of s.
func tokenLen[S string | []byte](s S) int {
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return i
		}
	}
	return len(s)
}

// ValidProductToken reports whether s is a product token as RFC 9309
// section 2.2.1 defines it: one or more of the letters a-z and A-Z, '-' and
// '_'. Only such a token can name a group of a robots.txt file, so a
// crawler matches its rules by passing its product token ("Googlebot") to
// [File.Allowed] or [File.Group]. "*" is not a product token, nor is a whole
// User-Agent header ("Googlebot/2.1"); see [ProductToken] for those.
//
// It is the check Google's parser makes with IsValidUserAgentToObey.
func ValidProductToken(s string) bool {
	return s != "" && tokenLen(s) == len(s)
}

// ProductToken returns the product token that starts s: its longest leading
// run of the letters a-z and A-Z, '-' and '_'. It reads a crawler's name the
// way the parser reads the value of a user-agent line, so
// ProductToken("Googlebot/2.1") and ProductToken("Googlebot News") are both
// "Googlebot". It returns "" when s does not start with a token byte.
//
// A browser-style User-Agent header such as "Mozilla/5.0 (compatible;
// Googlebot/2.1; +http://www.google.com/bot.html)" names no single crawler:
// its leading token is "Mozilla". A crawler passes its own product token
// instead, the one its documentation tells webmasters to write in
// user-agent lines.
func ProductToken(s string) string {
	return s[:tokenLen(s)]
}
