// Package safetext escapes text read from a file or the network before it
// reaches a terminal: the robots command's output, and the linter's
// messages, which name crawlers and keys as written.
package safetext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s with what a terminal could act on escaped: control
// bytes (C0, DEL and C1), bytes that are not UTF-8, and the Unicode
// controls that reorder text (bidirectional overrides and isolates). They are written as Go escapes (\x1b, \u202e), and a
// backslash is left as it is, so that Escape of its own result changes
// nothing.
func Escape(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && needsEscape(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// needsEscape reports whether Escape escapes r; utf8.RuneError stands for a
// byte that is not UTF-8 (a real U+FFFD is escaped too, which is harmless).
func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, 0x80 <= r && r < 0xa0:
		return true
	case r == utf8.RuneError:
		return true
	case 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}
