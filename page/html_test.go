package page_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/crawlkit/robots/page"
	"github.com/google/go-cmp/cmp"
)

// rulesOf returns the rules an HTML document gives Googlebot, as
// Rule.String writes them.
func rulesOf(t *testing.T, o page.Options, doc []byte) []string {
	t.Helper()
	d, err := o.FromHTML(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.For("Googlebot", page.Restrictive).Rules {
		got = append(got, r.String())
	}
	return got
}

// TestHead checks which meta tags are read: those of the head, as Google
// and browsers read it.
func TestHead(t *testing.T) {
	tests := []struct {
		name, source, html string
		want               []string
	}{
		{
			name: "a whole document", source: google,
			html: "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n<title>A page</title>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n<body><p>Hello</p></body>\n</html>\n",
			want: []string{"meta robots, line 6: noindex"},
		},
		{
			name: "no head tags: the head is implied", source: html5,
			html: `<meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "after </head>, nothing is read", source: google,
			html: `<head></head><meta name="robots" content="noindex">`,
		},
		{
			name: "after <body>, nothing is read", source: google,
			html: `<head><body><meta name="robots" content="noindex">`,
		},
		{
			name: "after an img, nothing is read", source: googleHead,
			html: `<head><meta name="robots" content="nofollow"><img src="pixel.gif"><meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "after an iframe, nothing is read", source: googleHead,
			html: `<head><iframe src="x"></iframe><meta name="robots" content="noindex">`,
		},
		{
			name: "after a div, nothing is read", source: googleHead,
			html: `<head><div></div><meta name="robots" content="noindex">`,
		},
		{
			name: "after an obsolete element Google does not list, nothing is read", source: googleHead,
			html: `<head><bgsound src="x"><meta name="robots" content="noindex">`,
		},
		{
			name: "after text, nothing is read", source: html5,
			html: `<head>Welcome<meta name="robots" content="noindex">`,
		},
		{
			name: "after </br>, nothing is read", source: html5,
			html: `<head></br><meta name="robots" content="noindex">`,
		},
		{
			name: "after </body>, nothing is read", source: html5,
			html: `<head></body><meta name="robots" content="noindex">`,
		},
		{
			name: "blank text does not end the head", source: html5,
			html: "<head>\n \t\r\n\f<meta name=\"robots\" content=\"noindex\">",
			want: []string{"meta robots, line 3: noindex"},
		},
		{
			name: "every element Google lists keeps the head open", source: googleHead,
			html: `<html><head><title>t</title><meta charset=utf-8><link rel=stylesheet href=s.css><script src=a.js></script>` +
				`<style>p{}</style><base href=/><noscript><img src=x></noscript><template><div></div></template>` +
				`<meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "a stray end tag is ignored", source: html5,
			html: `<head></p></div><meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "a second html or head tag is ignored", source: html5,
			html: `<head><html class=x><head><meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "comments, a doctype and a processing instruction are skipped", source: html5,
			html: `<!-- a --><!DOCTYPE html><?xml version="1.0"?><head><!-- <meta name="robots" content="noindex"> -->` +
				`<!--> <meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "an unclosed comment runs to the end", source: html5,
			html: `<head><!-- <meta name="robots" content="noindex">`,
		},
		{
			name: "tags in a script are text", source: html5,
			html: `<head><script>document.write('<meta name="robots" content="noindex">')</script><meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "a script with an escaped comment", source: html5,
			html: `<head><script><!-- if (a) document.write("<script>x()</script>"); --></script><meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "a self-closed script still holds text", source: html5,
			html: `<head><script/><meta name="robots" content="noindex"></script><meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "tags in a style, a title or a noscript are text", source: html5,
			html: `<head><style>/* <meta name="robots" content="noindex"> */</style><title><meta name="robots" content="noindex"></title>` +
				`<noscript><meta name="robots" content="noindex"></noscript><meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "a template's content is not the head's", source: html5,
			html: `<head><template><meta name="robots" content="noindex"><template></template><body><p>x</p></template><meta name="robots" content="nofollow">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "an unclosed template hides the rest", source: html5,
			html: `<head><template><meta name="robots" content="noindex">`,
		},
		{
			name: "a stray </template> is ignored", source: html5,
			html: `<head></template><meta name="robots" content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "upper case tags and attributes", source: google,
			html: `<HEAD><META NAME="ROBOTS" CONTENT="NOINDEX"></HEAD>`,
			want: []string{"meta robots, line 1: NOINDEX"},
		},
		{
			name: "single quotes and no quotes", source: html5,
			html: `<meta name='robots' content='noindex'><meta name=robots content=nofollow><meta name=robots content=noarchive/>`,
			want: []string{"meta robots, line 1: noindex", "meta robots, line 1: nofollow", "meta robots, line 1: noarchive/"},
		},
		{
			name: "self-closing", source: html5,
			html: `<meta name="robots" content="noindex" />`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "character references in names and values", source: html5,
			html: `<meta name="r&#111;bots" content="noindex&#44; nofollow&comma; noarchive">`,
			want: []string{"meta robots, line 1: noindex", "meta robots, line 1: nofollow", "meta robots, line 1: noarchive"},
		},
		{
			name: "of two attributes of one name, the first counts", source: html5,
			html: `<meta name="description" name="robots" content="noindex"><meta name="robots" content="nofollow" content="noindex">`,
			want: []string{"meta robots, line 1: nofollow"},
		},
		{
			name: "attributes in any order, with others", source: html5,
			html: `<meta data-x="1" content="noindex" id=a name="robots">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "white space around the name", source: google,
			html: `<meta name=" robots " content="noindex">`,
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "a tag without content, or by http-equiv, gives nothing", source: html5,
			html: `<meta name="robots"><meta http-equiv="robots" content="noindex"><meta property="robots" content="noindex">`,
		},
		{
			name: "the crawler's own tag, and not another's", source: google,
			html: `<meta name="googlebot-news" content="noindex"><meta name="GOOGLEBOT" content="nosnippet">`,
			want: []string{"meta GOOGLEBOT, line 1: nosnippet"},
		},
		{
			name: "line numbers with CR LF, CR and LF", source: html5,
			html: "<html>\r\n<head>\r<title>x\ny</title>\n\r\n<meta\nname=robots content=noindex>",
			want: []string{"meta robots, line 6: noindex"},
		},
		{
			name: "a UTF-8 byte order mark", source: html5,
			html: "\xEF\xBB\xBF<meta name=robots content=noindex>",
			want: []string{"meta robots, line 1: noindex"},
		},
		{
			name: "bytes that are not UTF-8 in another tag", source: html5,
			html: "<title>\xff\xfe\x80</title><meta name=robots content=noindex>",
			want: []string{"meta robots, line 1: noindex"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := rulesOf(t, page.Options{}, []byte(tc.html))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: rules of %q mismatch (-want +got):\n%s", tc.source, tc.html, diff)
			}
		})
	}
}

// utf16Doc returns s in UTF-16 with a byte order mark, or without one
// when bom is false.
func utf16Doc(s string, big, bom bool) []byte {
	var b []byte
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	for _, u := range units {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// TestUTF16 checks that a UTF-16 document is read, as browsers read one
// with a byte order mark.
func TestUTF16(t *testing.T) {
	const doc = "<title>caf\u00e9 \U0001F600</title>\n<meta name=\"robots\" content=\"noindex\">"
	want := []string{"meta robots, line 2: noindex"}
	for _, big := range []bool{true, false} {
		got := rulesOf(t, page.Options{}, utf16Doc(doc, big, true))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("UTF-16 (big-endian %v) mismatch (-want +got):\n%s", big, diff)
		}
	}
	// Without a byte order mark, UTF-16 is not recognised: nothing is read,
	// as a browser reads nothing useful from it either.
	if got := rulesOf(t, page.Options{}, utf16Doc(doc, false, false)); got != nil {
		t.Errorf("UTF-16 without a BOM gives %q, want nothing", got)
	}
	// Unpaired surrogates and an odd byte at the end do not stop the read.
	odd := append(utf16Doc("<meta name=robots content=noindex><title>", false, true), 0x00, 0xD8, 0x41, 0x00, 0x00, 0xDC, 0x20)
	if got, want := rulesOf(t, page.Options{}, odd), []string{"meta robots, line 1: noindex"}; !cmp.Equal(want, got) {
		t.Errorf("UTF-16 with unpaired surrogates gives %q, want %q", got, want)
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestMaxRead checks the bound on what is read: a tag past it is not
// read, Truncated says so, and no byte past it is read.
func TestMaxRead(t *testing.T) {
	head := "<head><title>" + strings.Repeat("x", 1000) + "</title><meta name=robots content=noindex>"
	doc := head + strings.Repeat("<link rel=x href=y>", 1000)
	for _, limit := range []int{1, 100, 1000, len(head) - 1, len(head), len(head) + 1, 5000} {
		cr := &countingReader{r: strings.NewReader(doc)}
		d, err := page.Options{MaxRead: limit}.FromHTML(cr)
		if err != nil {
			t.Fatal(err)
		}
		if cr.n > limit {
			t.Errorf("MaxRead %d: read %d bytes", limit, cr.n)
		}
		a := d.For("*", page.Restrictive)
		if got, want := a.Index, limit < len(head); got != want {
			t.Errorf("MaxRead %d: Index = %v, want %v", limit, got, want)
		}
		if !d.Truncated() {
			t.Errorf("MaxRead %d: Truncated() = false; the head runs on past %d bytes", limit, len(doc))
		}
	}
	// The default bound is DefaultMaxRead.
	big := "<head>" + strings.Repeat("<meta name=x content=y>\n", page.DefaultMaxRead/20)
	cr := &countingReader{r: strings.NewReader(big)}
	d, err := page.FromHTML(cr)
	if err != nil {
		t.Fatal(err)
	}
	if cr.n != page.DefaultMaxRead || !d.Truncated() {
		t.Errorf("FromHTML read %d bytes of a %d-byte head, Truncated() = %v; want %d, true", cr.n, len(big), d.Truncated(), page.DefaultMaxRead)
	}
	// A negative MaxRead is no limit: a head past DefaultMaxRead is read to
	// its end.
	long := big + "<meta name=robots content=noindex></head>"
	cr = &countingReader{r: strings.NewReader(long)}
	d, err = page.Options{MaxRead: -1}.FromHTML(cr)
	if err != nil || d.Truncated() || d.For("*", page.Restrictive).Index || cr.n != len(long) {
		t.Errorf("MaxRead -1: read %d of %d bytes, Truncated() = %v, Index %v, err %v; want all, false, false, nil",
			cr.n, len(long), d.Truncated(), d.For("*", page.Restrictive).Index, err)
	}
	// A head that ends is not truncated, however long the document.
	d, err = page.Options{MaxRead: 100}.FromHTML(strings.NewReader("<head></head>" + strings.Repeat("x", 1000)))
	if err != nil || d.Truncated() {
		t.Errorf("a short head: Truncated() = %v, err %v; want false, nil", d.Truncated(), err)
	}
	// A document of exactly MaxRead bytes whose head does not end is reported,
	// as Truncated's documentation says: within the bound, it looks like
	// a longer one. Its rules are read.
	exact := "<meta name=robots content=noindex>"
	d, err = page.Options{MaxRead: len(exact)}.FromHTML(strings.NewReader(exact))
	if err != nil || !d.Truncated() || d.For("*", page.Restrictive).Index {
		t.Errorf("a document of exactly MaxRead: Truncated() = %v, Index %v, err %v; want true, false, nil",
			d.Truncated(), d.For("*", page.Restrictive).Index, err)
	}
}

// TestReadsOnlyTheHead checks that the reader stops soon after the head
// ends: within 512 bytes, or a quarter of the head.
func TestReadsOnlyTheHead(t *testing.T) {
	for _, headSize := range []int{100, 2000, 20000, 200000} {
		doc := benchPage(headSize, 200000)
		headLen := strings.Index(doc, "</head>") + len("</head>")
		cr := &countingReader{r: strings.NewReader(doc)}
		d, err := page.FromHTML(cr)
		if err != nil {
			t.Fatal(err)
		}
		if d.For("*", page.Restrictive).Index {
			t.Fatalf("head of %d bytes: the noindex at its end was not read", headSize)
		}
		if most := headLen + max(512, headLen/4); cr.n > most {
			t.Errorf("head of %d bytes: read %d bytes of %d, want at most %d", headLen, cr.n, len(doc), most)
		}
	}
}

// TestReadError checks that an error of the reader is returned, with the
// rules read before it.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`<meta name=robots content=noindex>`), iotest.ErrReader(boom))
	d, err := page.FromHTML(r)
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "page: ") {
		t.Errorf("FromHTML = %v, want an error wrapping %v that starts with \"page: \"", err, boom)
	}
	if d.For("*", page.Restrictive).Index {
		t.Error("the noindex read before the error was lost")
	}
	// One byte at a time reads the same.
	got := rulesOf(t, page.Options{}, []byte("<head>\n<meta name=robots content=noindex>"))
	d, err = page.FromHTML(iotest.OneByteReader(strings.NewReader("<head>\n<meta name=robots content=noindex>")))
	if err != nil {
		t.Fatal(err)
	}
	var slow []string
	for _, r := range d.For("*", page.Restrictive).Rules {
		slow = append(slow, r.String())
	}
	if !cmp.Equal(got, slow) {
		t.Errorf("one byte at a time: %q, want %q", slow, got)
	}
}
