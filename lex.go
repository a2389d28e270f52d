package robots

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// This file holds the lexer, the first stage: it cuts a body into lines
// (RFC 9309 section 2.2, and the leniencies the package documentation
// lists). A line ends at LF, CR or CRLF, and nothing else ends
// one; what a line says is the parser's business (parse.go).

// maxLineLen is how many bytes of a line are read, as in Google's parser.
const maxLineLen = 2083*8 - 1

// cutBody returns the part of body that is parsed, given the parse limit,
// and whether body went on past the limit. A line the limit cuts in two is
// dropped whole. A leading UTF-8 byte order mark, or a leading part of one,
// is skipped, as Google's parser does.
func cutBody(body []byte, limit int) (b []byte, cut bool) {
	cut = len(body) > limit
	if cut {
		next := body[limit]
		body = body[:limit]
		if next != '\n' && next != '\r' {
			body = body[:bytes.LastIndexAny(body, "\r\n")+1]
		}
	}
	for _, c := range []byte("\xEF\xBB\xBF") {
		if len(body) == 0 || body[0] != c {
			break
		}
		body = body[1:]
	}
	return body, cut
}

// A lexer hands out the lines of a body in order. A body of n line breaks
// has n+1 lines; the last is empty when the body ends with a line break.
type lexer struct {
	b     []byte
	start int // where the next line starts; len(b)+1 when there is none
	// lf and cr are the next LF and CR at or after start, or len(b) when
	// there are none left: each is searched for again only once passed, so
	// lexing is linear whichever line ending the body uses.
	lf, cr int
}

func newLexer(b []byte) lexer { return lexer{b: b, lf: -1, cr: -1} }

// next returns the next line, without its line break, or ok false when
// there are no more.
func (l *lexer) next() (line []byte, ok bool) {
	if l.start > len(l.b) {
		return nil, false
	}
	if l.lf < l.start {
		l.lf = indexFrom(l.b, l.start, '\n')
	}
	if l.cr < l.start {
		l.cr = indexFrom(l.b, l.start, '\r')
	}
	end := min(l.lf, l.cr)
	line = l.b[l.start:end]
	l.start = end + 1
	if end < len(l.b) && l.b[end] == '\r' && l.start < len(l.b) && l.b[l.start] == '\n' {
		l.start++
	}
	return line, true
}

// indexFrom returns the index of the first c in b at or after i, or len(b).
func indexFrom(b []byte, i int, c byte) int {
	if j := bytes.IndexByte(b[i:], c); j >= 0 {
		return i + j
	}
	return len(b)
}

// needsByteCheck reports whether some line of b may need an InvalidBytes
// diagnostic: whether b holds a control byte other than tab, LF and CR, DEL,
// or bytes that are not UTF-8. When it does not, the parser skips the check
// of each line: checking every line instead makes BenchmarkParse/
// realistic_5k 41% slower (benchstat, 6 runs each).
func needsByteCheck(b []byte) bool {
	for i := 0; i < len(b); {
		if len(b)-i >= 8 {
			if w := binary.LittleEndian.Uint64(b[i:]); w&high == 0 {
				// Eight ASCII bytes: with no byte above 0x7f, adding 0x60
				// or 1 carries into no other byte, so the high bit of
				// c+0x60 is clear exactly when c < ' ', and that of c+1 is
				// set exactly when c is DEL.
				if (w+ones)&high != 0 {
					return true // DEL
				}
				if ctl := ^(w + 0x60*ones) & high; ctl != 0 {
					// Some byte is below ' ': all of them must be tab,
					// LF or CR.
					if ctl&^(zeros(w^ones*'\t')|zeros(w^ones*'\n')|zeros(w^ones*'\r')) != 0 {
						return true
					}
				}
				i += 8
				continue
			}
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return true
		}
		i += size
	}
	return false
}
