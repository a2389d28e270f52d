package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShow(t *testing.T) {
	runCases(t, []runCase{
		{
			name: "the sample file",
			args: []string{"show", example},
			wantStdout: "" +
				"group for *\n" +
				"  user-agent line 3: *\n" +
				"  crawl-delay 5s\n" +
				"  line 4: Disallow: /private/\n" +
				"  line 5: Allow: /private/help/\n" +
				"  line 6: Disallow: /search\n" +
				"  line 7: Disallow: /*.pdf$\n" +
				"group for Googlebot\n" +
				"  user-agent line 11: Googlebot\n" +
				"  line 12: Disallow: /private/\n" +
				"  line 13: Disallow: /docs/\n" +
				"  line 14: Allow: /docs/index.html\n" +
				"  line 15: Disallow: /*?sessionid=\n" +
				"sitemaps\n" +
				"  line 17: https://example.com/sitemap.xml\n",
		},
		{
			name: "merged groups, records and diagnostics",
			args: []string{"show", "-"},
			stdin: strings.NewReader("User-agent: a\nUser-agent: MJ12bot\nDisallow: /x\nHost: example.com\n" +
				"User-agent: A\nCrawl-delay: 2.5\nAllow: /y\nNoindex: /z\n"),
			wantStdout: "" +
				"group for a\n" +
				"  user-agent line 1: a\n" +
				"  user-agent line 2: MJ12bot (read as MJ)\n" +
				"  user-agent line 5: A\n" +
				"  crawl-delay 2.5s\n" +
				"  line 3: Disallow: /x\n" +
				"  line 7: Allow: /y\n" +
				"group for MJ\n" +
				"  user-agent line 1: a\n" +
				"  user-agent line 2: MJ12bot (read as MJ)\n" +
				"  line 3: Disallow: /x\n" +
				"other records\n" +
				"  line 4: Host: example.com\n" +
				"  line 8: Noindex: /z\n" +
				"diagnostics\n" +
				"  line 8: unknown key \"Noindex\"\n",
		},
		{
			name:       "an empty file",
			args:       []string{"show", "-"},
			wantStdout: "no groups\n",
		},
	})
}

