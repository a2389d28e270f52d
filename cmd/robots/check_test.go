package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkJSON is check's JSON output, decoded strictly: every documented
// field, and no other.
type checkJSON struct {
	Source string     `json:"source"`
	Fetch  *fetchJSON `json:"fetch"`
	Agent  string     `json:"agent"`
	Group  *struct {
		Agents   []string `json:"agents"`
		Lines    []int    `json:"lines"`
		Fallback bool     `json:"fallback"`
	} `json:"group"`
	Pace *struct {
		CrawlDelay *float64 `json:"crawl_delay"`
		Interval   float64  `json:"interval"`
	} `json:"pace"`
	Results []resultJSON `json:"results"`
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

type resultJSON struct {
	URL         string    `json:"url"`
	Allowed     bool      `json:"allowed"`
	Reason      string    `json:"reason"`
	Rule        *ruleJSON `json:"rule"`
	Path        string    `json:"path"`
	Explanation string    `json:"explanation"`
}

func TestCheckJSON(t *testing.T) {
	got := runTool(t, nil, "check", "-json", "-agent", "Bingbot", example,
		"https://example.com/private/x", "/café", "/robots.txt")
	if got.status != 1 || got.stderr != "" {
		t.Fatalf("check -json = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	var rep checkJSON
	decodeStrict(t, got.stdout, &rep)
	if rep.Source != example || rep.Fetch != nil || rep.Agent != "Bingbot" {
		t.Errorf("source, fetch, agent = %q, %v, %q", rep.Source, rep.Fetch, rep.Agent)
	}
	if rep.Group == nil || !cmp.Equal(rep.Group.Agents, []string{"*"}) || !cmp.Equal(rep.Group.Lines, []int{3}) || !rep.Group.Fallback {
		t.Errorf("group = %+v, want the * group of line 3, as a fallback", rep.Group)
	}
	if rep.Pace == nil || rep.Pace.CrawlDelay == nil || *rep.Pace.CrawlDelay != 5 || rep.Pace.Interval != 5 {
		t.Errorf("pace = %+v, want the Crawl-delay of 5 s of the * group, and an interval of 5 s", rep.Pace)
	}
	want := []resultJSON{
		{URL: "https://example.com/private/x", Allowed: false, Reason: "rule_matched", Rule: &ruleJSON{4, false, "/private/"},
			Path: "/private/x", Explanation: "line 4: Disallow: /private/"},
		{URL: "/café", Allowed: true, Reason: "no_rule_matched", Path: "/caf%C3%A9", Explanation: "no rule matched"},
		{URL: "/robots.txt", Allowed: true, Reason: "robots_txt", Path: "/robots.txt", Explanation: "/robots.txt is always allowed"},
	}
	if diff := cmp.Diff(want, rep.Results); diff != "" {
		t.Errorf("results mismatch (-want +got):\n%s", diff)
	}

	// No group at all: "group" is null, and the reason says so; an index
	// page rule names its rule.
	got = runTool(t, strings.NewReader("User-agent: a\nAllow: /d/index.html\n"), "check", "-json", "-agent", "b", "-", "/d/")
	rep = checkJSON{}
	decodeStrict(t, got.stdout, &rep)
	if got.status != 0 || rep.Group != nil || len(rep.Results) != 1 || rep.Results[0].Reason != "no_group" || rep.Results[0].Rule != nil {
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

// TestJSONSchemaDocumented checks that every field of the JSON
// outputs is named in the command's help.
func TestJSONSchemaDocumented(t *testing.T) {
	docs := map[string][]string{
		"check": {"source", "fetch", "url", "final_url", "redirects", "status", "bytes", "state", "error", "agent", "group",
			"agents", "lines", "fallback", "pace", "crawl_delay", "interval", "results", "allowed", "reason", "rule", "line", "allow", "pattern", "path", "explanation"},
		"lint": {"sources", "source", "fetch", "unlisted", "findings", "line", "severity", "code", "message", "errors", "warnings", "infos"},
		"show": {"source", "fetch", "groups", "agents", "agent_lines", "line", "value", "token", "crawl_delay", "rules", "allow",
			"pattern", "sitemaps", "url", "records", "key", "diagnostics", "kind", "detail"},
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
