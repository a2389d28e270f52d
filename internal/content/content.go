// Package content tells a body that is not a robots.txt at all (an HTML
// page, UTF-16 text, binary data) from one that is, for the linter, which
// reports it as one finding, and for the robots command's check, which
// warns that its answers come from a file with no rules.
package content

import (
	"bytes"
	"unicode/utf8"
)

// Kinds of body that are not a robots.txt, as Kind names them; they are
// also the codes of the linter's findings on such bodies.
const (
	HTML   = "html"
	UTF16  = "utf16"
	Binary = "binary"
)

// Kind tells a body that is not a robots.txt at all: HTML, UTF16 or
// Binary, from its first bytes; "" for text.
func Kind(body []byte) string {
	head := body[:min(len(body), 1024)]
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return UTF16
	}
	if bytes.IndexByte(head, 0) >= 0 {
		// UTF-16 text of ASCII has a NUL in every other byte, and only
		// there.
		var zeros [2]int
		for i, c := range head {
			if c == 0 {
				zeros[i%2]++
			}
		}
		half := len(head) / 2
		if half >= 2 && (zeros[0] >= half*8/10 && zeros[1] == 0 || zeros[1] >= half*8/10 && zeros[0] == 0) {
			return UTF16
		}
		return Binary
	}
	if binaryText(head) {
		return Binary
	}
	if startsWithMarkup(body) {
		return HTML
	}
	return ""
}

// binaryText reports whether more than a tenth of head are control bytes
// or bytes that are not UTF-8.
func binaryText(head []byte) bool {
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 && i+utf8.UTFMax < len(head) || r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			bad++
		}
		i += size
	}
	return bad > len(head)/10
}

// maxMarkupSkip bounds how far startsWithMarkup looks past leading white
// space and HTML comments.
const maxMarkupSkip = 64 << 10

// startsWithMarkup reports whether body, after a byte order mark, white
// space and HTML comments, starts with an HTML or XML tag: a doctype, an
// XML declaration or an element such as <html>, <div> or <meta>. A
// robots.txt never does: its lines start with a key or '#'. A file that
// only has HTML comments above its records is a robots.txt all the same.
func startsWithMarkup(body []byte) bool {
	b, ok := skipComments(bytes.TrimPrefix(body[:min(len(body), maxMarkupSkip)], []byte("\xEF\xBB\xBF")))
	if !ok || len(b) < 2 || b[0] != '<' {
		return false
	}
	lower := bytes.ToLower(b[:min(len(b), 16)])
	if bytes.HasPrefix(lower, []byte("<!doctype")) || bytes.HasPrefix(lower, []byte("<?xml")) {
		return true
	}
	// An element: '<', a letter, then letters or digits up to a space,
	// '>' or '/'.
	i := 1
	for i < len(b) && (isLetter(b[i]) || i > 1 && '0' <= b[i] && b[i] <= '9') {
		i++
	}
	return i > 1 && i < len(b) && bytes.IndexByte([]byte(" \t\r\n>/"), b[i]) >= 0
}

// skipComments returns b after white space and HTML comments, and false
// when a comment has no end.
func skipComments(b []byte) ([]byte, bool) {
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		rest, ok := bytes.CutPrefix(b, []byte("<!--"))
		if !ok {
			return b, true
		}
		_, after, closed := bytes.Cut(rest, []byte("-->"))
		if !closed {
			return nil, false
		}
		b = after
	}
}

func isLetter(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z'
}
