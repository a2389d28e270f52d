package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// pageServer serves robots.txt and counts the requests for other paths.
type pageServer struct {
	*robotsServer
	mu    sync.Mutex
	pages map[string]int
}

func newPageServer(t *testing.T, robotsTxt string, pages http.HandlerFunc) *pageServer {
	p := &pageServer{pages: map[string]int{}}
	p.robotsServer = newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robotsTxt)
			return
		}
		p.mu.Lock()
		p.pages[r.URL.Path]++
		p.mu.Unlock()
		pages(w, r)
	})
	return p
}

func (p *pageServer) hitsOf(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pages[path]
}

func TestTransport(t *testing.T) {
	s := newPageServer(t, privateRobots, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/open/to-private" {
			http.Redirect(w, r, "/private/target", http.StatusFound)
			return
		}
		fmt.Fprint(w, "page "+r.URL.Path)
	})
	checker := &crawl.Checker{}
	// The Checker fetches robots.txt through the very Transport that asks
	// it: the Transport must let those fetches through, not recurse.
	client := &http.Client{}
	client.Transport = &crawl.Transport{Checker: checker, Agent: "MyBot"}
	checker.Client = client

	resp, err := client.Get(s.URL + "/open/page")
	if err != nil {
		t.Fatalf("GET /open/page: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "page /open/page" {
		t.Errorf("GET /open/page body = %q", body)
	}

	tests := []struct {
		name, path, refused string
	}{
		{"disallowed URL", "/private/page", s.URL + "/private/page"},
		{"redirect to a disallowed URL", "/open/to-private", s.URL + "/private/target"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Get(s.URL + tt.path)
			if err == nil {
				resp.Body.Close()
				t.Fatalf("GET %s succeeded, want ErrDisallowed", tt.path)
			}
			if !errors.Is(err, crawl.ErrDisallowed) {
				t.Errorf("GET %s error %v does not wrap ErrDisallowed", tt.path, err)
			}
			var de *crawl.DisallowedError
			if !errors.As(err, &de) {
				t.Fatalf("GET %s error %v is not a *DisallowedError", tt.path, err)
			}
			if de.URL != tt.refused || de.Agent != "MyBot" || de.Explanation.Rule.String() != "Disallow: /private" {
				t.Errorf("DisallowedError = %+v; want URL %s, agent MyBot, rule Disallow: /private", de, tt.refused)
			}
			want := fmt.Sprintf("crawl: disallowed by robots.txt: %q for MyBot (line 2: Disallow: /private)", tt.refused)
			if de.Error() != want {
				t.Errorf("Error() = %q, want %q", de.Error(), want)
			}
		})
	}
	if n := s.hitsOf("/private/page") + s.hitsOf("/private/target"); n != 0 {
		t.Errorf("the server saw %d requests for disallowed pages, want 0", n)
	}
	if n := s.hitsOf("/open/to-private"); n != 1 {
		t.Errorf("the server saw %d requests for the allowed redirect, want 1", n)
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("the server saw %d robots.txt requests, want 1", n)
	}
}

func TestTransportErrors(t *testing.T) {
	s := newPageServer(t, privateRobots, func(w http.ResponseWriter, r *http.Request) {})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name  string
		agent string
		ctx   context.Context
		want  error
	}{
		{"bad agent", "MyBot/1.0", context.Background(), robots.ErrBadAgent},
		{"cancelled context", "MyBot", ctx, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := &http.Client{Transport: &crawl.Transport{Checker: &crawl.Checker{}, Agent: tt.agent}}
			req, err := http.NewRequestWithContext(tt.ctx, http.MethodGet, s.URL+"/open", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := client.Do(req)
			if err == nil {
				resp.Body.Close()
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("Do error = %v, want %v", err, tt.want)
			}
		})
	}
	if n := s.hitsOf("/open"); n != 0 {
		t.Errorf("the server saw %d page requests, want 0", n)
	}
}
