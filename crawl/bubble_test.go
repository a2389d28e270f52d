//go:build go1.25

//go:debug asynctimerchan=0

package crawl_test

// This file holds what the tests need to run Checkers in a
// testing/synctest bubble, whose clock moves only when every goroutine in
// it waits. The //go:debug line above, which synctest needs while go.mod
// says go 1.22, may appear in one file of the package only: this one.
//
// The site stays a real server on loopback, outside the bubble; a fetch
// takes no time on the bubble's clock, unless a siteTransport holds it.

import (
	"net/http"
	"sync/atomic"
	"time"
)

// A siteTransport sends each request to the site over loopback, once it
// has waited delay on the bubble's clock and its gate, when it has one,
// is open: a slow site, on the clock the test controls. It keeps no
// connection, so that the bubble can end.
type siteTransport struct {
	delay   time.Duration
	gate    chan struct{} // closed by the test; nil means none
	started atomic.Int64  // requests that reached the transport
	base    http.RoundTripper
}

func newSiteTransport(delay time.Duration, gate chan struct{}) *siteTransport {
	return &siteTransport{delay: delay, gate: gate, base: &http.Transport{DisableKeepAlives: true}}
}

func (s *siteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	s.started.Add(1)
	t := time.NewTimer(s.delay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
	if s.gate != nil {
		select {
		case <-s.gate:
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	}
	return s.base.RoundTrip(r)
}

// client returns a client on s.
func (s *siteTransport) client() *http.Client { return &http.Client{Transport: s} }

// bubbleClient returns a client that keeps no connection, for Checkers in
// a bubble.
func bubbleClient() *http.Client { return newSiteTransport(0, nil).client() }
