package prefvalue

import "unicode/utf8"

// This file reads the values of Content-Usage lines and header fields: a
// Dictionary of Structured Field Values (RFC 9651 section 3.2), parsed as
// RFC 9651 section 4.2.2 says, strictly: a value that does not parse states
// no preference at all (draft-ietf-aipref-vocab-07 section 6.5.1).
//
// It checks every byte, but keeps nothing: it reports each member's key
// and its value as written (a bare item or an inner list, without its
// parameters), so that a Dictionary costs no allocation to read.

// ParseDict parses s as a Dictionary and calls member, if not nil, for each
// member in order (a key may come more than once: the last value counts).
// It reports whether s parses; when it does not, the members already
// reported must be dropped. A member written without a value (the Boolean
// true) is reported with an empty value.
func ParseDict[S ~string | ~[]byte](s S, member func(key, value S)) bool {
	i := skipSP(s, 0)
	for i < len(s) {
		start := i
		i = sfKey(s, i)
		if i < 0 {
			return false
		}
		key := s[start:i]
		vstart, vend := i, i
		if i < len(s) && s[i] == '=' {
			vstart = i + 1
			if vstart < len(s) && s[vstart] == '(' {
				i = innerList(s, vstart)
			} else {
				i = bareItem(s, vstart)
			}
			if i < 0 {
				return false
			}
			vend = i
		}
		if i = params(s, i); i < 0 {
			return false
		}
		if member != nil {
			member(key, s[vstart:vend])
		}
		i = SkipOWS(s, i)
		if i == len(s) {
			return true
		}
		if s[i] != ',' {
			return false
		}
		if i = SkipOWS(s, i+1); i == len(s) {
			return false // a trailing comma
		}
	}
	return true
}

// Each of the functions below parses one production of RFC 9651 section 4.2
// from s[i:], and returns the index after it, or -1 if it does not parse.

// sfKey parses a key (section 4.2.3.3): lcalpha or '*', then lcalpha,
// DIGIT, '_', '-', '.' or '*'.
func sfKey[S ~string | ~[]byte](s S, i int) int {
	if i == len(s) || !(isLcalpha(s[i]) || s[i] == '*') {
		return -1
	}
	for i++; i < len(s); i++ {
		c := s[i]
		if !(isLcalpha(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == '*') {
			break
		}
	}
	return i
}

// params parses parameters (section 4.2.3.2): ";" key, optionally "="
// and a bare item, any number of times.
func params[S ~string | ~[]byte](s S, i int) int {
	for i >= 0 && i < len(s) && s[i] == ';' {
		if i = sfKey(s, skipSP(s, i+1)); i >= 0 && i < len(s) && s[i] == '=' {
			i = bareItem(s, i+1)
		}
	}
	return i
}

// innerList parses an inner list (section 4.2.1.2) up to its closing
// parenthesis: items with their parameters, separated by spaces. The
// parameters of the list itself follow.
func innerList[S ~string | ~[]byte](s S, i int) int {
	i++ // '('
	for {
		i = skipSP(s, i)
		if i == len(s) {
			return -1
		}
		if s[i] == ')' {
			return i + 1
		}
		if i = params(s, bareItem(s, i)); i < 0 || i == len(s) || (s[i] != ' ' && s[i] != ')') {
			return -1
		}
	}
}

// bareItem parses a bare item (section 4.2.3.1).
func bareItem[S ~string | ~[]byte](s S, i int) int {
	if i < 0 || i >= len(s) {
		return -1
	}
	switch c := s[i]; {
	case c == '-' || isDigit(c):
		i, _ = number(s, i)
		return i
	case c == '"':
		return sfString(s, i+1)
	case c == '*' || isAlpha(c):
		return token(s, i+1)
	case c == ':':
		return byteSequence(s, i+1)
	case c == '?':
		if i+1 < len(s) && (s[i+1] == '0' || s[i+1] == '1') {
			return i + 2
		}
	case c == '@':
		if j, integer := number(s, i+1); integer {
			return j
		}
	case c == '%':
		return displayString(s, i+1)
	}
	return -1
}

// number parses an integer or a decimal (section 4.2.4) and reports
// whether it is an integer.
func number[S ~string | ~[]byte](s S, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i == len(s) || !isDigit(s[i]) {
		return -1, false
	}
	digits, dot := 0, -1
	for ; i < len(s); i++ {
		if c := s[i]; isDigit(c) {
			digits++
		} else if c == '.' && dot < 0 {
			if digits > 12 {
				return -1, false
			}
			dot = digits
		} else {
			break
		}
	}
	switch {
	case dot < 0:
		if digits > 15 {
			return -1, false
		}
		return i, true
	case digits == dot || digits-dot > 3: // "1." or more than three decimals
		return -1, false
	}
	return i, false
}

// sfString parses the rest of a string after its opening quote (section
// 4.2.5).
func sfString[S ~string | ~[]byte](s S, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			if i++; i == len(s) || (s[i] != '"' && s[i] != '\\') {
				return -1
			}
		case c == '"':
			return i + 1
		case c < ' ' || c > '~':
			return -1
		}
	}
	return -1
}

// token parses the rest of a token after its first character (section
// 4.2.6): tchar, ':' or '/'.
func token[S ~string | ~[]byte](s S, i int) int {
	for i < len(s) && (isTchar(s[i]) || s[i] == ':' || s[i] == '/') {
		i++
	}
	return i
}

// byteSequence parses the rest of a byte sequence after its opening colon
// (section 4.2.7): base64 characters, then a colon.
func byteSequence[S ~string | ~[]byte](s S, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i + 1
		case !(isAlpha(c) || isDigit(c) || c == '+' || c == '/' || c == '='):
			return -1
		}
	}
	return -1
}

// displayString parses the rest of a display string after its '%' (section
// 4.2.10): a quoted string of printable ASCII in which '%' and two
// lower-case hex digits stand for a byte, and the bytes are UTF-8.
func displayString[S ~string | ~[]byte](s S, i int) int {
	if i == len(s) || s[i] != '"' {
		return -1
	}
	var buf []byte // the decoded bytes, when some are escaped
	start := i + 1
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c < ' ' || c > '~':
			return -1
		case c == '%':
			if i+2 >= len(s) || !isLowerHex(s[i+1]) || !isLowerHex(s[i+2]) {
				return -1
			}
			if buf == nil {
				buf = append([]byte(nil), s[start:i]...)
			}
			buf = append(buf, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case c == '"':
			if buf != nil && !utf8.Valid(buf) {
				return -1
			}
			return i + 1
		default:
			if buf != nil {
				buf = append(buf, c)
			}
		}
	}
	return -1
}

// skipSP returns the index of the first byte of s at or after i that is not
// a space.
func skipSP[S ~string | ~[]byte](s S, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// SkipOWS returns the index of the first byte of s at or after i that is
// neither a space nor a tab.
func SkipOWS[S ~string | ~[]byte](s S, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

func isLcalpha(c byte) bool  { return 'a' <= c && c <= 'z' }
func isAlpha(c byte) bool    { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isLowerHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }

// isTchar reports whether c is a tchar of RFC 9110 section 5.6.2.
func isTchar(c byte) bool {
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return isAlpha(c) || isDigit(c)
}

// isSpace reports whether c is a space or a tab.
func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// unhex returns the value of the hex digit c.
func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
