package main

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/ailist"
)

// aiRun runs "robots ai -json" with args and returns the report and the
// exit status.
func aiRun(t *testing.T, body string, args ...string) (aiReport, int) {
	t.Helper()
	got := runTool(t, strings.NewReader(body), append(append([]string{"ai", "-json"}, args...), "-")...)
	var rep aiReport
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatalf("robots ai -json: %v\nstdout: %s\nstderr: %s", err, got.stdout, got.stderr)
	}
	if got.stderr != "" {
		t.Errorf("stderr: %s", got.stderr)
	}
	return rep, got.status
}

// crawlerOf returns the crawler of rep named token.
func crawlerOf(t *testing.T, rep aiReport, token string) aiCrawler {
	t.Helper()
	for _, c := range rep.Crawlers {
		if c.Token == token {
			return c
		}
	}
	t.Fatalf("no crawler %q in the report", token)
	return aiCrawler{}
}

func line(n int) *int { return &n }

// aiWant is what a test expects of one crawler: its paths, and its
// preferences at / (nil: none).
type aiWant struct {
	paths  []aiPath
	signal map[string]string
	usage  map[string]string
}

func TestAI(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		paths    []string
		crawlers map[string]aiWant
		// contradictions are "token kind lines", all of them.
		contradictions []aiContradiction
		// says is what each contradiction's message quotes; "" checks none.
		says   string
		status int
	}{
		{
			name: "empty file",
			body: "",
			crawlers: map[string]aiWant{
				"GPTBot":        {paths: []aiPath{{Path: "/", Allowed: true}}},
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: true}}},
			},
		},
		{
			name: "training crawler let in while the * group says ai-train=no",
			body: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: ClaudeBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"GPTBot":    {paths: []aiPath{{Path: "/", Allowed: true, Line: line(3)}}, signal: map[string]string{"search": "yes", "ai-train": "no"}},
				"ClaudeBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(6)}}},
			},
			contradictions: trainingEverywhere([]int{3, 2}, "ClaudeBot"),
			status:         1,
		},
		{
			name: "no is read in any case in Content-Signal",
			body: "User-agent: GPTBot\nContent-Signal: ai-train=NO\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true}}, signal: map[string]string{"ai-train": "NO"}},
			},
			contradictions: []aiContradiction{{Token: "GPTBot", Kind: "training", Lines: []int{2}}},
			status:         1,
		},
		{
			name: "Content-Usage train-ai=n in the crawler's own group",
			body: "User-agent: GPTBot\nContent-Usage: train-ai=n\nAllow: /\n",
			crawlers: map[string]aiWant{
				"GPTBot":    {paths: []aiPath{{Path: "/", Allowed: true, Line: line(3)}}, usage: map[string]string{"train-ai": "n"}},
				"ClaudeBot": {paths: []aiPath{{Path: "/", Allowed: true}}},
			},
			contradictions: []aiContradiction{{Token: "GPTBot", Kind: "training", Lines: []int{3, 2}}},
			status:         1,
		},
		{
			// Labels of earlier drafts that the usage package's table maps
			// onto training: robots usage and robots ai read them alike.
			name: "Content-Usage bots=n, a label of vocab-03 and -04, says no to training",
			body: "User-agent: GPTBot\nContent-Usage: bots=n\nAllow: /\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true, Line: line(3)}}, usage: map[string]string{"bots": "n"}},
			},
			contradictions: []aiContradiction{{Token: "GPTBot", Kind: "training", Lines: []int{3, 2}}},
			says:           "line 2 says Content-Usage bots=n:",
			status:         1,
		},
		{
			name: "Content-Usage train-genai=n and all=n say no to training",
			body: "User-agent: *\nContent-Usage: train-genai=n\nContent-Usage: all=n\nAllow: /\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true, Line: line(4)}}, usage: map[string]string{"train-genai": "n", "all": "n"}},
			},
			contradictions: trainingEverywhere([]int{4, 2, 3}),
			says:           "lines 2, 3 say Content-Usage train-genai=n, all=n:",
			status:         1,
		},
		{
			name: "Content-Usage bots=n with train-ai=y allows training: the nearer label decides",
			body: "User-agent: GPTBot\nContent-Usage: train-ai=y, bots=n\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true}}, usage: map[string]string{"train-ai": "y", "bots": "n"}},
			},
		},
		{
			name: "Content-Usage train-ai=N states nothing: its values are case-sensitive tokens",
			body: "User-agent: GPTBot\nContent-Usage: train-ai=N\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true}}, usage: map[string]string{"train-ai": "N"}},
			},
		},
		{
			name: "a training crawler shut out agrees with ai-train=no",
			body: "User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(3)}}},
			},
		},
		{
			name: "ai-train=yes is no contradiction",
			body: "User-agent: *\nContent-Signal: ai-train=yes\n",
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true}}, signal: map[string]string{"ai-train": "yes"}},
			},
		},
		{
			name:  "a path-specific no elsewhere than / is no contradiction",
			body:  "User-agent: *\nContent-Usage: /private/ train-ai=n\n",
			paths: []string{"/", "/private/x"},
			crawlers: map[string]aiWant{
				"GPTBot": {paths: []aiPath{{Path: "/", Allowed: true}, {Path: "/private/x", Allowed: true}}},
			},
		},
		{
			name: "search crawler shut out while the * group says search=yes",
			body: "User-agent: *\nContent-Signal: search=yes\nDisallow:\n\nUser-agent: PerplexityBot\nUser-agent: OAI-SearchBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(7)}}},
				"GPTBot":        {paths: []aiPath{{Path: "/", Allowed: true}}, signal: map[string]string{"search": "yes"}},
			},
			contradictions: []aiContradiction{
				{Token: "OAI-SearchBot", Kind: "search", Lines: []int{7, 2}},
				{Token: "PerplexityBot", Kind: "search", Lines: []int{7, 2}},
			},
			says:   "while the * group's Content-Signal (line 2) says search=yes",
			status: 1,
		},
		{
			name: "search crawler shut out while the * group's Content-Usage says search=y",
			body: "User-agent: *\nContent-Usage: search=y\nDisallow:\n\nUser-agent: PerplexityBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(6)}}},
			},
			contradictions: []aiContradiction{{Token: "PerplexityBot", Kind: "search", Lines: []int{6, 2}}},
			says:           "while the * group's Content-Usage (line 2) says search=y",
			status:         1,
		},
		{
			// robots usage reads search as disallowed: one "no" is no.
			name: "search=yes that Content-Usage search=n overrules is no contradiction",
			body: "User-agent: *\nContent-Signal: search=yes\nContent-Usage: search=n\nDisallow:\n\nUser-agent: PerplexityBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(7)}}},
			},
		},
		{
			// A group goes on past its preference lines to the next rule:
			// here the * group is PerplexityBot's too.
			name: "search=yes of a group that shuts out / states nothing",
			body: "User-agent: *\nContent-Signal: search=yes\n\nUser-agent: PerplexityBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(5)}}},
				"GPTBot":        {paths: []aiPath{{Path: "/", Allowed: false, Line: line(5)}}},
			},
		},
		{
			name: "search=yes of the * group that shuts out / states nothing",
			body: "User-agent: *\nContent-Signal: search=yes\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(3)}}},
			},
		},
		{
			name: "search=yes in another group than * is not the * group's",
			body: "User-agent: GPTBot\nContent-Signal: search=yes\n\nUser-agent: PerplexityBot\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"PerplexityBot": {paths: []aiPath{{Path: "/", Allowed: false, Line: line(5)}}},
			},
		},
		{
			name:  "a name that is not a product token is read as Google reads it",
			body:  "User-agent: AI2Bot\nDisallow: /\n\nUser-agent: MistralAI-User/1.0\nDisallow: /private/\n",
			paths: []string{"/", "/private/"},
			crawlers: map[string]aiWant{
				// AI2Bot is read as AI, which AI2Bot-DeepResearchEval is
				// read as too; Ai2Bot-Dolma as Ai, the same group.
				"AI2Bot":                  {paths: []aiPath{{Path: "/", Line: line(2)}, {Path: "/private/", Line: line(2)}}},
				"AI2Bot-DeepResearchEval": {paths: []aiPath{{Path: "/", Line: line(2)}, {Path: "/private/", Line: line(2)}}},
				"Ai2Bot-Dolma":            {paths: []aiPath{{Path: "/", Line: line(2)}, {Path: "/private/", Line: line(2)}}},
				"MistralAI-User/1.0":      {paths: []aiPath{{Path: "/", Allowed: true}, {Path: "/private/", Line: line(5)}}},
				"MistralAI-User":          {paths: []aiPath{{Path: "/", Allowed: true}, {Path: "/private/", Line: line(5)}}},
				"GPTBot":                  {paths: []aiPath{{Path: "/", Allowed: true}, {Path: "/private/", Allowed: true}}},
			},
		},
		{
			name: "names are compared in any case",
			body: "User-agent: META-EXTERNALAGENT\nDisallow: /\n",
			crawlers: map[string]aiWant{
				"meta-externalagent": {paths: []aiPath{{Path: "/", Line: line(2)}}},
				"Meta-ExternalAgent": {paths: []aiPath{{Path: "/", Line: line(2)}}},
			},
		},
		{
			name:  "paths in the order given, each with the line that decides",
			body:  "User-agent: *\nDisallow: /a\nAllow: /a/b\n",
			paths: []string{"/a/b/c", "/a", "/z"},
			crawlers: map[string]aiWant{
				"Applebot": {paths: []aiPath{{Path: "/a/b/c", Allowed: true, Line: line(3)}, {Path: "/a", Line: line(2)}, {Path: "/z", Allowed: true}}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []string
			for _, p := range tt.paths {
				args = append(args, "-path", p)
			}
			rep, status := aiRun(t, tt.body, args...)
			if status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
			if rep.Source != "-" || rep.List.Name != "ai.robots.txt" || rep.List.Date != ailist.Date ||
				rep.List.Crawlers != len(ailist.Crawlers()) || len(rep.Crawlers) != rep.List.Crawlers {
				t.Errorf("source %q, list %+v, %d crawlers", rep.Source, rep.List, len(rep.Crawlers))
			}
			for token, want := range tt.crawlers {
				c := crawlerOf(t, rep, token)
				if want.signal == nil {
					want.signal = map[string]string{}
				}
				if want.usage == nil {
					want.usage = map[string]string{}
				}
				got := aiWant{paths: c.Paths, signal: c.ContentSignal, usage: c.ContentUsage}
				if d := cmp.Diff(want, got, cmp.AllowUnexported(aiWant{}, aiPath{}), cmp.FilterPath(func(p cmp.Path) bool {
					return p.Last().String() == ".why"
				}, cmp.Ignore())); d != "" {
					t.Errorf("%s (-want +got):\n%s", token, d)
				}
			}
			var got []aiContradiction
			for _, c := range rep.Contradictions {
				if c.Message == "" || !strings.HasPrefix(c.Message, c.Token+" ("+c.Kind+")") {
					t.Errorf("contradiction %+v: its message does not name the crawler and its purpose", c)
				}
				if !strings.Contains(c.Message, tt.says) {
					t.Errorf("contradiction %+v: its message does not quote %q", c, tt.says)
				}
				c.Message = ""
				got = append(got, c)
			}
			slices.SortFunc(got, func(a, b aiContradiction) int { return strings.Compare(a.Token, b.Token) })
			want := slices.Clone(tt.contradictions)
			slices.SortFunc(want, func(a, b aiContradiction) int { return strings.Compare(a.Token, b.Token) })
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("contradictions (-want +got):\n%s", d)
			}
		})
	}
}

