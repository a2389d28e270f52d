// Package fold compares names in ASCII case, as HTTP field names, META
// names and robots.txt's preference keys are compared: strings, and the
// keys of an http.Header built by hand rather than by net/http.
package fold

import (
	"net/http"
	"sort"
)

// Equal reports whether a and b are equal with ASCII letters compared
// without case. Other bytes are compared as they are: unlike
// strings.EqualFold, "\u212Aey" (KELVIN SIGN) is not "key".
func Equal(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Values returns the values of the header field name, in canonical form,
// in h: those of its canonical key, then those of the keys that spell it
// in another case, in sorted order, so that each value has a stable
// position. The slice is the caller's own; it is nil when there are none.
func Values(h http.Header, name string) []string {
	values := append([]string(nil), h[name]...)
	var other []string
	for k := range h {
		if k != name && Equal(k, name) {
			other = append(other, k)
		}
	}
	sort.Strings(other)
	for _, k := range other {
		values = append(values, h[k]...)
	}
	return values
}
