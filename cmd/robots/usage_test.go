package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The sample files of usage, relative to this package's directory.
const (
	usagePage   = "../../testdata/usage.html"
	usageTDMRep = "../../testdata/tdmrep.json"
	aiRobots    = "../../testdata/ai.txt"
)

// TestUsageFile answers for an HTML file, with the rest given by options.
func TestUsageFile(t *testing.T) {
	runCases(t, []runCase{
		{
			name: "the file alone: its META tags",
			args: []string{"usage", usagePage},
			wantStdout: `agent *: fetchable
search    unstated
ai-input  unstated    meta line 6: robots: noimageai
  images  disallowed
ai-train  disallowed  meta line 7: tdm-reservation: 1
                      meta line 6: robots: noimageai
  images  disallowed
  policy  https://example.com/tdm-policy.json
`,
		},
		{
			name: "robots.txt, tdmrep.json and a header: META supersedes tdmrep.json",
			args: []string{"usage", "-agent", "ClaudeBot", "-robots", aiRobots, "-tdmrep", usageTDMRep, "-url", "/blog/post",
				"-header", "Content-Signal: ai-input=yes", "-header", "content-usage: search=y, x-foo=n", usagePage},
			wantStdout: `agent ClaudeBot: fetchable
search    allowed     robots.txt line 3: Content-Signal: search=yes, ai-train=no
                      header 1: Content-Usage: search=y, x-foo=n
ai-input  allowed     header 1: Content-Signal: ai-input=yes
                      meta line 6: robots: noimageai
  images  disallowed
ai-train  disallowed  robots.txt line 3: Content-Signal: search=yes, ai-train=no
                      robots.txt line 4: Content-Usage: train-ai=n
                      meta line 7: tdm-reservation: 1
                      meta line 6: robots: noimageai
  images  disallowed
  policy  https://example.com/tdm-policy.json
unknown               x-foo=n
note: TDMRep: tdm-reservation 1 of the META tags supersedes 0 of the tdmrep.json (processing priority)
`,
		},
		{
			name:  "robots.txt disallows the page: not fetchable, exit 0",
			args:  []string{"usage", "-agent", "GPTBot", "-robots", aiRobots, "-header", "tdm-reservation: 0", "-"},
			stdin: strings.NewReader(`<meta name="robots" content="noai">`),
			wantStdout: `agent GPTBot: not fetchable: robots.txt disallows it
search    unstated    robots.txt line 8: Disallow: /
ai-input  unstated    robots.txt line 8: Disallow: /
ai-train  unstated    robots.txt line 8: Disallow: /
note: robots.txt disallows the URL for GPTBot (line 8: Disallow: /): it is not fetched, and no use is stated (draft-ietf-aipref-attach-05 section 3.1)
`,
		},
		{
			name:          "a header that is not one",
			args:          []string{"usage", "-header", "noai", usagePage},
			wantStderrHas: []string{`"noai" is not a header`},
			wantStatus:    2,
		},
		{
			name:          "-url that is not a URL",
			args:          []string{"usage", "-url", "blog/post", usagePage},
			wantStderrHas: []string{`-url "blog/post" is not a URL`},
			wantStatus:    2,
		},
		{
			name:          "no such file",
			args:          []string{"usage", "../../testdata/none.html"},
			wantStderrHas: []string{"no such file"},
			wantStatus:    2,
		},
		{
			name:          "no such tdmrep.json",
			args:          []string{"usage", "-tdmrep", "../../testdata/none.json", usagePage},
			wantStderrHas: []string{"none.json: no such file: give a tdmrep.json file"},
			wantStatus:    2,
		},
		{
			name:          "standard input twice",
			args:          []string{"usage", "-robots", "-", "-"},
			wantStderrHas: []string{"standard input can be read once"},
			wantStatus:    2,
		},
		{
			name:          "two sources",
			args:          []string{"usage", usagePage, usagePage},
			wantStderrHas: []string{"usage needs one SOURCE"},
			wantStatus:    2,
		},
		{
			name:          "-robots with a URL",
			args:          []string{"usage", "-robots", aiRobots, "https://example.com/"},
			wantStderrHas: []string{"-robots, -tdmrep and -url are for an HTML file"},
			wantStatus:    2,
		},
		{
			name:          "a bad agent",
			args:          []string{"usage", "-agent", "GPT Bot", usagePage},
			wantStderrHas: []string{"is cut to its product token"},
			wantStdoutHas: []string{"agent GPT: fetchable\n"},
		},
	})
}

