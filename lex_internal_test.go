package robots

import (
	"testing"
)

// White-box tests of the lexer's fast paths against plain definitions.

func TestNeedsByteCheck(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"User-agent: *\nDisallow: /café\n", false},
		{"\xEF\xBB\xBFUser-agent: *\n# ツ and 🙂 are UTF-8\n", false},
		{"Disallow: /caf\xC3\n", true},      // truncated sequence
		{"Disallow: /\xC3\xA9\xA9\n", true}, // stray continuation byte
		{"Disallow: /\xED\xA0\x80\n", true}, // surrogate: not UTF-8
		{"Disallow: /x\x00y\n", true},
	} {
		if got := needsByteCheck([]byte(tc.body)); got != tc.want {
			t.Errorf("needsByteCheck(%q) = %v, want %v", tc.body, got, tc.want)
		}
	}
	// Every byte value alone, at every offset of a body longer than two
	// words, so that the eight-byte loop and the byte loop both see it. A
	// lone byte >= 0x80 is never UTF-8.
	for c := 0; c < 256; c++ {
		want := c < ' ' && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f
		for pos := 0; pos < 19; pos++ {
			b := []byte("abcdefghij\tklmn\r\nop")
			b[pos] = byte(c)
			if got := needsByteCheck(b); got != want {
				t.Errorf("needsByteCheck(%q) = %v, want %v", b, got, want)
			}
		}
	}
}
