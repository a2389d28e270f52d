package lint

import "strconv"

// plural returns "n thing" or "n things".
func plural(n int, thing string) string {
	s := strconv.Itoa(n) + " " + thing
	if n != 1 {
		s += "s"
	}
	return s
}
