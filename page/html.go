package page

import (
	"bytes"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A metaTag is a <meta name content> tag of the head, as read.
type metaTag struct {
	name    string // as written, white space around it removed
	content string
	line    int
}

// minChunk is the least the HTML reader asks its source for at a time.
// It asks for a quarter of what it has read so far when that is more, so
// that a long head takes few reads while the bytes read past the end of
// the head stay within max(minChunk, a quarter of the head).
const minChunk = 512

// headReader is what the HTML reader reads from: at most left more bytes
// of r, in chunks.
type headReader struct {
	r    io.Reader
	left int   // bytes it may still read
	n    int   // bytes read
	hit  bool  // a read was refused because left was 0
	err  error // the first error of r other than io.EOF
}

func (h *headReader) Read(p []byte) (int, error) {
	if h.left <= 0 {
		h.hit = true
		return 0, io.EOF
	}
	size := max(minChunk, h.n/4)
	if len(p) > size {
		p = p[:size]
	}
	if len(p) > h.left {
		p = p[:h.left]
	}
	n, err := h.r.Read(p)
	h.left -= n
	h.n += n
	if err != nil && err != io.EOF && h.err == nil {
		h.err = err
	}
	return n, err
}

// inHead are the elements Google reads in a head: title, meta, link,
// script, style, base, noscript and template; any other element ends it
// ("Use valid HTML to specify page metadata", Google Search Central). html
// and head are ignored there, as browsers do (HTML Living Standard
// 13.2.6.4.4, "in head" insertion mode).
var inHead = map[atom.Atom]bool{
	atom.Title: true, atom.Meta: true, atom.Link: true, atom.Script: true,
	atom.Style: true, atom.Base: true, atom.Noscript: true, atom.Template: true,
	atom.Html: true, atom.Head: true,
}

// rawText are the elements of inHead whose content the tokenizer returns as
// one text token: script and style (raw text), title (RCDATA), and
// noscript, which is raw text when scripting is enabled, as in the browser
// Google renders pages with.
var rawText = map[atom.Atom]bool{
	atom.Title: true, atom.Script: true, atom.Style: true, atom.Noscript: true,
}

// readHead reads the head of the HTML document r, at most limit bytes of
// it, and returns its meta tags that have a name that could be a crawler's
// and a content. See [Options.FromHTML] for what is read. utf16 is the
// byte order the HTTP header gives when it declares UTF-16: 'b', 'l', or
// 0 for none.
func readHead(r io.Reader, limit int, utf16Order byte) (metas []metaTag, hr *headReader) {
	hr = &headReader{r: r, left: limit}
	src := decodeBOM(hr, utf16Order)
	z := html.NewTokenizer(src)
	line := 1
	lastCR := false   // the last byte read was CR
	templates := 0    // depth of <template> elements: their content is not the head's
	afterRaw := false // the last token started a raw text element
	for {
		tt := z.Next()
		raw := z.Raw()
		start := line
		line += lineBreaks(raw, lastCR)
		if len(raw) > 0 {
			lastCR = raw[len(raw)-1] == '\r'
		}
		wasRaw := afterRaw
		afterRaw = false
		switch tt {
		case html.ErrorToken:
			return metas, hr
		case html.TextToken:
			if wasRaw || templates > 0 {
				continue // the content of a script, style, title or noscript
			}
			if !whitespace(raw) {
				return metas, hr // text ends the head
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if templates > 0 {
				if a == atom.Template {
					templates++
				}
				afterRaw = rawText[a]
				continue
			}
			if !inHead[a] {
				return metas, hr // <body>, or an element that cannot be in a head
			}
			switch a {
			case atom.Template:
				templates++ // even self-closing: the flag is ignored on it
			case atom.Meta:
				if m, ok := meta(z, hasAttr); ok {
					m.line = start
					metas = append(metas, m)
				}
			}
			afterRaw = rawText[a]
		case html.EndTagToken:
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Template:
				if templates > 0 {
					templates--
				}
			case atom.Head, atom.Body, atom.Html, atom.Br:
				if templates == 0 {
					return metas, hr // these end the head; other end tags are ignored
				}
			}
		}
	}
}

// meta returns the name and content of the meta tag z is on, when it has
// both and the name could be a crawler's. Of attributes given twice, the
// first counts, as in browsers.
func meta(z *html.Tokenizer, more bool) (metaTag, bool) {
	var m metaTag
	var haveName, haveContent bool
	for more {
		var key, val []byte
		key, val, more = z.TagAttr()
		switch string(key) {
		case "name":
			if !haveName {
				m.name, haveName = trim(string(val)), true
			}
		case "content":
			if !haveContent {
				m.content, haveContent = string(val), true
			}
		}
	}
	return m, haveName && haveContent && isAgentName(m.name)
}

// whitespace reports whether b is HTML white space only.
func whitespace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r' {
			return false
		}
	}
	return true
}

