package robots

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlkit/robots/internal/decl"
)

// White-box tests of the lexer's fast paths against plain definitions.

func TestHits(t *testing.T) {
	// Every byte value, at every position of a word, among every kind of
	// neighbour.
	isHit := func(c byte) bool { return c < ' ' || c >= 0x7f || c == ':' || c == '#' }
	for c := 0; c < 256; c++ {
		for _, n := range append(neighbours, ':', '#', ' ', '\t') {
			for pos := 0; pos < 8; pos++ {
				b := bytes.Repeat([]byte{n}, 8)
				b[pos] = byte(c)
				var want uint64
				for i, x := range b {
					if isHit(x) {
						want |= 0x80 << (8 * i)
					}
				}
				if got := hits(binary.LittleEndian.Uint64(b)); got != want {
					t.Fatalf("hits(%x) = %x, want %x", b, got, want)
				}
			}
		}
	}
}

// plainScanLine is scanLine's plain definition, byte by byte.
func plainScanLine(b []byte) (end, colon, hash int, check bool) {
	colon, hash = -1, -1
	for i, c := range b {
		switch {
		case c == '\n' || c == '\r':
			return i, colon, hash, check || i > maxLineLen
		case c < ' ' && c != '\t' || c >= 0x7f:
			check = true
		case c == ':' && colon < 0 && hash < 0:
			colon = i
		case c == '#' && hash < 0:
			hash = i
		}
	}
	return len(b), colon, hash, check || len(b) > maxLineLen
}

func TestScanLine(t *testing.T) {
	// Every byte value at every position of lines that span several words
	// and end at each position of a word, with and without a line break,
	// after a colon, a '#', both or neither.
	for _, line := range []string{"abcdefghijklmnopq", "ab:cdefghijklmnopq", "a#bcd:efghijklmnopq", "abcdefghij:kl#mnopq", "\tab:c \td#ef:ghijk\tlmnopq"} {
		for n := 0; n <= len(line); n++ {
			for _, tail := range []string{"", "\n", "\r", "\r\n", "\nx:y#z"} {
				for c := 0; c < 256; c++ {
					for pos := 0; pos < n; pos++ {
						b := []byte(line[:n] + tail)
						b[pos] = byte(c)
						end, next, colon, hash, check := scanLine(b)
						wEnd, wColon, wHash, wCheck := plainScanLine(b)
						wNext := wEnd + 1
						if strings.HasPrefix(string(b[wEnd:]), "\r\n") {
							wNext++
						}
						if next != wNext {
							t.Fatalf("scanLine(%q) returns next %d, want %d", b, next, wNext)
						}
						if check {
							colon, hash = wColon, wHash // of no meaning
						}
						if end != wEnd || colon != wColon || hash != wHash || check != wCheck {
							t.Fatalf("scanLine(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", b, end, colon, hash, check, wEnd, wColon, wHash, wCheck)
						}
					}
				}
			}
		}
	}
}

func TestScanLongLine(t *testing.T) {
	// Lines of about maxLineLen bytes, whose line break or bad byte lies
	// on either side of maxLineLen, in every position of a word and of a
	// chunk of lineEnd.
	for _, n := range []int{maxLineLen - 9, maxLineLen - 1, maxLineLen, maxLineLen + 1, maxLineLen + 2, maxLineLen + 9, maxLineLen + lineChunk + 3, 3*lineChunk + 1} {
		for _, extra := range []int{0, 1, 7, 8, lineChunk - 1, lineChunk, lineChunk + 1, 2 * lineChunk} {
			for _, tail := range []string{"", "\n", "\r", "\r\n", "\nx:y", "\rx\n"} {
				for _, bad := range []int{-1, 5, maxLineLen - 1, maxLineLen + 1} {
					line := bytes.Repeat([]byte("a:b#"), (n+extra)/4+1)[:n+extra]
					if bad >= 0 && bad < len(line) {
						line[bad] = 0x80
					}
					b := append(line, tail...)
					end, next, colon, hash, check := scanLine(b)
					wEnd, wColon, wHash, wCheck := plainScanLine(b)
					wNext := wEnd + 1
					if strings.HasPrefix(string(b[wEnd:]), "\r\n") {
						wNext++
					}
					if check {
						colon, hash = wColon, wHash // of no meaning
					}
					if end != wEnd || next != wNext || colon != wColon || hash != wHash || check != wCheck {
						t.Fatalf("scanLine of %d bytes, bad byte at %d, then %q = %d, %d, %d, %d, %v; want %d, %d, %d, %d, %v",
							len(line), bad, tail, end, next, colon, hash, check, wEnd, wNext, wColon, wHash, wCheck)
					}
				}
			}
		}
	}
}

