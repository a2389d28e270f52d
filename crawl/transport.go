package crawl

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/crawlkit/robots"
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
	URL         string
	Agent       string
	Explanation robots.Explanation
}

// Error says which URL was refused, for which agent, and why, such as
// `crawl: disallowed by robots.txt: "https://example.com/private/a" for
// MyBot (line 2: Disallow: /private/)`.
func (e *DisallowedError) Error() string {
	return ErrDisallowed.Error() + ": " + strconv.Quote(e.URL) + " for " + e.Agent + " (" + e.Explanation.String() + ")"
}

// Is reports whether target is ErrDisallowed.
func (e *DisallowedError) Is(target error) bool { return target == ErrDisallowed }

// A Transport is an http.RoundTripper that sends a request only when the
// robots.txt of its URL's origin allows it for Agent, as Checker says. Put
// it in an http.Client and every request the client makes obeys
// robots.txt, each redirect hop included, since the client asks the
// Transport for each:
//
//	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot"}}
//
// A disallowed request is not sent: RoundTrip returns a
// [*DisallowedError], which errors.Is(err, ErrDisallowed) reports. Other
// requests go to Base. The Checker's own robots.txt fetches pass straight
// through, so the Checker may fetch with a client built on this Transport.
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
	// Base sends the requests that are allowed. Nil means
	// http.DefaultTransport.
	Base http.RoundTripper
}

// RoundTrip sends req through Base when robots.txt allows its URL, and
// otherwise returns a [*DisallowedError] without sending it. It returns the
// Checker's error when the check fails: a bad agent or URL, or the end of
// req's context.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if req.Context().Value(fetchKey{}) != nil {
		return base.RoundTrip(req) // the Checker's own fetch
	}
	url := req.URL.String()
	it, err := t.Checker.lookup(req.Context(), t.Agent, url)
	if err == nil && !it.file.Allowed(t.Agent, url) {
		err = &DisallowedError{URL: url, Agent: t.Agent, Explanation: it.file.Explain(t.Agent, url)}
	}
	if err == nil {
		err = t.Checker.Wait(req.Context(), t.Agent, url) // pace.go
	}
	if err != nil {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper closes the body, even on errors
		}
		return nil, err
	}
	resp, err := base.RoundTrip(req)
	if err == nil {
		t.Checker.Report(req.Context(), url, resp.StatusCode, resp.Header) // pace.go
	}
	return resp, err
}
