package robots

import "math/bits"

// This file holds the word-at-a-time helpers: they read eight bytes as one
// little-endian word and mark the bytes they look for by setting their high
// bits. word_test.go checks each against a plain loop over every byte value
// at every position.
//
// They pay on every query: with byte loops instead (in firstChange, which
// skips canonical words with maySpecial, and in pathOf, which finds the end
// of the authority with indexAny4), BenchmarkAllowed/realistic_5k/Group
// takes 36% longer (benchstat, 6 runs each).

// Each test says whether it is exact or may also mark other bytes.
const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
	low7 = 0x7f7f7f7f7f7f7f7f
)

// zeros returns the high bit of each byte of x that is zero, exactly (no
// carry crosses a byte), so zeros(w ^ ones*c) marks the bytes of w equal to
// c.
func zeros(x uint64) uint64 { return ^((x&low7 + low7) | x | low7) }

// indexAny4 returns the index of the first byte of s at or after i that is
// c1, c2, c3 or c4 (repeat one to look for fewer), or len(s). It tests eight
// bytes at a time, exactly.
func indexAny4(s string, i int, c1, c2, c3, c4 byte) int {
	w1, w2, w3, w4 := ones*uint64(c1), ones*uint64(c2), ones*uint64(c3), ones*uint64(c4)
	for ; len(s)-i >= 8; i += 8 {
		w := load64(s[i : i+8])
		if m := zeros(w^w1) | zeros(w^w2) | zeros(w^w3) | zeros(w^w4); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == c1 || c == c2 || c == c3 || c == c4 {
			return i
		}
	}
	return len(s)
}

// load64 returns s[:8] as a little-endian word.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// maySpecial reports whether some byte of w may be one that firstChange
// stops at: a control byte, space, DEL, non-ASCII, '%' or '$', and for a
// path '*' and '#'. Once w is known to be ASCII, no sum below carries from
// one byte into the next, so each test is exact: the high bit of b+0x5f is
// clear exactly when b <= ' ', that of b+1 is set exactly when b is DEL,
// and '#', '$' and '%' are the bytes from 0x23 to 0x25 (a pattern has no
// '#', as comments are gone).
func maySpecial(w uint64, pattern bool) bool {
	if w&high != 0 {
		return true
	}
	m := asciiSpecials(w)
	if !pattern {
		m |= zeros(w ^ ones*'*')
	}
	return m&high != 0
}

// asciiSpecials marks with its high bit each byte of w, a word of ASCII
// bytes, that is a control byte, space, DEL, '#', '$' or '%' (the tests of
// maySpecial).
func asciiSpecials(w uint64) uint64 {
	return (^(w + 0x5f*ones) | (w + ones) | (w+(0x80-0x23)*ones)&^(w+(0x80-0x26)*ones)) & high
}
