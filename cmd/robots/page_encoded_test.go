package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestPageURLEncoded: a page sent in a Content-Encoding the tool did not
// ask for cannot be read, but its X-Robots-Tag headers still can: page
// gives their rules and says that the meta tags were not read.
func TestPageURLEncoded(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nAllow: /\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "br")
		w.Header().Set("X-Robots-Tag", "noindex")
		w.Write([]byte("\x1b\x2a\x00\xf8 not brotli the tool can read"))
	}))
	defer s.Close()
	got := runTool(t, nil, "page", s.URL+"/page")
	wantNote := "robots page: note: the page is encoded (Content-Encoding: br): its meta tags are not read, only its X-Robots-Tag headers\n"
	if got.status != 1 || got.stderr != wantNote ||
		!strings.Contains(got.stdout, "index              no       X-Robots-Tag 1: noindex\n") {
		t.Errorf("page of a br-encoded page = %d, stderr %q, stdout:\n%s\nwant 1, %q, index no from the header",
			got.status, got.stderr, got.stdout, wantNote)
	}
}
