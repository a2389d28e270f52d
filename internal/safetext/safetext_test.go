package safetext

import "testing"

func TestEscape(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text", `Disallow: /a\b café`, `Disallow: /a\b café`},
		{"an escape sequence", "bot\x1b[2J", `bot\x1b[2J`},
		{"DEL and C1", "a\x7fb\u0085c", `a\x7fb\u0085c`},
		{"not UTF-8", "caf\xe9", `caf\xe9`},
		{"bidirectional override and isolate", "a\u202eb\u2066c", `a\u202eb\u2066c`},
		{"marks", "\u200e\u200f\u061c", `\u200e\u200f\u061c`},
	}
	for _, tc := range tests {
		got := Escape(tc.in)
		if got != tc.want {
			t.Errorf("%s: Escape(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if again := Escape(got); again != got {
			t.Errorf("%s: Escape of its result changes it: %q", tc.name, again)
		}
	}
}