// trainingEverywhere returns the training contradictions of every
// training crawler of the list but those named, each with lines.
func trainingEverywhere(lines []int, except ...string) []aiContradiction {
	var out []aiContradiction
	for _, c := range ailist.Crawlers() {
		if c.Purpose == ailist.Training && !slices.Contains(except, c.Token) {
			out = append(out, aiContradiction{Token: c.Token, Kind: "training", Lines: lines})
		}
	}
	return out
}

// TestAINotes checks the notes on the list's names: one for each name
// that is not a product token, saying what it is read as, and one for each
// set of names that differ only in case.
func TestAINotes(t *testing.T) {
	rep, _ := aiRun(t, "")
	invalid := 0
	for _, c := range ailist.Crawlers() {
		if robots.ValidProductToken(c.Token) {
			continue
		}
		invalid++
		read := robots.ProductToken(c.Token)
		want := `"` + c.Token + `" is not a product token: Google's rules read "User-agent: ` + c.Token + `" as "` + read + `"`
		if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
			t.Errorf("no note starts %s", want)
		}
		if got := crawlerOf(t, rep, c.Token); got.ValidToken {
			t.Errorf("%s: valid_token true", c.Token)
		}
	}
	if invalid == 0 {
		t.Fatal("the list has no name that is not a product token: the test tests nothing")
	}
	for _, want := range []string{
		`"meta-externalagent" and "Meta-ExternalAgent" name one group: robots.txt compares names in any case`,
		`"AI2Bot" is not a product token: Google's rules read "User-agent: AI2Bot" as "AI", and its answers are for AI; a crawler that asks as "AI2Bot" never gets a group of its own; "AI2Bot-DeepResearchEval" and "Ai2Bot-Dolma" share that group`,
		`"MistralAI-User/1.0" is not a product token: Google's rules read "User-agent: MistralAI-User/1.0" as "MistralAI-User", and its answers are for MistralAI-User; a crawler that asks as "MistralAI-User/1.0" never gets a group of its own; "MistralAI-User" shares that group`,
	} {
		if !slices.Contains(rep.Notes, want) {
			t.Errorf("no note %s", want)
		}
	}
	if n := len(rep.Notes); n != invalid+3 {
		t.Errorf("%d notes, want %d: %q", n, invalid+3, rep.Notes)
	}
}