func TestLineEnd(t *testing.T) {
	// A line break at every position of up to three chunks, with an LF, a
	// CR or both, in either order; and none.
	for n := 0; n <= 3*lineChunk+9; n++ {
		for _, brk := range []string{"", "\n", "\r", "\r\n", "\n\r"} {
			b := append(bytes.Repeat([]byte{'x'}, n), brk...)
			b = append(b, "yz\nw"[:len(brk)*2]...)
			want := bytes.IndexAny(b, "\r\n")
			if want < 0 {
				want = len(b)
			}
			if got := lineEnd(b); got != want {
				t.Fatalf("lineEnd(%d bytes, then %q) = %d, want %d", n, b[n:], got, want)
			}
		}
	}
}

func TestReadEveryByte(t *testing.T) {
	// Every byte value at every position of bodies of lines that end at
	// each position of a word, after a colon, a '#', both or neither.
	for _, body := range []string{
		"ab:cd#ef\r\ngh:ij\rkl#m:n\n\nopqrstuvwxyz\r\r\n:",
		"abcdefghijklmnopq:\tr s\n#a:b\n\tab:c \td#ef:ghijk\tlmnopq\r\n",
		"Disallow: /a\nAllow /b\nUser-agent: x y\nSitemap: z#\n",
	} {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < len(body); pos++ {
				b := []byte(body)
				b[pos] = byte(c)
				checkRead(t, b, len(b))
				checkRead(t, b[:pos+1], pos+1)
			}
		}
	}
}

// refRead is read as it was before scanLine, kept as the plain definition
// of what the parser makes of a body: the lines, cut at each LF, CR and
// CRLF, and what each says, found byte by byte.
func (p *parser) refRead(body []byte, limit int) {
	b, cut := refCutBody(body, limit)
	for start := 0; start <= len(b); {
		end := start
		for end < len(b) && b[end] != '\n' && b[end] != '\r' {
			end++
		}
		p.line++
		p.refRecord(b[start:end])
		start = end + 1
		if end < len(b) && b[end] == '\r' && start < len(b) && b[start] == '\n' {
			start++
		}
	}
	if cut {
		if n := len(b); n > 0 && b[n-1] != '\n' && b[n-1] != '\r' {
			p.line++
		}
		p.diag(BeyondParseLimit, nil)
	}
}

// refCutBody is cutBody as it was: it cuts the body back to its last line
// break before the limit.
func refCutBody(body []byte, limit int) (b []byte, cut bool) {
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

// refRecord is refRead's reading of one line.
func (p *parser) refRecord(b []byte) {
	if len(b) > maxLineLen {
		b = b[:maxLineLen]
		p.diag(LineTooLong, nil)
	}
	for i, c := range b {
		if c == 0 {
			b = b[:i]
			p.note(InvalidBytes, noteNUL)
			break
		}
	}
	if note := refBadBytes(b); note != noteNone {
		p.note(InvalidBytes, note)
	}
	k := len(b)
	for i, c := range b {
		if c == ':' || c == '#' {
			k = i
			break
		}
	}
	if k == len(b) || b[k] == '#' {
		p.noColon(trim(b[:k]))
		return
	}
	key, value := trim(b[:k]), b[k+1:]
	for i, c := range value {
		if c == '#' {
			value = value[:i]
			break
		}
	}
	value = trim(value)
	if len(key) == 0 {
		p.diag(MalformedLine, trim(b))
		return
	}
	p.keyValue(key, value, b)
}

// refBadBytes is badBytes, byte by byte.
func refBadBytes(line []byte) uint8 {
	for _, c := range line {
		if c < ' ' && c != '\t' || c == 0x7f {
			return noteControl
		}
	}
	if !utf8.Valid(line) {
		return noteUTF8
	}
	return noteNone
}

func TestBadBytes(t *testing.T) {
	// Every byte value at every position of lines that span the word loop
	// and the byte loop, among ASCII, UTF-8 and bytes that are not.
	for _, line := range []string{"abcdefghijklmnopqrs", "caf\xc3\xa9 \xe2\x82\xac\tx\xf0\x9f\x99\x82yz", "ab\xc3cdefgh\x80ijklmnopq"} {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < len(line); pos++ {
				b := []byte(line)
				b[pos] = byte(c)
				for n := 0; n <= len(b); n++ {
					if got, want := badBytes(b[:n]), refBadBytes(b[:n]); got != want {
						t.Fatalf("badBytes(%q) = %d, want %d", b[:n], got, want)
					}
				}
			}
		}
	}
}

