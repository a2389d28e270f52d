package robots

import (
	"strings"
	"testing"
)

func TestFirstChange(t *testing.T) {
	// Each special byte at each offset of paths around the word size, so
	// that the word loop, its overlapping last word and the byte loop all
	// meet it.
	for n := 1; n <= 20; n++ {
		for pos := 0; pos < n; pos++ {
			for _, c := range []byte{' ', '%', '$', '*', '#', 0x7f, 0x80, '\t'} {
				b := []byte(strings.Repeat("x", n))
				b[pos] = c
				want := pos
				if c == '%' {
					want = -1 // a '%' without two hex digits stays
				}
				if got := firstChange(string(b), false); got != want {
					t.Errorf("firstChange(%q, path) = %d, want %d", b, got, want)
				}
			}
			if got := firstChange(strings.Repeat("x", n), false); got != -1 {
				t.Errorf("firstChange(%q, path) = %d, want -1", strings.Repeat("x", n), got)
			}
		}
	}
}
