package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDiff(t *testing.T) {
	runCases(t, []runCase{
		{
			name: "one rule added: the verdicts it changes",
			args: []string{"diff", oldFile, newFile, "https://example.com/tmp/x", "https://example.com/private/x", "/public/"},
			wantStdout: "" +
				"Googlebot  https://example.com/tmp/x  allowed -> disallowed\n" +
				"  old: no rule matched\n" +
				"  new: line 16: Disallow: /tmp/\n" +
				"1 verdict changed of 6 pairs checked (2 agents, 3 URLs)\n",
			wantStatus: 1,
		},
		{
			name: "one rule added: the rules",
			args: []string{"diff", oldFile, newFile},
			wantStdout: "" +
				"group for Googlebot\n" +
				"  + line 16: Disallow: /tmp/\n" +
				"1 group changed: 1 rule added, 0 removed\n",
			wantStatus: 1,
		},
		{
			name: "one rule removed, for the agents asked",
			args: []string{"diff", "-agent", "Googlebot", "-agent", "Bingbot", newFile, oldFile},
			wantStdout: "" +
				"group for Googlebot\n" +
				"  - line 16: Disallow: /tmp/\n" +
				"1 group changed: 0 rules added, 1 removed\n",
			wantStatus: 1,
		},
		{
			name:       "URLs whose verdicts do not change",
			args:       []string{"diff", "-agent", "Bingbot", oldFile, newFile, "/tmp/x"},
			wantStdout: "no verdict changes: 1 pair checked (1 agent, 1 URL)\n",
		},
		{
			name:       "the same file",
			args:       []string{"diff", oldFile, oldFile},
			wantStdout: "no rule changes (2 agents)\n",
		},
		{
			name:       "URLs from a file and the new file from standard input",
			args:       []string{"diff", "-urls", "../../testdata/missing-urls.txt", oldFile, "-"},
			wantStderr: "robots diff: ../../testdata/missing-urls.txt: no such file: give a file of URLs, one a line, or - for standard input\n",
			wantStatus: 2,
		},
		{
			name: "a new file on standard input: agents, agents with the same groups together, crawl-delay",
			args: []string{"diff", "-", oldFile},
			stdin: strings.NewReader("User-agent: *\nUser-agent: Bingbot\nDisallow: /private/\nAllow: /private/help/\n" +
				"Disallow: /search\nDisallow: /*.pdf$\n"),
			wantStdout: "" +
				"group for *, Bingbot\n" +
				"  crawl-delay none -> 5s\n" +
				"group for Googlebot\n" +
				"  - line 4: Allow: /private/help/\n" +
				"  - line 5: Disallow: /search\n" +
				"  - line 6: Disallow: /*.pdf$\n" +
				"  + line 13: Disallow: /docs/\n" +
				"  + line 14: Allow: /docs/index.html\n" +
				"  + line 15: Disallow: /*?sessionid=\n" +
				"2 groups changed: 3 rules added, 3 removed\n",
			wantStatus: 1,
		},
		{
			name:       "a missing file",
			args:       []string{"diff", oldFile, "../../testdata/missing.txt"},
			wantStderr: "robots diff: ../../testdata/missing.txt: no such file: give a robots.txt file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
	})
}

func TestDiffJSON(t *testing.T) {
	type rule struct {
		Line    int    `json:"line"`
		Allow   bool   `json:"allow"`
		Pattern string `json:"pattern"`
	}
	type result struct {
		URL         string `json:"url"`
		Allowed     bool   `json:"allowed"`
		Reason      string `json:"reason"`
		Rule        *rule  `json:"rule"`
		Path        string `json:"path"`
		Explanation string `json:"explanation"`
	}
	type report struct {
		Old      string          `json:"old"`
		New      string          `json:"new"`
		OldFetch json.RawMessage `json:"old_fetch"`
		NewFetch json.RawMessage `json:"new_fetch"`
		Agents   []string        `json:"agents"`
		Checked  *int            `json:"checked"`
		Changes  []struct {
			Agent string `json:"agent"`
			URL   string `json:"url"`
			Old   result `json:"old"`
			New   result `json:"new"`
		} `json:"changes"`
		Groups []struct {
			Agents        []string `json:"agents"`
			Added         []rule   `json:"added"`
			Removed       []rule   `json:"removed"`
			OldCrawlDelay *float64 `json:"old_crawl_delay"`
			NewCrawlDelay *float64 `json:"new_crawl_delay"`
		} `json:"groups"`
	}

	got := runTool(t, nil, "diff", "-json", oldFile, newFile, "/tmp/x", "/public/")
	if got.status != 1 || got.stderr != "" {
		t.Fatalf("diff -json = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	var rep report
	decodeStrict(t, got.stdout, &rep)
	if rep.Old != oldFile || rep.New != newFile || string(rep.OldFetch) != "null" || string(rep.NewFetch) != "null" {
		t.Errorf("old, new, fetches = %q, %q, %s, %s", rep.Old, rep.New, rep.OldFetch, rep.NewFetch)
	}
	if diff := cmp.Diff([]string{"*", "Googlebot"}, rep.Agents); diff != "" {
		t.Errorf("agents mismatch (-want +got):\n%s", diff)
	}
	if rep.Checked == nil || *rep.Checked != 4 {
		t.Errorf("checked = %v, want 4", rep.Checked)
	}
	if len(rep.Changes) != 1 {
		t.Fatalf("changes = %+v, want one", rep.Changes)
	}
	c := rep.Changes[0]
	wantOld := result{URL: "/tmp/x", Allowed: true, Reason: "no_rule_matched", Path: "/tmp/x", Explanation: "no rule matched"}
	wantNew := result{URL: "/tmp/x", Allowed: false, Reason: "rule_matched", Rule: &rule{16, false, "/tmp/"}, Path: "/tmp/x",
		Explanation: "line 16: Disallow: /tmp/"}
	if c.Agent != "Googlebot" || c.URL != "/tmp/x" {
		t.Errorf("change of %q, %q; want Googlebot, /tmp/x", c.Agent, c.URL)
	}
	if diff := cmp.Diff(wantOld, c.Old); diff != "" {
		t.Errorf("old mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantNew, c.New); diff != "" {
		t.Errorf("new mismatch (-want +got):\n%s", diff)
	}
	if rep.Groups == nil || len(rep.Groups) != 0 {
		t.Errorf("groups = %v, want [] with URLs", rep.Groups)
	}

	got = runTool(t, nil, "diff", "-json", oldFile, newFile)
	rep = report{}
	decodeStrict(t, got.stdout, &rep)
	if got.status != 1 || rep.Checked == nil || *rep.Checked != 0 || rep.Changes == nil || len(rep.Changes) != 0 {
		t.Errorf("diff -json without URLs = %d, checked %v, changes %v; want 1, 0, []", got.status, rep.Checked, rep.Changes)
	}
	if len(rep.Groups) != 1 {
		t.Fatalf("groups = %+v, want one", rep.Groups)
	}
	g := rep.Groups[0]
	if !cmp.Equal(g.Agents, []string{"Googlebot"}) || !cmp.Equal(g.Added, []rule{{16, false, "/tmp/"}}) || g.Removed == nil || len(g.Removed) != 0 ||
		g.OldCrawlDelay != nil || g.NewCrawlDelay != nil {
		t.Errorf("group = %+v, want Googlebot adding line 16, nothing removed, no crawl-delay", g)
	}
}
