package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/ailist"
)

// TestServeAI checks /api/ai over loopback: its answer for a draft is
// what "robots ai -json" writes for the same file, but for its source.
func TestServeAI(t *testing.T) {
	base := startServe(t)
	b, err := os.ReadFile("../../testdata/ai-crawlers.txt")
	if err != nil {
		t.Fatal(err)
	}
	body := string(b)
	for _, paths := range [][]string{nil, {"/", "/private/x"}} {
		status, answer := postJSON(t, base, "/api/ai", aiRequest{Robots: body, Paths: paths})
		if status != 200 {
			t.Fatalf("status %d: %s", status, answer)
		}
		args := []string{"ai", "-json"}
		for _, p := range paths {
			args = append(args, "-path", p)
		}
		cli := runTool(t, strings.NewReader(body), append(args, "-")...)
		var got, want map[string]any
		if err := json.Unmarshal([]byte(answer), &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(cli.stdout), &want); err != nil {
			t.Fatal(err)
		}
		if got["source"] != "draft" {
			t.Errorf("source %v, want draft", got["source"])
		}
		want["source"] = "draft"
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("paths %q: /api/ai differs from robots ai -json (-cli +api):\n%s", paths, d)
		}
	}
}

func TestServeAIErrors(t *testing.T) {
	base := startServe(t)
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, "Content-Signal: a%d%s=c\n", i, strings.Repeat("b", 16000))
	}
	longSignals := b.String()
	many := make([]string, maxAIPaths+1)
	for i := range many {
		many[i] = "/p" + strconv.Itoa(i)
	}
	tests := []struct {
		name string
		req  any
		want string
	}{
		{"too many paths", aiRequest{Paths: many}, "21 paths: give at most 20"},
		{"not a path", aiRequest{Paths: []string{"https://example.com/"}}, `"https://example.com/" is not a path`},
		{"long path", aiRequest{Paths: []string{"/" + strings.Repeat("a", maxURLBytes)}}, "a path of 8193 bytes"},
		// Content-Signal lines of 320 KB apply to each of the list's
		// crawlers: the answer would hold them 166 times.
		{"answer too large", aiRequest{Robots: "User-agent: *\n" + longSignals + "Allow: /\n"}, "the answer would be larger than"},
		{"unknown field", map[string]any{"robots": "", "agents": []string{"x"}}, "not the JSON object expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, answer := postJSON(t, base, "/api/ai", tt.req)
			var e struct{ Error string }
			if status != 400 || json.Unmarshal([]byte(answer), &e) != nil || !strings.Contains(e.Error, tt.want) {
				t.Errorf("status %d, answer %.300s (%d bytes); want 400 and an error with %q", status, answer, len(answer), tt.want)
			}
		})
	}
	// As every POST of the API: not from another site.
	status, _ := post(t, base, "/api/ai", strings.NewReader(`{}`), map[string]string{"Origin": "http://evil.example"})
	if status != 403 {
		t.Errorf("POST from another site: status %d, want 403", status)
	}
	if help := strings.Join(strings.Fields(serveHelp), " "); !strings.Contains(help, "at most "+strconv.Itoa(maxAIPaths)+" paths") {
		t.Errorf("the help of serve does not say /api/ai takes at most %d paths", maxAIPaths)
	}
}

// FuzzServeAI sends arbitrary bodies to /api/ai, as a page of another
// site or a broken script could: the server never panics, answers with one
// of its statuses, and when it answers, it answers for every crawler of
// the list what the library answers.
func FuzzServeAI(f *testing.F) {
	for _, seed := range []string{
		`{"robots": "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"}`,
		`{"robots": "User-agent: AI2Bot\nDisallow: /x\n", "paths": ["/x", "/y"]}`,
		`{"robots": "", "paths": ["x"]}`,
		`{"robots": "\u0000\ufeff<html>", "paths": null}`,
		`{"paths": "/"}`,
		`{} {}`,
		`[]`,
	} {
		f.Add([]byte(seed))
	}
	sv := newServer(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "127.0.0.1:8080", robots.Options{}, time.Second)
	n := len(ailist.Crawlers())
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/ai", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		sv.ServeHTTP(rec, req)
		answer := rec.Body.Bytes()
		switch rec.Code {
		case 200:
		case 400, 413:
			var e struct{ Error string }
			if err := json.Unmarshal(answer, &e); err != nil || e.Error == "" {
				t.Fatalf("%d without an error: %q", rec.Code, answer)
			}
			return
		default:
			t.Fatalf("status %d: %q", rec.Code, answer)
		}
		var in aiRequest
		if err := json.Unmarshal(body, &in); err != nil {
			t.Fatalf("answered 200 to a body that is not a request: %v", err)
		}
		var rep aiReport
		if err := json.Unmarshal(answer, &rep); err != nil {
			t.Fatalf("the answer is not JSON: %v", err)
		}
		if len(rep.Crawlers) != n || rep.List.Crawlers != n {
			t.Fatalf("%d crawlers, list of %d; want %d", len(rep.Crawlers), rep.List.Crawlers, n)
		}
		file := robots.Parse([]byte(in.Robots))
		for _, c := range rep.Crawlers {
			agent := c.Token
			if !robots.ValidProductToken(agent) && robots.ProductToken(agent) != "" {
				agent = robots.ProductToken(agent)
			}
			for _, p := range c.Paths {
				if want := file.Allowed(agent, p.Path); p.Allowed != want {
					t.Errorf("%s %q: allowed %v, the library says %v", c.Token, p.Path, p.Allowed, want)
				}
			}
		}
	})
}
