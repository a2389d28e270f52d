package crawl

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// flateInflate is what inflate does, with compress/flate: slower, and the
// reference that inflate is held to.
func flateInflate(out, src []byte) error {
	r := bytes.NewReader(src)
	zr := flate.NewReader(r) // a bytes.Reader is an io.ByteReader: flate reads no further than the stream
	if _, err := io.ReadFull(zr, out); err != nil {
		return err
	}
	var extra [1]byte
	switch _, err := io.ReadFull(zr, extra[:]); err {
	case nil:
		return errors.New("more bytes than declared")
	case io.EOF:
	default:
		return err
	}
	if r.Len() > 0 {
		return errors.New("bytes after the stream")
	}
	return nil
}

func deflateAt(t testing.TB, level int, parts ...[]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		zw.Write(p)
		zw.Flush() // a block ends here: streams of several blocks
	}
	zw.Close()
	return b.Bytes()
}

// inflateInputs are bodies of every kind DEFLATE codes differently: none,
// short (fixed codes), text (dynamic codes), runs (copies that overlap
// what they copy), noise (stored blocks), over 64 KiB (several blocks).
func inflateInputs(t testing.TB) map[string][]byte {
	t.Helper()
	m := map[string][]byte{
		"empty": nil,
		"short": []byte("User-agent: *\nDisallow: /x\n"),
		"run":   bytes.Repeat([]byte{'-'}, 1000),
		"text":  []byte(strings.Repeat("User-agent: *\nDisallow: /search?q=\nAllow: /search/about\n", 200)),
	}
	noise := make([]byte, 70000)
	rand.New(rand.NewSource(1)).Read(noise)
	m["noise"] = noise
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
		if err != nil {
			t.Fatal(err)
		}
		m[name] = body
	}
	return m
}

var inflateLevels = map[string]int{"stored": flate.NoCompression, "huffman only": flate.HuffmanOnly,
	"speed": flate.BestSpeed, "default": flate.DefaultCompression, "best": flate.BestCompression}

// TestInflate decodes streams of compress/flate at every level, whole and
// in several blocks, and damaged ones: inflate gives the bytes written, or
// an error where compress/flate gives one.
func TestInflate(t *testing.T) {
	for name, body := range inflateInputs(t) {
		for lname, level := range inflateLevels {
			half := len(body) / 2
			for sname, src := range map[string][]byte{
				"one write":  deflateAt(t, level, body),
				"two blocks": deflateAt(t, level, body[:half], body[half:]),
			} {
				t.Run(name+"/"+lname+"/"+sname, func(t *testing.T) {
					out := make([]byte, len(body))
					if err := inflate(out, src); err != nil || !bytes.Equal(out, body) {
						t.Fatalf("inflate = %v, same bytes %v", err, bytes.Equal(out, body))
					}
					damaged := map[string]struct {
						out []byte
						src []byte
					}{
						"a byte short":       {make([]byte, len(body)), src[:len(src)-1]},
						"a byte over":        {make([]byte, len(body)), append(src[:len(src):len(src)], 0)},
						"one more declared":  {make([]byte, len(body)+1), src},
						"one fewer declared": {make([]byte, max(len(body)-1, 0)), src},
					}
					for dname, d := range damaged {
						if len(body) == 0 && dname == "one fewer declared" {
							continue
						}
						err := inflate(d.out, d.src)
						if err == nil {
							t.Errorf("%s: inflate = nil error", dname)
						}
						if ref := flateInflate(make([]byte, len(d.out)), d.src); ref == nil {
							t.Errorf("%s: compress/flate = nil error, inflate %v", dname, err)
						}
					}
				})
			}
		}
	}
}

