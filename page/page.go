// Package page reads what a web page tells crawlers they may do with it:
// the rules of its robots META tags and of its X-Robots-Tag HTTP headers.
// robots.txt says what a crawler may fetch; these rules say whether the
// page fetched may be indexed, its links followed, a snippet shown, and
// so on.
//
// [FromHeader], [FromHTML] and [FromResponse] read a page into
// [Directives], and [Directives.For] answers for one crawler and a
// conflict [Policy]:
//
//	d, err := page.FromResponse(resp) // resp.Body is still whole for the caller
//	a := d.For("Googlebot", page.Restrictive)
//	if !a.Index {
//		why, _ := a.Why(page.Index)
//		log.Printf("not indexing %s: %v", url, why) // meta robots, line 4: noindex
//	}
//
// # Where rules are read
//
// From HTML, every <meta name="robots" content="..."> tag, and every
// <meta name="AGENT"> tag whose name is the crawler's product token in
// any case, all taken together, names and contents read in any case
// (Google, "Robots meta tag, data-nosnippet, and X-Robots-Tag
// specifications", Google Search Central; Bing, "Which robots metatags
// does Bing support"; Yandex, "Robots meta tag and X-Robots-Tag HTTP
// header"). Only the head is read, as Google reads it: from the start of
// the document to </head>, <body>, non-blank text, or the first element
// that is none of title, meta, link, script, style, base, noscript and
// template, where Google takes the head to end and reads no further
// (Google, "Use valid HTML to specify page metadata"). The document is read
// with the tokenizer of golang.org/x/net/html, as a browser reads it:
// comments, the content of <script>, <style>, <title> and <noscript> (raw
// text when scripting is on, as in the Chrome Google renders with), and
// the content of <template> hold no tags; attribute names and values are
// read as browsers read them (any case, single, double or no quotes, no
// space needed between attributes, character references decoded, the
// first of two attributes of one name counting); a UTF-8 or UTF-16 byte
// order mark is honoured. At most [Options.MaxRead] bytes of the document
// are read (1 MiB by default), and not much past the end of the head: at most
// 512 bytes, or a quarter of the head when that is more.
//
// From headers, every X-Robots-Tag header, in order. A header's value is a
// comma-separated list of rules. A "NAME:" prefix, where NAME is not a
// rule's name, addresses the rules after it, up to the next prefix or the
// end of the header, to the crawler NAME; rules before any prefix are for
// every crawler ("X-Robots-Tag: BadBot: noindex, nofollow, googlebot:
// nofollow"). Rules that take a value are never prefixes: "max-snippet:
// 20" and "unavailable_after: 25 Jun 2010 15:00:00 PST" are rules. Google
// documents both forms, and that rules without a crawler's name are for
// every crawler. A date with a comma after its weekday (RFC
// 850, "unavailable_after: Friday, 25-Jun-10 15:00:00 PST") is read whole.
// A proxy may join two headers into one with a comma (RFC 9110 section
// 5.3), which moves the rules of the second under the last prefix of the
// first; the package reads headers as it gets them.
//
// In a meta tag's content, rules are separated by commas too (the FAQ:
// the terms are a comma-separated list), and no prefix is read. Names
// and values are read in any case. An item of several known rule names
// separated by spaces ("noindex nofollow") is read as those rules.
//
// # Rules
//
// The source of each rule follows it: the FAQ is the Web Robots FAQ
// (Martijn Koster), on the robots META tag; Google, Bing and Yandex are
// the pages of their webmaster documentation named above.
//
//	all                   the default: index, follow (the FAQ, Google, Yandex)
//	none                  noindex, nofollow (the FAQ, Google, Yandex)
//	index, noindex        may the page be indexed (the FAQ, Google, Bing, Yandex)
//	follow, nofollow      may its links be followed (the FAQ, Google, Bing, Yandex)
//	noarchive, nocache    no cached copy; nocache is Bing's synonym (Google, Bing, Yandex)
//	archive               undoes noarchive (Yandex)
//	nosnippet             no text snippet (Google, Bing)
//	max-snippet: N        a snippet of at most N characters; 0 means nosnippet,
//	                      -1 no limit (Google)
//	max-image-preview: S  none, standard or large (Google)
//	max-video-preview: N  at most N seconds of video preview; 0 a still image,
//	                      -1 no limit (Google)
//	notranslate           no translation offered (Google)
//	noimageindex          the page's images not indexed (Google)
//	unavailable_after: D  not shown after the date D (Google); see below
//	indexifembedded       with noindex, the content may still be indexed when
//	                      embedded in another page by an iframe (Google)
//	noai, noimageai       content, or images, not to be used to train AI
//	                      models (DeviantArt, 2022, as seen in the wild)
//
// Anything else is kept as written, in [Answer.Unknown]. A known rule with
// a value that cannot be read (max-snippet: many, a date that is not one)
// is ignored, as Google ignores it, and listed in [Answer.Invalid].
//
// Google reads the date of unavailable_after in a widely adopted format,
// such as those of RFC 822, RFC 850 and ISO 8601, and ignores the rule
// when the date is not valid; this package reads those three and asctime, each with or without a weekday,
// with the zones of RFC 822 (UT, GMT, EST ... PDT), UTC, Z and numeric
// offsets; a date without a zone is in UTC.
//
// # Conflicts
//
// When rules disagree (noindex and index, max-snippet: 20 and
// max-snippet: 50), the caller's [Policy] decides. [Restrictive], the
// default, is Google's: when rules conflict, the more restrictive one
// applies (noindex over index, nosnippet over max-snippet: 50, the
// smaller of two limits, the earlier of two dates). [Permissive] is that
// of the FAQ and of Yandex: the allowing rule wins ("Allow directives have
// priority over prohibiting directives if there's a combination of both",
// Yandex; the FAQ follows FOLLOW over NOFOLLOW), and "all" makes every
// other rule ignored (the FAQ: a robot that finds ALL acts on it and
// ignores any other terms).
//
// Rules for every crawler and rules for the crawler by name add up: Google
// reads <meta name="robots" content="nofollow"> and <meta name="googlebot"
// content="noindex"> together as noindex, nofollow for Googlebot.
//
// Values of type [Directives] and [Answer] are immutable, and safe for
// concurrent use by multiple goroutines.
package page

