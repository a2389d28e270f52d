package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The sample page, relative to this package's directory.
const samplePage = "../../testdata/page.html"

// pageDefault is what page prints for the sample page and the agent *.
const pageDefault = `index              yes      default
follow             yes      default
snippet            yes      meta robots, line 6: max-snippet: 50
archive            yes      default
translate          yes      default
imageindex         yes      default
indexifembedded    yes      default
ai                 yes      default
imageai            yes      default
max_snippet        50       meta robots, line 6: max-snippet: 50
max_image_preview  large    meta robots, line 6: max-image-preview: large
max_video_preview  no limit default
unavailable_after  never    default
unknown                     meta robots, line 6: noodp
`

func TestPage(t *testing.T) {
	html, err := os.ReadFile(samplePage)
	if err != nil {
		t.Fatal(err)
	}
	runCases(t, []runCase{
		{name: "the default agent", args: []string{"page", samplePage}, wantStdout: pageDefault},
		{name: "standard input", args: []string{"page", "-"}, stdin: strings.NewReader(string(html)), wantStdout: pageDefault},
		{
			name: "Googlebot: its own tag forbids indexing", args: []string{"page", "-agent", "Googlebot", samplePage},
			wantStdoutHas: []string{
				"index              no                   meta googlebot, line 7: noindex\n",
				"unavailable_after  2031-01-01T00:00:00Z meta googlebot, line 7: unavailable_after: 2031-01-01\n",
			},
			wantStatus: 1,
		},
		{
			name: "Bingbot: nocache, and no noindex", args: []string{"page", "-agent", "bingbot", samplePage},
			wantStdoutHas: []string{"index              yes      default\n", "archive            no       meta bingbot, line 10: nocache\n"},
		},
		{
			name: "headers given, with a prefix", args: []string{"page", "-agent", "Googlebot", "-header", "X-Robots-Tag: googlebot: nosnippet", "-header", "x-robots-tag:noai", samplePage},
			wantStdoutHas: []string{
				"snippet            no                   X-Robots-Tag 1: googlebot: nosnippet\n",
				"ai                 no                   X-Robots-Tag 2: noai\n",
			},
			wantStatus: 1,
		},
		{
			name: "an invalid rule is listed as ignored", args: []string{"page", "-header", "X-Robots-Tag: max-snippet: lots", samplePage},
			wantStdoutHas: []string{"invalid            ignored  X-Robots-Tag 1: max-snippet: lots\n"},
		},
		{
			name: "permissive: the allowing rule wins", args: []string{"page", "-permissive", "-header", "X-Robots-Tag: noindex, index", "-"},
			stdin:         strings.NewReader(""),
			wantStdoutHas: []string{"index              yes      X-Robots-Tag 1: index\n"},
		},
		{
			name: "restrictive: the forbidding rule wins", args: []string{"page", "-header", "X-Robots-Tag: noindex, index", "-"},
			stdin:         strings.NewReader(""),
			wantStdoutHas: []string{"index              no       X-Robots-Tag 1: noindex\n"},
			wantStatus:    1,
		},
		{
			name: "a date that has passed forbids indexing", args: []string{"page", "-header", "X-Robots-Tag: unavailable_after: 25 Jun 2010 15:00:00 PST", "-"},
			stdin:         strings.NewReader(""),
			wantStdoutHas: []string{"index              yes                  default\n", "unavailable_after  2010-06-25T23:00:00Z X-Robots-Tag 1: unavailable_after: 25 Jun 2010 15:00:00 PST\n"},
			wantStatus:    1,
		},
		{
			name: "control bytes are escaped", args: []string{"page", "-"},
			stdin:         strings.NewReader("<meta name=robots content=\"\x1b[31mred\">"),
			wantStdoutHas: []string{"unknown                     meta robots, line 1: \\x1b[31mred\n"},
		},
		{
			name: "a header that is not X-Robots-Tag", args: []string{"page", "-header", "Link: <x>", samplePage},
			wantStderrHas: []string{`robots page: invalid value "Link: <x>" for flag -header: "Link: <x>" is not an X-Robots-Tag header`},
			wantStatus:    2,
		},
		{
			name: "no SOURCE", args: []string{"page"},
			wantStderr: "robots page: page needs one SOURCE: an HTML file, - for standard input, or an http(s) URL\nRun 'robots page -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name: "two SOURCEs", args: []string{"page", samplePage, samplePage},
			wantStderrHas: []string{"page needs one SOURCE"}, wantStatus: 2,
		},
		{
			name: "a missing file", args: []string{"page", "nosuch.html"},
			wantStderr: "robots page: nosuch.html: no such file: give an HTML file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
		{
			name: "a directory", args: []string{"page", "../../testdata"},
			wantStderrHas: []string{"robots page: reading HTML: "}, wantStatus: 2,
		},
		{
			name: "a bad agent", args: []string{"page", "-agent", "/", samplePage},
			wantStderrHas: []string{"is not a product token"}, wantStatus: 2,
		},
		{name: "help", args: []string{"page", "-h"}, wantStdout: pageHelp},
	})
}

// TestPageJSON checks the JSON output: exactly the fields of the help,
// always present.
func TestPageJSON(t *testing.T) {
	got := runTool(t, nil, "page", "-json", "-agent", "Googlebot", "-header", "X-Robots-Tag: googlebot: noarchive", samplePage)
	if got.status != 1 || got.stderr != "" {
		t.Fatalf("page -json = %d, stderr %q; want 1 and nothing", got.status, got.stderr)
	}
	var fields map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &fields); err != nil {
		t.Fatalf("page -json wrote %q: %v", got.stdout, err)
	}
	var names []string
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	want := []string{"agent", "ai", "archive", "follow", "imageai", "imageindex", "index", "indexifembedded", "max_image_preview",
		"max_snippet", "max_video_preview", "policy", "rules", "snippet", "source", "translate", "unavailable_after", "unknown"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("page -json fields mismatch (-want +got):\n%s", diff)
	}
	var rep pageReport
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	fifty, large, date := 50, "large", "2031-01-01T00:00:00Z"
	wantRep := pageReport{
		Source: samplePage, Agent: "Googlebot", Policy: "restrictive",
		Index: false, Follow: true, Snippet: true, Archive: false, Translate: true, ImageIndex: true,
		IndexIfEmbedded: false, AI: true, ImageAI: true,
		MaxSnippet: &fifty, MaxImagePreview: &large, UnavailableAfter: &date,
		Unknown: []string{"noodp"},
		Rules: []pageRule{
			{"header", 1, "googlebot: noarchive"},
			{"meta", 6, "max-snippet: 50"},
			{"meta", 6, "max-image-preview: large"},
			{"meta", 6, "noodp"},
			{"meta", 7, "noindex"},
			{"meta", 7, "unavailable_after: 2031-01-01"},
		},
	}
	if diff := cmp.Diff(wantRep, rep); diff != "" {
		t.Errorf("page -json mismatch (-want +got):\n%s", diff)
	}

	// Without rules, the booleans are true, the limits null, the lists empty.
	got = runTool(t, strings.NewReader("<p>no rules</p>"), "page", "-json", "-")
	const empty = `{
  "source": "-",
  "agent": "*",
  "policy": "restrictive",
  "index": true,
  "follow": true,
  "snippet": true,
  "archive": true,
  "translate": true,
  "imageindex": true,
  "indexifembedded": true,
  "ai": true,
  "imageai": true,
  "max_snippet": null,
  "max_video_preview": null,
  "max_image_preview": null,
  "unavailable_after": null,
  "unknown": [],
  "rules": []
}
`
	if got.stdout != empty || got.status != 0 {
		t.Errorf("page -json of a page without rules = %d:\n%s\nwant 0:\n%s", got.status, got.stdout, empty)
	}
}

