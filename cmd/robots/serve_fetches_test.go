package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots"
)

// TestServeBoundsFetchesWhenClientsCancel checks that the tester never has
// more than maxFetches live fetches under way, even when the clients that
// asked for them go away: the Checker's fetch goes on without its client,
// so its slot must be held until the fetch ends. A site whose robots.txt
// stalls until the test releases it counts the fetches it sees at once.
func TestServeBoundsFetchesWhenClientsCancel(t *testing.T) {
	var (
		mu       sync.Mutex
		inFlight int // fetches the site is answering
		most     int // the most at once
		total    int
	)
	arrived := make(chan struct{}, 2*maxFetches+2)
	release := make(chan struct{})
	site := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		total++
		most = max(most, inFlight)
		mu.Unlock()
		arrived <- struct{}{}
		<-release
		mu.Lock()
		inFlight--
		mu.Unlock()
		io.WriteString(w, "User-agent: *\nDisallow: /x\n")
	}))
	released := false
	releaseAll := func() {
		if !released {
			released = true
			close(release)
		}
	}

	// The tester, with a -timeout that no step of the test waits for.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sv := newServer(ln.Addr().(*net.TCPAddr), ln.Addr().String(), robots.Options{}, time.Hour)
	returned := make(chan struct{}, 2*maxFetches+2) // a /api/live handler has returned
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sv.ServeHTTP(w, r)
		if r.URL.Path == "/api/live" {
			returned <- struct{}{}
		}
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	// Cleanups run last first: the stalled fetches end before the
	// servers' Close, which waits for the handlers.
	t.Cleanup(releaseAll)

	type answer struct {
		status int
		body   string
		err    error
	}
	live := func(ctx context.Context) <-chan answer {
		ch := make(chan answer, 1)
		go func() {
			req, err := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/live", strings.NewReader(`{"url": "`+site+`"}`))
			if err != nil {
				ch <- answer{err: err}
				return
			}
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				ch <- answer{err: err}
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			ch <- answer{resp.StatusCode, string(b), err}
		}()
		return ch
	}

	// maxFetches clients start fetches that stall at the site, then go
	// away; their handlers return.
	ctx, cancel := context.WithCancel(context.Background())
	var gone []<-chan answer
	for range maxFetches {
		gone = append(gone, live(ctx))
	}
	for range maxFetches {
		<-arrived
	}
	cancel()
	for _, ch := range gone {
		if a := <-ch; a.err == nil {
			t.Fatalf("a canceled client got an answer: %d %s", a.status, a.body)
		}
	}
	for range maxFetches {
		<-returned
	}

	// Their fetches still stall: another client is told to come back,
	// and no fetch of its reaches the site.
	select {
	case <-arrived:
		t.Fatalf("a fetch reached the site while %d others were under way", maxFetches)
	case a := <-live(context.Background()):
		if a.err != nil || a.status != http.StatusServiceUnavailable || !strings.Contains(a.body, "live fetches are under way") {
			t.Fatalf("with %d fetches under way, /api/live = %d %q, %v; want 503", maxFetches, a.status, a.body, a.err)
		}
	}

	// Once the site answers them, their slots are free again (the test
	// takes them all, which waits until each fetch has ended), and a
	// client's fetch goes through.
	releaseAll()
	for range maxFetches {
		sv.fetches <- struct{}{}
	}
	for range maxFetches {
		<-sv.fetches
	}
	a := <-live(context.Background())
	if a.err != nil || a.status != http.StatusOK || !strings.Contains(a.body, `"state":"parsed"`) {
		t.Fatalf("with no fetch under way, /api/live = %d %q, %v; want 200 and a parsed file", a.status, a.body, a.err)
	}
	mu.Lock()
	defer mu.Unlock()
	if most != maxFetches || total != maxFetches+1 {
		t.Errorf("the site saw %d fetches, at most %d at once; want %d, at most %d", total, most, maxFetches+1, maxFetches)
	}
}
