package decl_test

// Tests of the lines read as written for tools: decl.Read, as package
// robots sets it.

import (
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/decl"
	"github.com/google/go-cmp/cmp"
)

func TestAgentLines(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []decl.AgentLine
	}{
		{name: "no user-agent line", body: "Disallow: /\nSitemap: https://example.com/s.xml\n"},
		{
			name: "token as written",
			body: "User-agent: Googlebot\nDisallow: /\n",
			want: []decl.AgentLine{{Line: 1, Value: "Googlebot", Token: "Googlebot"}},
		},
		{
			name: "token cut short by a digit, a slash or a space",
			body: "User-agent: MJ12bot\nUser-agent: Googlebot/2.1\nuser-agent: Googlebot News # comment\n",
			want: []decl.AgentLine{
				{Line: 1, Value: "MJ12bot", Token: "MJ"},
				{Line: 2, Value: "Googlebot/2.1", Token: "Googlebot"},
				{Line: 3, Value: "Googlebot News", Token: "Googlebot"},
			},
		},
		{
			name: "star, alone or followed by a word",
			body: "User-agent: *\nUser-agent: * everyone\nUser-agent: *bot\n",
			want: []decl.AgentLine{
				{Line: 1, Value: "*", Token: "*"},
				{Line: 2, Value: "* everyone", Token: "*"},
				{Line: 3, Value: "*bot", Token: ""},
			},
		},
		{
			name: "empty values and values naming no crawler still start groups",
			body: "User-agent: a\nDisallow: /a\nUser-agent:\nDisallow: /b\nUser-agent: /bot\nAllow: /c\n",
			want: []decl.AgentLine{
				{Line: 1, Value: "a", Token: "a", Group: 0},
				{Line: 3, Value: "", Token: "", Group: 1},
				{Line: 5, Value: "/bot", Token: "", Group: 2},
			},
		},
		{
			name: "groups as written: a rule ends one, crawl-delay and other records do not",
			body: "User-agent: a\nCrawl-delay: 1\nHost: x\nUser-agent: b\nDisallow: /\nuseragent: a\nDisallow /x\n",
			want: []decl.AgentLine{
				{Line: 1, Value: "a", Token: "a", Group: 0},
				{Line: 4, Value: "b", Token: "b", Group: 0},
				{Line: 6, Value: "a", Token: "a", Group: 1},
			},
		},
		{
			name: "lines with bytes outside the grammar are kept",
			body: "User-agent: bot\x01\r\nDisallow: /\r\n",
			want: []decl.AgentLine{{Line: 1, Value: "bot\x01", Token: "bot"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := read([]byte(tc.body)).Agents
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Read(%q).Agents mismatch (-want +got):\n%s", tc.body, diff)
			}
		})
	}

	t.Run("lines past the parse limit are not kept", func(t *testing.T) {
		body := "User-agent: a\n" + strings.Repeat("#", robots.DefaultMaxBytes) + "\nUser-agent: b\n"
		want := []decl.AgentLine{{Line: 1, Value: "a", Token: "a"}}
		if diff := cmp.Diff(want, read([]byte(body)).Agents); diff != "" {
			t.Errorf("Read(...).Agents mismatch (-want +got):\n%s", diff)
		}
		// A higher limit reads the rest.
		got := decl.Read([]byte(body), robots.Options{MaxBytes: 2 * robots.DefaultMaxBytes}.Limit()).Agents
		if len(got) != 2 || got[1].Value != "b" || got[1].Line != 3 {
			t.Errorf("Read with a limit of 2*DefaultMaxBytes: Agents = %+v, want lines 1 and 3", got)
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
	lines := read([]byte(body))
	want := []decl.SitemapLine{
		{Line: 1, URL: "https://example.com/1.xml"},
		{Line: 3, URL: ""},
		{Line: 4, URL: "/relative.xml"},
		{Line: 5, URL: "https://example.com/1.xml"},
	}
	if diff := cmp.Diff(want, lines.Sitemaps); diff != "" {
		t.Errorf("Read(...).Sitemaps mismatch (-want +got):\n%s", diff)
	}
	if len(lines.Agents) != 1 || lines.Agents[0].Line != 2 {
		t.Errorf("Read(...).Agents = %+v, want line 2", lines.Agents)
	}
	// Sitemaps keeps its meaning: non-empty values, without duplicates.
	if diff := cmp.Diff([]string{"https://example.com/1.xml", "/relative.xml"}, f.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
	}
}

// TestDeclarationsAndPooledParsers checks that a parser taken from the pool
// after Read keeps no lines, and that Read sees none of an
// earlier parse.
func TestDeclarationsAndPooledParsers(t *testing.T) {
	for i := 0; i < 3; i++ {
		read([]byte("User-agent: old\nSitemap: https://old.example/s.xml\n"))
		robots.Parse([]byte("User-agent: old\nSitemap: https://old.example/s.xml\n"))
	}
	got := read([]byte("User-agent: new\n"))
	want := decl.Declarations{Agents: []decl.AgentLine{{Line: 1, Value: "new", Token: "new"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Read mismatch (-want +got):\n%s", diff)
	}
}

// FuzzDeclarations checks what Read says against the File that
// Parse makes of the same body, on any body.
func FuzzDeclarations(f *testing.F) {
	for _, s := range []string{
		"User-agent: MJ12bot\nUser-agent: *\nDisallow: /\nuser agent: a b\nAllow /x\nSitemap: s\nsite-map:\n",
		"\xEF\xBB\xBFUser-agent:\x00x\r\nUser-agent: *x\rDisallow: /\nUser-agent: Googlebot/2.1\n",
		"Sitemap: https://a/1\nSitemap: https://a/1 # again\nUser-agent: -_-\nCrawl-delay: 1\nUser-agent: b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		file := robots.Parse(body)
		lines := read(body)
		prevLine, prevGroup := 0, -1
		for _, a := range lines.Agents {
			if a.Line <= prevLine || a.Group < prevGroup || a.Group > prevGroup+1 {
				t.Fatalf("Agents out of order at %+v after line %d, group %d", a, prevLine, prevGroup)
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
		for _, s := range lines.Sitemaps {
			if s.Line <= prevLine {
				t.Fatalf("Sitemaps out of order at %+v", s)
			}
			prevLine = s.Line
			if s.URL != "" && !seen[s.URL] {
				seen[s.URL] = true
				urls = append(urls, s.URL)
			}
		}
		if diff := cmp.Diff(file.Sitemaps(), urls); diff != "" {
			t.Errorf("Sitemaps() and Read differ (-Sitemaps +Read):\n%s", diff)
		}
	})
}

// read reads the declarations of body with the default parse limit.
func read(body []byte) decl.Declarations {
	return decl.Read(body, robots.Options{}.Limit())
}
