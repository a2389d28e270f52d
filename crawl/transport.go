package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/urltext"
)

// ErrDisallowed is what a [DisallowedError] is: errors.Is(err,
// ErrDisallowed) reports whether a [Transport] refused a request.
var ErrDisallowed = errors.New("crawl: disallowed by robots.txt")

// A DisallowedError is the error of a request that a [Transport] refused
// to send because robots.txt disallows its URL for the agent. Explanation
// names the deciding rule, or the access state when the robots.txt was
// unreachable. An http.Client wraps it in a *url.Error; [errors.As] finds
// it there.
type DisallowedError struct {
	// URL is the URL checked: the request's, on the host of its Host
	// header when that differs, with any password replaced by "xxxxx" as
	// url.URL.Redacted writes it.
	URL         string
	Agent       string
	Explanation robots.Explanation
}

// Error says which URL was refused, for which agent, and why, such as
// `crawl: disallowed by robots.txt: "https://example.com/private/a" for
// MyBot (line 2: Disallow: /private/)`. A password in the URL shows as
// "xxxxx".
func (e *DisallowedError) Error() string {
	return ErrDisallowed.Error() + ": " + strconv.Quote(urltext.Redact(e.URL)) + " for " + e.Agent + " (" + e.Explanation.String() + ")"
}

// Is reports whether target is ErrDisallowed.
func (e *DisallowedError) Is(target error) bool { return target == ErrDisallowed }

// baseKey marks the context of a Transport's calls to its Checker with
// the Transport's Base, through which a Checker without a Client of its
// own fetches robots.txt.
type baseKey struct{}

// A Transport is an http.RoundTripper that sends a request only when the
// robots.txt of its origin allows it for Agent, as Checker says. Put it in
// an http.Client and every request the client makes obeys robots.txt, each
// redirect hop included, since the client asks the Transport for each:
//
//	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot"}}
//
// The origin is the one the request really goes to: the URL's, or, when
// the request's Host field (its Host header) names another host, that
// host's, as for a crawler that resolves names itself and sends the
// request to an address.
//
// A disallowed request is not sent: RoundTrip returns a
// [*DisallowedError], which errors.Is(err, ErrDisallowed) reports. Other
// requests go to Base. When the Checker has no Client of its own, it
// fetches robots.txt through Base too, with its proxy and TLS settings
// (through the Base of the Transport whose call started the fetch, should
// Transports with different Bases share a Checker). The Checker's own
// robots.txt fetches pass straight through, so the Checker may fetch with
// a client built on this Transport.
//
// Each allowed request waits for its origin's slot ([Checker.Wait]), and
// each response is reported to the Checker ([Checker.Report]), so that a
// 429 or 503 slows its origin down.
type Transport struct {
	// Checker answers for the Transport. It must not be nil.
	Checker *Checker
	// Agent is the crawler's product token, matched against the
	// user-agent lines of robots.txt. It is not sent: set the User-Agent
	// header of requests, or Checker.UserAgent, for that.
	Agent string
	// Base sends the requests that are allowed, and the Checker's fetches
	// of robots.txt when it has no Client. Nil means
	// http.DefaultTransport.
	Base http.RoundTripper
}

// RoundTrip sends req through Base when robots.txt allows its URL, and
// otherwise returns a [*DisallowedError] without sending it. It returns the
// Checker's error when the check fails: a bad agent or URL (a Host field
// that is not a host and port is a [robots.ErrBadURL]), or the end of
// req's context.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	ctx := req.Context()
	if ctx.Value(fetchKey{}) != nil {
		return base.RoundTrip(req) // the Checker's own fetch
	}
	if t.Base != nil && t.Checker.Client == nil {
		ctx = context.WithValue(ctx, baseKey{}, t.Base)
	}
	target, err := t.check(ctx, req)
	if err == nil {
		err = t.Checker.Wait(ctx, t.Agent, target) // pace.go
	}
	if err != nil {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper closes the body, even on errors
		}
		return nil, err
	}
	resp, err := base.RoundTrip(req)
	if err == nil {
		t.Checker.Report(ctx, target, resp.StatusCode, resp.Header) // pace.go
	}
	return resp, err
}

// check returns the URL checked, and nil when robots.txt allows req, else
// why not.
func (t *Transport) check(ctx context.Context, req *http.Request) (string, error) {
	u, err := checkedURL(req)
	if err != nil {
		return "", err
	}
	target := u.String()
	it, err := t.Checker.lookup(ctx, t.Agent, target)
	if err != nil {
		return "", err
	}
	if !it.file.Allowed(t.Agent, target) {
		return "", &DisallowedError{URL: u.Redacted(), Agent: t.Agent, Explanation: it.file.Explain(t.Agent, target)}
	}
	return target, nil
}

// checkedURL returns the URL whose robots.txt decides req: req.URL, on the
// host of req.Host when that is set and differs.
func checkedURL(req *http.Request) (*url.URL, error) {
	if req.Host == "" || req.Host == req.URL.Host {
		return req.URL, nil
	}
	if strings.ContainsAny(req.Host, "/?#@\\") {
		return nil, fmt.Errorf("%w: Host %q", robots.ErrBadURL, urltext.Redact(req.Host))
	}
	u := *req.URL
	u.Host = req.Host
	return &u, nil
}
