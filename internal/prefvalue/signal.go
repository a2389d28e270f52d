package prefvalue

// ParseSignals reads the value of a Content-Signal line, "key=value"
// members separated by commas, and calls member, if not nil, for each
// one in order. It reports whether every member is one; the others are
// skipped. A member's key and value are not empty and hold no space, tab
// or '='.
func ParseSignals[S ~string | ~[]byte](s S, member func(key, value S)) bool {
	ok := true
	for {
		i := 0
		for i < len(s) && s[i] != ',' {
			i++
		}
		m := TrimOWS(s[:i])
		eq := 0
		for eq < len(m) && m[eq] != '=' {
			eq++
		}
		switch {
		case eq == 0 || eq >= len(m)-1 || hasSpaceOrEq(m[:eq]) || hasSpaceOrEq(m[eq+1:]):
			ok = false
		case member != nil:
			member(m[:eq], m[eq+1:])
		}
		if i == len(s) {
			return ok
		}
		s = s[i+1:]
	}
}

// TrimOWS returns s without leading and trailing spaces and tabs.
func TrimOWS[S ~string | ~[]byte](s S) S {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// hasSpaceOrEq reports whether s holds a space, a tab or '='.
func hasSpaceOrEq[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) || s[i] == '=' {
			return true
		}
	}
	return false
}
