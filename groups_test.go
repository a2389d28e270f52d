package robots_test

// Tests of groups (RFC 9309 section 2.1 and 2.2.1, File.Group): their structure, product tokens, how
// agents are compared, merging; and concurrent use of one File.

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// Section 2: "A group is one or more user-agent lines followed by rules. A
// user-agent line that comes after a rule starts a new group. Blank lines,
// comments, sitemap lines and unknown lines do not end a group." And "Allow
// and disallow lines before the first user-agent line belong to no group and
// are ignored."
func TestSpecGroupsStructure(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []access
		rules map[string][]robots.Rule
	}{
		{
			name: "several user-agent lines share a group",
			body: "User-agent: a\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}, {"c", "/x", true}},
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 3)},
				"b": {disallow("/x", 3)},
			},
		},
		{
			name: "user-agent after a rule starts a new group",
			body: "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y",
			want: []access{{"a", "/x", false}, {"a", "/y", true}, {"b", "/x", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 2)},
				"b": {disallow("/y", 4)},
			},
		},
		{
			name: "user-agent after an allow rule starts a new group",
			body: "User-agent: a\nAllow: /x\nUser-agent: b\nDisallow: /",
			want: []access{{"a", "/y", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {allow("/x", 2)},
				"b": {disallow("/", 4)},
			},
		},
		{
			name: "user-agent after an empty rule starts a new group",
			body: "User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /",
			want: []access{{"a", "/y", true}, {"b", "/y", false}},
			rules: map[string][]robots.Rule{
				"a": {disallow("", 2)},
				"b": {disallow("/", 4)},
			},
		},
		{
			name: "blank line between user-agent lines",
			body: "User-agent: a\n\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name: "blank line between user-agent and *",
			body: "User-agent: a\n\nUser-agent: *\nDisallow: /",
			want: []access{{"a", "/x", false}, {"other", "/x", false}},
		},
		{
			name:  "blank line between rules",
			body:  "User-agent: a\nDisallow: /x\n\n\nDisallow: /y",
			want:  []access{{"a", "/x", false}, {"a", "/y", false}},
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 5)}},
		},
		{
			name: "comment between user-agent lines",
			body: "User-agent: a\n# and\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "comment between rules",
			body:  "User-agent: a\nDisallow: /x\n# more\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "sitemap between user-agent lines",
			body: "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "sitemap between rules",
			body:  "User-agent: a\nDisallow: /x\nSitemap: https://example.com/s.xml\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "unknown line between user-agent lines",
			body: "User-agent: a\nNosuch: v\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name: "extension line between user-agent lines",
			body: "User-agent: a\nHost: example.com\nUser-agent: b\nDisallow: /x",
			want: []access{{"a", "/x", false}, {"b", "/x", false}},
		},
		{
			name:  "unknown line between rules",
			body:  "User-agent: a\nDisallow: /x\nNosuch: v\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name:  "ignored line between rules",
			body:  "User-agent: a\nDisallow: /x\nthree words here\nDisallow: /y",
			rules: map[string][]robots.Rule{"a": {disallow("/x", 2), disallow("/y", 4)}},
		},
		{
			name: "rules before the first user-agent are ignored",
			body: "Disallow: /x\nAllow: /y\nUser-agent: *\nDisallow: /y",
			want: []access{{"any", "/x", true}, {"any", "/y", false}},
			rules: map[string][]robots.Rule{
				"any": {disallow("/y", 4)},
			},
		},
		{
			name: "rules with no user-agent at all are ignored",
			body: "Disallow: /\nAllow: /x",
			want: []access{{"any", "/", true}, {"any", "/y", true}},
		},
		{
			name: "the same agent twice in one group",
			body: "User-agent: a\nUser-agent: A\nUser-agent: a\nDisallow: /x",
			rules: map[string][]robots.Rule{
				"a": {disallow("/x", 4)},
			},
		},
		{
			name: "group without rules at the end",
			body: "User-agent: *\nDisallow: /\nUser-agent: a",
			want: []access{{"a", "/x", true}, {"b", "/x", false}},
			rules: map[string][]robots.Rule{
				"a": nil,
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
		})
	}
}

