package crawl

// This file fetches one robots.txt over HTTP, as RFC 9309 section 2.3
// says: redirects followed by hand, the body read through the parse limit
// after decoding, the outcome decided by the status and what was read.

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/crawlkit/robots/internal/urltext"
)

// maxRedirects is how many consecutive redirects a fetch follows, the least
// RFC 9309 section 2.3.1.2 asks for; one more makes the file unavailable.
const maxRedirects = 5

// tooManyRedirects is the error of a fetch that met one redirect more than
// maxRedirects, which the Access of its file shows.
const tooManyRedirects = "too many redirects"

// fetchKey marks the context of the Checker's own robots.txt requests, so
// that a Transport under the Checker's Client lets them through instead of
// asking the Checker about them.
type fetchKey struct{}

// fetched is the outcome of one fetch, before it is merged with what was
// known of the origin.
type fetched struct {
	status     int
	body       []byte // 2xx only
	finalURL   string
	redirects  int
	err        string        // network error text, "timeout", a redirect or body problem, an odd status
	maxAge     time.Duration // from Cache-Control, -1 when absent
	retryAfter time.Duration // from Retry-After, -1 when absent
}

// acceptEncoding is the Accept-Encoding header of the Checker's fetches:
// the content codings readBody decodes. Any other coding in a response is
// one the Checker did not ask for, and makes the origin unreachable.
const acceptEncoding = "gzip, deflate"

// maxErrQuote bounds what an error text quotes from a response, such as a
// Location or a Content-Encoding, so that the text stays short in
// explanations and in a Store's entries.
const maxErrQuote = 200

// client returns the client that fetches robots.txt for a call with
// context ctx: the Checker's Client, else a client on the Base of the
// Transport that asked, else http.DefaultClient.
func (c *Checker) client(ctx context.Context) *http.Client {
	if c.Client != nil {
		return c.Client
	}
	if rt, ok := ctx.Value(baseKey{}).(http.RoundTripper); ok {
		return &http.Client{Transport: rt}
	}
	return http.DefaultClient
}

// fetch gets robots.txt from robotsURL with the Checker's client, following
// up to maxRedirects redirects itself. It never returns an error: a network
// error or timeout is a fetched with status 0, as is a 2xx body that
// cannot be read or a status outside 100-599, with err saying which. The
// caller bounds ctx.
//
// The status and the headers of a response decide, with the body of a 2xx
// read up to the parse limit: the rest of a body is never read, only
// closed, so that a body that stalls or lies about its length cannot turn
// an answer into a timeout. Closing a body that was not read to its end
// costs its connection; a fetch made once a day per origin does not miss
// it.
func (c *Checker) fetch(ctx context.Context, robotsURL string) fetched {
	// A copy of the client that hands every redirect back to us: we count
	// them, and follow them whatever the caller's CheckRedirect says.
	cl := *c.client(ctx)
	cl.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	ctx = context.WithValue(ctx, fetchKey{}, true)
	ua := c.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}

	out := fetched{maxAge: -1, retryAfter: -1}
	target := robotsURL
	for {
		out.finalURL = urltext.Redact(target)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			out.err = netError(ctx, err)
			return out
		}
		req.Header.Set("User-Agent", ua)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		resp, err := cl.Do(req)
		if err != nil {
			out.err = netError(ctx, err)
			return out
		}
		status := resp.StatusCode
		if status < 300 || status > 399 {
			out.status = status
			out.maxAge = maxAge(resp.Header)
			out.retryAfter = retryAfter(resp.Header, c.now(), maxRobotsRetryAfter)
			switch {
			case status < 100 || status > 599:
				// No HTTP status: the origin did not answer in HTTP.
				// The entry keeps status 0, which every Store can hold.
				out.status, out.err = 0, "HTTP "+strconv.Itoa(status)
			case status >= 200 && status <= 299:
				out.body, out.err = c.readBody(ctx, resp)
				if out.err != "" {
					out.status, out.body = 0, nil
				}
			}
			resp.Body.Close()
			return out
		}
		out.status = status
		loc := resp.Header.Get("Location")
		resp.Body.Close()
		if loc == "" {
			return out // a 3xx with nowhere to go: unavailable
		}
		if out.redirects == maxRedirects {
			out.redirects++ // one too many
			out.err = tooManyRedirects
			return out
		}
		next, err := req.URL.Parse(loc)
		if err != nil || next.Scheme != "http" && next.Scheme != "https" || next.Host == "" {
			out.err = "redirect to " + quote(urltext.Redact(loc))
			return out
		}
		next.Fragment = ""
		out.redirects++
		target = next.String()
	}
}

