package robots

import (
	"strings"
	"testing"
)

// FuzzIndex checks the matcher's index (binary search on literal prefixes,
// parent chains, duplicates set aside, byte masks) against trying every
// rule, on many rules at once. FuzzMatch checks what one rule matches.
func FuzzIndex(f *testing.F) {
	f.Add("/a\n/a/b\n/*x\n/*y\n/*z$\n*q\n/a*\n/a/b*c", uint64(0b10100101), "/a/b/xyzq")
	f.Add("/*.pdf$\n/*?s=\n/*/print$\n/*.php\n/p/*.html$\n/p/\n/p/a\n/p/a", uint64(0x55), "/p/a.php?s=1")
	f.Add("/\n/\n/\n/x\n/x$\n/x*\n*\n*$", uint64(0xf0), "/x")
	f.Add("/aa\n/a\n/aaa*b\n/a*a*a*b\n/*a\n/*b\n/**\n/*$", uint64(3), "/aaaab")
	f.Fuzz(func(t *testing.T, patterns string, allow uint64, path string) {
		var rules []rule
		for i, p := range strings.Split(patterns, "\n") {
			if i == 40 {
				break
			}
			c := string(appendCanonical(nil, p, 0, true))
			rules = append(rules, newRule(c, i+1, allow&(1<<(i%64)) != 0))
		}
		path = canonicalPath(pathOf("/" + path))

		// Try every rule that can match.
		want := -1
		for i := range rules {
			r := rules[i]
			if !r.live() {
				continue
			}
			r.setPrefix()
			if strings.HasPrefix(path, r.prefix()) && r.matchRest(path) && (want < 0 || r.priority() > want) {
				want = r.priority()
			}
		}

		m := newMatcher(rules)
		m.compile()
		got := -1
		if i := m.match(path); i >= 0 {
			r := &m.rules[i]
			if !strings.HasPrefix(path, r.prefix()) || !r.matchRest(path) {
				t.Fatalf("match(%q) chose %q, which does not match", path, r.pattern)
			}
			got = r.priority()
		}
		if got != want {
			t.Errorf("match(%q) found a rule of priority %d, want %d; rules %q", path, got, want, patterns)
		}
	})
}
