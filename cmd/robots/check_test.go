package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkJSON is check's JSON output, decoded strictly: every documented
// field, and no other.
type checkJSON struct {
	Source   string           `json:"source"`
	Fetch    *fetchJSON       `json:"fetch"`
	Warnings []string         `json:"warnings"`
	Agents   []string         `json:"agents"`
	Groups   []agentGroupJSON `json:"groups"`
	Results  []checkItemJSON  `json:"results"`
	Stats    *statsJSON       `json:"stats"`
}

// statsJSON is check's "stats", and serve's /api/stats.
type statsJSON struct {
	Answers struct {
		Memory, Store, Fetch int64
	} `json:"answers"`
	Fetches struct {
		Parsed, Unavailable, Unreachable int64
	} `json:"fetches"`
	StoreCalls  map[string]int64 `json:"store_calls"`
	StoreErrors map[string]int64 `json:"store_errors"`
	ErrorKinds  struct {
		Timeout  int64 `json:"timeout"`
		Panic    int64 `json:"panic"`
		BadEntry int64 `json:"bad_entry"`
	} `json:"store_error_kinds"`
	Waits struct {
		Lease         int64   `json:"lease"`
		LeaseSeconds  float64 `json:"lease_seconds"`
		Outage        int64   `json:"outage"`
		OutageSeconds float64 `json:"outage_seconds"`
		Pace          int64   `json:"pace"`
		PaceSeconds   float64 `json:"pace_seconds"`
	} `json:"waits"`
	OutageFetches int64 `json:"outage_fetches"`
	Entries       int   `json:"entries"`
	Bytes         int64 `json:"bytes"`
	Fetching      int   `json:"fetching"`
}

type agentGroupJSON struct {
	Agent string     `json:"agent"`
	Group *groupJSON `json:"group"`
	Pace  *paceJSON  `json:"pace"`
}

type paceJSON struct {
	CrawlDelay *float64 `json:"crawl_delay"`
	Interval   float64  `json:"interval"`
}

type groupJSON struct {
	Agents   []string `json:"agents"`
	Lines    []int    `json:"lines"`
	Fallback bool     `json:"fallback"`
}

// resultJSON is a result, as diff's "old" and "new" give it.
type resultJSON struct {
	URL         string    `json:"url"`
	Allowed     bool      `json:"allowed"`
	Reason      string    `json:"reason"`
	Rule        *ruleJSON `json:"rule"`
	Path        string    `json:"path"`
	Explanation string    `json:"explanation"`
}

// checkItemJSON is an item of check's "results".
type checkItemJSON struct {
	Agent         string            `json:"agent"`
	URL           string            `json:"url"`
	Allowed       bool              `json:"allowed"`
	Reason        string            `json:"reason"`
	Rule          *ruleJSON         `json:"rule"`
	Path          string            `json:"path"`
	Explanation   string            `json:"explanation"`
	ContentSignal map[string]string `json:"content_signal"`
	ContentUsage  map[string]string `json:"content_usage"`
}

type fetchJSON struct {
	URL       string `json:"url"`
	FinalURL  string `json:"final_url"`
	Redirects int    `json:"redirects"`
	Status    int    `json:"status"`
	Bytes     int    `json:"bytes"`
	State     string `json:"state"`
	Error     string `json:"error"`
}

type ruleJSON struct {
	Line    int    `json:"line"`
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
}

