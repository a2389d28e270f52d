package robots_test

// Tests of the lines kept as written for tools: File.AgentLines and
// File.SitemapLines.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

func TestAgentLines(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []robots.AgentLine
	}{
		{name: "no user-agent line", body: "Disallow: /\nSitemap: https://example.com/s.xml\n"},
		{
			name: "token as written",
			body: "User-agent: Googlebot\nDisallow: /\n",
			want: []robots.AgentLine{{Line: 1, Value: "Googlebot", Token: "Googlebot"}},
		},
		{
			name: "token cut short by a digit, a slash or a space",
			body: "User-agent: MJ12bot\nUser-agent: Googlebot/2.1\nuser-agent: Googlebot News # comment\n",
			want: []robots.AgentLine{
				{Line: 1, Value: "MJ12bot", Token: "MJ"},
				{Line: 2, Value: "Googlebot/2.1", Token: "Googlebot"},
				{Line: 3, Value: "Googlebot News", Token: "Googlebot"},
			},
		},
		{
			name: "star, alone or followed by a word",
			body: "User-agent: *\nUser-agent: * everyone\nUser-agent: *bot\n",
			want: []robots.AgentLine{
				{Line: 1, Value: "*", Token: "*"},
				{Line: 2, Value: "* everyone", Token: "*"},
				{Line: 3, Value: "*bot", Token: ""},
			},
		},
		{
			name: "empty values and values naming no crawler still start groups",
			body: "User-agent: a\nDisallow: /a\nUser-agent:\nDisallow: /b\nUser-agent: /bot\nAllow: /c\n",
			want: []robots.AgentLine{
				{Line: 1, Value: "a", Token: "a", Group: 0},
				{Line: 3, Value: "", Token: "", Group: 1},
				{Line: 5, Value: "/bot", Token: "", Group: 2},
			},
		},
		{
			name: "groups as written: a rule ends one, crawl-delay and other records do not",
			body: "User-agent: a\nCrawl-delay: 1\nHost: x\nUser-agent: b\nDisallow: /\nuseragent: a\nDisallow /x\n",
			want: []robots.AgentLine{
				{Line: 1, Value: "a", Token: "a", Group: 0},
				{Line: 4, Value: "b", Token: "b", Group: 0},
				{Line: 6, Value: "a", Token: "a", Group: 1},
			},
		},
		{
			name: "lines with bytes outside the grammar are kept",
			body: "User-agent: bot\x01\r\nDisallow: /\r\n",
			want: []robots.AgentLine{{Line: 1, Value: "bot\x01", Token: "bot"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			if diff := cmp.Diff(tc.want, f.AgentLines()); diff != "" {
				t.Errorf("AgentLines() mismatch (-want +got):\n%s", diff)
			}
		})
	}

	t.Run("returned slice is a copy", func(t *testing.T) {
		f := robots.Parse([]byte("User-agent: a\n"))
		f.AgentLines()[0].Token = "changed"
		if got := f.AgentLines()[0].Token; got != "a" {
			t.Errorf("AgentLines()[0].Token = %q after changing a returned slice, want %q", got, "a")
		}
	})

	t.Run("lines past the parse limit are not kept", func(t *testing.T) {
		body := "User-agent: a\n" + strings.Repeat("#", robots.DefaultMaxBytes) + "\nUser-agent: b\n"
		f := robots.Parse([]byte(body))
		want := []robots.AgentLine{{Line: 1, Value: "a", Token: "a"}}
		if diff := cmp.Diff(want, f.AgentLines()); diff != "" {
			t.Errorf("AgentLines() mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestSitemapLines(t *testing.T) {
	body := "Sitemap: https://example.com/1.xml\n" + // 1
		"User-agent: a\n" + // 2
		"Sitemap:\n" + // 3
		"site-map: /relative.xml # comment\n" + // 4
		"Sitemap: https://example.com/1.xml\n" // 5
	f := robots.Parse([]byte(body))
	want := []robots.SitemapLine{
		{Line: 1, URL: "https://example.com/1.xml"},
		{Line: 3, URL: ""},
		{Line: 4, URL: "/relative.xml"},
		{Line: 5, URL: "https://example.com/1.xml"},
	}
	if diff := cmp.Diff(want, f.SitemapLines()); diff != "" {
		t.Errorf("SitemapLines() mismatch (-want +got):\n%s", diff)
	}
	// Sitemaps keeps its meaning: non-empty values, without duplicates.
	if diff := cmp.Diff([]string{"https://example.com/1.xml", "/relative.xml"}, f.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
	}
	got := f.SitemapLines()
	got[0].URL = "changed"
	if f.SitemapLines()[0].URL != want[0].URL {
		t.Errorf("SitemapLines()[0].URL changed with a returned slice")
	}
}

// TestWrittenLinesAfterPooledParse checks that a parser taken from the pool
// keeps no lines of the file it parsed before.
func TestWrittenLinesAfterPooledParse(t *testing.T) {
	for i := 0; i < 3; i++ {
		robots.Parse([]byte("User-agent: old\nSitemap: https://old.example/s.xml\n"))
	}
	f := robots.Parse([]byte("User-agent: new\n"))
	if diff := cmp.Diff([]robots.AgentLine{{Line: 1, Value: "new", Token: "new"}}, f.AgentLines()); diff != "" {
		t.Errorf("AgentLines() mismatch (-want +got):\n%s", diff)
	}
	if got := f.SitemapLines(); got != nil {
		t.Errorf("SitemapLines() = %v, want none", got)
	}
}

func ExampleFile_AgentLines() {
	f := robots.Parse([]byte("User-agent: MJ12bot\nUser-agent: Googlebot\nDisallow: /\n"))
	for _, a := range f.AgentLines() {
		if a.Token != a.Value {
			fmt.Printf("line %d: %q is read as %q\n", a.Line, a.Value, a.Token)
		}
	}
	// Output:
	// line 1: "MJ12bot" is read as "MJ"
}

func ExampleFile_SitemapLines() {
	f := robots.Parse([]byte("Sitemap: https://example.com/sitemap.xml\nSitemap: /news.xml\n"))
	for _, s := range f.SitemapLines() {
		fmt.Printf("line %d: %s\n", s.Line, s.URL)
	}
	// Output:
	// line 1: https://example.com/sitemap.xml
	// line 2: /news.xml
}

// FuzzWrittenLines checks what File.AgentLines and File.SitemapLines say
// against what the rest of the File says, on any body.
func FuzzWrittenLines(f *testing.F) {
	for _, s := range []string{
		"User-agent: MJ12bot\nUser-agent: *\nDisallow: /\nuser agent: a b\nAllow /x\nSitemap: s\nsite-map:\n",
		"\xEF\xBB\xBFUser-agent:\x00x\r\nUser-agent: *x\rDisallow: /\nUser-agent: Googlebot/2.1\n",
		"Sitemap: https://a/1\nSitemap: https://a/1 # again\nUser-agent: -_-\nCrawl-delay: 1\nUser-agent: b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		file := robots.Parse(body)
		prevLine, prevGroup := 0, -1
		for _, a := range file.AgentLines() {
			if a.Line <= prevLine || a.Group < prevGroup || a.Group > prevGroup+1 {
				t.Fatalf("AgentLines() out of order at %+v after line %d, group %d", a, prevLine, prevGroup)
			}
			prevLine, prevGroup = a.Line, a.Group
			switch a.Token {
			case "":
				if robots.ProductToken(a.Value) != "" && !strings.HasPrefix(a.Value, "*") {
					t.Errorf("%+v: no token, but the value starts with %q", a, robots.ProductToken(a.Value))
				}
			case "*":
				if a.Value != "*" && !strings.HasPrefix(a.Value, "* ") && !strings.HasPrefix(a.Value, "*\t") {
					t.Errorf("%+v: read as *", a)
				}
			default:
				if a.Token != robots.ProductToken(a.Value) {
					t.Errorf("%+v: token is not ProductToken(value) = %q", a, robots.ProductToken(a.Value))
				}
				g := file.Group(a.Token)
				found := false
				for _, name := range g.Agents() {
					found = found || strings.EqualFold(name, a.Token)
				}
				if !found {
					t.Errorf("%+v: the group of %q has agents %q", a, a.Token, g.Agents())
				}
			}
		}
		var urls []string
		seen := map[string]bool{}
		prevLine = 0
		for _, s := range file.SitemapLines() {
			if s.Line <= prevLine {
				t.Fatalf("SitemapLines() out of order at %+v", s)
			}
			prevLine = s.Line
			if s.URL != "" && !seen[s.URL] {
				seen[s.URL] = true
				urls = append(urls, s.URL)
			}
		}
		if diff := cmp.Diff(file.Sitemaps(), urls); diff != "" {
			t.Errorf("Sitemaps() and SitemapLines() differ (-Sitemaps +SitemapLines):\n%s", diff)
		}
	})
}