// readBody reads the body of resp through the parse limit: at most the
// limit plus one byte, after decoding its content coding, gzip or deflate
// (zlib-wrapped as RFC 9110 section 8.4.1.2 says, or raw, as some servers
// send it and browsers accept). It returns the body, or why it could not
// be read: a coding it did not ask for, a body that is not in its coding,
// ends before its length or stalls until the fetch times out. Such a body
// is not parsed: what was read could end before the rule that matters.
//
// The Transport of net/http decompresses only the gzip it asked for
// itself; as the Checker asks for its codings, it decodes them here. A
// RoundTripper that decoded the body says so in resp.Uncompressed.
func (c *Checker) readBody(ctx context.Context, resp *http.Response) ([]byte, string) {
	var r io.Reader = resp.Body
	coding := strings.ToLower(strings.TrimSpace(strings.Join(resp.Header.Values("Content-Encoding"), ",")))
	if resp.Uncompressed {
		coding = ""
	}
	switch coding {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(r)
		if err == io.EOF {
			return []byte{}, "" // an empty body, as net/http reads it
		}
		if err != nil {
			return nil, bodyError(ctx, err)
		}
		r = zr
	case "deflate":
		br := bufio.NewReader(r)
		head, err := br.Peek(2)
		switch {
		case len(head) == 0 && err == io.EOF:
			return []byte{}, ""
		case len(head) < 2 && err != io.EOF:
			return nil, bodyError(ctx, err)
		case len(head) == 2 && head[0]&0x0f == 8 && head[0]>>4 <= 7 && head[1]&0x20 == 0 &&
			(int(head[0])<<8|int(head[1]))%31 == 0:
			// A zlib header (RFC 1950): deflate, a window of at most
			// 32 KiB, no preset dictionary, a check. Raw deflate starts
			// so only with a stored block of some lengths.
			zr, err := zlib.NewReader(br)
			if err != nil {
				return nil, bodyError(ctx, err)
			}
			r = zr
		default:
			r = flate.NewReader(br)
		}
	default:
		return nil, "content coding " + quote(coding)
	}
	limit := int64(c.Options.Limit()) + 1
	body, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return nil, bodyError(ctx, err)
	}
	return body, ""
}

// bodyError describes a body that could not be read: "timeout" when the
// fetch ran out of time, as for a fetch that timed out before the body,
// else the error.
func bodyError(ctx context.Context, err error) string {
	if s := netError(ctx, err); s != "timeout" {
		return "reading the body: " + s
	}
	return "timeout"
}

// quote quotes s for an error text, cut to maxErrQuote bytes.
func quote(s string) string {
	if len(s) > maxErrQuote {
		return strconv.Quote(s[:maxErrQuote]) + "..."
	}
	return strconv.Quote(s)
}

// netError describes a failed request: "timeout" when it ran out of time,
// else the error without the "Get URL:" wrapping of net/http.
func netError(ctx context.Context, err error) string {
	var ne net.Error
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// maxAge returns the max-age of a Cache-Control header, or -1 when there
// is none. Other directives are not read.
func maxAge(h http.Header) time.Duration {
	for _, v := range h.Values("Cache-Control") {
		for _, d := range strings.Split(v, ",") {
			name, val, ok := strings.Cut(strings.TrimSpace(d), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(name), "max-age") {
				continue
			}
			n, err := strconv.ParseUint(strings.Trim(strings.TrimSpace(val), `"`), 10, 63)
			if err != nil {
				continue
			}
			if n > uint64(maxFresh/time.Second) {
				return maxFresh
			}
			return time.Duration(n) * time.Second
		}
	}
	return -1
}