// site is a web site on loopback that serves what a handler serves, and
// keeps the paths it was asked for.
type site struct {
	*httptest.Server
	mu    sync.Mutex
	paths []string
}

func (s *site) asked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

// serveSite starts a site that serves with h, closed when t ends.
func serveSite(t *testing.T, h http.HandlerFunc) *site {
	t.Helper()
	s := &site{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// newSite is a site for page: robotsTxt, and pages.
func newSite(t *testing.T, robotsTxt string) *site {
	t.Helper()
	return serveSite(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte(robotsTxt))
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Add("X-Robots-Tag", "googlebot: nofollow")
			w.Write([]byte("<!DOCTYPE html>\n<head>\n<meta name=\"robots\" content=\"noarchive\">\n</head>\n<body>" + strings.Repeat("<p>text</p>", 10000) + "</body>"))
		case "/to-private":
			http.Redirect(w, r, "/private/page", http.StatusFound)
		case "/gone":
			w.Header().Add("X-Robots-Tag", "noarchive")
			http.NotFound(w, r)
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<meta name=robots content=noimageindex>"))
		}
	})
}

// TestPageURL fetches pages from a site on loopback, only where its
// robots.txt allows.
func TestPageURL(t *testing.T) {
	s := newSite(t, "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /page\n")

	got := runTool(t, nil, "page", "-agent", "Bingbot", s.URL+"/page")
	wantFirst := "fetched " + s.URL + "/page: HTTP 200\n"
	if got.status != 0 || got.stderr != "" || !strings.HasPrefix(got.stdout, wantFirst) ||
		!strings.Contains(got.stdout, "follow             yes      default\n") ||
		!strings.Contains(got.stdout, "archive            no       meta robots, line 3: noarchive\n") {
		t.Errorf("page of an allowed URL = %d, stderr %q:\n%s\nwant 0, starting %q, follow yes (the header's nofollow is Googlebot's), archive no from line 3",
			got.status, got.stderr, got.stdout, wantFirst)
	}
	got = runTool(t, nil, "page", s.URL+"/page")
	if got.status != 0 || !strings.Contains(got.stdout, "archive            no       meta robots, line 3: noarchive\n") {
		t.Errorf("page of an allowed URL, agent * = %d:\n%s\nwant 0, archive no, from line 3", got.status, got.stdout)
	}
	if diff := cmp.Diff([]string{"/robots.txt", "/page", "/robots.txt", "/page"}, s.asked()); diff != "" {
		t.Errorf("paths asked (-want +got):\n%s", diff)
	}
}

