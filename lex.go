package robots

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// This file holds the lexer, the first stage: it cuts a body into lines
// (RFC 9309 section 2.2, and the leniencies the package documentation
// lists). A line ends at LF, CR or CRLF, and nothing else ends
// one; what a line says is the parser's business (parse.go).

// maxLineLen is how many bytes of a line are read, as in Google's parser.
const maxLineLen = 2083*8 - 1

// cutBody returns the part of body that is parsed, given the parse limit:
// the first limit bytes, without a leading UTF-8 byte order mark or a
// leading part of one, which is skipped as Google's parser does. It reports
// whether body went on past the limit, and whether the last line of b is
// cut in two by the limit (partial), which read drops whole. (Cutting b
// back to its last line break here instead costs a walk back over the last
// 420 KB of go.com, one line, 1.5% of the instructions of
// BenchmarkCorpus/Parse.)
func cutBody(body []byte, limit int) (b []byte, cut, partial bool) {
	cut = len(body) > limit
	if cut {
		next := body[limit]
		body = body[:limit]
		partial = next != '\n' && next != '\r'
	}
	for _, c := range []byte("\xEF\xBB\xBF") {
		if len(body) == 0 || body[0] != c {
			break
		}
		body = body[1:]
	}
	return body, cut, partial
}

// scanLine reads the line that b starts with, in one pass over its bytes.
// It returns where the line ends (the index of its line break, or len(b)),
// where the next line starts (past an LF, a CR or a CRLF; len(b)+1 when
// there is none), the index of its first ':' when no '#' comes before it,
// and the index of its first '#', each -1 when there is none. It returns
// check true, and colon and hash of no meaning, when the line holds a byte
// that may need an InvalidBytes diagnostic: a control byte other than tab,
// DEL, or a byte above 0x7f, none of which a line of most files holds; and
// when the line is longer than maxLineLen, whose bytes past it it finds
// the end of with lineEnd and does not read otherwise.
//
// It reads eight bytes at a time and stops only at the bytes hits marks: a
// line of the corpus's median length, 24 bytes, takes four words and two
// hits, the colon and the line break. Finding each of those with bytes.IndexByte, and checking the whole
// body for bad bytes first, took 17% more instructions on
// BenchmarkCorpus/Parse (callgrind, GOGC=off: 356 million a pass over the
// corpus instead of 304 million). It reads through s, which shrinks, and
// not b[i:], which costs a bounds check and more on each word: 5% of the
// instructions of the same pass.
func scanLine(b []byte) (end, next, colon, hash int, check bool) {
	colon, hash = -1, -1
	s := b // b[i:], up to maxLineLen+1 bytes
	if len(s) > maxLineLen+1 {
		// The bytes past maxLineLen are not parsed, and lineEnd finds the
		// end of the line faster than hits: see lineEnd.
		s = s[:maxLineLen+1]
	}
	for i := 0; ; i += 8 {
		var w uint64
		if len(s) >= 8 {
			w = binary.LittleEndian.Uint64(s)
		} else {
			// The last bytes of b, then letters, which are not hits.
			t := [8]byte{'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'}
			copy(t[:], s)
			w = binary.LittleEndian.Uint64(t[:])
		}
		for m := hits(w); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)>>3
			switch c := b[j]; {
			case c == ':':
				if colon < 0 && hash < 0 {
					colon = j
				}
			case c == '#':
				if hash < 0 {
					hash = j
				}
			case c == '\n' || c == '\r':
				return j, nextLine(b, j), colon, hash, false
			case c == '\t':
			default:
				end = j + lineEnd(b[j:])
				return end, nextLine(b, end), -1, -1, true
			}
		}
		if len(s) <= 8 {
			if k := i + len(s); k < len(b) {
				end = k + lineEnd(b[k:]) // past maxLineLen
				return end, nextLine(b, end), -1, -1, true
			}
			return len(b), len(b) + 1, colon, hash, len(b) > maxLineLen
		}
		s = s[8:]
	}
}

// hits marks, exactly, the bytes of w that scanLine stops at: ':', '#',
// the control bytes (LF, CR and tab among them), and the bytes from DEL up.
// With the high bits cleared, no sum below carries from one byte into the
// next: the high bit of c+0x60 is set exactly when c >= ' ', that of
// (c^':')+0x7f exactly when c is not ':', and that of c+1 exactly when c
// is DEL; the high bit of w itself marks the bytes above DEL.
func hits(w uint64) uint64 {
	x := w & low7
	keep := (x + 0x60*ones) & ((x ^ ':'*ones) + low7) & ((x ^ '#'*ones) + low7)
	return (^keep | (x + ones) | w) & high
}

// nextLine returns where the line after the one that ends at end starts:
// past its LF, CR or CRLF, or len(b)+1 when end is len(b).
func nextLine(b []byte, end int) int {
	if end+1 < len(b) && b[end] == '\r' && b[end+1] == '\n' {
		return end + 2
	}
	return end + 1
}

// lineEnd returns the index of the first LF or CR of b, or len(b).
//
// It looks for each with bytes.IndexByte, which reads many bytes at a time,
// in chunks of lineChunk bytes, so that a body whose lines end at CR only
// (or at LF only) is not read to its end for each line. Reading words with
// zeros instead, and reading the 1.25 MB that the corpus holds past
// maxLineLen (in 28 lines) with scanLine's hits, took 3.7 million more
// instructions a pass of BenchmarkCorpus/FirstQuery (277.7 million instead
// of 273.1; callgrind, GOGC=off): lineEnd took 3.85 million for the lines
// of bytes above DEL, now 1.3 million for those and the long lines.
func lineEnd(b []byte) int {
	for i := 0; i < len(b); i += lineChunk {
		c := b[i:min(len(b), i+lineChunk)]
		end := len(c)
		if j := bytes.IndexByte(c, '\n'); j >= 0 {
			end = j
		}
		if j := bytes.IndexByte(c[:end], '\r'); j >= 0 {
			return i + j
		}
		if end < len(c) {
			return i + end
		}
	}
	return len(b)
}

// lineChunk is how many bytes lineEnd looks for a line break in at once.
const lineChunk = 512