// Section 2: "The product token of a user-agent line is the longest leading
// run of `a-z A-Z _ -` in its value (`Googlebot/2.1` and `Googlebot News`
// both give `Googlebot`). A value that is `*`, or `*` followed by whitespace
// and anything, names the global group."
func TestSpecGroupsProductToken(t *testing.T) {
	tests := []struct {
		name  string
		value string
		// match are agents the group applies to; miss are agents it does
		// not apply to.
		match, miss []string
		agents      []string // Agents() of the group, when match is not empty
	}{
		{"version", "Googlebot/2.1", []string{"Googlebot", "googlebot"}, []string{"Googlebot/2.1", "Googlebot/2", "2.1"}, []string{"Googlebot"}},
		{"second word", "Googlebot News", []string{"Googlebot"}, []string{"Googlebot News", "News", "GooglebotNews"}, []string{"Googlebot"}},
		{"second word after a tab", "Googlebot\tNews", []string{"Googlebot"}, []string{"News"}, []string{"Googlebot"}},
		{"hyphen", "Googlebot-News", []string{"Googlebot-News"}, []string{"Googlebot", "News"}, []string{"Googlebot-News"}},
		{"underscore", "Foo_Bar", []string{"foo_bar"}, []string{"Foo", "Bar"}, []string{"Foo_Bar"}},
		{"digits end the token", "Googlebot2", []string{"Googlebot"}, []string{"Googlebot2"}, []string{"Googlebot"}},
		{"parenthesis ends the token", "Foo(compatible)", []string{"Foo"}, []string{"Foo(compatible)", "compatible"}, []string{"Foo"}},
		{"non-ASCII ends the token", "B\xc3\xbccherbot", []string{"B"}, []string{"B\xc3\xbccherbot", "cherbot"}, []string{"B"}},
		{"star", "*", []string{"any", "Googlebot"}, nil, []string{"*"}},
		{"star and a word", "* anything", []string{"any", "anything"}, nil, []string{"*"}},
		{"star and a tab", "*\tanything", []string{"any"}, nil, []string{"*"}},
		{"star bot is not global", "*bot", nil, []string{"bot", "*bot", "any"}, nil},
		{"star slash is not global", "*/1.0", nil, []string{"any", "*/1.0"}, nil},
		{"star comma is not global", "*,a", nil, []string{"any", "a"}, nil},
		{"digits only name nothing", "2.1", nil, []string{"2.1", "any"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte("User-agent: " + tc.value + "\nDisallow: /x"))
			for _, a := range tc.match {
				if f.Allowed(a, "/x") {
					t.Errorf("Allowed(%q, %q) = true, want false", a, "/x")
				}
				if diff := cmp.Diff(tc.agents, f.Group(a).Agents()); diff != "" {
					t.Errorf("Group(%q).Agents() mismatch (-want +got):\n%s", a, diff)
				}
			}
			for _, a := range tc.miss {
				if g := f.Group(a); g != nil {
					t.Errorf("Group(%q) = group of %q, want nil", a, g.Agents())
				}
				if !f.Allowed(a, "/x") {
					t.Errorf("Allowed(%q, %q) = false, want true", a, "/x")
				}
			}
		})
	}
}

// Section 2: "The crawler's agent is compared as given, case-insensitively,
// with each group's token."
func TestSpecGroupsAgentComparison(t *testing.T) {
	long := strings.Repeat("LongCrawlerName", 8) // longer than 64 bytes
	body := "User-agent: GoogleBot\nDisallow: /g\n" +
		"User-agent: " + long + "\nDisallow: /long\n" +
		"User-agent: *\nDisallow: /star\n"
	f := robots.Parse([]byte(body))
	tests := []struct {
		name  string
		agent string
		group string // the rule pattern that tells which group applied
	}{
		{"exact", "GoogleBot", "/g"},
		{"lower case", "googlebot", "/g"},
		{"upper case", "GOOGLEBOT", "/g"},
		{"long token, other case", strings.ToUpper(long), "/long"},
		{"long token, lower case", strings.ToLower(long), "/long"},
		{"with version is not the token", "Googlebot/2.1", "/star"},
		{"with a second word is not the token", "Googlebot News", "/star"},
		{"leading space is not trimmed", " Googlebot", "/star"},
		{"prefix of the token", "Google", "/star"},
		{"token is a prefix of the agent", "Googlebots", "/star"},
		{"long token and more", long + "x", "/star"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := f.Group(tc.agent).Rules()
			if len(rules) != 1 || rules[0].Pattern != tc.group {
				t.Errorf("Group(%q).Rules() = %v, want the group with Disallow: %s", shorten(tc.agent), rules, tc.group)
			}
			if f.Allowed(tc.agent, tc.group) {
				t.Errorf("Allowed(%q, %q) = true, want false", shorten(tc.agent), tc.group)
			}
		})
	}
}