// lineBreaks counts the line breaks in b as HTML reads them: CR LF, CR
// and LF each end a line. afterCR says that the byte before b was a CR,
// so that an LF starting b ends no new line.
func lineBreaks(b []byte, afterCR bool) int {
	n := bytes.Count(b, []byte{'\r'}) + bytes.Count(b, []byte{'\n'}) - bytes.Count(b, []byte("\r\n"))
	if afterCR && len(b) > 0 && b[0] == '\n' {
		n--
	}
	return n
}

// decodeBOM returns r as UTF-8: without a UTF-8 byte order mark, or
// converted from UTF-16 when it starts with a UTF-16 byte order mark or,
// without one, when order says the HTTP header declared UTF-16 ('b' for
// big-endian, 'l' for little-endian). A byte order mark wins over the
// header, as in browsers (WHATWG Encoding, "decode"). Documents in other
// encodings are read as they are: the markup of a robots meta tag is ASCII
// in every encoding browsers support but UTF-16.
func decodeBOM(r io.Reader, order byte) io.Reader {
	var head [3]byte
	n, _ := io.ReadFull(r, head[:2])
	switch {
	case n == 2 && head[0] == 0xFE && head[1] == 0xFF:
		return &utf16Reader{r: r, big: true}
	case n == 2 && head[0] == 0xFF && head[1] == 0xFE:
		return &utf16Reader{r: r}
	case n == 2 && head[0] == 0xEF && head[1] == 0xBB:
		m, _ := io.ReadFull(r, head[2:])
		if m == 1 && head[2] == 0xBF {
			return r
		}
		n += m
	}
	if order != 0 {
		return &utf16Reader{r: io.MultiReader(bytes.NewReader(head[:n]), r), big: order == 'b'}
	}
	return io.MultiReader(bytes.NewReader(head[:n]), r)
}

// utf16Reader converts UTF-16 from r to UTF-8. Unpaired surrogates become
// U+FFFD, as in browsers.
type utf16Reader struct {
	r    io.Reader
	big  bool
	in   [minChunk]byte
	odd  []byte // a byte of an incomplete code unit, carried over
	high rune   // a high surrogate waiting for its low half, or 0
	buf  []byte // holds out
	out  []byte // converted, not yet returned
	err  error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	if len(u.out) == 0 {
		u.out = u.fill(u.buf[:0])
		u.buf = u.out[:0]
		if len(u.out) == 0 {
			return 0, u.err
		}
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// fill appends to out what it converts from r, reading until it has
// something or r has failed.
func (u *utf16Reader) fill(out []byte) []byte {
	for len(out) == 0 && u.err == nil {
		k := copy(u.in[:], u.odd)
		n, err := u.r.Read(u.in[k:])
		n += k
		u.err = err
		u.odd = u.odd[:0]
		if n%2 == 1 {
			u.odd = append(u.odd, u.in[n-1])
			n--
		}
		for i := 0; i < n; i += 2 {
			c := rune(u.in[i])<<8 | rune(u.in[i+1])
			if !u.big {
				c = rune(u.in[i+1])<<8 | rune(u.in[i])
			}
			if u.high != 0 {
				if 0xDC00 <= c && c < 0xE000 {
					out = utf8.AppendRune(out, utf16.DecodeRune(u.high, c))
					u.high = 0
					continue
				}
				out = utf8.AppendRune(out, utf8.RuneError)
				u.high = 0
			}
			switch {
			case 0xD800 <= c && c < 0xDC00:
				u.high = c
			case utf16.IsSurrogate(c):
				out = utf8.AppendRune(out, utf8.RuneError)
			default:
				out = utf8.AppendRune(out, c)
			}
		}
	}
	if u.err != nil && (u.high != 0 || len(u.odd) > 0) {
		out = utf8.AppendRune(out, utf8.RuneError) // an unfinished character at the end
		u.high, u.odd = 0, u.odd[:0]
	}
	return out
}
