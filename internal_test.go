package robots

import (
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