// Section 2: agents are compared "without regard to case" in ASCII only, as
// Google's parser compares them: U+212A KELVIN SIGN is not 'k' and U+0130
// is not 'i', in files of few product tokens or many, and for agents of
// any length.
func TestSpecGroupsAgentComparisonASCIIOnly(t *testing.T) {
	ks := strings.Repeat("k", 64)
	var body strings.Builder
	for _, tok := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "k", "K" + ks, "ii"} {
		fmt.Fprintf(&body, "User-agent: %s\nDisallow: /%s\n\n", tok, tok)
	}
	body.WriteString("User-agent: *\nDisallow: /star\n")
	for _, few := range []bool{true, false} {
		b := body.String()
		if few {
			b = "User-agent: " + "k" + ks + "\nDisallow: /long\nUser-agent: ii\nDisallow: /ii\nUser-agent: k\nDisallow: /k\nUser-agent: *\nDisallow: /star\n"
		}
		f := robots.Parse([]byte(b))
		for _, agent := range []string{"\u212a" + ks, "\u212a", "\u0130i", "\u0130", "\u212A" + ks[1:]} {
			if rules := f.Group(agent).Rules(); len(rules) != 1 || rules[0].Pattern != "/star" {
				t.Errorf("few tokens %v: Group(%q).Rules() = %v, want the * group", few, shorten(agent), rules)
			}
		}
		if rules := f.Group("K" + strings.ToUpper(ks)).Rules(); len(rules) != 1 || rules[0].Pattern == "/star" {
			t.Errorf("few tokens %v: Group(%q).Rules() = %v, want the long token's group", few, "KKK...", rules)
		}
	}
}