import (
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"

	"github.com/crawlkit/robots/internal/fold"
)

// DefaultMaxRead is how many bytes of an HTML document the readers read by
// default: 1 MiB. It is a bound on reading, not on parsing, and is not
// robots.DefaultMaxBytes, the parse limit of a robots.txt file. The median
// HTML document is 30 kB (Google, "Googlebot and the 15 MB thing", 2022),
// and a head is a part of it; a head that runs on past 1 MiB is rare
// enough that reading on is not worth the memory a crawler spends on each
// page at once. Googlebot reads the first 15 MB of a page;
// [Options.MaxRead] raises the bound.
const DefaultMaxRead = 1 << 20

// ErrEncoded is the error of [FromResponse] for an HTML body sent in a
// Content-Encoding (other than identity): the body is not read, and the
// Directives returned with it hold the rules of the X-Robots-Tag headers.
// Decode the body and read it with [FromHTML]. Test for it with
// errors.Is.
var ErrEncoded = errors.New("page: the body is encoded")

// Options are the options of the HTML readers. The zero value reads with
// the defaults.
type Options struct {
	// MaxRead bounds how many bytes of an HTML document are read: a rule
	// past it is not read, and [Directives.Truncated] says so. Zero means
	// DefaultMaxRead. Reading allocates at most about 9*MaxRead in all (the
	// tokenizer's buffer, which holds a whole tag or script, grows by
	// doubling; the meta tags kept), and the [Directives] returned keep at
	// most 2*MaxRead.
	//
	// A negative MaxRead means no limit: the document is read until its
	// head ends or the reader does, and the memory taken grows with the
	// head, which the page controls (a head that never ends is read until
	// the reader's own end). Use it only for documents already bounded, as
	// by an io.LimitReader.
	MaxRead int
}