func TestCheckJSON(t *testing.T) {
	got := runTool(t, nil, "check", "-json", "-agent", "Bingbot", example,
		"https://example.com/private/x", "/café", "/robots.txt")
	if got.status != 1 || got.stderr != "" {
		t.Fatalf("check -json = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	var rep checkJSON
	decodeStrict(t, got.stdout, &rep)
	if rep.Source != example || rep.Fetch != nil || !cmp.Equal(rep.Agents, []string{"Bingbot"}) || rep.Warnings == nil || len(rep.Warnings) != 0 {
		t.Errorf("source, fetch, agents, warnings = %q, %v, %q, %#v", rep.Source, rep.Fetch, rep.Agents, rep.Warnings)
	}
	if rep.Stats != nil {
		t.Errorf("stats of a file SOURCE = %+v, want null", rep.Stats)
	}
	five := 5.0 // the Crawl-delay of the * group
	wantGroups := []agentGroupJSON{{Agent: "Bingbot", Group: &groupJSON{Agents: []string{"*"}, Lines: []int{3}, Fallback: true},
		Pace: &paceJSON{CrawlDelay: &five, Interval: 5}}}
	if diff := cmp.Diff(wantGroups, rep.Groups); diff != "" {
		t.Errorf("groups mismatch (-want +got), want the * group of line 3, as a fallback:\n%s", diff)
	}
	none := map[string]string{} // {} in JSON, not null
	want := []checkItemJSON{
		{Agent: "Bingbot", URL: "https://example.com/private/x", Allowed: false, Reason: "rule_matched", Rule: &ruleJSON{4, false, "/private/"},
			Path: "/private/x", Explanation: "line 4: Disallow: /private/", ContentSignal: none, ContentUsage: none},
		{Agent: "Bingbot", URL: "/café", Allowed: true, Reason: "no_rule_matched", Path: "/caf%C3%A9", Explanation: "no rule matched",
			ContentSignal: none, ContentUsage: none},
		{Agent: "Bingbot", URL: "/robots.txt", Allowed: true, Reason: "robots_txt", Path: "/robots.txt", Explanation: "/robots.txt is always allowed",
			ContentSignal: none, ContentUsage: none},
	}
	if diff := cmp.Diff(want, rep.Results); diff != "" {
		t.Errorf("results mismatch (-want +got):\n%s", diff)
	}

	// No group at all: "group" is null, and the reason says so; an index
	// page rule names its rule.
	got = runTool(t, strings.NewReader("User-agent: a\nAllow: /d/index.html\n"), "check", "-json", "-agent", "b", "-", "/d/")
	rep = checkJSON{}
	decodeStrict(t, got.stdout, &rep)
	if got.status != 0 || len(rep.Groups) != 1 || rep.Groups[0].Group != nil || len(rep.Results) != 1 || rep.Results[0].Reason != "no_group" || rep.Results[0].Rule != nil {
		t.Errorf("check -json with no group = %d, %+v", got.status, rep)
	}
	got = runTool(t, strings.NewReader("User-agent: a\nAllow: /d/index.html\n"), "check", "-json", "-agent", "a", "-", "/d/")
	rep = checkJSON{}
	decodeStrict(t, got.stdout, &rep)
	if len(rep.Results) != 1 || rep.Results[0].Reason != "index_page_rule" || !cmp.Equal(rep.Results[0].Rule, &ruleJSON{2, true, "/d/index.html"}) {
		t.Errorf("check -json with an index page rule: %+v", rep.Results)
	}
	if !strings.Contains(got.stdout, "\"group\": {") || strings.Contains(got.stdout, "\\u003c") {
		t.Errorf("unexpected JSON layout:\n%s", got.stdout)
	}
}

// TestCheckAgents checks every URL for every agent of a repeated -agent,
// agent by agent, in text and JSON.
func TestCheckAgents(t *testing.T) {
	args := []string{"check", "-agent", "Googlebot", "-agent", "Bingbot", example, "/search", "/docs/a.html"}
	got := runTool(t, nil, args...)
	want := "" +
		"agent Googlebot: group of line 11 (Googlebot)\n" +
		"allowed     /search       no rule matched\n" +
		"disallowed  /docs/a.html  line 13: Disallow: /docs/\n" +
		"agent Bingbot: no group of its own; group of line 3 (*)\n" +
		"pace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\n" +
		"disallowed  /search       line 6: Disallow: /search\n" +
		"allowed     /docs/a.html  no rule matched\n"
	if got.stdout != want || got.status != exitFound || got.stderr != "" {
		t.Errorf("%q = %d, stderr %q, stdout:\n%s\nwant 1, no stderr, stdout:\n%s", args, got.status, got.stderr, got.stdout, want)
	}

	got = runTool(t, nil, append([]string{"check", "-json"}, args[1:]...)...)
	var rep checkJSON
	decodeStrict(t, got.stdout, &rep)
	if !cmp.Equal(rep.Agents, []string{"Googlebot", "Bingbot"}) {
		t.Errorf("agents = %q, want Googlebot, Bingbot", rep.Agents)
	}
	var groups, results []string
	for _, g := range rep.Groups {
		groups = append(groups, fmt.Sprintf("%s %v", g.Agent, g.Group.Lines))
	}
	for _, r := range rep.Results {
		results = append(results, fmt.Sprintf("%s %s %v", r.Agent, r.URL, r.Allowed))
	}
	wantGroups := []string{"Googlebot [11]", "Bingbot [3]"}
	wantResults := []string{"Googlebot /search true", "Googlebot /docs/a.html false", "Bingbot /search false", "Bingbot /docs/a.html true"}
	if diff := cmp.Diff(wantGroups, groups); diff != "" {
		t.Errorf("groups mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantResults, results); diff != "" {
		t.Errorf("results mismatch (-want +got):\n%s", diff)
	}
}

// TestCheckWarnings checks that check warns, in text and JSON, when its
// answers come from a body cut at the parse limit, or from a body that is
// no robots.txt.
func TestCheckWarnings(t *testing.T) {
	cut := "User-agent: *\nDisallow: /x\n" + strings.Repeat("# filler\n", 60000) + "Disallow: /y\n"
	tests := []struct {
		name    string
		body    string
		warning string
		status  int
	}{
		{"a body cut at the parse limit", cut,
			"the body is longer than the parse limit of 512000 bytes: crawlers ignore what lies past it, and so do the answers below", 0},
		{"an HTML page", "<!DOCTYPE html>\n<html><body>Not found</body></html>\n",
			"the body is an HTML page, not a robots.txt: crawlers read it as one all the same and find few rules or none in it, so the answers below say little of what the site means", 0},
		{"an HTML page without a doctype", "\n\n<div class=\"error\">\n<p>Disallow: /y</p>\n</div>\n",
			"the body is an HTML page, not a robots.txt: crawlers read it as one all the same and find few rules or none in it, so the answers below say little of what the site means", 0},
		{"UTF-16", "\xff\xfeU\x00s\x00e\x00r\x00",
			"the body is UTF-16 text, not UTF-8: crawlers find no rules in it, so the answers below say little of what the site means", 0},
		{"binary data", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
			"the body is binary data, not a robots.txt: crawlers find no rules in it, so the answers below say little of what the site means", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runTool(t, strings.NewReader(tc.body), "check", "-", "/y")
			if first, _, _ := strings.Cut(got.stdout, "\n"); first != "warning: "+tc.warning || got.status != tc.status {
				t.Errorf("check = %d, first line %q; want %d, %q", got.status, first, tc.status, "warning: "+tc.warning)
			}
			got = runTool(t, strings.NewReader(tc.body), "check", "-json", "-", "/y")
			var rep checkJSON
			decodeStrict(t, got.stdout, &rep)
			if diff := cmp.Diff([]string{tc.warning}, rep.Warnings); diff != "" {
				t.Errorf("warnings mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJSONSchemaDocumented checks that every field of the JSON
// outputs is named in the command's help.
func TestJSONSchemaDocumented(t *testing.T) {
	docs := map[string][]string{
		"check": {"source", "fetch", "url", "final_url", "redirects", "status", "bytes", "state", "error", "warnings", "agents", "groups",
			"agent", "group", "lines", "fallback", "pace", "crawl_delay", "interval", "results", "allowed", "reason", "rule", "line", "allow", "pattern", "path", "explanation",
			"content_signal", "content_usage", "stats", "answers", "memory", "store", "fetches", "parsed", "unavailable",
			"unreachable", "store_calls", "get", "put", "lease", "renew", "release", "reserve", "unreserve", "defer", "store_errors",
			"store_error_kinds", "timeout", "panic", "bad_entry", "waits", "lease_seconds", "outage", "outage_seconds",
			"pace_seconds", "outage_fetches", "entries", "fetching"},
		"lint": {"sources", "source", "fetch", "unlisted", "findings", "line", "severity", "code", "message", "errors", "warnings", "infos"},
		"show": {"source", "fetch", "groups", "agents", "agent_lines", "line", "value", "token", "crawl_delay", "rules", "allow",
			"pattern", "preferences", "path", "sitemaps", "url", "records", "key", "diagnostics", "kind", "detail"},
		"diff": {"old", "new", "old_fetch", "new_fetch", "agents", "checked", "changes", "agent", "url", "groups", "added", "removed",
			"old_crawl_delay", "new_crawl_delay", "line", "allow", "pattern"},
	}
	for cmd, fields := range docs {
		help := lookup(cmd).help
		for _, f := range fields {
			if !strings.Contains(help, `"`+f+`"`) {
				t.Errorf("help of %s does not document the JSON field %q", cmd, f)
			}
		}
	}
	// The fields the help names are those the tool writes.
	var rep map[string]any
	got := runTool(t, nil, "check", "-json", example, "/")
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	for k := range rep {
		if !slices.Contains(docs["check"], k) {
			t.Errorf("check writes the undocumented JSON field %q", k)
		}
	}
}

// TestCheckLongURL checks that a long URL overflows its column instead of
// widening every line: the text output stays linear in the URLs' length.
func TestCheckLongURL(t *testing.T) {
	long := "/" + strings.Repeat("a", 5000)
	short := []string{"/private/x", "/files/a.pdf", "/"}
	got := runTool(t, nil, append([]string{"check", "../../testdata/example.txt", long}, short...)...)
	if got.status != exitFound {
		t.Fatalf("status %d, want %d; stderr %s", got.status, exitFound, got.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	// The pace line of the file's Crawl-delay follows the group line.
	lines = slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "pace: ") })
	if len(lines) != 2+len(short) {
		t.Fatalf("got %d lines, want a group line and %d URL lines:\n%s", len(lines), 1+len(short), got.stdout)
	}
	if want := "allowed     " + long + "  no rule matched"; lines[1] != want {
		t.Errorf("long URL line = %.80q..., want %.80q...", lines[1], want)
	}
	for i, u := range short {
		line := lines[2+i]
		_, rest, _ := strings.Cut(line, u)
		if pad := urlColumn + 2 - len(u); len(rest) <= pad || strings.TrimLeft(rest[:pad], " ") != "" || rest[pad] == ' ' {
			t.Errorf("line %.100q does not pad %s to %d columns", line, u, urlColumn)
		}
		if len(line) > 200 {
			t.Errorf("line for %s is %d bytes long: padded to the long URL", u, len(line))
		}
	}
}

// TestCheckPreferences checks the Content-Signal and Content-Usage
// preferences check gives each result, on the examples of
// draft-ietf-aipref-attach-05 (section 3.4: a path, the longest path, the
// group of the agent), of same-path lines that combine restrictively with
// a key neither draft defines, and of Cloudflare's managed robots.txt.
func TestCheckPreferences(t *testing.T) {
	attach := "User-Agent: *\n" + // 1
		"Allow: /\n" + // 2
		"Disallow: /never/\n" + // 3
		"Content-Usage: train-ai=n\n" + // 4
		"Content-Usage: /ai-ok/ train-ai=y\n" + // 5
		"Content-Usage: /same train-ai=y, search=n\n" + // 6
		"Content-Usage: /same train-ai=n, x-foo=bar\n" + // 7
		"\n" + // 8
		"User-Agent: ExampleBot\n" + // 9
		"Allow: /\n" + // 10
		"Content-Usage: train-ai=y\n" + // 11
		"\n" + // 12
		"User-Agent: CloudBot\n" + // 13
		"Content-signal: search=yes, ai-train=no, ai-future=maybe\n" + // 14
		"Allow: /\n" // 15
	u := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	got := runTool(t, strings.NewReader(attach), "check", "-json", "-agent", "OtherBot", "-agent", "ExampleBot", "-agent", "CloudBot",
		"-", "/test", "/never/test", "/ai-ok/test", "/same")
	var rep checkJSON
	decodeStrict(t, got.stdout, &rep)
	type prefs struct {
		Agent, URL    string
		Signal, Usage map[string]string
	}
	var gotPrefs []prefs
	for _, r := range rep.Results {
		gotPrefs = append(gotPrefs, prefs{r.Agent, r.URL, r.ContentSignal, r.ContentUsage})
	}
	want := []prefs{
		{"OtherBot", "/test", u(), u("train-ai", "n")},
		{"OtherBot", "/never/test", u(), u()}, // disallowed: no preferences
		{"OtherBot", "/ai-ok/test", u(), u("train-ai", "y")},
		{"OtherBot", "/same", u(), u("train-ai", "n", "search", "n", "x-foo", "bar")},
		{"ExampleBot", "/test", u(), u("train-ai", "y")},
		{"ExampleBot", "/never/test", u(), u("train-ai", "y")},
		{"ExampleBot", "/ai-ok/test", u(), u("train-ai", "y")},
		{"ExampleBot", "/same", u(), u("train-ai", "y")},
		{"CloudBot", "/test", u("search", "yes", "ai-train", "no", "ai-future", "maybe"), u()},
		{"CloudBot", "/never/test", u("search", "yes", "ai-train", "no", "ai-future", "maybe"), u()},
		{"CloudBot", "/ai-ok/test", u("search", "yes", "ai-train", "no", "ai-future", "maybe"), u()},
		{"CloudBot", "/same", u("search", "yes", "ai-train", "no", "ai-future", "maybe"), u()},
	}
	if diff := cmp.Diff(want, gotPrefs); diff != "" {
		t.Errorf("preferences mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(got.stdout, `"content_signal": {},`) {
		t.Errorf("no preference is not written {}:\n%s", got.stdout)
	}

	// In text, the lines that apply follow each result.
	got = runTool(t, strings.NewReader(attach), "check", "-agent", "OtherBot", "-", "/same", "/never/x", "/ai-ok/")
	wantText := "" +
		"agent OtherBot: no group of its own; group of line 1 (*)\n" +
		"allowed     /same     line 2: Allow: /\n" +
		"  line 6: Content-Usage: /same train-ai=y, search=n\n" +
		"  line 7: Content-Usage: /same train-ai=n, x-foo=bar\n" +
		"disallowed  /never/x  line 3: Disallow: /never/\n" +
		"allowed     /ai-ok/   line 2: Allow: /\n" +
		"  line 5: Content-Usage: /ai-ok/ train-ai=y\n"
	if got.stdout != wantText {
		t.Errorf("check text:\n%s\nwant:\n%s", got.stdout, wantText)
	}
}
