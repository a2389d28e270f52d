//go:build go1.25

package crawl_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// This file holds what the pacing tests need to run HTTP in a
// testing/synctest bubble, whose clock moves only when every goroutine in
// it waits: a real http.Server (httptest's) and a real http.Transport,
// talking over in-memory connections (net.Pipe) instead of loopback
// sockets, since a goroutine blocked on a socket is not waiting as far as
// the bubble knows, and its clock would never move. No time passes in the
// bubble between a Wait's return, the request's send and its arrival, so
// the tests expect exact times.

// A pipeNet is a network of in-memory connections between the sites of a
// test and its clients: Dial reaches the site listening on the address.
type pipeNet struct {
	mu    sync.Mutex
	sites map[string]*pipeListener // by host:port
}

// A pipeListener is a site's net.Listener on a pipeNet.
type pipeListener struct {
	addr  *net.TCPAddr
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return l.addr }

// listen returns a listener for ip, port 80.
func (n *pipeNet) listen(ip string) *pipeListener {
	l := &pipeListener{
		addr:  &net.TCPAddr{IP: net.ParseIP(ip), Port: 80},
		conns: make(chan net.Conn),
		done:  make(chan struct{}),
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.sites == nil {
		n.sites = make(map[string]*pipeListener)
	}
	n.sites[l.addr.String()] = l
	return l
}

// DialContext connects to the site listening on addr.
func (n *pipeNet) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	n.mu.Lock()
	l := n.sites[addr]
	n.mu.Unlock()
	if l == nil {
		return nil, fmt.Errorf("dial %s: connection refused", addr)
	}
	server, client := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		return nil, fmt.Errorf("dial %s: connection refused", addr)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// transport returns an http.Transport that dials on n. The caller closes
// its idle connections when done, so that the bubble can end.
func (n *pipeNet) transport() *http.Transport {
	return &http.Transport{DialContext: n.DialContext}
}

// A pipeSite is a web site on a pipeNet that records when each page
// request (not robots.txt) arrives. Its robots.txt is robotsTxt; pages
// answer as respond says, given the page request's number (0 for the
// first), or with 200 when respond is nil.
type pipeSite struct {
	*httptest.Server
	mu sync.Mutex
	at []time.Time
}

// newPipeSite starts a site at http://ip on n, in the bubble of the
// caller. It is closed when the test ends.
func newPipeSite(t *testing.T, n *pipeNet, ip, robotsTxt string, respond func(n int, w http.ResponseWriter)) *pipeSite {
	t.Helper()
	s := &pipeSite{}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robotsTxt)
			return
		}
		s.mu.Lock()
		i := len(s.at)
		s.at = append(s.at, time.Now())
		s.mu.Unlock()
		if respond != nil {
			respond(i, w)
		}
	}))
	s.Server.Listener.Close()
	s.Server.Listener = n.listen(ip)
	s.Start()
	s.URL = "http://" + ip
	t.Cleanup(s.Close)
	return s
}

// arrivals returns when each page request arrived, as times since start.
func (s *pipeSite) arrivals(start time.Time) []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var d []time.Duration
	for _, at := range s.at {
		d = append(d, at.Sub(start))
	}
	return d
}