// maxRead returns the bound on the bytes read, math.MaxInt for none.
func (o Options) maxRead() int {
	switch {
	case o.MaxRead < 0:
		return math.MaxInt
	case o.MaxRead == 0:
		return DefaultMaxRead
	}
	return o.MaxRead
}

// Directives are the robots rules of a page, for every crawler they name,
// as read from its X-Robots-Tag headers and the meta tags of its HTML
// head. [Directives.For] gives the answer for one crawler. The zero value
// and nil hold no rules: every crawler may do everything.
type Directives struct {
	headers   []string  // the X-Robots-Tag values, in order
	metas     []metaTag // the meta tags with a name and content, in order
	truncated bool
}

// Truncated reports whether reading the HTML document stopped at
// [Options.MaxRead] before its head ended: rules past that point, if the
// document goes on, were not read. A document of exactly MaxRead bytes
// whose head does not end is reported too: telling it from a longer one
// would take reading past the bound. It is false for nil and for the zero
// Directives, and for Directives read with no limit.
func (d *Directives) Truncated() bool {
	return d != nil && d.truncated
}

// FromHeader returns the rules of the X-Robots-Tag headers of h. Keys are
// matched in any case, for a header built by hand rather than by net/http.
// A nil h holds no rules. It returns no error: a rule that cannot be read
// is listed in [Answer.Unknown] or [Answer.Invalid].
func FromHeader(h http.Header) *Directives {
	return &Directives{headers: fold.Values(h, "X-Robots-Tag")}
}

// FromHTML returns the rules of the meta tags of the head of the HTML
// document r, with the default options. See the package comment for what
// is read. It reads from r until the head ends, never more than
// DefaultMaxRead bytes. It returns an error only when r does, wrapping r's
// error (errors.Is finds it) with the rules read before it; markup that
// is not valid HTML is read as a browser reads it, never an error.
func FromHTML(r io.Reader) (*Directives, error) {
	return Options{}.FromHTML(r)
}

// FromHTML is [FromHTML] with the options o: it reads at most o.MaxRead
// bytes of r. Its errors are those of FromHTML.
func (o Options) FromHTML(r io.Reader) (*Directives, error) {
	return o.fromHTML(r, 0)
}

func (o Options) fromHTML(r io.Reader, utf16Order byte) (*Directives, error) {
	metas, hr := readHead(r, o.maxRead(), utf16Order)
	d := &Directives{metas: metas, truncated: hr.hit}
	if hr.err != nil {
		return d, fmt.Errorf("page: reading HTML: %w", hr.err)
	}
	return d, nil
}

// FromResponse returns the rules of resp: those of its X-Robots-Tag
// headers and, when its body is HTML, those of the meta tags of its head,
// read with the default options. It reads the head of resp.Body and
// replaces resp.Body by a body that gives the same bytes from the start
// and closes the original: the caller reads and closes it as it would
// have. A body is HTML when the Content-Type header is text/html,
// application/xhtml+xml, or missing; one declared as UTF-16 is decoded.
//
// The body must be as sent, without a Content-Encoding (net/http's
// Transport decodes the gzip it asks for, and drops the header): an
// encoded HTML body is not read, and FromResponse returns the rules of the
// headers and an error wrapping [ErrEncoded], leaving resp.Body as it was.
// It also returns an error wrapping the body's, with the rules read before
// it, when reading the body fails; the new resp.Body returns the same
// error after the bytes read. A body that is not HTML, or nil, is not
// read, and is no error.
func FromResponse(resp *http.Response) (*Directives, error) {
	return Options{}.FromResponse(resp)
}

