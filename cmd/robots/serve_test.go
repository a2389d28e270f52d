package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// startServe runs "robots serve -addr 127.0.0.1:0" with the extra args, as
// main does, and returns the URL it prints. The server stops at the end of
// the test, which checks that it then exits with status 0.
func startServe(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		status := run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), nil, pw, &stderr)
		pw.Close()
		done <- status
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("serve printed %q, then %v; stderr: %s", line, err, stderr.String())
	}
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`^robots serve: open (http://127\.0\.0\.1:\d+/) in a browser; Ctrl-C stops it\n$`).FindStringSubmatch(line)
	if m == nil {
		cancel()
		t.Fatalf("serve printed %q, want the URL to open", line)
	}
	t.Cleanup(func() {
		cancel()
		select {
		case status := <-done:
			if status != exitOK || stderr.String() != "" {
				t.Errorf("serve exited %d, stderr %q; want 0, none", status, stderr.String())
			}
		case <-time.After(10 * time.Second):
			t.Error("serve did not stop within 10s of its context's end")
		}
	})
	return m[1]
}

// serveOn starts an HTTP server with h on the loopback address ip (such
// as 127.0.0.2: another host than the tester's) and returns its URL.
func serveOn(t *testing.T, ip string, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

// post sends a POST of body to the tester at base+path, with the headers
// (Content-Type application/json unless they say otherwise), and returns
// the status and the body of the answer.
func post(t *testing.T, base, path string, body io.Reader, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", base+strings.TrimPrefix(path, "/"), body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func postJSON(t *testing.T, base, path string, v any) (int, string) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return post(t, base, path, bytes.NewReader(b), nil)
}

// hostPort returns the host:port of a URL such as http://127.0.0.1:80/.
func hostPort(u string) string {
	return strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/")
}

func TestServeRefusesOtherHosts(t *testing.T) {
	base := startServe(t)
	hp := hostPort(base)
	_, port, _ := net.SplitHostPort(hp)
	tests := []struct {
		name, host string
		want       int
	}{
		{"the address served", hp, 200},
		{"localhost", "localhost:" + port, 200},
		{"localhost in capitals", "LOCALHOST:" + port, 200},
		{"another name: DNS rebinding", "evil.example:" + port, 403},
		{"another name without a port", "evil.example", 403},
		{"the address without its port", "127.0.0.1", 403},
		{"another port", "127.0.0.1:1", 403},
		{"another loopback address", "127.0.0.2:" + port, 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/", "/app.js"} {
				req, err := http.NewRequest("GET", base+strings.TrimPrefix(path, "/"), nil)
				if err != nil {
					t.Fatal(err)
				}
				req.Host = tc.host
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != tc.want {
					t.Errorf("GET %s with Host %q = %d, want %d: %s", path, tc.host, resp.StatusCode, tc.want, body)
				}
				if tc.want == 403 && !strings.Contains(string(body), `"error":"Host `) {
					t.Errorf("403 for Host %q says %s, want why", tc.host, body)
				}
			}
			// A POST is refused too, before it is read.
			status, body := post(t, base, "/api/check", strings.NewReader(`{"robots": "", "urls": ["/"]}`), map[string]string{"Host": tc.host})
			if status != tc.want {
				t.Errorf("POST /api/check with Host %q = %d, want %d: %s", tc.host, status, tc.want, body)
			}
		})
	}
}

