package robots

import (
	"fmt"
	"strings"
	"testing"
)

func TestEqualFold(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"googlebot", "Googlebot", true},
		{"GOOGLEBOT", "googlebot", true},
		{"googlebot-news", "GoogleBot-News", true},
		{"googlebot-news", "GoogleBot_News", false},
		{"googlebot", "googlebos", false},
		{"googlebot", "googlebo", false},
		{"k", "\u212a", false}, // KELVIN SIGN folds onto 'k' in Unicode only
		{"i", "\u0130", false},
		{"@", "`", false}, // next to 'A' and 'a'
		{"[", "{", false}, // next to 'Z' and 'z'
		{"_", "\x7f", false},
	} {
		if got := equalFold(tc.a, tc.b); got != tc.want {
			t.Errorf("equalFold(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if tc.want && foldHash(tc.a) != foldHash(tc.b) {
			t.Errorf("foldHash(%q) != foldHash(%q), but they are equal", tc.a, tc.b)
		}
	}
}

func TestLookup(t *testing.T) {
	// Enough tokens to grow the hash table several times, of lengths from
	// 1 to 70, each naming its own group.
	const n = 100
	token := func(i int) string { return strings.Repeat(string(rune('a'+i%26)), 1+i%70) + strings.Repeat("_", i/26) }
	var body strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&body, "User-agent: %s\nDisallow: /%d\n\n", token(i), i)
	}
	f := Parse([]byte(body.String()))
	if len(f.set.names) != n {
		t.Fatalf("%d names, want %d", len(f.set.names), n)
	}
	for i := 0; i < n; i++ {
		agent := strings.ToUpper(token(i))
		g := f.Group(agent)
		if g == nil {
			t.Errorf("Group(%q) = nil", agent)
			continue
		}
		if rules := g.Rules(); len(rules) != 1 || rules[0].Pattern != fmt.Sprintf("/%d", i) {
			t.Errorf("Group(%q) has rules %v, want Disallow: /%d", agent, rules, i)
		}
		for _, other := range []string{agent + "x", agent[1:], "x" + agent[1:]} {
			if ni := f.set.lookup(other); ni >= 0 && !equalFold(other, f.set.str(f.set.agents[f.set.names[ni].agent])) {
				t.Errorf("lookup(%q) found %q", other, f.set.str(f.set.agents[f.set.names[ni].agent]))
			}
		}
	}
}
