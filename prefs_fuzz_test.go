package robots_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// FuzzPreferences checks File.Preferences on any body against what the
// rest of the public API says: the lines that apply are the group's
// preference lines whose path the real matcher matches with the greatest
// length, and what they state combines the statements of each line alone.
func FuzzPreferences(f *testing.F) {
	seeds := []struct{ body, url string }{
		{"User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n", "/ai-ok/x"},
		{"User-agent: *\nContent-Usage: /a train-ai=y, search=n\nContent-Usage: /a train-ai=n, search=y, x=1\nContent-Usage: / train-ai=y\n", "/a/b"},
		{"User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nUser-agent: GPTBot\nContent-Signal: /b ai-train=yes\nDisallow: /p\n", "/b"},
		{"User-agent: a\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: /%7e search=n\nContent-Usage: /~ search=y\n", "/~/x.pdf"},
		{"User-agent: a\nContent-Usage: train-ai=y, train-ai, search=n, search=\"n\"\nContent-Usage: /d/index.html train-ai=n\n", "/d/index.html"},
		{"Content-Signal: a=b\nUser-agent: *\nContent-Signal: A=No, a=yes,, b\nContent-Usage: (x)\n", "http://h/"},
	}
	for _, s := range seeds {
		f.Add([]byte(s.body), s.url)
	}
	f.Fuzz(func(t *testing.T, body []byte, url string) {
		file := robots.Parse(body)
		for _, agent := range agentsFrom(body) {
			all := file.PreferenceLines(agent)
			for _, u := range append(urlsFrom(body)[:5], url) {
				checkPreferences(t, file, all, agent, u)
			}
		}
	})
}

// checkPreferences checks the Preferences of file for agent and url, given
// all the preference lines of agent's group.
func checkPreferences(t *testing.T, file *robots.File, all []robots.PreferenceLine, agent, url string) {
	t.Helper()
	p := file.Preferences(agent, url)
	if !cmp.Equal(p, file.Preferences(agent, url)) {
		t.Fatalf("Preferences(%q, %q) differs from one call to the next", agent, url)
	}
	e := file.Explain(agent, url)
	if !e.Allowed {
		if !cmp.Equal(p, robots.Preferences{}) {
			t.Errorf("Preferences(%q, %q) = %+v for a disallowed URL, want none", agent, url, p)
		}
		return
	}
	if e.Path == "/robots.txt" || len(all) > 8 {
		return // the matcher always allows /robots.txt; and keep it quick
	}
	for _, kind := range []robots.KeyKind{robots.ContentSignal, robots.ContentUsage} {
		var lines []robots.PreferenceLine
		for _, l := range all {
			if l.Key == kind && matches(l.Path, url) {
				lines = append(lines, l)
			}
		}
		// The longest: those that no other matching line outranks.
		var want []robots.PreferenceLine
		for _, l := range lines {
			if !slices.ContainsFunc(lines, func(m robots.PreferenceLine) bool { return longer(m.Path, l.Path, url) }) {
				want = append(want, l)
			}
		}
		got, stated := p.SignalLines, p.Signal
		if kind == robots.ContentUsage {
			got, stated = p.UsageLines, p.Usage
		}
		if !cmp.Equal(want, got, cmpEmpty) {
			t.Errorf("Preferences(%q, %q) %v lines mismatch (-want +got):\n%s", agent, url, kind, cmp.Diff(want, got, cmpEmpty))
			continue
		}
		if diff := cmp.Diff(combineAlone(kind, got), stated, cmpEmpty); diff != "" {
			t.Errorf("Preferences(%q, %q) %v does not combine its lines' statements (-want +got):\n%s", agent, url, kind, diff)
		}
	}
}

var cmpEmpty = cmp.FilterValues(func(a, b any) bool { return isEmpty(a) && isEmpty(b) }, cmp.Ignore())

func isEmpty(v any) bool {
	switch v := v.(type) {
	case []robots.PreferenceLine:
		return len(v) == 0
	case map[string]string:
		return len(v) == 0
	}
	return false
}

// pathRule returns the pattern a preference line's path stands for.
func pathRule(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// matches reports whether the matcher of allow and disallow rules matches
// url with the path pattern of a preference line.
func matches(path, url string) bool {
	f := robots.Parse([]byte("User-agent: *\nDisallow: " + pathRule(path) + "\n"))
	return f.Explain("a", url).Reason == robots.RuleMatched
}

// longer reports whether the path pattern p, which matches url, is longer
// than q, which matches it too, as the matcher of allow and disallow rules
// measures them: of the two, the longer decides, and allow wins a tie.
func longer(p, q, url string) bool {
	f := robots.Parse([]byte("User-agent: *\nDisallow: " + pathRule(p) + "\nAllow: " + pathRule(q) + "\n"))
	return !f.Allowed("a", url)
}

// combineAlone combines what each line states when it stands alone in a
// file, restrictively: "n" (for a signal, "no" in any case) over "y" (for
// a signal, "yes"), over the first value written.
func combineAlone(kind robots.KeyKind, lines []robots.PreferenceLine) map[string]string {
	rank := func(v string) int {
		no, yes := "n", "y"
		if kind == robots.ContentSignal {
			v, no, yes = strings.ToLower(v), "no", "yes"
		}
		switch v {
		case no:
			return 2
		case yes:
			return 1
		}
		return 0
	}
	out := map[string]string{}
	for _, l := range lines {
		// The path "/" keeps a value that starts with '/' from being read
		// as a path.
		alone := robots.Parse([]byte("User-agent: *\n"+kind.String()+": / "+l.Value+"\n")).Preferences("a", "/")
		stated := alone.Signal
		if kind == robots.ContentUsage {
			stated = alone.Usage
		}
		for k, v := range stated {
			if old, ok := out[k]; !ok || rank(v) > rank(old) {
				out[k] = v
			}
		}
	}
	return out
}
