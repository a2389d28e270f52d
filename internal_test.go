package robots

import "testing"

// White-box tests of fast paths against their plain definitions.

func TestNeedsByteCheck(t *testing.T) {
	// Every byte value, at every offset of a body longer than two words, so
	// that the eight-byte loop and the byte loop both see it.
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
