package robots

import (
	"encoding/binary"
	"strings"
	"testing"
)

// Exhaustive tests of the word-at-a-time helpers of word.go against plain
// loops: every byte value, at every position of a word, among every kind of
// neighbour.

// neighbours are the bytes put around the byte under test: zero, the
// bytes next to it and to the high bit, and a letter.
var neighbours = []byte{0, 1, 0x7f, 0x80, 0xff, 'a'}

func TestZeros(t *testing.T) {
	for c := 0; c < 256; c++ {
		for _, n := range neighbours {
			for pos := 0; pos < 8; pos++ {
				b := []byte(strings.Repeat(string([]byte{n}), 8))
				b[pos] = byte(c)
				var want uint64
				for i, x := range b {
					if x == 0 {
						want |= 0x80 << (8 * i)
					}
				}
				if got := zeros(binary.LittleEndian.Uint64(b)); got != want {
					t.Fatalf("zeros(%x) = %x, want %x", b, got, want)
				}
			}
		}
	}
}

func TestLoad64(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			b := []byte("\x00\x80\xff\x01abcd")
			b[pos] = byte(c)
			if got, want := load64(string(b)), binary.LittleEndian.Uint64(b); got != want {
				t.Fatalf("load64(%q) = %x, want %x", b, got, want)
			}
		}
	}
}

func TestIndexAny4(t *testing.T) {
	// Every byte value, at every position of strings that span the word
	// loop and the byte loop, looked for among needles that hit each
	// neighbour too.
	plain := func(s string, i int, cs ...byte) int {
		for ; i < len(s); i++ {
			for _, c := range cs {
				if s[i] == c {
					return i
				}
			}
		}
		return len(s)
	}
	for n := 0; n <= 19; n++ {
		for _, bg := range neighbours {
			for pos := 0; pos < n; pos++ {
				for c := 0; c < 256; c++ {
					b := []byte(strings.Repeat(string([]byte{bg}), n))
					b[pos] = byte(c)
					s := string(b)
					for _, start := range []int{0, 1, pos} {
						if start > n {
							continue
						}
						for _, cs := range [][4]byte{{byte(c), byte(c), byte(c), byte(c)}, {':', '#', '\n', '\r'}, {'/', '?', ';', byte(c)}} {
							want := plain(s, start, cs[:]...)
							if got := indexAny4(s, start, cs[0], cs[1], cs[2], cs[3]); got != want {
								t.Fatalf("indexAny4(%q, %d, %q) = %d, want %d", s, start, cs, got, want)
							}
						}
					}
				}
			}
		}
	}
}

func TestMaySpecial(t *testing.T) {
	// Every byte value at every position, among neighbours that the
	// canonical form never changes, chosen next to the bytes it looks for
	// (so that a carry or borrow across bytes would show).
	around := []byte{'a', ' ', '!', '"', '&', ')', '+', '~', '#', '$', '%', '*'}
	for _, pattern := range []bool{false, true} {
		mask := uint8(classPath)
		if pattern {
			mask = classPattern
		}
		for _, bg := range around {
			if byteClass[bg]&mask != 0 || bg == '#' {
				continue // a neighbour that changes would decide alone
			}
			for c := 0; c < 256; c++ {
				for pos := 0; pos < 8; pos++ {
					b := []byte(strings.Repeat(string([]byte{bg}), 8))
					b[pos] = byte(c)
					want := byteClass[c]&mask != 0
					if pattern && c == '#' {
						want = true // a pattern has no '#'; the word test may say either
					}
					if got := maySpecial(load64(string(b)), pattern); got != want {
						t.Errorf("maySpecial(%q, pattern=%v) = %v, want %v", b, pattern, got, want)
					}
				}
			}
		}
	}
}