func TestServeRefusesOtherOrigins(t *testing.T) {
	var fetched atomic.Int32
	site := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /\n")
	}))
	base := startServe(t)
	hp := hostPort(base)
	_, port, _ := net.SplitHostPort(hp)
	check := `{"robots": "User-agent: *\nDisallow: /x\n", "agents": ["*"], "urls": ["/x"]}`
	live := `{"url": "` + site + `/"}`
	tests := []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"no Origin: not a browser", nil, 200},
		{"its own page", map[string]string{"Origin": "http://" + hp, "Sec-Fetch-Site": "same-origin"}, 200},
		{"its own page as localhost", map[string]string{"Origin": "http://localhost:" + port}, 200},
		{"another site", map[string]string{"Origin": "http://evil.example"}, 403},
		{"another site, named as the tester", map[string]string{"Origin": "http://evil.example:" + port}, 403},
		{"another port of this host", map[string]string{"Origin": "http://127.0.0.1:1"}, 403},
		{"https", map[string]string{"Origin": "https://" + hp}, 403},
		{"an opaque origin", map[string]string{"Origin": "null"}, 403},
		{"not a URL", map[string]string{"Origin": "http://%zz"}, 403},
		{"cross-site, without Origin", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site, another port", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"cross-site, with the tester's Origin", map[string]string{"Origin": "http://" + hp, "Sec-Fetch-Site": "cross-site"}, 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := post(t, base, "/api/check", strings.NewReader(check), tc.header)
			if status != tc.want {
				t.Errorf("POST /api/check = %d, want %d: %s", status, tc.want, body)
			}
			before := fetched.Load()
			status, body = post(t, base, "/api/live", strings.NewReader(live), tc.header)
			if status != tc.want {
				t.Errorf("POST /api/live = %d, want %d: %s", status, tc.want, body)
			}
			if n := fetched.Load() - before; tc.want == 403 && n != 0 || tc.want == 200 && n != 1 {
				t.Errorf("POST /api/live = %d made %d fetches", status, n)
			}
			if tc.want == 403 && !strings.Contains(body, "another site") {
				t.Errorf("403 says %s, want why", body)
			}
		})
	}
}

// TestServeAllowedHosts checks which Host values a server answers for the
// addresses it can listen on, without listening on them.
func TestServeAllowedHosts(t *testing.T) {
	tests := []struct {
		name  string
		addr  *net.TCPAddr
		given string
		url   string
		yes   []string
		no    []string
	}{
		{
			name: "loopback", addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, given: "127.0.0.1:8080",
			url: "http://127.0.0.1:8080/",
			yes: []string{"127.0.0.1:8080", "localhost:8080"},
			no:  []string{"127.0.0.1", "evil.example:8080", "10.0.0.1:8080", "[::1]:8080", "127.0.0.1:80"},
		},
		{
			name: "IPv6 loopback", addr: &net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, given: "[::1]:8080",
			url: "http://[::1]:8080/",
			yes: []string{"[::1]:8080", "localhost:8080"},
			no:  []string{"127.0.0.1:8080", "::1", "[::1]", "evil.example:8080"},
		},
		{
			name: "a name", addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, given: "localhost:8080",
			url: "http://localhost:8080/",
			yes: []string{"127.0.0.1:8080", "localhost:8080"},
			no:  []string{"evil.example:8080"},
		},
		{
			name: "every interface", addr: &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, given: ":8080",
			url: "http://localhost:8080/",
			yes: []string{"127.0.0.1:8080", "localhost:8080", "192.0.2.7:8080", "[2001:db8::1]:8080"},
			no:  []string{"evil.example:8080", "192.0.2.7:9090", "192.0.2.7", "192.0.2.7.evil.example:8080"},
		},
		{
			name: "port 80", addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, given: "127.0.0.1:80",
			url: "http://127.0.0.1:80/",
			yes: []string{"127.0.0.1:80", "127.0.0.1", "localhost"},
			no:  []string{"evil.example", "127.0.0.1:8080"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sv := newServer(tc.addr, tc.given, robots.Options{}, time.Second)
			if sv.url != tc.url {
				t.Errorf("url = %q, want %q", sv.url, tc.url)
			}
			for _, h := range tc.yes {
				if !sv.allowedHost(h) {
					t.Errorf("Host %q refused", h)
				}
			}
			for _, h := range tc.no {
				if sv.allowedHost(h) {
					t.Errorf("Host %q answered", h)
				}
			}
		})
	}
}

