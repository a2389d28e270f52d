package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// servers starts the robots.txt servers of the tests, on loopback, and
// returns their URLs by name.
func servers(t *testing.T) map[string]string {
	t.Helper()
	body, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	handlers := map[string]http.HandlerFunc{
		"ok": func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/robots.txt" {
				http.NotFound(w, r)
				return
			}
			w.Write(body)
		},
		"404": http.NotFound,
		"503": func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
		},
		"redirect": func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/moved/robots.txt", http.StatusMovedPermanently)
				return
			}
			w.Write([]byte("User-agent: *\nDisallow: /moved-away/\n"))
		},
		"slow": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		},
		"html": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<!DOCTYPE html>\n<html><body>\n<p>Welcome: home</p>\n</body></html>\n"))
		},
		"sitemaps": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "User-agent: *\nDisallow: /x\nSitemap: http://%s/sitemap.xml\nSitemap: https://cdn.example/s.xml\n", r.Host)
		},
		"escape": func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("User-agent: *\nDisallow: /\x1b[31mred\n"))
		},
	}
	urls := map[string]string{}
	for name, h := range handlers {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		urls[name] = srv.URL
	}
	return urls
}

func TestURLSources(t *testing.T) {
	u := servers(t)
	info, err := os.Stat(example)
	if err != nil {
		t.Fatal(err)
	}
	size := strconv.FormatInt(info.Size(), 10)
	// A loopback address where nothing listens any more.
	gone := httptest.NewServer(http.NotFoundHandler())
	closed := gone.URL
	gone.Close()
	tests := []runCase{
		{
			name: "200",
			args: []string{"check", "-agent", "Googlebot", u["ok"], u["ok"] + "/private/x", "/public/"},
			wantStdout: "" +
				"fetched " + u["ok"] + "/robots.txt: HTTP 200, " + size + " bytes\n" +
				"agent Googlebot: group of line 11 (Googlebot)\n" +
				"disallowed  " + u["ok"] + "/private/x  line 12: Disallow: /private/\n" +
				"allowed     /public/" + strings.Repeat(" ", len(u["ok"])+4) + "no rule matched\n",
			wantStatus: 1,
		},
		{
			name: "200, the SOURCE URL checked itself",
			args: []string{"check", u["ok"] + "/search?q=1"},
			wantStdout: "" +
				"fetched " + u["ok"] + "/robots.txt: HTTP 200, " + size + " bytes\n" +
				"agent *: group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\n" +
				"disallowed  " + u["ok"] + "/search?q=1  line 6: Disallow: /search\n",
			wantStatus: 1,
		},
		{
			name: "a URL of another origin, with a note",
			args: []string{"check", u["ok"], "https://example.com/private/x"},
			wantStdout: "" +
				"fetched " + u["ok"] + "/robots.txt: HTTP 200, " + size + " bytes\n" +
				"agent *: group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\n" +
				"disallowed  https://example.com/private/x  line 4: Disallow: /private/\n",
			wantStderr: "robots check: note: https://example.com/private/x is not on the origin of " + u["ok"] +
				"/robots.txt: it is checked against that file all the same\n",
			wantStatus: 1,
		},
		{
			name: "404: unavailable, every URL allowed",
			args: []string{"check", u["404"] + "/", "/private/"},
			wantStdoutHas: []string{
				"fetched " + u["404"] + "/robots.txt: HTTP 404, ",
				"; robots.txt unavailable: every URL is allowed\n",
				"allowed     /private/  robots.txt unavailable (HTTP 404): all allowed\n",
			},
		},
		{
			name: "503: unreachable, every URL disallowed",
			args: []string{"check", u["503"], "/public/"},
			wantStdoutHas: []string{
				"fetched " + u["503"] + "/robots.txt: HTTP 503, ",
				"; robots.txt unreachable: every URL is disallowed\n",
				"disallowed  /public/  robots.txt unreachable (HTTP 503): all disallowed\n",
			},
			wantStatus: 1,
		},
		{
			name: "redirect: the final URL is said",
			args: []string{"check", u["redirect"] + "/", "/moved-away/x"},
			wantStdout: "" +
				"fetched " + u["redirect"] + "/robots.txt -> " + u["redirect"] + "/moved/robots.txt (1 redirect): HTTP 200, 37 bytes\n" +
				"agent *: group of line 1 (*)\n" +
				"disallowed  /moved-away/x  line 2: Disallow: /moved-away/\n",
			wantStatus: 1,
		},
		{
			name: "timeout: unreachable, every URL disallowed",
			args: []string{"check", "-timeout", "200ms", u["slow"], "/public/"},
			wantStdout: "" +
				"fetched " + u["slow"] + "/robots.txt: timeout; robots.txt unreachable: every URL is disallowed\n" +
				"disallowed  /public/  robots.txt unreachable (timeout): all disallowed\n",
			wantStderr: "robots check: could not fetch " + u["slow"] + "/robots.txt: timeout; crawlers take the site as unreachable " +
				"and fetch nothing. Check the URL and the network, or give a longer -timeout\n",
			wantStatus: 2,
		},
		{
			name: "lint of an HTML page served as robots.txt",
			args: []string{"lint", u["html"]},
			wantStdout: "" +
				"fetched " + u["html"] + "/robots.txt: HTTP 200, 65 bytes\n" +
				u["html"] + ":1: error: this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt\n" +
				"1 finding: 1 error, 0 warnings, 0 info; 5 more findings on the lines of what is not a robots.txt, not listed\n",
			wantStatus: 1,
		},
		{
			name: "lint of a fetched file: a sitemap on another host is info",
			args: []string{"lint", u["sitemaps"] + "/a/page"},
			wantStdout: "" +
				"fetched " + u["sitemaps"] + "/robots.txt: HTTP 200, " + strconv.Itoa(len(strings.TrimPrefix(u["sitemaps"], "http://"))+91) + " bytes\n" +
				u["sitemaps"] + "/a/page:4: info: sitemap \"https://cdn.example/s.xml\" is on another host than this robots.txt (127.0.0.1): " +
				"Google and Bing take a sitemap that robots.txt names from any host, other crawlers may not\n" +
				"1 finding: 0 errors, 0 warnings, 1 info\n",
		},
		{
			name: "lint of a 404",
			args: []string{"lint", u["404"]},
			wantStdoutHas: []string{
				u["404"] + ":1: info: " + u["404"] + "/robots.txt: HTTP 404, ",
				"; robots.txt unavailable: every URL is allowed\n1 finding: 0 errors, 0 warnings, 1 info\n",
			},
		},
		{
			name:          "lint of a 503",
			args:          []string{"lint", u["503"]},
			wantStdoutHas: []string{u["503"] + ":1: error: " + u["503"] + "/robots.txt: HTTP 503, "},
			wantStatus:    1,
		},
		{
			name: "show of a fetched file, escaped",
			args: []string{"show", u["escape"]},
			wantStdout: "" +
				"fetched " + u["escape"] + "/robots.txt: HTTP 200, 34 bytes\n" +
				"group for *\n" +
				"  user-agent line 1: *\n" +
				"  line 2: Disallow: /\\x1b[31mred\n" +
				"diagnostics\n" +
				"  line 2: invalid bytes \"control byte\"\n",
		},
		{
			name: "diff of a live file and a local one",
			args: []string{"diff", u["ok"], newFile, "/tmp/x"},
			wantStdout: "" +
				"fetched " + u["ok"] + "/robots.txt: HTTP 200, " + size + " bytes\n" +
				"Googlebot  /tmp/x  allowed -> disallowed\n" +
				"  old: no rule matched\n" +
				"  new: line 16: Disallow: /tmp/\n" +
				"1 verdict changed of 2 pairs checked (2 agents, 1 URL)\n",
			wantStatus: 1,
		},
		{
			name: "connection refused: lint says so, and fails",
			args: []string{"lint", "-json", closed},
			wantStdoutHas: []string{
				`"state": "unreachable"`,
				`"code": "unreachable"`,
			},
			wantStderrHas: []string{"robots lint: could not fetch " + closed + "/robots.txt: "},
			wantStatus:    2,
		},
		{
			name:          "a URL without a host",
			args:          []string{"check", "https://", "/"},
			wantStderrHas: []string{"robots check: fetching the robots.txt of https://: "},
			wantStatus:    2,
		},
	}
	runCases(t, tests)
}

