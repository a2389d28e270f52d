package crawl

// This file fetches one robots.txt over HTTP, as RFC 9309 section 2.3
// says: redirects followed by hand, the body read through the parse limit
// after decompression, and every outcome turned into an Entry.

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
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
	err        string        // network error text, "timeout", or a redirect problem
	maxAge     time.Duration // from Cache-Control, -1 when absent
	retryAfter time.Duration // from Retry-After, -1 when absent
}

// fetch gets robots.txt from robotsURL with the Checker's client, following
// up to maxRedirects redirects itself. It never returns an error: a network
// error or timeout is a fetched with status 0. The caller bounds ctx.
func (c *Checker) fetch(ctx context.Context, robotsURL string) fetched {
	client := http.DefaultClient
	if c.Client != nil {
		client = c.Client
	}
	// A copy of the client that hands every redirect back to us: we count
	// them, and follow them whatever the caller's CheckRedirect says.
	cl := *client
	cl.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	ctx = context.WithValue(ctx, fetchKey{}, true)
	ua := c.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}

	out := fetched{maxAge: -1, retryAfter: -1}
	target := robotsURL
	for {
		out.finalURL = target
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			out.err = err.Error()
			return out
		}
		req.Header.Set("User-Agent", ua)
		resp, err := cl.Do(req)
		if err != nil {
			out.err = netError(ctx, err)
			return out
		}
		out.status = resp.StatusCode
		if resp.StatusCode < 300 || resp.StatusCode > 399 {
			out.maxAge = maxAge(resp.Header)
			out.retryAfter = retryAfter(resp.Header, c.now())
			if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
				out.body, err = c.readBody(resp)
				if err != nil {
					out.status, out.body = 0, nil
					out.err = netError(ctx, err)
				}
			}
			discard(resp)
			return out
		}
		loc := resp.Header.Get("Location")
		discard(resp)
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
			out.err = "redirect to " + strconv.Quote(loc)
			return out
		}
		next.Fragment = ""
		out.redirects++
		target = next.String()
	}
}

// readBody reads the body of resp through the parse limit: at most the
// limit plus one byte, after decompression. The Transport of net/http
// decompresses gzip bodies it asked for; a gzip body it did not (a custom
// transport, or one with compression disabled) is decompressed here.
func (c *Checker) readBody(resp *http.Response) ([]byte, error) {
	var r io.Reader = resp.Body
	if !resp.Uncompressed {
		switch strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))) {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				return nil, err
			}
			r = zr
		}
	}
	limit := int64(c.Options.Limit()) + 1
	body, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return nil, err
	}
	return body, nil
}

// discard reads a little of what is left of resp's body, so that a short
// one lets the connection be used again, and closes it.
func discard(resp *http.Response) {
	_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
	resp.Body.Close()
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

// retryAfter returns the delay a Retry-After header asks for, in seconds
// or as an HTTP date, or -1 when there is none or it cannot be read.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return -1
	}
	if n, err := strconv.ParseUint(v, 10, 63); err == nil {
		if n > uint64(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return -1
}