func TestServeBoundsBodies(t *testing.T) {
	base := startServe(t)
	limit := maxCheckRequest(robots.DefaultMaxBytes)
	// A request whose robots text makes it exactly n bytes long.
	request := func(n int64) []byte {
		head, tail := `{"robots": "`, `", "agents": ["*"], "urls": ["/"]}`
		return []byte(head + strings.Repeat("#", int(n)-len(head)-len(tail)) + tail)
	}
	tests := []struct {
		name    string
		path    string
		body    []byte
		chunked bool // sent without Content-Length
		want    int
	}{
		{"check at the bound", "/api/check", request(limit), false, 200},
		{"check past the bound", "/api/check", request(limit + 1), false, 413},
		{"check past the bound, chunked", "/api/check", request(limit + 1), true, 413},
		{"check far past the bound, chunked", "/api/check", request(4 * limit), true, 413},
		{"live past the bound", "/api/live", []byte(`{"url": "http://a.example/` + strings.Repeat("a", maxLiveRequest) + `"}`), false, 413},
		{"live past the bound, chunked", "/api/live", []byte(`{"url": "http://a.example/` + strings.Repeat("a", maxLiveRequest) + `"}`), true, 413},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader = bytes.NewReader(tc.body)
			if tc.chunked {
				body = io.MultiReader(body) // hides the length
			}
			status, answer := post(t, base, tc.path, body, nil)
			if status != tc.want {
				t.Errorf("POST %s of %d bytes = %d, want %d: %.200s", tc.path, len(tc.body), status, tc.want, answer)
			}
			if status == 413 && !strings.Contains(answer, "larger than") {
				t.Errorf("413 says %s", answer)
			}
		})
	}
	// The draft at the bound is read as a robots.txt: cut at the parse
	// limit, which lint reports.
	_, answer := post(t, base, "/api/check", bytes.NewReader(request(limit)), nil)
	var rep serveCheckJSON
	decodeStrict(t, answer, &rep)
	codes := []string{}
	for _, f := range rep.Findings {
		codes = append(codes, fmt.Sprint(f.Line, " ", f.Code))
	}
	if diff := cmp.Diff([]string{"1 beyond-parse-limit", "1 no-group"}, codes); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestServeBadRequests(t *testing.T) {
	base := startServe(t)
	many := func(n int, s string) string {
		return `["` + strings.TrimSuffix(strings.Repeat(s+`", "`, n), `", "`) + `"]`
	}
	tests := []struct {
		name, path, body string
		header           map[string]string
		want             int
		wantError        string
	}{
		{name: "not JSON", path: "/api/check", body: `robots=x`, want: 400, wantError: "not the JSON object expected"},
		{name: "an unknown field", path: "/api/check", body: `{"robot": "x"}`, want: 400, wantError: `unknown field \"robot\"`},
		{name: "a wrong type", path: "/api/check", body: `{"agents": "*"}`, want: 400, wantError: "not the JSON object expected"},
		{name: "two objects", path: "/api/check", body: `{} {}`, want: 400, wantError: "goes on after"},
		{name: "an empty body", path: "/api/check", body: ``, want: 400, wantError: "EOF"},
		{name: "a form", path: "/api/check", body: `{}`, header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, want: 415, wantError: "application/json"},
		{name: "plain text", path: "/api/live", body: `{}`, header: map[string]string{"Content-Type": "text/plain"}, want: 415, wantError: "application/json"},
		{name: "too many agents", path: "/api/check", body: `{"agents": ` + many(maxAgents+1, "a") + `}`, want: 400, wantError: "give at most 50"},
		{name: "too many URLs", path: "/api/check", body: `{"urls": ` + many(maxURLs+1, "/") + `}`, want: 400, wantError: "give at most 1000"},
		{name: "too many pairs", path: "/api/check", body: `{"agents": ` + many(10, "a") + `, "urls": ` + many(maxURLs, "/") + `}`, want: 200},
		{name: "too many pairs, distinct", path: "/api/check", body: `{"agents": ["a", "b", "c"], "urls": ` + many(maxURLs, "/") + `}`, want: 400, wantError: "make 3000 checks: give at most 2000"},
		{name: "an answer too large", path: "/api/check", body: `{"robots": "User-agent: *\nDisallow: /` + strings.Repeat("*", 16000) + `", "agents": ["a", "b"], "urls": ` + many(maxURLs, "/x") + `}`,
			want: 400, wantError: "the answer would be larger than 8388608 bytes"},
		{name: "a live URL of another scheme", path: "/api/live", body: `{"url": "ftp://example.com/"}`, want: 400, wantError: "is not an http(s) URL"},
		{name: "a live file", path: "/api/live", body: `{"url": "file:///etc/passwd"}`, want: 400, wantError: "is not an http(s) URL"},
		{name: "a live script", path: "/api/live", body: `{"url": "javascript:alert(1)"}`, want: 400, wantError: "is not an http(s) URL"},
		{name: "a live path", path: "/api/live", body: `{"url": "/robots.txt"}`, want: 400, wantError: "is not an http(s) URL"},
		{name: "a live name without a scheme", path: "/api/live", body: `{"url": "example.com"}`, want: 400, wantError: "is not an http(s) URL"},
		{name: "a live URL without a host", path: "/api/live", body: `{"url": "http:///robots.txt"}`, want: 400, wantError: "bad URL"},
		{name: "no live URL", path: "/api/live", body: `{}`, want: 400, wantError: "is not an http(s) URL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := post(t, base, tc.path, strings.NewReader(tc.body), tc.header)
			if status != tc.want {
				t.Errorf("POST %s %.80s = %d, want %d: %s", tc.path, tc.body, status, tc.want, body)
			}
			if tc.wantError != "" && !strings.Contains(body, `"error":`) || !strings.Contains(body, tc.wantError) {
				t.Errorf("POST %s %.80s says %s, want an error with %q", tc.path, tc.body, body, tc.wantError)
			}
		})
	}
	// Other methods and paths.
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/api/check", 405},
		{"GET", "/api/live", 405},
		{"PUT", "/api/check", 405},
		{"GET", "/nope", 404},
		{"GET", "/web/index.html", 404},
		{"POST", "/", 405},
	} {
		req, _ := http.NewRequest(tc.method, base+strings.TrimPrefix(tc.path, "/"), nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, resp.StatusCode, tc.want)
		}
	}
}