func TestURLSourceJSON(t *testing.T) {
	u := servers(t)
	got := runTool(t, nil, "check", "-json", u["redirect"]+"/a", "/moved-away/")
	var rep checkJSON
	decodeStrict(t, got.stdout, &rep)
	want := fetchJSON{URL: u["redirect"] + "/robots.txt", FinalURL: u["redirect"] + "/moved/robots.txt", Redirects: 1,
		Status: 200, Bytes: 37, State: "parsed"}
	if rep.Fetch == nil || *rep.Fetch != want {
		t.Errorf("fetch = %+v, want %+v", rep.Fetch, want)
	}
	// What the Checker did: one fetch, which parsed, answering its one
	// call, and one file of some hundreds of bytes kept.
	if st := rep.Stats; st == nil || st.Answers.Fetch != 1 || st.Answers.Memory != 0 || st.Fetches.Parsed != 1 ||
		st.Fetches.Unreachable != 0 || st.Entries != 1 || st.Bytes < 37 || st.StoreCalls["get"] != 0 {
		t.Errorf("stats of a fetch that parsed = %+v", st)
	}
	got = runTool(t, nil, "check", "-json", u["503"], "/")
	rep = checkJSON{}
	decodeStrict(t, got.stdout, &rep)
	if rep.Fetch == nil || rep.Fetch.Status != 503 || rep.Fetch.State != "unreachable" || len(rep.Groups) != 1 || rep.Groups[0].Group != nil ||
		len(rep.Results) != 1 || rep.Results[0].Allowed || rep.Results[0].Reason != "unreachable" {
		t.Errorf("check -json of a 503: %s", got.stdout)
	}
	if st := rep.Stats; st == nil || st.Fetches.Unreachable != 1 || st.Fetches.Parsed != 0 || st.Answers.Fetch != 1 {
		t.Errorf("stats of a 503 = %+v", st)
	}
}