// readState is what read leaves in a parser, for comparing two reads.
type readState struct {
	text            string
	line            int32
	sawRule, global bool
	rules           []prule
	agents          []span
	raws            []rawGroup
	delays          []string
	sitemaps        []span
	records         []record
	diags           []diag
	dropped         int
	dropLine        int32
	declared        decl.Declarations
}

// readBoth reads body with read and with refRead, and returns what each
// left.
func readBoth(body []byte, limit int) (got, want readState) {
	state := func(read func(p *parser)) readState {
		p := new(parser)
		var l decl.Declarations
		p.lines = &l
		read(p)
		var delays []string
		for _, d := range p.delays {
			delays = append(delays, d.String())
		}
		return readState{string(p.text), p.line, p.sawRule, p.global, p.rules, p.agents, p.raws, delays,
			p.sitemaps, p.records, p.diags, p.dropped, p.dropLine, l}
	}
	return state(func(p *parser) { p.read(body, limit) }), state(func(p *parser) { p.refRead(body, limit) })
}

func checkRead(t *testing.T, body []byte, limit int) {
	t.Helper()
	if got, want := readBoth(body, limit); !reflect.DeepEqual(got, want) {
		t.Fatalf("read(%q, %d) differs from refRead:\n got %+v\nwant %+v", body, limit, got, want)
	}
}

// scanSeeds are bodies that reach the corners of scanLine and read.
func scanSeeds() []string {
	long := strings.Repeat("a", maxLineLen+10)
	return []string{
		"",
		"\n",
		"\r\n\r\n",
		"\n\r",
		"User-agent: *\nDisallow: /private/\nAllow: /private/public\n",
		"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n",
		"User-agent: *\rDisallow: /a\rAllow: /a/b\r",
		"User-agent: *\r\nDisallow: /a\r\n\r\nAllow: /a/b",
		"User-agent: *\nDisallow: /a\x00b:c#d\n\x00\nAllow: /c\x00\r\n",
		"User-agent: *\nDisallow: /" + long + "\nAllow: /b\n",
		"User-agent: *\nDisallow: /" + long[:maxLineLen-len("Disallow: /")] + "\n",
		"User-agent: *\nDisallow: /" + long[:maxLineLen+1-len("Disallow: /")] + ":#\x01\n",
		"User-agent: *\nDisallow: /" + long + "\r",
		"Disallow: /before\nUser-agent: x\nDisallow /private\nDisallow /a /b\nnocolon\n",
		"User-agent: *\nDisallow: \xff\xfe/\nDisallow: /\xc3\xa4\x01\x7f\nAllow: /\xe2\x82\nDisallow: a\n",
		"User-agent: *\nDisallow: /a # comment\n# User-agent: b\nUser-agent: c # d\nDisallow: /#x:y\na#b:c\n#:\n",
		" \t User-agent \t : \t * \t \n\tDisallow\t:\t/a\t\n\t#\t:\n : x\n",
		"<html>\n<head><title>Not found</title>\n<meta name=\"x\" content=\"y\"></head>\n<body>caf\xc3\xa9: \xe2\x82\xac\tx</body>\n",
		"Sitemap: https://a.com/s.xml\nsite-map: https://a.com/t.xml#x\nSitemap:https://a.com/s.xml\n",
	}
}

func TestReadAgainstReference(t *testing.T) {
	for i, body := range scanSeeds() {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			checkRead(t, []byte(body), len(body))
			for limit := 0; limit < len(body) && limit < 200; limit++ {
				checkRead(t, []byte(body), limit)
			}
		})
	}
}

// TestReadCorpus compares read with refRead on the files of the corpus.
func TestReadCorpus(t *testing.T) {
	for name, body := range corpusFiles(t) {
		if got, want := readBoth(body, DefaultMaxBytes); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read differs from refRead:\n got %+v\nwant %+v", name, got, want)
		}
	}
}

// FuzzScan compares what read makes of a body, diagnostics and the
// declarations included, with refRead's byte-by-byte reading.
func FuzzScan(f *testing.F) {
	for _, body := range scanSeeds() {
		f.Add([]byte(body), uint16(0))
	}
	f.Fuzz(func(t *testing.T, body []byte, limit uint16) {
		l := len(body)
		if limit != 0 {
			l = int(limit)
		}
		checkRead(t, body, l)
	})
}
