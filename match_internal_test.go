package robots

import (
	"regexp"
	"strings"
	"testing"
)

// FuzzIndex checks the scan that answers a group's first queries, and the
// matcher's index (binary search on literal prefixes,
// parent chains, duplicates dropped, bodies copied and shared, and each
// speed-up the budget may leave out) against trying every rule with a
// regular expression, on many rules at once. FuzzMatch checks what one rule
// matches.
func FuzzIndex(f *testing.F) {
	f.Add("/a\n/a/b\n/*x\n/*y\n/*z$\n*q\n/a*\n/a/b*c", uint64(0b10100101), "/a/b/xyzq")
	f.Add("/*.pdf$\n/*?s=\n/*/print$\n/*.php\n/p/*.html$\n/p/\n/p/a\n/p/a", uint64(0x55), "/p/a.php?s=1")
	f.Add("/\n/\n/\n/x\n/x$\n/x*\n*\n*$", uint64(0xf0), "/x")
	f.Add("/aa\n/a\n/aaa*b\n/a*a*a*b\n/*a\n/*b\n/**\n/*$", uint64(3), "/aaaab")
	f.Add("/d/index.html\n/d/index.html\n/d/$\n/%64/index.htm\n/\xff/index.html\n/\xff/\n/d/%69ndex.htm", uint64(0x3f), "/d/")
	f.Add("/\xff\xfe\n/\xff\xfe\n/ a\n/%20a\n/$a\n/%24a$\n/%7e\n/~", uint64(0x99), "/\xff\xfe/ a")
	f.Fuzz(func(t *testing.T, patterns string, allow uint64, path string) {
		var text strings.Builder
		var prules []prule
		var srcs []int32
		for i, p := range strings.Split(patterns, "\n") {
			if i == 40 {
				break
			}
			meta := uint32(i + 1)
			if allow&(1<<(i%64)) != 0 {
				meta |= pruleAllow
			}
			prules = append(prules, prule{off: int32(text.Len()), meta: meta})
			text.WriteString(p[:min(len(p), maxLineLen)])
			text.WriteByte('\n')
			srcs = append(srcs, int32(i))
		}
		path = canonicalPath(pathOf("/" + path))

		// Try every rule, and every index page rule, that can match.
		type candidate struct {
			pattern string
			implied bool
			src     int32
		}
		var cands []candidate
		for i, pr := range prules {
			c := string(appendCanonical(nil, pr.pattern(text.String()), 0, true))
			if !live(c) {
				continue
			}
			cands = append(cands, candidate{c, false, int32(i)})
			if d := indexPageDir(c); pr.allow() && d >= 0 {
				cands = append(cands, candidate{c[:d] + "$", true, int32(i)})
			}
		}
		priority := func(c candidate) int {
			p := 2 * len(c.pattern)
			if prules[c.src].allow() {
				p++
			}
			return p
		}
		want := -1
		for _, c := range cands {
			if refMatch(c.pattern, path) && priority(c) > want {
				want = priority(c)
			}
		}

		// A scan of the rules, as the first queries of a group are
		// answered, gives the answer of the best rule.
		set := &groupSet{text: text.String(), rules: prules, raws: []rawGroup{{rules: int32(len(prules))}}}
		if got, want := (&Group{set: set, n: 1}).scan(path), want < 0 || want%2 == 1; got != want {
			t.Errorf("scan(%q) = %v, want %v; rules %q", path, got, want, patterns)
		}

		full := newMatcher(text.String(), prules, srcs)
		variants := map[string]*matcher{"full": full}
		for _, drop := range []string{"second", "keys", "needs", "all"} {
			m := *full
			switch drop {
			case "second":
				m.second = nil
			case "keys":
				m.keys = nil
			case "needs":
				m.needs = nil
			case "all":
				m.second, m.keys, m.needs = nil, nil, nil
			}
			variants["without "+drop] = &m
		}
		for name, m := range variants {
			got := -1
			if i := m.match(path); i >= 0 {
				r := &m.rules[i]
				// The rule chosen must be the first written of its kind,
				// and one that matches.
				var chosen *candidate
				for k := range cands {
					c := &cands[k]
					if c.implied == (r.meta&ruleImplied != 0) && prules[c.src].allow() == r.allow() && c.pattern == m.body(r)+map[bool]string{true: "$"}[r.meta&ruleAnchored != 0] {
						chosen = c
						break
					}
				}
				switch {
				case chosen == nil:
					t.Fatalf("%s: match(%q) chose rule %+v, body %q, which is none of the group's", name, path, *r, m.body(r))
				case chosen.src != r.src():
					t.Errorf("%s: match(%q) chose %q of line %d; want the first written, of line %d", name, path, chosen.pattern, r.src(), chosen.src)
				case !refMatch(chosen.pattern, path):
					t.Fatalf("%s: match(%q) chose %q, which does not match", name, path, chosen.pattern)
				}
				got = priority(*chosen)
			}
			if got != want {
				t.Errorf("%s: match(%q) found a rule of priority %d, want %d; rules %q", name, path, got, want, patterns)
			}
		}
	})
}

// refMatch reports whether pattern, in canonical form, matches path, in
// canonical form: a regular expression of its literal runs joined by ".*",
// from the start of path, and to its end if pattern ends with '$'.
func refMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	pattern = strings.TrimSuffix(pattern, "$")
	parts := strings.Split(pattern, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	expr := "(?s)^" + strings.Join(parts, ".*")
	if anchored {
		expr += "$"
	}
	return regexp.MustCompile(expr).MatchString(path)
}

// TestScanThenIndex checks that a file's first scanQueries queries are
// answered by scan, leaving the group without a matcher, and that the next
// builds the matcher of the group it asks, and only of that group.
func TestScanThenIndex(t *testing.T) {
	f := Parse([]byte("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n"))
	a, b := f.Group("a"), f.Group("b")
	for i := 0; i < scanQueries; i++ {
		if f.Allowed("a", "/x") {
			t.Fatalf("query %d: Allowed(a, /x) = true, want false", i+1)
		}
		if a.idx.Load() != nil {
			t.Fatalf("query %d built the matcher; want a scan", i+1)
		}
	}
	if !f.Allowed("b", "/x") || f.Allowed("b", "/y") {
		t.Error("group b: /x disallowed or /y allowed; want /x allowed, /y disallowed")
	}
	if b.idx.Load() == nil {
		t.Errorf("after %d queries, the query of group b built no matcher", scanQueries+1)
	}
	if a.idx.Load() != nil {
		t.Error("a query of group b built the matcher of group a")
	}
}
