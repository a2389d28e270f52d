package crawl

import (
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
