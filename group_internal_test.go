package robots

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	// Files of few names (scanned) and of many (hashed, the table grown
	// several times), with tokens of lengths from 1 to 70, each naming its
	// own group.
	token := func(i int) string { return strings.Repeat(string(rune('a'+i%26)), 1+i%70) + strings.Repeat("_", i/26) }
	for _, n := range []int{1, maxScan, maxScan + 1, 100} {
		var body strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&body, "User-agent: %s\nDisallow: /%d\n\n", token(i), i)
		}
		f := Parse([]byte(body.String()))
		tokens := make(map[string]bool) // in lower case
		for i := 0; i < n; i++ {
			tokens[token(i)] = true
		}
		if len(f.set.names) != n {
			t.Fatalf("%d names, want %d", len(f.set.names), n)
		}
		for i := 0; i < n; i++ {
			agent := strings.ToUpper(token(i))
			g := f.Group(agent)
			if g == nil {
				t.Errorf("%d names: Group(%q) = nil", n, agent)
				continue
			}
			if rules := g.Rules(); len(rules) != 1 || rules[0].Pattern != fmt.Sprintf("/%d", i) {
				t.Errorf("%d names: Group(%q) has rules %v, want Disallow: /%d", n, agent, rules, i)
			}
			for _, other := range []string{agent + "x", agent[1:], "x" + agent[1:], agent[:len(agent)-1] + "\u212a"[:1]} {
				if ni := f.set.lookup(other); (ni >= 0) != tokens[asciiLower(other)] {
					t.Errorf("%d names: lookup(%q) returned %d", n, other, ni)
				}
			}
		}
	}
}

func TestNamesMerged(t *testing.T) {
	// Each token is named by two groups, the second time in upper case, and
	// so is its twin: both get one Group, which merges the two, whether
	// the file's names are scanned or hashed.
	token := func(i int) string { return strings.Repeat(string(rune('a'+i%26)), 1+i%70) + strings.Repeat("_", i/26) }
	twin := func(i int) string { return "z-" + token(i) }
	for _, n := range []int{1, maxScan / 2, maxScan/2 + 1, maxScan, 100} {
		var body strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&body, "User-agent: %s\nUser-agent: %s\nDisallow: /a%d\n\n", token(i), twin(i), i)
		}
		for i := 0; i < n; i++ {
			fmt.Fprintf(&body, "User-agent: %s\nUser-agent: %s\nDisallow: /b%d\n\n", strings.ToUpper(token(i)), twin(i), i)
		}
		f := Parse([]byte(body.String()))
		if len(f.set.names) != 2*n || len(f.set.groups) != n {
			t.Fatalf("%d tokens: %d names and %d groups, want %d and %d", n, len(f.set.names), len(f.set.groups), 2*n, n)
		}
		for i := 0; i < n; i++ {
			g := f.Group(token(i))
			want := []Rule{{Pattern: fmt.Sprintf("/a%d", i), Line: 3 + 4*i}, {Pattern: fmt.Sprintf("/b%d", i), Line: 3 + 4*(n+i)}}
			if diff := cmp.Diff(want, g.Rules()); diff != "" {
				t.Errorf("%d tokens: Group(%q).Rules() (-want +got):\n%s", n, token(i), diff)
			}
			if tw := f.Group(twin(i)); tw != g {
				t.Errorf("%d tokens: Group(%q) is not Group(%q)", n, twin(i), token(i))
			}
		}
	}
}