func TestShowJSON(t *testing.T) {
	got := runTool(t, strings.NewReader("User-agent: *\nCrawl-delay: 5\nDisallow: /x\nHost: h\nSitemap: https://e.com/s.xml\nDissallow: /y\n"), "show", "-json", "-")
	if got.status != 0 || got.stderr != "" {
		t.Fatalf("show -json = %d, stderr %q", got.status, got.stderr)
	}
	type rule struct {
		Line    int    `json:"line"`
		Allow   bool   `json:"allow"`
		Pattern string `json:"pattern"`
	}
	type agentLine struct {
		Line  int    `json:"line"`
		Value string `json:"value"`
		Token string `json:"token"`
	}
	type pref struct {
		Line  int    `json:"line"`
		Key   string `json:"key"`
		Path  string `json:"path"`
		Value string `json:"value"`
	}
	var rep struct {
		Source string          `json:"source"`
		Fetch  json.RawMessage `json:"fetch"`
		Groups []struct {
			Agents      []string    `json:"agents"`
			AgentLines  []agentLine `json:"agent_lines"`
			CrawlDelay  *float64    `json:"crawl_delay"`
			Rules       []rule      `json:"rules"`
			Preferences []pref      `json:"preferences"`
		} `json:"groups"`
		Sitemaps []struct {
			Line int    `json:"line"`
			URL  string `json:"url"`
		} `json:"sitemaps"`
		Records []struct {
			Line   int      `json:"line"`
			Key    string   `json:"key"`
			Value  string   `json:"value"`
			Agents []string `json:"agents"`
		} `json:"records"`
		Diagnostics []struct {
			Line   int    `json:"line"`
			Kind   string `json:"kind"`
			Detail string `json:"detail"`
		} `json:"diagnostics"`
	}
	decodeStrict(t, got.stdout, &rep)
	if rep.Source != "-" || string(rep.Fetch) != "null" {
		t.Errorf("source, fetch = %q, %s; want -, null", rep.Source, rep.Fetch)
	}
	if len(rep.Groups) != 1 {
		t.Fatalf("groups = %+v, want one", rep.Groups)
	}
	g := rep.Groups[0]
	if diff := cmp.Diff([]string{"*"}, g.Agents); diff != "" {
		t.Errorf("agents mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]agentLine{{1, "*", "*"}}, g.AgentLines); diff != "" {
		t.Errorf("agent_lines mismatch (-want +got):\n%s", diff)
	}
	if g.CrawlDelay == nil || *g.CrawlDelay != 5 {
		t.Errorf("crawl_delay = %v, want 5", g.CrawlDelay)
	}
	if diff := cmp.Diff([]rule{{3, false, "/x"}, {6, false, "/y"}}, g.Rules); diff != "" {
		t.Errorf("rules mismatch (-want +got):\n%s", diff)
	}
	if g.Preferences == nil || len(g.Preferences) != 0 {
		t.Errorf("preferences = %#v, want []", g.Preferences)
	}
	if len(rep.Sitemaps) != 1 || rep.Sitemaps[0].Line != 5 || rep.Sitemaps[0].URL != "https://e.com/s.xml" {
		t.Errorf("sitemaps = %+v", rep.Sitemaps)
	}
	if len(rep.Records) != 1 || rep.Records[0].Line != 4 || rep.Records[0].Key != "Host" || rep.Records[0].Value != "h" ||
		!cmp.Equal(rep.Records[0].Agents, []string{"*"}) {
		t.Errorf("records = %+v", rep.Records)
	}
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Line != 6 || rep.Diagnostics[0].Kind != "accepted misspelling" || rep.Diagnostics[0].Detail != "Dissallow" {
		t.Errorf("diagnostics = %+v", rep.Diagnostics)
	}

	// Empty lists are [], not null.
	got = runTool(t, nil, "show", "-json", "-")
	for _, field := range []string{`"groups": []`, `"sitemaps": []`, `"records": []`, `"diagnostics": []`} {
		if !strings.Contains(got.stdout, field) {
			t.Errorf("show -json of an empty file has no %s:\n%s", field, got.stdout)
		}
	}
}

// TestShowPreferences checks that show gives each group's Content-Signal
// and Content-Usage lines, in text and JSON, and the one outside any group
// among the other records.
func TestShowPreferences(t *testing.T) {
	body := "Content-Signal: search=no\n" + // 1: outside any group
		"User-agent: *\n" + // 2
		"Content-Signal: search=yes, ai-train=no\n" + // 3
		"Disallow: /x\n" + // 4
		"Content-Usage: /img/ train-ai=n\n" + // 5
		"Host: example.com\n" + // 6
		"User-agent: b\n" + // 7
		"Allow: /\n" // 8
	got := runTool(t, strings.NewReader(body), "show", "-")
	want := "" +
		"group for *\n" +
		"  user-agent line 2: *\n" +
		"  line 4: Disallow: /x\n" +
		"  line 3: Content-Signal: search=yes, ai-train=no\n" +
		"  line 5: Content-Usage: /img/ train-ai=n\n" +
		"group for b\n" +
		"  user-agent line 7: b\n" +
		"  line 8: Allow: /\n" +
		"other records\n" +
		"  line 1: Content-Signal: search=no\n" +
		"  line 6: Host: example.com\n" +
		"diagnostics\n" +
		"  line 1: rule outside any group \"Content-Signal: search=no\"\n"
	if got.stdout != want || got.status != 0 {
		t.Errorf("show = %d:\n%s\nwant 0:\n%s", got.status, got.stdout, want)
	}

	got = runTool(t, strings.NewReader(body), "show", "-json", "-")
	var rep struct {
		Groups []struct {
			Agents      []string `json:"agents"`
			Preferences []struct {
				Line  int    `json:"line"`
				Key   string `json:"key"`
				Path  string `json:"path"`
				Value string `json:"value"`
			} `json:"preferences"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	var prefs []string
	for _, g := range rep.Groups {
		for _, p := range g.Preferences {
			prefs = append(prefs, fmt.Sprintf("%s %d %s %q %q", g.Agents[0], p.Line, p.Key, p.Path, p.Value))
		}
	}
	wantPrefs := []string{`* 3 Content-Signal "" "search=yes, ai-train=no"`, `* 5 Content-Usage "/img/" "train-ai=n"`}
	if diff := cmp.Diff(wantPrefs, prefs); diff != "" {
		t.Errorf("preferences mismatch (-want +got):\n%s", diff)
	}
}
