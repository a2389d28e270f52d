package robots

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
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

// FuzzLexClean checks that lexClean, the fast lexer for bodies without
// control bytes and with valid UTF-8, reads every such body exactly as lex,
// the general one, does.
func FuzzLexClean(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /private/ # c\nAllow: /private/ok\n",
		"\xEF\xBB\xBFuser-agent:a\r\nDISALLOW:/x\rsitemap: http://s/a#b\n\nCrawl-delay: 2\n",
		"User-agent a\nDisallow /x /y\n: v\nHost example.com\n#only\n   \t\nAllow:\n",
		"Useragent: é\nDisallowed : /ツ?a=%e2%80\n Disallow:/index.html\nUser agent: x\n",
		"User-agent: *\nDisallow: /" + strings.Repeat("a", maxLineLen) + "\nDisallow: /b\n",
		"user-agent:*\nallow:/a\nsitemap:x\ndisallow:\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		body = cleanBody(body)
		if needsByteCheck(body) {
			t.Fatalf("cleanBody left bytes that need checking: %q", body)
		}
		p, lexed, cut := newParser(body, DefaultMaxBytes)
		p.lex(lexed)
		want := summarize(p.finish(lexed, cut))
		p, lexed, cut = newParser(body, DefaultMaxBytes)
		p.lexClean(lexed)
		got := summarize(p.finish(lexed, cut))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("lexClean and lex read %q differently (-lex +lexClean):\n%s", body, diff)
		}
	})
}

// cleanBody maps body onto what lexClean accepts: control bytes other than
// tab, LF and CR become spaces, and other bytes that are not UTF-8 become
// "é".
func cleanBody(body []byte) []byte {
	var out []byte
	for len(body) > 0 {
		r, size := utf8.DecodeRune(body)
		switch {
		case r == utf8.RuneError && size <= 1:
			out = append(out, "é"...)
		case r < ' ' && r != '\t' && r != '\n' && r != '\r', r == 0x7f:
			out = append(out, ' ')
		default:
			out = append(out, body[:size]...)
		}
		body = body[size:]
	}
	return out
}

// fileSummary is everything a caller can observe of a File, for comparing
// two parses.
type fileSummary struct {
	Diagnostics []Diagnostic
	Records     []Record
	Sitemaps    []string
	Groups      map[string]groupSummary // by agent, including one no group names
}

type groupSummary struct {
	Nil        bool
	Agents     []string
	Rules      []Rule
	Delay      time.Duration
	HasDelay   bool
	Index      bool // whether "/" is allowed, which needs the index
	IndexPages []Explanation
}

func summarize(f *File) fileSummary {
	s := fileSummary{
		Diagnostics: f.Diagnostics(),
		Records:     f.Records(),
		Sitemaps:    f.Sitemaps(),
		Groups:      make(map[string]groupSummary),
	}
	agents := []string{"nosuchbot"}
	for a := range f.groups {
		agents = append(agents, a)
	}
	for _, a := range agents {
		g := f.Group(a)
		gs := groupSummary{Nil: g == nil, Agents: g.Agents(), Rules: g.Rules(), Index: g.Allowed("/")}
		gs.Delay, gs.HasDelay = g.CrawlDelay()
		for _, r := range gs.Rules {
			gs.IndexPages = append(gs.IndexPages, g.Explain(r.Pattern))
		}
		s.Groups[a] = gs
	}
	return s
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

func TestEqualLower(t *testing.T) {
	for _, tc := range []struct {
		lower, s string
		want     bool
	}{
		{"googlebot", "Googlebot", true},
		{"googlebot", "GOOGLEBOT", true},
		{"googlebot-news", "GoogleBot-News", true},
		{"googlebot-news", "GoogleBot_News", false},
		{"a_b-c_d-e_f", "A_B-C_D-E_F", true},
		{"googlebot", "googlebos", false},
		{"googlebot", "googlebo\xf4", false},
		{"googlebo_", "GOOGLEBO\x7f", false}, // '_' | 0x20 is DEL: no folding trick
		{"abcdefgh", "ABCDEFGH", true},
		{"abcdefgh", "@BCDEFGH", false}, // '@' is next to 'A'
		{"zzzzzzzz", "ZZZZZZZZ", true},
		{"zzzzzzzz", "[ZZZZZZZ", false}, // '[' is next to 'Z'
	} {
		if got := equalLower(tc.lower, tc.s); got != tc.want {
			t.Errorf("equalLower(%q, %q) = %v, want %v", tc.lower, tc.s, got, tc.want)
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

func TestNamed(t *testing.T) {
	// Token lengths around maxFewLen, in files with few tokens (scanned)
	// and many (a map).
	lengths := []int{1, 2, 9, maxFewLen - 1, maxFewLen, maxFewLen + 1, maxFewLen + 2, 40, 70, 9}
	for _, n := range []int{3, maxFew, maxFew + 1, len(lengths)} {
		var body strings.Builder
		for i, l := range lengths[:n] {
			fmt.Fprintf(&body, "User-agent: %s\nDisallow: /%d\n\n", strings.Repeat(string(rune('a'+i)), l), i)
		}
		f := Parse([]byte(body.String()))
		if got, want := f.groups == nil, n <= maxFew; got != want {
			t.Errorf("%d tokens: scanned = %v, want %v", n, got, want)
		}
		for i, l := range lengths[:n] {
			agent := strings.ToUpper(strings.Repeat(string(rune('a'+i)), l))
			g := f.named(agent)
			if g == nil {
				t.Errorf("%d tokens: named(%q) = nil", n, agent)
				continue
			}
			if rules := g.Rules(); len(rules) != 1 || rules[0].Pattern != fmt.Sprintf("/%d", i) {
				t.Errorf("%d tokens: named(%q) has rules %v, want Disallow: /%d", n, agent, rules, i)
			}
			for _, other := range []string{agent + "x", agent[1:], "x" + agent[1:]} {
				if g := f.named(other); g != nil {
					t.Errorf("%d tokens: named(%q) = %v, want nil", n, other, g.Agents())
				}
			}
		}
	}
}
