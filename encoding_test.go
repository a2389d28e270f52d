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

// patternFactsWant is what patternFacts returns, found the plain way.
func patternFactsWant(t string) (n int, changes, percent bool) {
	n = strings.IndexByte(t, '\n')
	if n < 0 {
		n = len(t)
	}
	p := t[:n]
	return n, firstChange(p, true) >= 0, strings.Contains(p, "%")
}

// TestPatternFacts: each byte that matters, at each offset of patterns
// around the word size, followed by the '\n' and text of another line.
func TestPatternFacts(t *testing.T) {
	specials := []string{" ", "%", "%41", "%2f", "%2F", "%4", "$", "*", "#", "\x7f", "\x80", "\t", "\x00"}
	for n := 1; n <= 20; n++ {
		for pos := 0; pos < n; pos++ {
			for _, sp := range specials {
				p := strings.Repeat("x", pos) + sp + strings.Repeat("x", n-pos-1)
				for _, rest := range []string{"", "$", "%4"} {
					text := p + rest + "\n%2f $x\n"
					n, changes, percent := patternFacts(text)
					wn, wchanges, wpercent := patternFactsWant(text)
					if n != wn || changes != wchanges || percent != wpercent {
						t.Errorf("patternFacts(%q) = %d, %v, %v, want %d, %v, %v", text, n, changes, percent, wn, wchanges, wpercent)
					}
				}
			}
		}
	}
}

func FuzzPatternFacts(f *testing.F) {
	for _, s := range []string{"/a\n", "/a$\n", "/%7e$\n/x", "/%4\n1", "/*\xff\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, changes, percent := patternFacts(text)
		wn, wchanges, wpercent := patternFactsWant(text)
		if n != wn || changes != wchanges || percent != wpercent {
			t.Errorf("patternFacts(%q) = %d, %v, %v, want %d, %v, %v", text, n, changes, percent, wn, wchanges, wpercent)
		}
	})
}