// TestAIJSONFields checks that ai writes every field its help documents,
// and no other.
func TestAIJSONFields(t *testing.T) {
	got := runTool(t, nil, "ai", "-json", "../../testdata/ai-crawlers.txt")
	if got.status != exitFound {
		t.Fatalf("status %d, want 1 (testdata/ai-crawlers.txt has contradictions); stderr %s", got.status, got.stderr)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	keys := func(m any) []string {
		var ks []string
		for k := range m.(map[string]any) {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return ks
	}
	for _, tt := range []struct {
		what string
		obj  any
		want []string
	}{
		{"report", rep, []string{"contradictions", "crawlers", "list", "notes", "source"}},
		{"list", rep["list"], []string{"crawlers", "date", "name"}},
		{"crawler", rep["crawlers"].([]any)[0], []string{"content_signal", "content_usage", "operator", "paths", "purpose", "token", "valid_token"}},
		{"path", rep["crawlers"].([]any)[0].(map[string]any)["paths"].([]any)[0], []string{"allowed", "line", "path"}},
		{"contradiction", rep["contradictions"].([]any)[0], []string{"kind", "lines", "message", "token"}},
	} {
		if d := cmp.Diff(tt.want, keys(tt.obj)); d != "" {
			t.Errorf("%s fields (-want +got):\n%s", tt.what, d)
		}
		for _, k := range tt.want {
			if !strings.Contains(aiHelp, `"`+k+`"`) {
				t.Errorf("help of ai does not document the JSON field %q", k)
			}
		}
	}
}

// TestAIText checks the text output: the list, a row per crawler, the
// preference lines, the notes, the contradictions and the count.
func TestAIText(t *testing.T) {
	got := runTool(t, nil, "ai", "-path", "/", "-path", "/private/\x1b[31m", "../../testdata/ai-crawlers.txt")
	if got.status != exitFound || got.stderr != "" {
		t.Fatalf("status %d, stderr %q", got.status, got.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	n := len(ailist.Crawlers())
	want := []string{
		"ai.robots.txt of " + ailist.Date + ": " + plural(n, "crawler"),
		"crawler                                   purpose    operator                  /                   /private/\\x1b[31m   preferences at /",
	}
	if d := cmp.Diff(want, lines[:2]); d != "" {
		t.Errorf("head (-want +got):\n%s", d)
	}
	for _, row := range []string{
		"AI2Bot (as AI)                            training   Ai2                       disallowed line 12  disallowed line 12  -",
		"Applebot                                  search     Unclear at this time.     allowed line 5      allowed line 5      line 4",
		"GPTBot                                    training   OpenAI                    disallowed line 12  disallowed line 12  -",
		"preference lines:",
		"  line 4: Content-Signal: search=yes, ai-train=no",
		"notes:",
		"  PerplexityBot (search) may not fetch / (line 15) while the * group's Content-Signal (line 4) says search=yes",
		"  CCBot (training) may fetch / (line 5) while line 4 says Content-Signal ai-train=no: the file relies on the crawler reading it; Disallow: / in a group for CCBot would stop it",
	} {
		if !slices.Contains(lines, row) {
			t.Errorf("no line %q in\n%s", row, got.stdout)
		}
	}
	if !strings.HasPrefix(lines[len(lines)-1], "157 of 166 crawlers may fetch /; ") {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	if len(lines) < n+4 {
		t.Errorf("%d lines for %d crawlers", len(lines), n)
	}
}

func TestAIUsageErrors(t *testing.T) {
	runCases(t, []runCase{
		{name: "no source", args: []string{"ai"}, wantStatus: 2,
			wantStderrHas: []string{"ai needs exactly one SOURCE"}},
		{name: "two sources", args: []string{"ai", "a", "b"}, wantStatus: 2,
			wantStderrHas: []string{"ai needs exactly one SOURCE"}},
		{name: "path without slash", args: []string{"ai", "-path", "x", "-"}, wantStatus: 2,
			wantStderrHas: []string{`-path "x" is not a path`}},
		{name: "missing file", args: []string{"ai", "no-such-file.txt"}, wantStatus: 2,
			wantStderrHas: []string{"no-such-file.txt: no such file"}},
		{name: "help", args: []string{"ai", "-h"}, wantStdout: aiHelp},
	})
}

// TestAILive checks ai on a live site, over loopback: the fetch is noted
// and its file checked; a 503 disallows everything (and states no
// preference), and no response at all is exit status 2.
func TestAILive(t *testing.T) {
	var status = http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
		w.Write([]byte("User-agent: *\nContent-Signal: search=yes\nAllow: /\n\nUser-agent: PerplexityBot\nDisallow: /\n"))
	}))
	defer srv.Close()

	got := runTool(t, nil, "ai", "-json", srv.URL+"/some/page")
	var rep aiReport
	if err := json.Unmarshal([]byte(got.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if got.status != exitFound || len(rep.Contradictions) != 1 || rep.Contradictions[0].Token != "PerplexityBot" {
		t.Errorf("status %d, contradictions %+v", got.status, rep.Contradictions)
	}
	if len(rep.Notes) == 0 || rep.Notes[0] != "fetched "+srv.URL+"/robots.txt: HTTP 200, 89 bytes" {
		t.Errorf("notes %q: want the fetch first", rep.Notes)
	}

	status = http.StatusServiceUnavailable
	got = runTool(t, nil, "ai", srv.URL)
	if got.status != exitOK {
		t.Errorf("503: status %d, want 0 (no preference stated, so no contradiction); stderr %s", got.status, got.stderr)
	}
	for _, want := range []string{"robots.txt unreachable: every URL is disallowed", "disallowed robots.txt unreachable", "0 of 166 crawlers may fetch /; 0 contradictions"} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("503: no %q in\n%s", want, got.stdout)
		}
	}

	// A port nothing listens on: no response.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	got = runTool(t, nil, "ai", "-timeout", "5s", "http://"+addr+"/")
	if got.status != exitFailure || !strings.Contains(got.stderr, "could not fetch") {
		t.Errorf("no response: status %d, stderr %q", got.status, got.stderr)
	}
}

// TestAINamesAsWritten writes a group for each name of the list that is
// not a product token, as the list's own robots.txt does, and checks that
// the answers for that name come from that group: the name ai answers for
// is the one the parser made of the line.
func TestAINamesAsWritten(t *testing.T) {
	n := 0
	for _, c := range ailist.Crawlers() {
		if robots.ValidProductToken(c.Token) {
			continue
		}
		n++
		rep := aiCheck(robots.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: "+c.Token+"\nDisallow: /\n")), []string{"/"})
		got := crawlerOf(t, rep, c.Token).Paths[0]
		if got.Allowed || got.Line == nil || *got.Line != 5 {
			t.Errorf("%q: %+v, want disallowed by line 5, its own group", c.Token, got)
		}
	}
	if n == 0 {
		t.Fatal("the list has no name that is not a product token: the test tests nothing")
	}
}

// TestAIManyPreferenceLines checks that a file of thousands of preference
// lines does not make each crawler's row, or each contradiction, list them
// all: a contradiction cites at most maxCited of them, and text and JSON
// name the rest by their number.
func TestAIManyPreferenceLines(t *testing.T) {
	const n = 5000
	body := "User-agent: *\nAllow: /\n" + strings.Repeat("Content-Usage: train-ai=n\n", n)
	rep, status := aiRun(t, body)
	if status != exitFound {
		t.Errorf("status %d, want 1", status)
	}
	for _, c := range rep.Contradictions {
		if len(c.Lines) > 1+maxCited || !strings.Contains(c.Message, "lines 3, 4, 5 and 4997 more say Content-Usage train-ai=n") {
			t.Fatalf("%d lines, message %q", len(c.Lines), c.Message)
		}
	}
	b, _ := json.Marshal(rep)
	got := runTool(t, strings.NewReader(body), "ai", "-")
	// 166 rows and at most 166 contradictions of a few hundred bytes, and
	// the file's lines once: listing the lines for each crawler would take
	// megabytes.
	if len(b) > 200<<10 || len(got.stdout) > 200<<10+len(body)*2 {
		t.Errorf("%d bytes of JSON, %d of text for a file of %d", len(b), len(got.stdout), len(body))
	}
	if !strings.Contains(got.stdout, "  allowed line 2  lines 3, 4, 5 and 4997 more\n") {
		t.Errorf("no row ends with the lines counted:\n%.2000s", got.stdout)
	}
}
