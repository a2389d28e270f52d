package crawl

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/crawlkit/robots"
)

// FuzzFastOrigin checks the hot path's shortcut on any input: it never
// panics, and whenever it names a canonical origin, as every origin in a
// Checker's memory is, robots.Origin agrees with it.
func FuzzFastOrigin(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a?b#c", "HTTP://Example.COM:80/", "http://[::1]:8080/x",
		"https://BÜCHER.example/", "http://xn--bcher-kva.example:0/", "http://a@b@c/",
		"http://my_host.example./", "ftp://x/", "/relative", "http://exa%41mple.com/",
		"http://[fe80::1%25eth0]/", "http://example.com:0080?q", "http://a..b/",
		"http://example.com:80/", "https://example.com:8443#f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		fast, ok := fastOrigin(page)
		if !ok {
			return
		}
		if canon, err := robots.Origin(fast); err != nil || canon != fast {
			return // not a canonical origin: never in memory
		}
		origin, err := robots.Origin(page)
		if err != nil || origin != fast {
			t.Fatalf("fastOrigin(%q) = %q, a canonical origin, but robots.Origin = %q, %v", page, fast, origin, err)
		}
	})
}

// FuzzReadBody checks readBody on any body in any of the codings it
// meets: it never panics, never returns more than the limit and one
// byte, and gives back what was compressed, when the body was.
func FuzzReadBody(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /\n"), uint8(0), true)
	f.Add([]byte("User-agent: *\nDisallow: /\n"), uint8(1), true)
	f.Add([]byte("User-agent: *\nDisallow: /\n"), uint8(2), true)
	f.Add([]byte("User-agent: *\nDisallow: /\n"), uint8(3), false)
	f.Add([]byte("\x78\x9c garbage"), uint8(1), false)
	f.Add([]byte("\x1f\x8b\x08\x00"), uint8(0), false)
	f.Add([]byte{}, uint8(1), false)
	f.Add([]byte{8}, uint8(2), false)
	codings := []string{"gzip", "deflate", "deflate", "", "br", "x-gzip"}
	c := &Checker{Options: robots.Options{MaxBytes: robots.DefaultMaxBytes}}
	limit := c.Options.Limit() + 1
	f.Fuzz(func(t *testing.T, data []byte, which uint8, compress bool) {
		i := int(which) % len(codings)
		coding := codings[i]
		body := data
		if compress {
			var buf bytes.Buffer
			var w io.WriteCloser
			switch i {
			case 0, 5:
				w = gzip.NewWriter(&buf)
			case 1:
				w = zlib.NewWriter(&buf)
			case 2:
				w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
			default:
				w = nopWriteCloser{&buf}
			}
			w.Write(data)
			w.Close()
			body = buf.Bytes()
		}
		resp := &http.Response{
			Header: http.Header{"Content-Encoding": {coding}},
			Body:   io.NopCloser(bytes.NewReader(body)),
		}
		got, errText := c.readBody(context.Background(), resp)
		if len(got) > limit {
			t.Fatalf("read %d bytes, more than the limit and one", len(got))
		}
		if errText != "" && got != nil {
			t.Fatalf("error %q with a body of %d bytes", errText, len(got))
		}
		switch {
		case coding == "br":
			if errText != `content coding "br"` {
				t.Fatalf("br: error %q, want content coding", errText)
			}
		case coding == "" || compress:
			want := data[:min(len(data), limit)]
			if errText != "" || !bytes.Equal(got, want) {
				t.Fatalf("%q body: got %d bytes, %q; want the %d bytes compressed", coding, len(got), errText, len(want))
			}
		}
	})
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