// FuzzInflate holds inflate to compress/flate: on any stream and size,
// both fail, or both give the same bytes.
func FuzzInflate(f *testing.F) {
	for _, body := range inflateInputs(f) {
		if len(body) > 10000 {
			body = body[:10000]
		}
		for _, level := range inflateLevels {
			f.Add(deflateAt(f, level, body, body[len(body)/3:]), uint16(len(body)+len(body)-len(body)/3))
		}
	}
	for _, c := range inflateCases() {
		f.Add(c.src, uint16(c.n))
	}
	f.Fuzz(func(t *testing.T, src []byte, n uint16) {
		got, want := make([]byte, n), make([]byte, n)
		err, ref := inflate(got, src), flateInflate(want, src)
		switch {
		case (err == nil) != (ref == nil):
			t.Fatalf("inflate(%d bytes, %q) = %v, compress/flate %v", n, src, err, ref)
		case err == nil && !bytes.Equal(got, want):
			t.Fatalf("inflate(%d bytes, %q) = %q, compress/flate %q", n, src, got, want)
		}
	})
}

// BenchmarkInflate decodes the bodies of the entries of ../testdata/bench
// with inflate and with compress/flate (a reader made once and Reset, as a
// pool would keep it), in CPU time.
func BenchmarkInflate(b *testing.B) {
	for _, name := range codecBenchFiles {
		body := codecBenchEntry(b, name).Body
		src := deflateAt(b, deflateLevel, body)
		out := make([]byte, len(body))
		b.Run(name+"/inflate", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			cpu := StartCPU()
			for i := 0; i < b.N; i++ {
				if err := inflate(out, src); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
		b.Run(name+"/compress-flate", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			var r bytes.Reader
			zr := flate.NewReader(&r)
			cpu := StartCPU()
			for i := 0; i < b.N; i++ {
				r.Reset(src)
				zr.(flate.Resetter).Reset(&r, nil)
				if _, err := io.ReadFull(zr, out); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
	}
}

// A bitWriter writes a DEFLATE stream by hand (RFC 1951 3.1.1): fields
// least significant bit first, Huffman codes most significant bit first.
type bitWriter struct {
	b []byte
	n uint // bits used in the last byte; 0 starts a new one
}

func (w *bitWriter) bits(v, k uint) *bitWriter {
	for i := uint(0); i < k; i++ {
		if w.n == 0 {
			w.b = append(w.b, 0)
		}
		w.b[len(w.b)-1] |= byte(v>>i&1) << w.n
		w.n = (w.n + 1) % 8
	}
	return w
}

func (w *bitWriter) code(c huffCode) *bitWriter {
	if c.len == 0 {
		panic("no code")
	}
	for i := c.len; i > 0; i-- {
		w.bits(uint(c.code>>(i-1)&1), 1)
	}
	return w
}

// raw pads the last byte with zeros and appends p.
func (w *bitWriter) raw(p ...byte) *bitWriter {
	w.n = 0
	w.b = append(w.b, p...)
	return w
}

type huffCode struct {
	code uint16
	len  uint8
}

// canonical gives the codes of lengths, as RFC 1951 3.2.2 assigns them.
func canonical(lengths []uint8) []huffCode {
	var count, next [16]int
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	code := 0
	for n := 1; n < 16; n++ {
		code = (code + count[n-1]) << 1
		next[n] = code
	}
	c := make([]huffCode, len(lengths))
	for s, n := range lengths {
		if n != 0 {
			c[s] = huffCode{uint16(next[n]), n}
			next[n]++
		}
	}
	return c
}

// lens returns n code lengths, zero but those of set.
func lens(n int, set map[int]uint8) []uint8 {
	l := make([]uint8, n)
	for s, k := range set {
		l[s] = k
	}
	return l
}

// The fixed codes (RFC 1951 3.2.6), written independently of inflate.go.
var testFixedLit, testFixedDist = func() ([]huffCode, []huffCode) {
	l := make([]uint8, 288)
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		default:
			l[i] = 8
		}
	}
	d := make([]uint8, 32)
	for i := range d {
		d[i] = 5
	}
	return canonical(l), canonical(d)
}()

func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

func (w *bitWriter) fixed(final bool) *bitWriter { return w.bits(b2u(final), 1).bits(1, 2) }

// lits writes the literals of s and, when eob, the end of the block, with
// the codes lit.
func (w *bitWriter) lits(lit []huffCode, s string, eob bool) *bitWriter {
	for i := 0; i < len(s); i++ {
		w.code(lit[s[i]])
	}
	if eob {
		w.code(lit[256])
	}
	return w
}

// stored writes a stored block of p, with LEN and NLEN as given.
func (w *bitWriter) stored(final bool, p []byte, len, nlen uint16) *bitWriter {
	w.bits(b2u(final), 1).bits(0, 2)
	return w.raw(byte(len), byte(len>>8), byte(nlen), byte(nlen>>8)).raw(p...)
}

func (w *bitWriter) storedOK(final bool, p []byte) *bitWriter {
	return w.stored(final, p, uint16(len(p)), ^uint16(len(p)))
}

// clOK is a complete code length code: symbols 0 to 12 of 4 bits, 13 to 18
// of 5.
var clOK = [19]uint8{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5}

var testCLOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// dynamicHeader writes the header of a dynamic block: HLIT, HDIST and
// HCLEN as given, the HCLEN+4 first lengths of the code length code cl,
// and the code length symbols of seq, each of 16, 17 and 18 followed in
// seq by the value of its extra bits.
func (w *bitWriter) dynamicHeader(final bool, hlit, hdist, hclen uint, cl [19]uint8, seq ...uint) *bitWriter {
	w.bits(b2u(final), 1).bits(2, 2).bits(hlit, 5).bits(hdist, 5).bits(hclen, 4)
	for i := 0; i < int(hclen)+4; i++ {
		w.bits(uint(cl[testCLOrder[i]]), 3)
	}
	codes := canonical(cl[:])
	for i := 0; i < len(seq); i++ {
		s := seq[i]
		w.code(codes[s])
		switch s {
		case 16:
			i++
			w.bits(seq[i], 2)
		case 17:
			i++
			w.bits(seq[i], 3)
		case 18:
			i++
			w.bits(seq[i], 7)
		}
	}
	return w
}

// dynamic writes the header of a dynamic block of the codes of the
// lengths lit and dist, each written as itself, and returns the codes.
func (w *bitWriter) dynamic(final bool, lit, dist []uint8) ([]huffCode, []huffCode) {
	var seq []uint
	for _, n := range append(lit[:len(lit):len(lit)], dist...) {
		seq = append(seq, uint(n))
	}
	w.dynamicHeader(final, uint(len(lit)-257), uint(len(dist)-1), 15, clOK, seq...)
	return canonical(lit), canonical(dist)
}

// An inflateCase is a stream, the size declared, and what inflate must
// give: an error, or (err nil) the bytes.
type inflateCase struct {
	name string
	src  []byte
	n    int
	want string
	err  error
}

// inflateCases are hand-written streams, each at an edge of RFC 1951 or of
// inflate's reading.
func inflateCases() []inflateCase {
	var cs []inflateCase
	add := func(name string, w *bitWriter, n int, want string, err error) {
		cs = append(cs, inflateCase{name, w.b, n, want, err})
	}
	nw := func() *bitWriter { return new(bitWriter) }
	fl, fd := testFixedLit, testFixedDist

	// Block types, the end of the stream.
	add("empty input", nw(), 0, "", errInflateTruncated)
	add("fixed: empty final block", nw().fixed(true).lits(fl, "", true), 0, "", nil)
	add("fixed: padding bits set", nw().fixed(true).lits(fl, "", true).bits(63, 6), 0, "", nil)
	add("fixed: literals", nw().fixed(true).lits(fl, "abc", true), 3, "abc", nil)
	add("fixed: literals over 9 bits of code", nw().fixed(true).lits(fl, "\x90\xff\x00", true), 3, "\x90\xff\x00", nil)
	add("block type 3", nw().bits(1, 1).bits(3, 2).lits(fl, "", true), 0, "", errInflateCorrupt)
	add("block type 3, not final", nw().bits(0, 1).bits(3, 2).raw(0, 0, 0, 0), 0, "", errInflateCorrupt)
	add("no final block", nw().fixed(false).lits(fl, "ab", true), 2, "", errInflateTruncated)
	add("no final block, then padding", nw().fixed(false).lits(fl, "ab", true).raw(), 2, "", errInflateTruncated)
	add("no end of block", nw().fixed(true).lits(fl, "ab", false), 2, "", errInflateTruncated)
	add("bytes after the final block", nw().fixed(true).lits(fl, "ab", true).raw(0), 2, "", errInflateTrailing)
	add("stored bytes after the final block", nw().storedOK(true, []byte("ab")).raw(0), 2, "", errInflateTrailing)
	add("a block after the final block", nw().fixed(true).lits(fl, "a", true).fixed(true).lits(fl, "b", true), 1, "", errInflateTrailing)
	add("fewer bytes than declared", nw().fixed(true).lits(fl, "abc", true), 4, "", errInflateShort)
	add("literal past the declared size", nw().fixed(true).lits(fl, "abc", true), 2, "", errInflateLong)
	add("several blocks", nw().fixed(false).lits(fl, "ab", true).storedOK(false, []byte("cd")).fixed(false).lits(fl, "", true).
		storedOK(false, nil).fixed(true).lits(fl, "e", true), 5, "abcde", nil)

	// Lengths and distances (fixed codes).
	add("copy of the last byte, 258 times (code 285)",
		nw().fixed(true).lits(fl, "a", false).code(fl[285]).code(fd[0]).lits(fl, "", true), 259, string(bytes.Repeat([]byte("a"), 259)), nil)
	add("length 258 by code 284 and extra bits 31",
		nw().fixed(true).lits(fl, "a", false).code(fl[284]).bits(31, 5).code(fd[0]).lits(fl, "", true), 259, string(bytes.Repeat([]byte("a"), 259)), nil)
	add("copy overlapping itself", nw().fixed(true).lits(fl, "ab", false).code(fl[258]).code(fd[1]).lits(fl, "", true), 6, "ababab", nil)
	add("distance as far as the start", nw().fixed(true).lits(fl, "abc", false).code(fl[257]).code(fd[2]).lits(fl, "", true), 6, "abcabc", nil)
	add("distance before the start", nw().fixed(true).lits(fl, "abc", false).code(fl[257]).code(fd[3]).lits(fl, "", true), 6, "", errInflateCorrupt)
	add("copy with no output", nw().fixed(true).code(fl[257]).code(fd[0]).lits(fl, "", true), 3, "", errInflateCorrupt)
	add("length past the declared size", nw().fixed(true).lits(fl, "a", false).code(fl[257]).code(fd[0]).lits(fl, "", true), 3, "", errInflateLong)
	add("literal/length 286", nw().fixed(true).lits(fl, "a", false).code(fl[286]).code(fd[0]).lits(fl, "", true), 4, "", errInflateCorrupt)
	add("literal/length 287", nw().fixed(true).lits(fl, "a", false).code(fl[287]).code(fd[0]).lits(fl, "", true), 4, "", errInflateCorrupt)
	add("distance 30", nw().fixed(true).lits(fl, "a", false).code(fl[257]).code(fd[30]).lits(fl, "", true), 4, "", errInflateCorrupt)
	add("distance 31", nw().fixed(true).lits(fl, "a", false).code(fl[257]).code(fd[31]).lits(fl, "", true), 4, "", errInflateCorrupt)
	add("length extra bits cut", nw().fixed(true).lits(fl, "a", false).code(fl[284]), 300, "", errInflateTruncated)
	add("distance cut", nw().fixed(true).lits(fl, "a", false).code(fl[257]).bits(0, 2), 4, "", errInflateTruncated)
	window := make([]byte, 32768)
	for i := range window {
		window[i] = byte(i * 7 / 256)
	}
	add("distance 32768 (code 29, extra bits 8191)",
		nw().storedOK(false, window).fixed(true).code(fl[257]).code(fd[29]).bits(8191, 13).lits(fl, "", true),
		32771, string(window)+string(window[:3]), nil)
	add("distance 32769",
		nw().storedOK(false, window).storedOK(false, []byte("x")).fixed(true).code(fl[257]).code(fd[29]).bits(8191, 13).lits(fl, "", true),
		32772, string(window)+"x"+string(window[1:4]), nil)

	// Stored blocks.
	add("stored: empty", nw().storedOK(true, nil), 0, "", nil)
	add("stored: bytes", nw().storedOK(true, []byte("abc")), 3, "abc", nil)
	add("stored: 65535 bytes", nw().storedOK(true, bytes.Repeat([]byte("z"), 65535)), 65535, string(bytes.Repeat([]byte("z"), 65535)), nil)
	add("stored: NLEN not the complement of LEN", nw().stored(true, []byte("abc"), 3, 3), 3, "", errInflateCorrupt)
	add("stored: NLEN off by one", nw().stored(true, []byte("abc"), 3, ^uint16(3)-1), 3, "", errInflateCorrupt)
	add("stored: LEN past the input", nw().stored(true, []byte("ab"), 3, ^uint16(3)), 3, "", errInflateTruncated)
	add("stored: LEN and NLEN cut", nw().bits(1, 1).bits(0, 2).raw(3, 0, 0xfc), 3, "", errInflateTruncated)
	add("stored: more than declared", nw().storedOK(true, []byte("abc")), 2, "", errInflateLong)
	add("stored: after bits read ahead", nw().fixed(false).lits(fl, "0123456789abcdefghij", true).storedOK(true, []byte("XY")),
		22, "0123456789abcdefghijXY", nil)
	add("stored: after a block ending on a byte",
		nw().fixed(false).lits(fl, "0123456789abcdefghijkl\x01", true).storedOK(true, []byte("XY")), 25, "0123456789abcdefghijkl\x01XY", nil)

	// Dynamic blocks.
	abc := map[int]uint8{'a': 2, 'b': 2, 'c': 3, 256: 3, 257: 2}
	{
		w := nw()
		l, d := w.dynamic(true, lens(258, abc), []uint8{1, 1})
		w.code(l['a']).code(l['b']).code(l['c']).code(l[257]).code(d[1]).code(l[256])
		add("dynamic: literals and a copy", w, 6, "abcbcb", nil)
	}
	{
		w := nw()
		l, d := w.dynamic(true, lens(258, abc), []uint8{1})
		w.code(l['a']).code(l[257]).code(d[0]).code(l[256])
		add("dynamic: one distance code of one bit", w, 4, "aaaa", nil)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(258, abc), []uint8{1})
		w.code(l['a']).code(l[257]).bits(1, 1).code(l[256])
		add("dynamic: the missing code of one distance code", w, 4, "", errInflateCorrupt)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(258, abc), make([]uint8, 30))
		w.code(l['a']).code(l['b']).code(l[256])
		add("dynamic: no distance codes", w, 2, "ab", nil)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(258, abc), []uint8{0})
		w.code(l['a']).code(l[257]).bits(0, 15).code(l[256])
		add("dynamic: a copy with no distance codes", w, 4, "", errInflateCorrupt)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(257, map[int]uint8{256: 1}), []uint8{0})
		w.code(l[256])
		add("dynamic: one literal/length code of one bit", w, 0, "", nil)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(257, map[int]uint8{256: 1}), []uint8{0})
		w.code(l[256]).bits(1, 1)
		add("dynamic: one code of one bit, then bits of the padding", w, 0, "", nil)
	}
	{
		w := nw()
		w.dynamic(true, lens(257, map[int]uint8{'a': 1}), []uint8{0})
		w.bits(0, 20)
		add("dynamic: no end-of-block code", w, 100, "", errInflateTruncated)
	}
	{
		w := nw()
		w.dynamic(true, lens(257, map[int]uint8{'a': 1, 'b': 1}), []uint8{0})
		w.bits(1, 12)
		add("dynamic: no end-of-block code, output full", w, 5, "", errInflateLong)
	}
	{
		// Codes of 1 to 15 bits: all those over 9 are decoded bit by bit.
		set := map[int]uint8{'a' + 14: 15, 256: 15}
		for i := 0; i < 14; i++ {
			set['a'+i] = uint8(i + 1)
		}
		w := nw()
		l, _ := w.dynamic(true, lens(257, set), []uint8{0})
		w.code(l['o']).code(l['n']).code(l['j']).code(l['i']).code(l['a']).code(l['h']).code(l[256])
		add("dynamic: codes of 1 to 15 bits", w, 6, "onjiah", nil)
	}
	{
		// 'a', 'b', 256 and 257 of 2 bits, then a repeat of the last
		// into the 4 distance lengths: 262 lengths.
		w := nw()
		w.dynamicHeader(true, 1, 3, 15, clOK, 18, 86, 2, 2, 18, 127, 18, 8, 2, 16, 2)
		l := canonical(lens(258, map[int]uint8{'a': 2, 'b': 2, 256: 2, 257: 2}))
		d := canonical([]uint8{2, 2, 2, 2})
		w.code(l['a']).code(l['b']).code(l[257]).code(d[1]).code(l[256])
		add("dynamic: repeat from literal/length into distance lengths", w, 5, "ababa", nil)
	}
	add("dynamic: repeat 16 first", nw().dynamicHeader(true, 0, 0, 15, clOK, 16, 0, 18, 127, 18, 116), 0, "", errInflateCorrupt)
	add("dynamic: repeat 16 past HLIT+HDIST", nw().dynamicHeader(true, 0, 0, 15, clOK, 1, 18, 127, 18, 106, 16, 0), 0, "", errInflateCorrupt)
	add("dynamic: repeat 17 past HLIT+HDIST", nw().dynamicHeader(true, 0, 0, 15, clOK, 18, 127, 18, 108, 17, 0), 0, "", errInflateCorrupt)
	add("dynamic: repeat 18 past HLIT+HDIST", nw().dynamicHeader(true, 0, 0, 15, clOK, 18, 127, 18, 127), 0, "", errInflateCorrupt)
	add("dynamic: repeat 18 to HLIT+HDIST exactly, no codes", nw().dynamicHeader(true, 0, 0, 15, clOK, 18, 127, 18, 109).bits(0, 16), 0, "", errInflateCorrupt)
	for _, h := range []struct {
		name        string
		hlit, hdist uint
	}{{"HLIT 287", 30, 0}, {"HLIT 288", 31, 0}, {"HDIST 31", 0, 30}, {"HDIST 32", 0, 31}} {
		add("dynamic: "+h.name, nw().dynamicHeader(true, h.hlit, h.hdist, 15, clOK, 18, 127, 18, 127, 18, 127), 0, "", errInflateCorrupt)
	}
	{
		w := nw()
		l, _ := w.dynamic(true, lens(286, abc), make([]uint8, 30))
		w.code(l['a']).code(l[256])
		add("dynamic: HLIT 286 and HDIST 30", w, 1, "a", nil)
	}
	over := clOK
	over[18] = 4
	add("dynamic: over-subscribed code length code", nw().dynamicHeader(true, 0, 0, 15, over).bits(0, 40), 0, "", errInflateCorrupt)
	incomplete := clOK
	incomplete[18] = 0
	add("dynamic: incomplete code length code", nw().dynamicHeader(true, 0, 0, 15, incomplete).bits(0, 40), 0, "", errInflateCorrupt)
	var one [19]uint8
	one[1] = 1
	add("dynamic: code length code of one code of one bit", nw().dynamicHeader(true, 0, 0, 15, one).bits(0, 300), 0, "", errInflateCorrupt)
	add("dynamic: code length code of no code", nw().dynamicHeader(true, 0, 0, 15, [19]uint8{}).bits(0, 300), 0, "", errInflateCorrupt)
	add("dynamic: 4 code length lengths, complete", nw().dynamicHeader(true, 0, 0, 0, [19]uint8{16: 2, 17: 2, 18: 2, 0: 2}, 18, 127, 18, 109).bits(0, 16), 0, "", errInflateCorrupt)
	for _, d := range []struct {
		name     string
		lit      map[int]uint8
		dist     []uint8
		complete bool
	}{
		{"over-subscribed literal/length code", map[int]uint8{'a': 1, 'b': 1, 256: 1}, []uint8{1, 1}, false},
		{"incomplete literal/length code", map[int]uint8{'a': 2, 256: 2}, []uint8{1, 1}, false},
		{"literal/length code of one code of two bits", map[int]uint8{256: 2}, []uint8{1, 1}, false},
		{"over-subscribed distance code", map[int]uint8{'a': 1, 256: 1}, []uint8{1, 1, 1}, false},
		{"incomplete distance code of two codes", map[int]uint8{'a': 1, 256: 1}, []uint8{2, 2}, false},
		{"distance code of one code of two bits", map[int]uint8{'a': 1, 256: 1}, []uint8{2}, false},
		{"distance code of one code of 15 bits", map[int]uint8{'a': 1, 256: 1}, []uint8{15}, false},
		{"distance codes of 15 bits", map[int]uint8{'a': 1, 256: 1}, append(make([]uint8, 28), 1, 1), true},
	} {
		w := nw()
		l, _ := w.dynamic(true, lens(257, d.lit), d.dist)
		w.code(l[256])
		err := errInflateCorrupt
		if d.complete {
			err = nil
		}
		add("dynamic: "+d.name, w, 0, "", err)
	}
	add("dynamic: header cut", nw().bits(1, 1).bits(2, 2).bits(0, 10), 0, "", errInflateTruncated)
	add("dynamic: code length code cut", nw().bits(1, 1).bits(2, 2).bits(0, 10).bits(15, 4).bits(4, 30), 0, "", errInflateTruncated)
	{
		w := nw()
		w.dynamic(true, lens(258, abc), []uint8{1})
		w.b = w.b[:len(w.b)-2]
		add("dynamic: code lengths cut", w, 0, "", errInflateTruncated)
	}

	// The end of the input falls at every place of the bit reader's last
	// 8 bytes, and after: literals of 8 bits, then the end of the block.
	for k := 0; k <= 20; k++ {
		s := string(bytes.Repeat([]byte("0123456789"), 3)[:k])
		add(fmt.Sprintf("fixed: %d literals", k), nw().fixed(true).lits(fl, s, true), k, s, nil)
		add(fmt.Sprintf("fixed: %d literals, cut", k), &bitWriter{b: nw().fixed(true).lits(fl, s, true).b[:(k*8+3)/8]}, k, "", errInflateTruncated)
		add(fmt.Sprintf("fixed: %d literals, a byte after", k), nw().fixed(true).lits(fl, s, true).raw(0xff), k, "", errInflateTrailing)
		add(fmt.Sprintf("stored: after %d literals", k), nw().fixed(false).lits(fl, s, true).storedOK(true, []byte("XY")), k+2, s+"XY", nil)
	}
	return cs
}