// TestUsageJSON checks the JSON answer, every field present: null for a
// missing policy and line, empty lists.
func TestUsageJSON(t *testing.T) {
	got := runTool(t, nil, "usage", "-json", "-agent", "ClaudeBot", "-robots", aiRobots, "-url", "https://example.com/blog/post",
		"-header", "X-Robots-Tag: noai", "-header", "Tdm-Reservation: 1", "-header", "Content-Usage: train-ai=y, train-ai", "-")
	if got.status != 0 || got.stderr != "" {
		t.Fatalf("usage -json = %d, stderr %q", got.status, got.stderr)
	}
	var report map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &report); err != nil {
		t.Fatalf("usage -json wrote no JSON object: %v\n%s", err, got.stdout)
	}
	robots3 := map[string]any{"from": "robots.txt", "line": 3.0, "text": "Content-Signal: search=yes, ai-train=no"}
	noai := map[string]any{"from": "header", "line": 1.0, "text": "X-Robots-Tag: noai"}
	want := map[string]any{
		"source": "-", "agent": "ClaudeBot", "fetchable": true,
		"uses": map[string]any{
			"search":   map[string]any{"answer": "allowed", "by": []any{robots3}},
			"ai-input": map[string]any{"answer": "disallowed", "images": "disallowed", "by": []any{noai}},
			"ai-train": map[string]any{"answer": "disallowed", "images": "disallowed", "policy": nil, "by": []any{
				robots3,
				map[string]any{"from": "robots.txt", "line": 4.0, "text": "Content-Usage: train-ai=n"},
				noai,
				map[string]any{"from": "header", "line": 1.0, "text": "tdm-reservation: 1"},
			}},
		},
		"unknown":     []any{"train-ai"},
		"diagnostics": []any{},
	}
	if diff := cmp.Diff(want, report); diff != "" {
		t.Errorf("usage -json mismatch (-want +got):\n%s", diff)
	}

	// Not fetchable, with no rule to name: line is null.
	s := newUsageSite(t, http.StatusServiceUnavailable)
	got = runTool(t, nil, "usage", "-json", s.URL+"/post")
	if err := json.Unmarshal([]byte(got.stdout), &report); err != nil || got.status != 0 {
		t.Fatalf("usage -json of an unreachable site = %d, %v\n%s", got.status, err, got.stdout)
	}
	by := report["uses"].(map[string]any)["search"].(map[string]any)["by"].([]any)
	if report["fetchable"] != false || len(by) != 1 || by[0].(map[string]any)["line"] != nil {
		t.Errorf("usage -json of an unreachable site: %s\nwant not fetchable, by one source with a null line", got.stdout)
	}
}

// newUsageSite is a site for usage: a robots.txt (or the status
// robotsStatus), a tdmrep.json, and pages.
func newUsageSite(t *testing.T, robotsStatus int) *site {
	t.Helper()
	return serveSite(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.WriteHeader(robotsStatus)
			w.Write([]byte("User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"))
		case "/.well-known/tdmrep.json":
			w.Write([]byte(`[{"location": "/blog/", "tdm-reservation": 1, "tdm-policy": "https://example.com/policy"}]`))
		case "/blog/post":
			w.Header().Set("Content-Type", "text/html")
			w.Header().Add("Content-Usage", "search=n")
			w.Header().Add("X-Robots-Tag", "ClaudeBot: noai")
			w.Write([]byte("<!DOCTYPE html>\n<head>\n<meta name=\"robots\" content=\"noimageai\">\n</head>\n<body>text</body>"))
		case "/to-private":
			http.Redirect(w, r, "/private/page", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	})
}