func TestPageURLDisallowed(t *testing.T) {
	s := newSite(t, "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /page\n")
	tests := []struct {
		name, agent, path, wantStderr string
	}{
		{"by the group of the agent", "Googlebot", "/page",
			"robots page: robots.txt forbids Googlebot to fetch " + s.URL + "/page (line 5: Disallow: /page): nothing fetched\n"},
		{"by the * group", "*", "/private/x",
			"robots page: robots.txt forbids * to fetch " + s.URL + "/private/x (line 2: Disallow: /private/): nothing fetched\n"},
		{"a redirect to a disallowed page", "Bingbot", "/to-private",
			"robots page: robots.txt forbids Bingbot to fetch " + s.URL + "/private/page (line 2: Disallow: /private/): nothing fetched\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(s.asked())
			got := runTool(t, nil, "page", "-agent", tc.agent, "-json", s.URL+tc.path)
			if got.status != 1 || got.stdout != "" || got.stderr != tc.wantStderr {
				t.Errorf("page %s = %d, stdout %q, stderr:\n%s\nwant 1, nothing, and:\n%s", tc.path, got.status, got.stdout, got.stderr, tc.wantStderr)
			}
			for _, p := range s.asked()[before:] {
				if p == "/page" || strings.HasPrefix(p, "/private/") {
					t.Errorf("the site was asked for %s", p)
				}
			}
		})
	}
}

func TestPageURLErrors(t *testing.T) {
	s := newSite(t, "User-agent: *\nAllow: /\n")
	got := runTool(t, nil, "page", s.URL+"/gone")
	if got.status != 1 || !strings.Contains(got.stdout, "fetched "+s.URL+"/gone: HTTP 404\n") ||
		!strings.Contains(got.stderr, "note: HTTP 404: crawlers index only pages served with a 2xx status") ||
		!strings.Contains(got.stdout, "archive            no       X-Robots-Tag 1: noarchive\n") {
		t.Errorf("page of a 404 = %d, stderr %q:\n%s\nwant 1, a note, and the header's rule", got.status, got.stderr, got.stdout)
	}

	// Nothing listens: robots.txt gets no response, and nothing is fetched.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	got = runTool(t, nil, "page", "-timeout", "5s", dead.URL+"/page")
	if got.status != 2 || got.stdout != "" || !strings.Contains(got.stderr, "robots page: could not fetch "+dead.URL+"/robots.txt (") {
		t.Errorf("page on a dead site = %d, stdout %q, stderr %q; want 2 and could not fetch", got.status, got.stdout, got.stderr)
	}
}

// TestPageTruncated checks the note on a head that runs past the bound.
func TestPageTruncated(t *testing.T) {
	name := writeTemp(t, "big.html", "<head><style>"+strings.Repeat("p{}\n", 300000)+"</style><meta name=robots content=noindex>")
	got := runTool(t, nil, "page", name)
	want := "robots page: note: the head runs on past 1048576 bytes: rules after them are not read\n"
	if got.status != 0 || got.stderr != want || !strings.HasPrefix(got.stdout, "index              yes") {
		t.Errorf("page of a long head = %d, stderr %q, stdout:\n%s\nwant 0, %q, index yes", got.status, got.stderr, got.stdout, want)
	}
}
