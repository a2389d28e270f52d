package robots_test

// Tests of other records (File.Sitemaps, Group.CrawlDelay, File.Records): sitemaps, crawl-delay and
// every other key.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// Section 4: "`Sitemap:` lines are collected from anywhere in the file, in
// order, without duplicates, and never end a group."
func TestSpecRecordsSitemaps(t *testing.T) {
	body := "Sitemap: https://example.com/1.xml\n" + // 1
		"User-agent: a\n" + // 2
		"Sitemap: https://example.com/2.xml\n" + // 3
		"User-agent: b\n" + // 4
		"Disallow: /x\n" + // 5
		"Sitemap: https://example.com/1.xml\n" + // 6
		"site-map: https://example.com/3.xml\n" + // 7
		"Disallow: /y\n" + // 8
		"SITEMAP: https://example.com/4.xml # four\n" + // 9
		"User-agent: *\n" + // 10
		"Sitemap:https://example.com/2.xml\n" + // 11
		"Disallow: /z\n" + // 12
		"Sitemap: https://other.example/5.xml" // 13
	f := robots.Parse([]byte(body))
	want := []string{
		"https://example.com/1.xml",
		"https://example.com/2.xml",
		"https://example.com/3.xml",
		"https://example.com/4.xml",
		"https://other.example/5.xml",
	}
	if diff := cmp.Diff(want, f.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() mismatch (-want +got):\n%s", diff)
	}
	checkRules(t, f, "a", []robots.Rule{disallow("/x", 5), disallow("/y", 8)})
	checkRules(t, f, "b", []robots.Rule{disallow("/x", 5), disallow("/y", 8)})
	checkRules(t, f, "c", []robots.Rule{disallow("/z", 12)})
	checkAccess(t, f, []access{{"a", "/y", false}, {"b", "/x", false}, {"c", "/z", false}, {"c", "/x", true}})
	checkDiags(t, f, []robots.Diagnostic{diag(7, robots.AcceptedMisspelling)})
	if got := f.Records(); len(got) != 0 {
		t.Errorf("Records() = %v, want none: sitemaps are not records", got)
	}

	t.Run("returned slice is a copy", func(t *testing.T) {
		s := f.Sitemaps()
		s[0] = "changed"
		if got := f.Sitemaps()[0]; got != want[0] {
			t.Errorf("Sitemaps()[0] = %q after changing a returned slice, want %q", got, want[0])
		}
	})
}

func TestSitemapsWithoutDuplicates(t *testing.T) {
	// Many sitemaps, each written three times (in the later passes, some
	// spelled with other ASCII case, which makes them other sitemaps), and
	// prefixes of one another.
	for _, n := range []int{2, 17, 500} {
		var body strings.Builder
		var want []string
		for pass := 0; pass < 3; pass++ {
			for i := 0; i < n; i++ {
				url := fmt.Sprintf("https://example.com/s/%d", i)
				if pass == 2 && i%7 == 0 {
					url = strings.ToUpper(url)
				}
				if pass == 0 || pass == 2 && i%7 == 0 {
					want = append(want, url)
				}
				fmt.Fprintf(&body, "Sitemap: %s\n", url)
			}
		}
		f := robots.Parse([]byte(body.String()))
		if diff := cmp.Diff(want, f.Sitemaps()); diff != "" {
			t.Errorf("%d sitemaps: Sitemaps() mismatch (-want +got):\n%s", n, diff)
		}
	}
}