// TestServePage checks that the page and its assets are served, from the
// program itself, with a policy that lets them load nothing from
// elsewhere.
func TestServePage(t *testing.T) {
	base := startServe(t)
	for _, tc := range []struct{ path, ctype, has string }{
		{"/", "text/html; charset=utf-8", `<script src="/app.js" defer></script>`},
		{"/app.js", "text/javascript; charset=utf-8", `fetch("/api/check"`},
		{"/style.css", "text/css; charset=utf-8", ".results"},
	} {
		resp, err := http.Get(base + strings.TrimPrefix(tc.path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != tc.ctype || !strings.Contains(string(body), tc.has) {
			t.Errorf("GET %s = %d, %q, body has %q: %v", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), tc.has, strings.Contains(string(body), tc.has))
		}
		if got := resp.Header.Get("Content-Security-Policy"); got != csp {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, got)
		}
		// Every reference in the page is to the page's own server.
		for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"|url\(([^)]*)\)|@import`).FindAllStringSubmatch(string(body), -1) {
			ref := m[1] + m[2]
			if !strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "//") {
				if ref != "data:," {
					t.Errorf("%s refers to %q, not to its own server", tc.path, m[0])
				}
			}
		}
	}
	if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") || strings.Contains(csp, "http") {
		t.Errorf("the policy %q lets the page reach other sites", csp)
	}
}