func TestURL(t *testing.T) {
	runCases(t, []runCase{
		{
			name:       "pages",
			args:       []string{"url", "https://www.Example.com/a/b?c#d", "http://example.com:80/x", "https://example.com:8443/"},
			wantStdout: "https://www.example.com/robots.txt\nhttp://example.com/robots.txt\nhttps://example.com:8443/robots.txt\n",
		},
		{
			name:          "a page that is no URL, among others",
			args:          []string{"url", "example.com/a", "https://example.com/b"},
			wantStdout:    "https://example.com/robots.txt\n",
			wantStderrHas: []string{"robots url: "},
			wantStatus:    2,
		},
		{
			name:       "no page",
			args:       []string{"url"},
			wantStderr: "robots url: url needs at least one PAGEURL, such as https://example.com/a/b\nRun 'robots url -h' for usage.\n",
			wantStatus: 2,
		},
	})
}

func TestURLJSON(t *testing.T) {
	got := runTool(t, nil, "url", "-json", "https://BÜCHER.example:443/a?b", "example.com/a")
	if got.status != 2 || got.stderr != "" {
		t.Errorf("url -json with a bad page: status %d, stderr %q; want 2 and nothing", got.status, got.stderr)
	}
	var rep struct {
		URLs []struct {
			Page   string `json:"page"`
			Robots string `json:"robots"`
			Error  string `json:"error"`
		} `json:"urls"`
	}
	decodeStrict(t, got.stdout, &rep)
	if len(rep.URLs) != 2 {
		t.Fatalf("url -json gave %d results, want 2: %s", len(rep.URLs), got.stdout)
	}
	if r := rep.URLs[0]; r.Page != "https://BÜCHER.example:443/a?b" || r.Robots != "https://xn--bcher-kva.example/robots.txt" || r.Error != "" {
		t.Errorf("first result = %+v", r)
	}
	if r := rep.URLs[1]; r.Page != "example.com/a" || r.Robots != "" || r.Error == "" || strings.HasPrefix(r.Error, "robots: ") {
		t.Errorf("second result = %+v, want no robots.txt URL and an error without the package prefix", r)
	}
}