// Section 4: "`Crawl-delay:` (seconds, integer or decimal) belongs to the
// group it stands in; for merged groups the largest value applies. A bad
// value is a diagnostic."
func TestSpecRecordsCrawlDelay(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		agent  string
		delay  time.Duration
		ok     bool
		diags  []robots.Diagnostic
		access []access
	}{
		{name: "integer", body: "User-agent: a\nCrawl-delay: 10", agent: "a", delay: 10 * time.Second, ok: true},
		{name: "zero", body: "User-agent: a\nCrawl-delay: 0", agent: "a", delay: 0, ok: true},
		{name: "decimal", body: "User-agent: a\nCrawl-delay: 0.5", agent: "a", delay: 500 * time.Millisecond, ok: true},
		{name: "decimal with integer part", body: "User-agent: a\nCrawl-delay: 2.25", agent: "a", delay: 2250 * time.Millisecond, ok: true},
		{name: "whitespace and comment", body: "User-agent: a\n  Crawl-delay \t:  4  # seconds", agent: "a", delay: 4 * time.Second, ok: true},
		{name: "after rules", body: "User-agent: a\nDisallow: /x\nCrawl-delay: 3", agent: "a", delay: 3 * time.Second, ok: true},
		{name: "none", body: "User-agent: a\nDisallow: /x", agent: "a"},
		{name: "nil group", body: "User-agent: a\nCrawl-delay: 5", agent: "b"},
		{
			name:  "belongs to its group only",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y",
			agent: "b",
		},
		{
			name:  "its own group has it",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y",
			agent: "a", delay: 5 * time.Second, ok: true,
		},
		{
			name:  "largest of merged groups",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: 2\nUser-agent: b\nCrawl-delay: 9\nDisallow: /\nUser-agent: a\nDisallow: /y\nCrawl-delay: 7\nUser-agent: A\nDisallow: /z\nCrawl-delay: 3",
			agent: "a", delay: 7 * time.Second, ok: true,
		},
		{
			name:  "largest of merged star groups",
			body:  "User-agent: *\nDisallow: /x\nCrawl-delay: 1\nUser-agent: a\nDisallow: /y\nCrawl-delay: 9\nUser-agent: *\nDisallow: /z\nCrawl-delay: 4.5",
			agent: "other", delay: 4500 * time.Millisecond, ok: true,
		},
		{
			name:  "merged with a group that has none",
			body:  "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\nCrawl-delay: 6",
			agent: "a", delay: 6 * time.Second, ok: true,
		},
		{
			name:  "named group without delay replaces star",
			body:  "User-agent: *\nDisallow: /x\nCrawl-delay: 10\nUser-agent: a\nDisallow: /y",
			agent: "a",
		},
		{
			name:  "bad value beside a good one in a merged group",
			body:  "User-agent: a\nDisallow: /x\nCrawl-delay: soon\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\nCrawl-delay: 3",
			agent: "a", delay: 3 * time.Second, ok: true,
			diags: []robots.Diagnostic{diag(3, robots.BadCrawlDelay)},
		},
	}
	for _, v := range []string{"abc", "-1", "1s", "", "1,5", "1.5.2", "ten", "0x10", "5 s"} {
		tests = append(tests, struct {
			name   string
			body   string
			agent  string
			delay  time.Duration
			ok     bool
			diags  []robots.Diagnostic
			access []access
		}{
			name:   fmt.Sprintf("bad value %q", v),
			body:   "User-agent: a\nDisallow: /x\nCrawl-delay: " + v + "\nDisallow: /y",
			agent:  "a",
			diags:  []robots.Diagnostic{diag(3, robots.BadCrawlDelay)},
			access: []access{{"a", "/x", false}, {"a", "/y", false}, {"a", "/z", true}},
		})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			d, ok := f.Group(tc.agent).CrawlDelay()
			if d != tc.delay || ok != tc.ok {
				t.Errorf("Group(%q).CrawlDelay() = %v, %v, want %v, %v", tc.agent, d, ok, tc.delay, tc.ok)
			}
			checkDiags(t, f, tc.diags)
			checkAccess(t, f, tc.access)
		})
	}
}

// Section 4: "Every other `key: value` line is kept as a record with its line
// number and its group (or none), so callers can read extensions such as
// `Host`, `Clean-param` or `Request-rate` without re-parsing."
func TestSpecRecordsOther(t *testing.T) {
	body := "Host: example.com\n" + // 1
		"Nosuch: before\n" + // 2
		"User-agent: a\n" + // 3
		"User-agent: b\n" + // 4
		"Clean-param: ref /articles/\n" + // 5
		"Disallow: /x\n" + // 6
		"Request-rate: 1/5 # one in five\n" + // 7
		"User-agent: *\n" + // 8
		"Foo:   bar baz  \n" + // 9
		"HOST: http://example.com:8080\n" + // 10
		"Visit-time:\n" + // 11
		"Allow: /y\n" + // 12
		"Sitemap: https://example.com/s.xml\n" + // 13
		"Crawl-delay: 1\n" + // 14
		"Alow: /z" // 15
	f := robots.Parse([]byte(body))
	ab := []string{"a", "b"}
	star := []string{"*"}
	want := []robots.Record{
		{Line: 1, Key: "Host", Value: "example.com"},
		{Line: 2, Key: "Nosuch", Value: "before"},
		{Line: 5, Key: "Clean-param", Value: "ref /articles/", Agents: ab},
		{Line: 7, Key: "Request-rate", Value: "1/5", Agents: ab},
		{Line: 9, Key: "Foo", Value: "bar baz", Agents: star},
		{Line: 10, Key: "HOST", Value: "http://example.com:8080", Agents: star},
		{Line: 11, Key: "Visit-time", Value: "", Agents: star},
		{Line: 15, Key: "Alow", Value: "/z", Agents: star},
	}
	if diff := cmp.Diff(want, f.Records()); diff != "" {
		t.Errorf("Records() mismatch (-want +got):\n%s", diff)
	}
	// Records change no answer: a and b share one group, * another.
	checkRules(t, f, "a", []robots.Rule{disallow("/x", 6)})
	checkRules(t, f, "other", []robots.Rule{allow("/y", 12)})
	checkAccess(t, f, []access{{"a", "/x", false}, {"b", "/x", false}, {"other", "/x", true}, {"other", "/z", true}})

	t.Run("records before any group have nil agents", func(t *testing.T) {
		for _, r := range f.Records()[:2] {
			if r.Agents != nil {
				t.Errorf("Record on line %d has Agents %q, want nil", r.Line, r.Agents)
			}
		}
	})
	t.Run("returned slice is a copy", func(t *testing.T) {
		r := f.Records()
		r[0].Key = "changed"
		if got := f.Records()[0].Key; got != "Host" {
			t.Errorf("Records()[0].Key = %q after changing a returned slice, want %q", got, "Host")
		}
	})
}
