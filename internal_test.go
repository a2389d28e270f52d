package robots

import (
	"fmt"
	"strings"
	"testing"
)

// White-box tests of fast paths against their plain definitions.

func TestNeedsByteCheck(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"User-agent: *\nDisallow: /café\n", false},
		{"\xEF\xBB\xBFUser-agent: *\n# ツ and 🙂 are UTF-8\n", false},
		{"Disallow: /caf\xC3\n", true},      // truncated sequence
		{"Disallow: /\xC3\xA9\xA9\n", true}, // stray continuation byte
		{"Disallow: /\xED\xA0\x80\n", true}, // surrogate: not UTF-8
		{"Disallow: /x\x00y\n", true},
	} {
		if got := needsByteCheck([]byte(tc.body)); got != tc.want {
			t.Errorf("needsByteCheck(%q) = %v, want %v", tc.body, got, tc.want)
		}
	}
	// Every byte value alone, at every offset of a body longer than two
	// words, so that the eight-byte loop and the byte loop both see it. A
	// lone byte >= 0x80 is never UTF-8.
	for c := 0; c < 256; c++ {
		want := c < ' ' && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f
		for pos := 0; pos < 19; pos++ {
			b := []byte("abcdefghij\tklmn\r\nop")
			b[pos] = byte(c)
			if got := needsByteCheck(b); got != want {
				t.Errorf("needsByteCheck(%q) = %v, want %v", b, got, want)
			}
		}
	}
}

func TestMaySpecial(t *testing.T) {
	for _, pattern := range []bool{false, true} {
		mask := uint8(classPath)
		if pattern {
			mask = classPattern
		}
		for c := 0; c < 256; c++ {
			for pos := 0; pos < 8; pos++ {
				b := []byte("abcdefgh")
				b[pos] = byte(c)
				want := byteClass[c]&mask != 0
				if pattern && c == '#' {
					want = true // a pattern has no '#'; the word test may say either
				}
				if got := maySpecial(load64(b), pattern); got != want {
					t.Errorf("maySpecial(%q, pattern=%v) = %v, want %v", b, pattern, got, want)
				}
			}
		}
	}
}

func TestPathOf(t *testing.T) {
	// The word loop and the byte loop of the authority scan both see each
	// delimiter: hosts shorter and longer than eight bytes.
	for _, tc := range []struct{ target, want string }{
		{"https://a.b/x", "/x"},
		{"https://www.example.com/x?y", "/x?y"},
		{"https://www.example.com?y", "/?y"},
		{"https://www.example.com;p", "/;p"},
		{"https://www.example.com#f/x", "/"},
		{"https://www.example.com", "/"},
		{"http://a", "/"},
		{"HTTP://www.example.com/A", "/A"},
		{"ftp://files.example.com/pub/", "/pub/"},
		{"example.com/a?b", "/a?b"},
		{"a?u=http://b/c", "/?u=http://b/c"},
		{"a#b://c/d", "/"},
		{"/already/a/path#f", "/already/a/path#f"},
	} {
		if got := pathOf(tc.target); got != tc.want {
			t.Errorf("pathOf(%q) = %q, want %q", tc.target, got, tc.want)
		}
	}
}

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

func TestFirstChange(t *testing.T) {
	// Each special byte at each offset of paths around the word size, so
	// that the word loop, its overlapping last word and the byte loop all
	// meet it.
	for n := 1; n <= 20; n++ {
		for pos := 0; pos < n; pos++ {
			for _, c := range []byte{' ', '%', '$', '*', '#', 0x7f, 0x80, '\t'} {
				b := []byte(strings.Repeat("x", n))
				b[pos] = c
				want := pos
				if c == '%' {
					want = -1 // a '%' without two hex digits stays
				}
				if got := firstChange(string(b), false); got != want {
					t.Errorf("firstChange(%q, path) = %d, want %d", b, got, want)
				}
			}
			if got := firstChange(strings.Repeat("x", n), false); got != -1 {
				t.Errorf("firstChange(%q, path) = %d, want -1", strings.Repeat("x", n), got)
			}
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
