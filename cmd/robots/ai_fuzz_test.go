package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/ailist"
	use "github.com/crawlkit/robots/usage"
)

// FuzzAI checks arbitrary bodies and a path against the list, as a live
// robots.txt can be anything: ai never panics, answers for every crawler
// and path what the library answers for the name as Google reads it, with
// a line of the body, reports a contradiction exactly where the
// library's answers and package usage's reading of the preferences make
// one, and writes text without
// control bytes.
func FuzzAI(f *testing.F) {
	for _, seed := range []struct{ body, path string }{
		{"User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n", "/"},
		{"User-agent: AI2Bot\nUser-agent: MistralAI-User/1.0\nDisallow: /x\nContent-Usage: train-ai=n\n", "/x"},
		{"User-agent: *\nContent-Signal: search=yes\nDisallow:\n\nUser-agent: PerplexityBot\nDisallow: /\n", "/%zz"},
		{"User-agent: ClaudeBot\nContent-Usage: / train-ai=n, search=y\nContent-Usage: /a train-ai=y\nAllow: /index.html\n", "/a/\x1b[2J"},
		{"User-agent: *\nContent-Signal: \xff=\u202e\nDisallow: /*$\n", "/\u00e9"},
	} {
		f.Add([]byte(seed.body), seed.path)
	}
	list := ailist.Crawlers()
	f.Fuzz(func(t *testing.T, body []byte, path string) {
		file := robots.Parse(body)
		paths := []string{"/"}
		if strings.HasPrefix(path, "/") {
			paths = append(paths, path)
		}
		rep := aiCheck(file, paths)
		if len(rep.Crawlers) != len(list) {
			t.Fatalf("%d crawlers, want %d", len(rep.Crawlers), len(list))
		}
		lines := 1 + bytes.Count(body, []byte("\n")) + bytes.Count(body, []byte("\r"))
		starSearch := use.For("*", use.Input{URL: "/", Robots: file}).Search.State == use.Allowed
		var want []string // "token kind" of the contradictions
		for i, c := range rep.Crawlers {
			agent := list[i].Token
			if !robots.ValidProductToken(agent) && robots.ProductToken(agent) != "" {
				agent = robots.ProductToken(agent)
			}
			if c.Token != list[i].Token || c.Purpose != string(list[i].Purpose) || c.ValidToken != robots.ValidProductToken(c.Token) {
				t.Fatalf("crawler %d is %+v, the list has %+v", i, c, list[i])
			}
			if len(c.Paths) != len(paths) {
				t.Fatalf("%s: %d paths, want %d", c.Token, len(c.Paths), len(paths))
			}
			for j, p := range c.Paths {
				x := file.Explain(agent, paths[j])
				if p.Path != paths[j] || p.Allowed != x.Allowed {
					t.Errorf("%s %q: %+v, the library says allowed %v", c.Token, paths[j], p, x.Allowed)
				}
				if p.Line != nil && (*p.Line < 1 || *p.Line > lines || *p.Line != x.Rule.Line) {
					t.Errorf("%s %q: line %d of %d, the library's rule is on line %d", c.Token, paths[j], *p.Line, lines, x.Rule.Line)
				}
			}
			pr := file.Preferences(agent, "/")
			if len(c.ContentSignal) != len(pr.Signal) || len(c.ContentUsage) != len(pr.Usage) || c.ContentSignal == nil || c.ContentUsage == nil {
				t.Errorf("%s: preferences %v %v, the library says %v %v", c.Token, c.ContentSignal, c.ContentUsage, pr.Signal, pr.Usage)
			}
			allowed := file.Allowed(agent, "/")
			switch {
			case list[i].Purpose == ailist.Training && allowed &&
				use.For(agent, use.Input{URL: "/", Robots: file}).AITrain.State == use.Disallowed:
				want = append(want, c.Token+" training")
			case list[i].Purpose == ailist.Search && !allowed && starSearch:
				want = append(want, c.Token+" search")
			}
		}
		var got []string
		for _, c := range rep.Contradictions {
			got = append(got, c.Token+" "+c.Kind)
			for _, n := range c.Lines {
				if n < 1 || n > lines {
					t.Errorf("contradiction %+v: line %d of %d", c, n, lines)
				}
			}
		}
		if !slices.Equal(want, got) {
			t.Errorf("contradictions %q, want %q", got, want)
		}
		if _, err := json.Marshal(rep); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		writeAI(&b, rep, 0)
		for _, line := range strings.Split(b.String(), "\n") {
			if safe(line) != line {
				t.Fatalf("the text output holds a byte safe escapes: %q", line)
			}
		}
	})
}