// Section 2: "All groups whose token equals it are merged into one, in file
// order. If none matches, all `*` groups are merged and used. If there is no
// `*` group either, every URL is allowed. A group that names the agent
// replaces `*` entirely, even when none of its rules matches a URL."
func TestSpecGroupsMerging(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    []access
		rules   map[string][]robots.Rule
		nilFor  []string // agents for which Group returns nil
		reasons map[string]robots.Reason
	}{
		{
			name: "groups naming the agent merge in file order",
			body: "User-agent: a\nDisallow: /a1\n" +
				"User-agent: b\nDisallow: /b1\n" +
				"User-agent: A\nAllow: /a1/open\n" +
				"User-agent: c\nUser-agent: a\nDisallow: /a3\n",
			want: []access{
				{"a", "/a1", false}, {"a", "/a1/open", true}, {"a", "/a3", false}, {"a", "/b1", true},
				{"c", "/a1", true}, {"c", "/a3", false},
				{"b", "/a1", true}, {"b", "/b1", false},
			},
			rules: map[string][]robots.Rule{
				"a": {disallow("/a1", 2), allow("/a1/open", 6), disallow("/a3", 9)},
				"A": {disallow("/a1", 2), allow("/a1/open", 6), disallow("/a3", 9)},
				"b": {disallow("/b1", 4)},
				"c": {disallow("/a3", 9)},
			},
		},
		{
			name: "most specific rule across merged groups",
			body: "User-agent: a\nDisallow: /p\nUser-agent: b\nDisallow: /\nUser-agent: a\nAllow: /p/q",
			want: []access{{"a", "/p", false}, {"a", "/p/q", true}, {"a", "/r", true}},
		},
		{
			name: "star groups merge when none names the agent",
			body: "User-agent: *\nDisallow: /x\n" +
				"User-agent: a\nDisallow: /y\n" +
				"User-agent: *\nDisallow: /z\n",
			want: []access{
				{"b", "/x", false}, {"b", "/y", true}, {"b", "/z", false},
				{"a", "/x", true}, {"a", "/y", false}, {"a", "/z", true},
			},
			rules: map[string][]robots.Rule{
				"b": {disallow("/x", 2), disallow("/z", 6)},
				"a": {disallow("/y", 4)},
			},
		},
		{
			name: "group naming another agent and star",
			body: "User-agent: a\nUser-agent: *\nDisallow: /x\nUser-agent: b\nDisallow: /y",
			want: []access{{"a", "/x", false}, {"c", "/x", false}, {"b", "/x", true}, {"b", "/y", false}},
		},
		{
			name:    "no star group allows everything",
			body:    "User-agent: a\nDisallow: /",
			want:    []access{{"b", "/", true}, {"b", "/x", true}, {"a", "/x", false}},
			nilFor:  []string{"b", ""},
			reasons: map[string]robots.Reason{"b": robots.NoGroup},
		},
		{
			name:    "no groups at all",
			body:    "Sitemap: https://example.com/s.xml\nNosuch: v",
			want:    []access{{"a", "/", true}},
			nilFor:  []string{"a", "*"},
			reasons: map[string]robots.Reason{"a": robots.NoGroup},
		},
		{
			name:    "named group without a matching rule replaces star",
			body:    "User-agent: *\nDisallow: /\nUser-agent: a\nDisallow: /private",
			want:    []access{{"a", "/public", true}, {"a", "/private", false}, {"b", "/public", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with no rules at all replaces star",
			body:    "User-agent: *\nDisallow: /\n\nUser-agent: a\n",
			want:    []access{{"a", "/", true}, {"a", "/x", true}, {"b", "/x", false}},
			rules:   map[string][]robots.Rule{"a": nil},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with only an empty rule replaces star",
			body:    "User-agent: a\nDisallow:\nUser-agent: *\nDisallow: /",
			want:    []access{{"a", "/x", true}, {"b", "/x", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
		{
			name:    "named group with only never-matching rules replaces star",
			body:    "User-agent: a\nDisallow: x\nUser-agent: *\nDisallow: /",
			want:    []access{{"a", "/x", true}, {"b", "/x", false}},
			reasons: map[string]robots.Reason{"a": robots.NoRuleMatched},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := robots.Parse([]byte(tc.body))
			checkAccess(t, f, tc.want)
			for agent, rules := range tc.rules {
				checkRules(t, f, agent, rules)
			}
			for _, agent := range tc.nilFor {
				if g := f.Group(agent); g != nil {
					t.Errorf("Group(%q) = group of %q, want nil", agent, g.Agents())
				}
			}
			for agent, want := range tc.reasons {
				e := f.Explain(agent, "/x")
				if e.Reason != want || !e.Allowed {
					t.Errorf("Explain(%q, %q) = %v (allowed %v), want %v (allowed true)", agent, "/x", e.Reason, e.Allowed, want)
				}
			}
		})
	}
}

// Files are "immutable and safe for concurrent use": many goroutines ask one
// freshly parsed File at once. Run with -race.
func TestSpecConcurrentUse(t *testing.T) {
	body := []byte("User-agent: a\nDisallow: /private\nAllow: /private/open\nAllow: /d/index.html\n" +
		"User-agent: b\nDisallow: /*.gif$\nCrawl-delay: 2\n" +
		"User-agent: *\nDisallow: /\nAllow: /$\n" +
		"User-agent: a\nDisallow: /more\n" +
		"Nosuch: v\nSitemap: https://example.com/s.xml\n")
	agents := []string{"a", "A", "b", "other"}
	urls := []string{"/", "/private", "/private/open", "/d/", "/x.gif", "/x.gif?q", "/more/x",
		"https://example.com/private?x", "/robots.txt", "/%7Ea", "/\xff"}

	type answer struct {
		Allowed bool
		Explain robots.Explanation
	}
	// The expected answers come from another File, so that the one under
	// test is first used concurrently.
	ref := robots.Parse(body)
	want := map[[2]string]answer{}
	wantRules := map[string][]robots.Rule{}
	for _, a := range agents {
		wantRules[a] = ref.Group(a).Rules()
		for _, u := range urls {
			want[[2]string{a, u}] = answer{ref.Allowed(a, u), ref.Explain(a, u)}
		}
	}
	if len(wantRules["a"]) != 4 {
		t.Fatalf("reference Group(%q).Rules() = %v, want 4 rules", "a", wantRules["a"])
	}

	f := robots.Parse(body)
	const workers = 8
	var wg sync.WaitGroup
	start := make(chan struct{})
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			<-start
			for i := 0; i < 20; i++ {
				for j := range agents {
					a := agents[(j+w)%len(agents)]
					if w%2 == 0 {
						if diff := cmp.Diff(wantRules[a], f.Group(a).Rules()); diff != "" {
							t.Errorf("Group(%q).Rules() mismatch (-want +got):\n%s", a, diff)
						}
					}
					g := f.Group(a)
					for k := range urls {
						u := urls[(k+w)%len(urls)]
						exp := want[[2]string{a, u}]
						if got := f.Allowed(a, u); got != exp.Allowed {
							t.Errorf("Allowed(%q, %q) = %v, want %v", a, u, got, exp.Allowed)
						}
						if got := g.Allowed(u); got != exp.Allowed {
							t.Errorf("Group(%q).Allowed(%q) = %v, want %v", a, u, got, exp.Allowed)
						}
						if diff := cmp.Diff(exp.Explain, f.Explain(a, u)); diff != "" {
							t.Errorf("Explain(%q, %q) mismatch (-want +got):\n%s", a, u, diff)
						}
					}
					if w%2 == 1 {
						if diff := cmp.Diff(wantRules[a], g.Rules()); diff != "" {
							t.Errorf("Group(%q).Rules() mismatch (-want +got):\n%s", a, diff)
						}
					}
				}
				if got := len(f.Diagnostics()) + len(f.Records()) + len(f.Sitemaps()); got != 3 {
					t.Errorf("len(Diagnostics)+len(Records)+len(Sitemaps) = %d, want 3", got)
				}
			}
		}(w)
	}
	close(start)
	wg.Wait()
}
