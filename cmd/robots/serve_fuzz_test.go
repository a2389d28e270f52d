package main

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
)

// FuzzServeAPI sends arbitrary bodies and headers to the tester's API, as
// a page of another site or a broken script could: the server never
// panics, answers with one of its statuses, and when it answers a check,
// the verdicts are the library's.
func FuzzServeAPI(f *testing.F) {
	for _, seed := range []struct{ body, origin, ctype string }{
		{`{"robots": "User-agent: *\nDisallow: /x\n", "agents": ["*", "Googlebot"], "urls": ["/x", "/y"]}`, "", "application/json"},
		{`{"robots": "User-agent: a\nAllow: /d/index.html\nDissallow: /q\n", "agents": ["a/1.0", "1x"], "urls": ["/d/", "https://e.example/q", "ftp://x"]}`, "http://127.0.0.1:8080", "application/json; charset=utf-8"},
		{`{"robots": "<!doctype html><p>", "urls": ["/"], "live": {"status": 200, "body": "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogLwo="}}`, "", "application/json"},
		{`{"robots": "User-agent: *\nDisallow: /\u0000\ufeff", "urls": ["/%zz", "/\u00e9"], "live": {"status": 503, "body": null}}`, "", "application/json"},
		{`{"agents": "*"}`, "", "application/json"},
		{`{} []`, "", "application/json"},
		{`{"robots": "x"}`, "http://evil.example", "application/json"},
		{`{"url": "http://127.0.0.1/"}`, "", "text/plain"},
		{`{"url": "javascript:alert(1)"}`, "null", "application/json"},
	} {
		f.Add([]byte(seed.body), seed.origin, seed.ctype)
	}
	sv := newServer(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "127.0.0.1:8080", robots.Options{}, time.Second)
	f.Fuzz(func(t *testing.T, body []byte, origin, ctype string) {
		// The decoding of /api/live, which fetches only what liveURL
		// accepts (the fetch itself is not made here).
		var lr liveRequest
		if decodeRequest(bytes.NewReader(body), &lr) == nil {
			if u, err := liveURL(lr.URL); err == nil {
				if _, err := robots.URLFor(u); err != nil || !isURL(u) {
					t.Errorf("liveURL accepts %q, not an http(s) URL", lr.URL)
				}
			}
		}

		req := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/check", bytes.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		rec := httptest.NewRecorder()
		sv.ServeHTTP(rec, req)
		answer := rec.Body.Bytes()
		switch rec.Code {
		case 200:
		case 400, 413, 415:
			var e struct{ Error string }
			if err := json.Unmarshal(answer, &e); err != nil || e.Error == "" {
				t.Fatalf("%d without an error: %q", rec.Code, answer)
			}
			return
		case 403:
			if origin == "" || origin == "http://127.0.0.1:8080" || origin == "http://localhost:8080" {
				t.Fatalf("403 for Origin %q", origin)
			}
			return
		default:
			t.Fatalf("status %d: %q", rec.Code, answer)
		}

		var in checkRequest
		if err := json.Unmarshal(body, &in); err != nil {
			t.Fatalf("answered 200 to a body that is not a check request: %v", err)
		}
		var rep serveCheck
		if err := json.Unmarshal(answer, &rep); err != nil {
			t.Fatalf("the answer is not JSON: %v", err)
		}
		if len(rep.Results) != len(rep.Agents)*len(rep.URLs) {
			t.Fatalf("%d results for %d agents and %d URLs", len(rep.Results), len(rep.Agents), len(rep.URLs))
		}
		file := robots.Parse([]byte(in.Robots))
		lines := strings.Count(in.Robots, "\n") + strings.Count(in.Robots, "\r") + 1
		for i, r := range rep.Results {
			if a, u := rep.Agents[i%len(rep.Agents)], rep.URLs[i/len(rep.Agents)]; r.Agent != a || r.URL != u {
				t.Fatalf("result %d is for %q %q, want %q %q", i, r.Agent, r.URL, a, u)
			}
			if want := file.Allowed(r.Agent, r.URL); r.Allowed != want {
				t.Errorf("%s %s: allowed %v, the library says %v", r.Agent, r.URL, r.Allowed, want)
			}
			if r.Rule != nil && (r.Rule.Line < 1 || r.Rule.Line > lines) {
				t.Errorf("%s %s: decided by line %d of %d", r.Agent, r.URL, r.Rule.Line, lines)
			}
		}
		for _, fd := range rep.Findings {
			if fd.Line < 1 || fd.Line > lines {
				t.Errorf("finding on line %d of %d: %+v", fd.Line, lines, fd)
			}
		}
		if (in.Live != nil) != (rep.Live != nil) {
			t.Errorf("live given %v, compared %v", in.Live != nil, rep.Live != nil)
		}
	})
}