// serveCheckJSON is the answer of /api/check, decoded strictly.
type serveCheckJSON struct {
	Agents []string `json:"agents"`
	URLs   []string `json:"urls"`
	Notes  []string `json:"notes"`
	Groups []struct {
		Agent string `json:"agent"`
		Group *struct {
			Agents   []string `json:"agents"`
			Lines    []int    `json:"lines"`
			Fallback bool     `json:"fallback"`
		} `json:"group"`
		Text string `json:"text"`
	} `json:"groups"`
	Results  []serveResultJSON `json:"results"`
	Findings []struct {
		Source   string `json:"source"`
		Line     int    `json:"line"`
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Message  string `json:"message"`
	} `json:"findings"`
	Unlisted int `json:"unlisted"`
	Live     *struct {
		Checked int `json:"checked"`
		Changes []struct {
			Agent string     `json:"agent"`
			URL   string     `json:"url"`
			Old   resultJSON `json:"old"`
			New   resultJSON `json:"new"`
		} `json:"changes"`
	} `json:"live"`
}

type serveResultJSON struct {
	Agent string `json:"agent"`
	resultJSON
	ContentSignal map[string]string `json:"content_signal"`
	ContentUsage  map[string]string `json:"content_usage"`
}

// verdictLine is a result in short: agent, URL, verdict and line.
type verdictLine struct {
	Agent, URL string
	Allowed    bool
	Line       int
	Reason     string
}

func shortResults(rs []serveResultJSON) []verdictLine {
	out := []verdictLine{}
	for _, r := range rs {
		v := verdictLine{Agent: r.Agent, URL: r.URL, Allowed: r.Allowed, Reason: r.Reason}
		if r.Rule != nil {
			v.Line = r.Rule.Line
		}
		out = append(out, v)
	}
	return out
}

const serveDraft = `User-agent: *
Disallow: /private/
Allow: /private/help/

User-agent: Googlebot
Disallow: /search
Dissallow: /tmp/

User-agent: GPTBot
Disallow: /
`