// TestUsageURL fetches robots.txt, tdmrep.json and the page from a site on
// loopback, the page only where robots.txt allows it.
func TestUsageURL(t *testing.T) {
	s := newUsageSite(t, http.StatusOK)
	got := runTool(t, nil, "usage", "-agent", "ClaudeBot", "-header", "Content-Signal: ai-input=yes", s.URL+"/blog/post")
	want := `agent ClaudeBot: fetchable
search    disallowed  header 1: Content-Usage: search=n
ai-input  disallowed  header 1: X-Robots-Tag: ClaudeBot: noai
                      meta line 3: robots: noimageai
  images  disallowed
ai-train  disallowed  robots.txt line 2: Content-Signal: search=yes, ai-train=no
                      header 1: X-Robots-Tag: ClaudeBot: noai
                      tdmrep.json entry 1: {"location":"/blog/","tdm-reservation":1,"tdm-policy":"https://example.com/policy"}
                      meta line 3: robots: noimageai
  images  disallowed
  policy  https://example.com/policy
`
	if got.status != 0 || got.stderr != "" || got.stdout != want {
		t.Errorf("usage of a page = %d, stderr %q:\n%s\nwant 0 and:\n%s", got.status, got.stderr, got.stdout, want)
	}
	if diff := cmp.Diff([]string{"/robots.txt", "/blog/post", "/.well-known/tdmrep.json"}, s.asked()); diff != "" {
		t.Errorf("paths asked (-want +got):\n%s", diff)
	}
}

// TestUsageURLNotFetchable: a page robots.txt disallows, directly or at
// the end of a redirect, is not fetched, nor is tdmrep.json; the answer
// says so, with exit status 0.
func TestUsageURLNotFetchable(t *testing.T) {
	s := newUsageSite(t, http.StatusOK)
	for _, tc := range []struct{ agent, path, rule string }{
		{"GPTBot", "/blog/post", "line 6: Disallow: /"},
		{"*", "/to-private", "line 3: Disallow: /private/"},
	} {
		before := len(s.asked())
		got := runTool(t, nil, "usage", "-agent", tc.agent, s.URL+tc.path)
		if got.status != 0 || !strings.HasPrefix(got.stdout, "agent "+tc.agent+": not fetchable") ||
			!strings.Contains(got.stdout, "note: robots.txt disallows the URL for "+tc.agent+" ("+tc.rule+")") {
			t.Errorf("usage -agent %s %s = %d, stderr %q:\n%s\nwant 0, not fetchable by %s", tc.agent, tc.path, got.status, got.stderr, got.stdout, tc.rule)
		}
		for _, p := range s.asked()[before:] {
			if p == "/blog/post" || strings.HasPrefix(p, "/private/") || p == "/.well-known/tdmrep.json" {
				t.Errorf("usage -agent %s %s asked the site for %s", tc.agent, tc.path, p)
			}
		}
	}
}

// TestUsageURLErrors: no response is exit 2; a page of another status is
// answered from what it sent, with a note.
func TestUsageURLErrors(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	got := runTool(t, nil, "usage", "-timeout", "5s", dead.URL+"/page")
	if got.status != 2 || got.stdout != "" || !strings.Contains(got.stderr, "robots usage: could not fetch "+dead.URL+"/robots.txt (") {
		t.Errorf("usage on a dead site = %d, stdout %q, stderr %q; want 2 and could not fetch", got.status, got.stdout, got.stderr)
	}
	s := newUsageSite(t, http.StatusOK)
	got = runTool(t, nil, "usage", s.URL+"/missing")
	if got.status != 0 || !strings.Contains(got.stdout, "note: the page answered HTTP 404") {
		t.Errorf("usage of a 404 page = %d:\n%s\nwant 0 and a note", got.status, got.stdout)
	}
}