// TestInflateEdges decodes hand-written streams at the edges of RFC 1951:
// inflate gives the bytes or the error expected, and compress/flate agrees.
func TestInflateEdges(t *testing.T) {
	for _, c := range inflateCases() {
		t.Run(c.name, func(t *testing.T) {
			out := make([]byte, c.n)
			err := inflate(out, c.src)
			if !errors.Is(err, c.err) {
				t.Errorf("inflate(%x) = %v, want %v", c.src, err, c.err)
			}
			ref := make([]byte, c.n)
			referr := flateInflate(ref, c.src)
			if c.err != nil {
				if referr == nil {
					t.Errorf("compress/flate accepts %x, giving %q", c.src, ref)
				}
				return
			}
			if diff := cmp.Diff(c.want, string(out)); err == nil && diff != "" {
				t.Errorf("inflate(%x) (-want +got):\n%s", c.src, diff)
			}
			if referr != nil {
				t.Errorf("compress/flate on %x: %v", c.src, referr)
			} else if diff := cmp.Diff(c.want, string(ref)); diff != "" {
				t.Errorf("compress/flate on %x (-want +got):\n%s", c.src, diff)
			}
		})
	}
}

// TestInflateAllocs: inflate allocates nothing, whatever its input, as
// codec.go says (its tables are on the stack).
func TestInflateAllocs(t *testing.T) {
	for _, c := range inflateCases() {
		out := make([]byte, c.n)
		if n := testing.AllocsPerRun(5, func() { inflate(out, c.src) }); n != 0 {
			t.Errorf("%s: %v allocations", c.name, n)
		}
	}
}