func TestServeCheck(t *testing.T) {
	base := startServe(t)
	status, body := postJSON(t, base, "/api/check", map[string]any{
		"robots": serveDraft,
		"agents": []string{"Googlebot", "GPTBot/1.2", "googlebot", " * ", "", "1bad", "CCBot"},
		"urls":   []string{"/private/x", "", "# a comment", "https://example.com/private/help/a", "/search?q=1", "ftp://x/", "/tmp/a"},
	})
	if status != 200 {
		t.Fatalf("POST /api/check = %d: %s", status, body)
	}
	var rep serveCheckJSON
	decodeStrict(t, body, &rep)
	if diff := cmp.Diff([]string{"Googlebot", "GPTBot", "*", "CCBot"}, rep.Agents); diff != "" {
		t.Errorf("agents (-want +got):\n%s", diff)
	}
	urls := []string{"/private/x", "https://example.com/private/help/a", "/search?q=1", "/tmp/a"}
	if diff := cmp.Diff(urls, rep.URLs); diff != "" {
		t.Errorf("urls (-want +got):\n%s", diff)
	}
	wantNotes := []string{
		`agent "GPTBot/1.2" is read as its product token "GPTBot"`,
		`agent "1bad" is not a product token (letters, '-' and '_', such as Googlebot): left out`,
		`"ftp://x/" is not a URL: give an absolute http(s) URL or a path starting with /`,
	}
	if diff := cmp.Diff(wantNotes, rep.Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	// Each URL for each agent, in that order, against the library's own
	// answers.
	f := robots.Parse([]byte(serveDraft))
	var want []verdictLine
	for _, u := range urls {
		for _, a := range rep.Agents {
			x := f.Explain(a, u)
			want = append(want, verdictLine{a, u, x.Allowed, x.Rule.Line, reasonCode(x)})
		}
	}
	if diff := cmp.Diff(want, shortResults(rep.Results)); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	// A few by hand, so that the test does not only agree with itself.
	spot := map[string]verdictLine{
		"Googlebot /tmp/a":                     {"Googlebot", "/tmp/a", false, 7, "rule_matched"},
		"Googlebot /private/x":                 {"Googlebot", "/private/x", true, 0, "no_rule_matched"},
		"* https://example.com/private/help/a": {"*", "https://example.com/private/help/a", true, 3, "rule_matched"},
		"GPTBot /search?q=1":                   {"GPTBot", "/search?q=1", false, 10, "rule_matched"},
		"CCBot /private/x":                     {"CCBot", "/private/x", false, 2, "rule_matched"},
	}
	for _, r := range shortResults(rep.Results) {
		if w, ok := spot[r.Agent+" "+r.URL]; ok {
			if r != w {
				t.Errorf("result %+v, want %+v", r, w)
			}
			delete(spot, r.Agent+" "+r.URL)
		}
	}
	if len(spot) > 0 {
		t.Errorf("no results for %v", spot)
	}
	// The groups, as check says them.
	var groups []string
	for _, g := range rep.Groups {
		groups = append(groups, g.Text)
	}
	wantGroups := []string{
		"agent Googlebot: group of line 5 (Googlebot)",
		"agent GPTBot: group of line 9 (GPTBot)",
		"agent *: group of line 1 (*)",
		"agent CCBot: no group of its own; group of line 1 (*)",
	}
	if diff := cmp.Diff(wantGroups, groups); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
	// Lint's findings, on their lines.
	if len(rep.Findings) != 1 || rep.Findings[0].Line != 7 || rep.Findings[0].Code != "accepted-misspelling" || rep.Findings[0].Severity != "warning" {
		t.Errorf("findings = %+v, want the misspelling on line 7", rep.Findings)
	}
	if rep.Live != nil {
		t.Errorf("live = %+v without a live file", rep.Live)
	}

	// No agent: *. An empty draft: everything allowed, no group.
	status, body = postJSON(t, base, "/api/check", map[string]any{"robots": "", "urls": []string{"/a"}})
	rep = serveCheckJSON{}
	decodeStrict(t, body, &rep)
	if status != 200 || !cmp.Equal(rep.Agents, []string{"*"}) || len(rep.Results) != 1 || !rep.Results[0].Allowed ||
		rep.Results[0].Reason != "no_group" || rep.Groups[0].Group != nil {
		t.Errorf("empty draft = %d, %s", status, body)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Code != "empty" {
		t.Errorf("empty draft: findings %+v, want one: empty", rep.Findings)
	}
}

func TestServeCompare(t *testing.T) {
	base := startServe(t)
	liveBody := "User-agent: *\nDisallow: /old/\n"
	draft := "User-agent: *\nDisallow: /new/\n"
	urls := []string{"/old/a", "/new/a", "/other"}
	tests := []struct {
		name   string
		status int
		body   string
		want   []string // agent url live -> draft
	}{
		{"a parsed file", 200, liveBody, []string{"* /old/a disallowed -> allowed", "* /new/a allowed -> disallowed",
			"Googlebot /old/a disallowed -> allowed", "Googlebot /new/a allowed -> disallowed"}},
		{"unavailable (404): everything allowed", 404, liveBody, []string{"* /new/a allowed -> disallowed", "Googlebot /new/a allowed -> disallowed"}},
		{"unreachable (503): everything disallowed", 503, liveBody, []string{"* /old/a disallowed -> allowed", "* /other disallowed -> allowed",
			"Googlebot /old/a disallowed -> allowed", "Googlebot /other disallowed -> allowed"}},
		{"no response", 0, "", []string{"* /old/a disallowed -> allowed", "* /other disallowed -> allowed",
			"Googlebot /old/a disallowed -> allowed", "Googlebot /other disallowed -> allowed"}},
		{"the same file", 200, draft, []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := postJSON(t, base, "/api/check", map[string]any{
				"robots": draft, "agents": []string{"*", "Googlebot"}, "urls": urls,
				"live": map[string]any{"status": tc.status, "body": []byte(tc.body)},
			})
			if status != 200 {
				t.Fatalf("POST /api/check = %d: %s", status, body)
			}
			var rep serveCheckJSON
			decodeStrict(t, body, &rep)
			if rep.Live == nil || rep.Live.Checked != 6 {
				t.Fatalf("live = %+v, want 6 checked", rep.Live)
			}
			got := []string{}
			for _, c := range rep.Live.Changes {
				got = append(got, fmt.Sprintf("%s %s %s -> %s", c.Agent, c.URL, verdict(c.Old.Allowed), verdict(c.New.Allowed)))
				if c.Old.URL != c.URL || c.New.URL != c.URL {
					t.Errorf("change %+v: results of other URLs", c)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
		})
	}
}

// liveJSON is the answer of /api/live, decoded strictly.
type liveJSON struct {
	Fetch   fetchJSON `json:"fetch"`
	Summary string    `json:"summary"`
	Text    string    `json:"text"`
	Body    []byte    `json:"body"`
	Cut     bool      `json:"cut"`
}

func TestServeLive(t *testing.T) {
	const body = "User-agent: *\nDisallow: /moved/\n"
	big := strings.Repeat("# filler\n", robots.DefaultMaxBytes/9+100)
	final := serveOn(t, "127.0.0.3", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, body)
		case "/loop/robots.txt":
			http.Redirect(w, r, "/loop/robots.txt", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	site := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, final+"/robots.txt", http.StatusMovedPermanently)
	}))
	bigSite := serveOn(t, "127.0.0.4", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, big)
	}))
	down := serveOn(t, "127.0.0.5", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	slow := serveOn(t, "127.0.0.6", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}))
	loop := serveOn(t, "127.0.0.7", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, final+"/loop/robots.txt", http.StatusFound)
	}))
	base := startServe(t, "-timeout", "500ms")

	tests := []struct {
		name     string
		url      string
		want     fetchJSON
		wantBody string
		wantCut  bool
		// wantAllowed says whether the file allows /moved/x.
		wantAllowed bool
	}{
		{"a redirect to another host", site + "/some/page?x=1",
			fetchJSON{URL: site + "/robots.txt", FinalURL: final + "/robots.txt", Redirects: 1, Status: 200, Bytes: len(body), State: "parsed"},
			body, false, false},
		{"past the parse limit", bigSite,
			fetchJSON{URL: bigSite + "/robots.txt", FinalURL: bigSite + "/robots.txt", Status: 200, Bytes: robots.DefaultMaxBytes + 1, State: "parsed"},
			big[:robots.DefaultMaxBytes+1], true, true},
		{"a 5xx", down,
			fetchJSON{URL: down + "/robots.txt", FinalURL: down + "/robots.txt", Status: 503, Bytes: 0, State: "unreachable"},
			"", false, false},
		{"longer than -timeout", slow,
			fetchJSON{URL: slow + "/robots.txt", FinalURL: slow + "/robots.txt", Status: 0, State: "unreachable", Error: "timeout"},
			"", false, false},
		{"too many redirects", loop,
			fetchJSON{URL: loop + "/robots.txt", FinalURL: final + "/loop/robots.txt", Redirects: 6, Status: 302, State: "unavailable", Error: "too many redirects"},
			"", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			status, answer := postJSON(t, base, "/api/live", map[string]string{"url": tc.url})
			if status != 200 {
				t.Fatalf("POST /api/live = %d: %.300s", status, answer)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the fetch took %v, past -timeout 500ms", d)
			}
			var got liveJSON
			decodeStrict(t, answer, &got)
			if diff := cmp.Diff(tc.want, got.Fetch); diff != "" {
				t.Errorf("fetch (-want +got):\n%s", diff)
			}
			if got.Text != tc.wantBody || string(got.Body) != tc.wantBody || got.Cut != tc.wantCut {
				t.Errorf("text %d bytes, body %d bytes, cut %v; want %d bytes, cut %v", len(got.Text), len(got.Body), got.Cut, len(tc.wantBody), tc.wantCut)
			}
			if !strings.HasPrefix(got.Summary, "fetched "+tc.want.URL) {
				t.Errorf("summary %q", got.Summary)
			}

			// The file round-trips: sent back as "live", it decides as the
			// library decides for that fetch.
			status, answer = postJSON(t, base, "/api/check", map[string]any{
				"robots": "", "agents": []string{"*"}, "urls": []string{"/moved/x"},
				"live": map[string]any{"status": got.Fetch.Status, "body": got.Body},
			})
			var rep serveCheckJSON
			decodeStrict(t, answer, &rep)
			liveAllowed := robots.FromStatus(got.Fetch.Status, got.Body).Allowed("*", "/moved/x")
			wantChanges := 0
			if !liveAllowed {
				wantChanges = 1 // the empty draft allows everything
			}
			if status != 200 || rep.Live == nil || len(rep.Live.Changes) != wantChanges {
				t.Errorf("compare with the live file = %d, %s", status, answer)
			}
			if liveAllowed != tc.wantAllowed {
				t.Errorf("the live file allows /moved/x: %v, want %v", liveAllowed, tc.wantAllowed)
			}
		})
	}
}