// FromResponse is [FromResponse] with the options o: it reads at most
// o.MaxRead bytes of the body. Its errors are those of FromResponse.
func (o Options) FromResponse(resp *http.Response) (*Directives, error) {
	d := FromHeader(resp.Header)
	order, ok := htmlBody(resp.Header.Get("Content-Type"))
	if !ok || resp.Body == nil || resp.Body == http.NoBody {
		return d, nil
	}
	if enc := trim(resp.Header.Get("Content-Encoding")); enc != "" && !fold.Equal(enc, "identity") {
		return d, fmt.Errorf("%w (Content-Encoding: %s): decode it and read it with FromHTML", ErrEncoded, enc)
	}
	rec := &recorder{r: resp.Body}
	h, err := o.fromHTML(rec, order)
	resp.Body = &replay{buf: rec.buf, rest: resp.Body, err: rec.err}
	d.metas, d.truncated = h.metas, h.truncated
	return d, err
}

// htmlBody reports whether a body of the media type contentType is read
// as HTML, and the UTF-16 byte order its charset gives ('b', 'l' or 0).
// The charset is read as WHATWG Encoding reads a label ("get an
// encoding": white space around it removed, in any case), with its labels
// of UTF-16LE and UTF-16BE: "utf-16", "unicode" and "ucs-2", among
// others, are little-endian.
func htmlBody(contentType string) (byte, bool) {
	if trim(contentType) == "" {
		return 0, true
	}
	typ, params, err := mime.ParseMediaType(contentType)
	if err != nil && typ == "" {
		return 0, false
	}
	if typ != "text/html" && typ != "application/xhtml+xml" {
		return 0, false
	}
	switch lower(trim(params["charset"])) {
	case "unicodefffe", "utf-16be":
		return 'b', true
	case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le":
		return 'l', true
	}
	return 0, true
}

// A recorder keeps what is read through it, and the error of r.
type recorder struct {
	r   io.Reader
	buf []byte
	err error // an error of r, io.EOF included
}

func (c *recorder) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	c.buf = append(c.buf, p[:n]...)
	c.err = err
	return n, err
}

// A replay is a body that gives buf, then the rest of the body: the
// error r gave, or, when there was none, what rest gives. Close closes
// rest.
type replay struct {
	buf  []byte
	rest io.ReadCloser
	err  error
}

func (b *replay) Read(p []byte) (int, error) {
	if len(b.buf) > 0 {
		n := copy(p, b.buf)
		b.buf = b.buf[n:]
		return n, nil
	}
	if b.err != nil {
		return 0, b.err
	}
	return b.rest.Read(p)
}

func (b *replay) Close() error { return b.rest.Close() }

// Join returns the rules of all of ds together, as if read from one page:
// headers in the order given, then meta tags. Nil Directives are skipped;
// with none, the Directives returned hold no rules. They are Truncated
// when one of ds is.
func Join(ds ...*Directives) *Directives {
	j := &Directives{}
	for _, d := range ds {
		if d == nil {
			continue
		}
		j.headers = append(j.headers, d.headers...)
		j.metas = append(j.metas, d.metas...)
		j.truncated = j.truncated || d.truncated
	}
	return j
}

// A MetaTag is a <meta name="..." content="..."> tag of a page's head.
type MetaTag struct {
	Name    string // as written, white space around it removed
	Content string // as written, character references decoded
	Line    int    // the line of the HTML document where the tag starts, from 1
}

// Meta returns the meta tags of the head whose name is name, compared in
// any ASCII case, in document order: it lets a caller read tags this
// package does not, such as TDMRep's <meta name="tdm-reservation">. Only
// tags with both a name and a content are kept, and only those whose name
// could be a crawler's (ASCII letters, digits, '-', '_' and '.'), within
// the bounds of [Options.MaxRead]. The slice is the caller's own.
func (d *Directives) Meta(name string) []MetaTag {
	if d == nil {
		return nil
	}
	var tags []MetaTag
	for _, m := range d.metas {
		if fold.Equal(m.name, name) {
			tags = append(tags, MetaTag{Name: m.name, Content: m.content, Line: m.line})
		}
	}
	return tags
}
