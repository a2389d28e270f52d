package page_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/crawlkit/robots/page"
	"github.com/google/go-cmp/cmp"
)

// countingBody counts the bytes read from a response body.
type countingBody struct {
	io.ReadCloser
	n      *int
	closed *bool
}

func (c countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	*c.n += n
	return n, err
}

func (c countingBody) Close() error {
	*c.closed = true
	return c.ReadCloser.Close()
}

// TestFromResponse fetches a page from a server on loopback: the rules of
// its headers and head are read, and the caller still reads the whole
// body, and closes it.
func TestFromResponse(t *testing.T) {
	doc := benchPage(2000, 200000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Add("X-Robots-Tag", "googlebot: nofollow")
		w.Header().Add("X-Robots-Tag", "noarchive")
		io.WriteString(w, doc)
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	var read int
	var closed bool
	resp.Body = countingBody{resp.Body, &read, &closed}
	d, err := page.FromResponse(resp)
	if err != nil {
		t.Fatal(err)
	}
	readByDirectives := read
	line := strconv.Itoa(strings.Count(doc[:strings.Index(doc, `<meta name="robots"`)], "\n") + 1)
	want := []string{
		"index=false (meta robots, line " + line + ": noindex)",
		"follow=false (X-Robots-Tag 1: googlebot: nofollow)",
		"snippet=true (meta robots, line " + line + ": max-snippet: 50)",
		"archive=false (X-Robots-Tag 2: noarchive)",
		"indexifembedded=false (meta robots, line " + line + ": noindex)",
		"max_snippet=50 (meta robots, line " + line + ": max-snippet: 50)",
	}
	if diff := cmp.Diff(want, describe(d.For("Googlebot", page.Restrictive))); diff != "" {
		t.Errorf("FromResponse mismatch (-want +got):\n%s", diff)
	}

	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != doc {
		t.Errorf("the caller read %d bytes of the body, want the whole %d", len(body), len(doc))
	}
	if closed {
		t.Error("FromResponse closed the body")
	}
	if err := resp.Body.Close(); err != nil || !closed {
		t.Errorf("closing the new body: err %v, original closed %v", err, closed)
	}
	headLen := strings.Index(doc, "</head>") + len("</head>")
	if readByDirectives > headLen+512 {
		t.Errorf("FromResponse read %d bytes of the body; the head is %d", readByDirectives, headLen)
	}
}

// response returns a response with the header and body given.
func response(header http.Header, body io.Reader) *http.Response {
	return &http.Response{StatusCode: 200, Header: header, Body: io.NopCloser(body)}
}

// TestFromResponseBodies checks which bodies are read as HTML.
func TestFromResponseBodies(t *testing.T) {
	const doc = `<meta name=robots content=noindex>`
	tests := []struct {
		name        string
		contentType string
		body        []byte
		index       bool // the answer's Index: false when the body was read
	}{
		{"text/html", "text/html", []byte(doc), false},
		{"text/html with parameters", "Text/HTML; charset=ISO-8859-1", []byte(doc), false},
		{"xhtml", "application/xhtml+xml", []byte(doc), false},
		{"no Content-Type", "", []byte(doc), false},
		{"a PDF is not read", "application/pdf", []byte(doc), true},
		{"plain text is not read", "text/plain", []byte(doc), true},
		{"a malformed Content-Type is not read", "text/html/x;;", []byte(doc), true},
		{"UTF-16 declared by the header", "text/html; charset=UTF-16LE", utf16Doc(doc, false, false), false},
		{"UTF-16BE declared by the header", "text/html; charset=utf-16be", utf16Doc(doc, true, false), false},
		{"utf-16 is little-endian", "text/html; charset=utf-16", utf16Doc(doc, false, false), false},
		{"a BOM wins over the header", "text/html; charset=utf-16le", utf16Doc(doc, true, true), false},
		// The other labels of UTF-16 in WHATWG Encoding, as browsers read them.
		{"ucs-2 is UTF-16LE", "text/html; charset=ucs-2", utf16Doc(doc, false, false), false},
		{"unicode is UTF-16LE", "text/html; charset=Unicode", utf16Doc(doc, false, false), false},
		{"csunicode is UTF-16LE", "text/html; charset=csunicode", utf16Doc(doc, false, false), false},
		{"iso-10646-ucs-2 is UTF-16LE", "text/html; charset=iso-10646-ucs-2", utf16Doc(doc, false, false), false},
		{"unicodefeff is UTF-16LE", "text/html; charset=unicodefeff", utf16Doc(doc, false, false), false},
		{"unicodefffe is UTF-16BE", "text/html; charset=unicodefffe", utf16Doc(doc, true, false), false},
		{"a label with spaces", `text/html; charset=" utf-16be "`, utf16Doc(doc, true, false), false},
		{"a UTF-8 BOM wins over the header", "text/html; charset=utf-16le", []byte("\xEF\xBB\xBF" + doc), false},
	}
	for _, tc := range tests {
		h := http.Header{}
		if tc.contentType != "" {
			h.Set("Content-Type", tc.contentType)
		}
		resp := response(h, bytes.NewReader(tc.body))
		d, err := page.FromResponse(resp)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := d.For("*", page.Restrictive).Index; got != tc.index {
			t.Errorf("%s: Index = %v, want %v", tc.name, got, tc.index)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil || !bytes.Equal(body, tc.body) {
			t.Errorf("%s: the caller reads %q, %v; want the whole body", tc.name, body, err)
		}
	}

	// No body, or http.NoBody: the header's rules only.
	for _, body := range []io.ReadCloser{nil, http.NoBody} {
		resp := &http.Response{Header: http.Header{"X-Robots-Tag": {"noindex"}}, Body: body}
		d, err := page.FromResponse(resp)
		if err != nil || d.For("*", page.Restrictive).Index || resp.Body != body {
			t.Errorf("body %v: err %v, Index %v, Body replaced %v", body, err, d.For("*", page.Restrictive).Index, resp.Body != body)
		}
	}
}

// TestFromResponseEncoded checks that an encoded body is an error, not a
// page without rules.
func TestFromResponseEncoded(t *testing.T) {
	var z bytes.Buffer
	gz := gzip.NewWriter(&z)
	io.WriteString(gz, `<meta name=robots content=noindex>`)
	gz.Close()
	h := http.Header{"Content-Type": {"text/html"}, "Content-Encoding": {"gzip"}, "X-Robots-Tag": {"nofollow"}}
	resp := response(h, bytes.NewReader(z.Bytes()))
	d, err := page.FromResponse(resp)
	if !errors.Is(err, page.ErrEncoded) || !strings.Contains(err.Error(), "gzip") {
		t.Errorf("FromResponse of a gzip body: err %v, want ErrEncoded naming gzip", err)
	}
	if d.For("*", page.Restrictive).Follow {
		t.Error("the header's nofollow was lost")
	}
	if body, _ := io.ReadAll(resp.Body); !bytes.Equal(body, z.Bytes()) {
		t.Error("the encoded body was consumed")
	}
	// Identity is no encoding.
	h.Set("Content-Encoding", "identity")
	if _, err := page.FromResponse(response(h, strings.NewReader("<p>"))); err != nil {
		t.Errorf("Content-Encoding: identity: %v", err)
	}
	// A body that is not HTML is not read, encoded or not.
	h = http.Header{"Content-Type": {"application/pdf"}, "Content-Encoding": {"gzip"}}
	if _, err := page.FromResponse(response(h, bytes.NewReader(z.Bytes()))); err != nil {
		t.Errorf("a gzip PDF: %v, want no error", err)
	}
}

// TestFromResponseReadError checks that a failing body gives its error to
// FromResponse and, after the bytes read, to the caller.
func TestFromResponseReadError(t *testing.T) {
	boom := errors.New("connection reset")
	const head = `<meta name=robots content=noindex><title>`
	resp := response(http.Header{}, io.MultiReader(strings.NewReader(head), iotest.ErrReader(boom)))
	d, err := page.FromResponse(resp)
	if !errors.Is(err, boom) {
		t.Errorf("FromResponse: err %v, want %v", err, boom)
	}
	if d.For("*", page.Restrictive).Index {
		t.Error("the noindex read before the error was lost")
	}
	body, err := io.ReadAll(resp.Body)
	if string(body) != head || !errors.Is(err, boom) {
		t.Errorf("the caller reads %q, %v; want %q, %v", body, err, head, boom)
	}
}

// TestFromHeader checks that every X-Robots-Tag header is read, whatever
// the case of its key.
func TestFromHeader(t *testing.T) {
	h := http.Header{
		"X-Robots-Tag": {"noindex"},
		"x-robots-tag": {"nofollow"},
		"X-ROBOTS-TAG": {"noarchive"},
		"X-Other":      {"nosnippet"},
	}
	a := page.FromHeader(h).For("*", page.Restrictive)
	var got []string
	for _, r := range a.Rules {
		got = append(got, r.String())
	}
	want := []string{"X-Robots-Tag 1: noindex", "X-Robots-Tag 2: noarchive", "X-Robots-Tag 3: nofollow"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("FromHeader mismatch (-want +got):\n%s", diff)
	}
	if page.FromHeader(nil).For("*", page.Restrictive).Rules != nil {
		t.Error("FromHeader(nil) has rules")
	}
}