func TestServeUsage(t *testing.T) {
	runCases(t, []runCase{
		{
			name:       "an argument",
			args:       []string{"serve", "8080"},
			wantStderr: "robots serve: serve takes no arguments: give the address with -addr HOST:PORT\nRun 'robots serve -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:          "an address that cannot be listened on",
			args:          []string{"serve", "-addr", "127.0.0.1:99999"},
			wantStderrHas: []string{"robots serve: listening on 127.0.0.1:99999: "},
			wantStatus:    2,
		},
		{
			name:          "a timeout that is not positive",
			args:          []string{"serve", "-timeout", "0s"},
			wantStderrHas: []string{"-timeout 0s is not a positive duration"},
			wantStatus:    2,
		},
		{name: "help", args: []string{"serve", "-h"}, wantStdout: serveHelp},
	})
}

// TestServeAPIDocumented checks that every field of the API's answers is
// named in the help of serve.
func TestServeAPIDocumented(t *testing.T) {
	site := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /x\n")
	}))
	base := startServe(t)
	var fields func(v any)
	seen := map[string]bool{}
	fields = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				seen[k] = true
				fields(x)
			}
		case []any:
			for _, x := range v {
				fields(x)
			}
		}
	}
	for _, call := range []struct {
		path string
		body any
	}{
		{"/api/check", map[string]any{"robots": "User-agent: *\nDisallow: /x\nNoindex: /y\n", "agents": []string{"a/1"}, "urls": []string{"/x", "/y"},
			"live": map[string]any{"status": 404}}},
		{"/api/live", map[string]any{"url": site}},
	} {
		status, body := postJSON(t, base, call.path, call.body)
		if status != 200 {
			t.Fatalf("POST %s = %d: %s", call.path, status, body)
		}
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		fields(v)
	}
	for k := range seen {
		if !strings.Contains(serveHelp, `"`+k+`"`) && !strings.Contains(checkHelp, `"`+k+`"`) && !strings.Contains(lintHelp, `"`+k+`"`) {
			t.Errorf("the API answers with the field %q, which no help names", k)
		}
	}
	if len(seen) < 30 {
		t.Errorf("the answers have %d distinct fields, want every one of the API's", len(seen))
	}
}

// TestServePreferences checks that the tester's results carry the
// Content-Signal and Content-Usage preferences, as check's do.
func TestServePreferences(t *testing.T) {
	base := startServe(t)
	status, body := postJSON(t, base, "/api/check", map[string]any{
		"robots": "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /img/ train-ai=n\nDisallow: /x\n",
		"agents": []string{"Googlebot"}, "urls": []string{"/", "/img/a.png", "/x"},
	})
	if status != 200 {
		t.Fatalf("POST /api/check = %d: %s", status, body)
	}
	var rep struct {
		Results []serveResultJSON `json:"results"`
	}
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatal(err)
	}
	type prefs struct{ Signal, Usage map[string]string }
	signal := map[string]string{"search": "yes", "ai-train": "no"}
	want := []prefs{
		{signal, map[string]string{}},
		{signal, map[string]string{"train-ai": "n"}},
		{map[string]string{}, map[string]string{}}, // disallowed
	}
	var got []prefs
	for _, r := range rep.Results {
		got = append(got, prefs{r.ContentSignal, r.ContentUsage})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("preferences mismatch (-want +got):\n%s", diff)
	}
}
