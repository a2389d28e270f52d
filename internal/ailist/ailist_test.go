package ailist

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crawlkit/robots"
)

// TestSnapshot checks the built-in snapshot: it reads, it names every
// crawler of robots.json once (counted by a plain decode into a map), each
// with a purpose, and it carries its licence notice, commit and date.
func TestSnapshot(t *testing.T) {
	cs := Crawlers()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(snapshot, &m); err != nil {
		t.Fatal(err)
	}
	if len(cs) != len(m) || len(cs) == 0 {
		t.Fatalf("Crawlers() has %d crawlers, robots.json %d keys", len(cs), len(m))
	}
	for _, c := range cs {
		if _, ok := m[c.Token]; !ok {
			t.Errorf("Crawlers() names %q, which robots.json does not", c.Token)
		}
		switch c.Purpose {
		case Training, Search, Assistant, Other:
		default:
			t.Errorf("%s: purpose %q", c.Token, c.Purpose)
		}
	}
	if !strings.Contains(Licence(), "MIT License") || !strings.Contains(Licence(), "Permission is hereby granted") {
		t.Errorf("Licence() = %q, want the MIT notice", Licence())
	}
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(Commit) || !regexp.MustCompile(`^20\d\d-\d\d-\d\d$`).MatchString(Date) {
		t.Errorf("Commit %q, Date %q: want a commit hash and a date", Commit, Date)
	}
	if Source != "https://github.com/ai-robots-txt/ai.robots.txt" {
		t.Errorf("Source = %q", Source)
	}
	// Crawlers returns the caller's own slice.
	cs[0].Token = "changed"
	if Crawlers()[0].Token == "changed" {
		t.Error("Crawlers() hands out the package's own slice")
	}
}

// TestSnapshotPurposes checks the purposes Classify gives some crawlers of
// the snapshot whose use their operators document. A refreshed list that
// changes one of them is worth a look at the rules.
func TestSnapshotPurposes(t *testing.T) {
	want := map[string]Purpose{
		"GPTBot":            Training, // "Scrapes data to train OpenAI's products."
		"ClaudeBot":         Training,
		"CCBot":             Training, // "... open crawl dataset ..."
		"Google-Extended":   Training, // "LLM training."
		"Applebot-Extended": Training, // from its description: "used to train"
		"OAI-SearchBot":     Search,   // "Search result generation."
		"PerplexityBot":     Search,
		"Claude-SearchBot":  Search,
		"Applebot":          Search, // "AI Search Crawlers"
		"ChatGPT-User":      Assistant,
		"Claude-User":       Assistant,
		"Perplexity-User":   Assistant,
		"MistralAI-User":    Assistant,
		"GoogleOther":       Other, // "Scrapes data.": "research" is no search
		"Claude-Web":        Other, // "Undocumented AI Agents"
		"Diffbot":           Other, // "AI Data Providers"
	}
	got := map[string]Purpose{}
	for _, c := range Crawlers() {
		if _, ok := want[c.Token]; ok {
			got[c.Token] = c.Purpose
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("purposes (-want +got):\n%s", d)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name                  string
		function, description string
		want                  Purpose
	}{
		{name: "category scraper", function: "AI Data Scrapers", want: Training},
		{name: "train in a sentence", function: "Scrapes data to train X's products.", want: Training},
		{name: "training", function: "LLM training.", want: Training},
		{name: "LLMs", function: "Scrapes images for use in LLMs.", want: Training},
		{name: "dataset", function: "Provides open crawl dataset", want: Training},
		{name: "category search", function: "AI Search Crawlers", want: Search},
		{name: "search word", function: "Search result generation.", want: Search},
		{name: "research is no search", function: "internal research", want: Other},
		{name: "category assistant", function: "AI Assistants", want: Assistant},
		{name: "agents", function: "AI Coding Agents", want: Assistant},
		{name: "user prompts", function: "Takes action based on user prompts.", want: Assistant},
		{name: "undocumented agents are other", function: "Undocumented AI Agents", want: Other},
		{name: "data providers are other", function: "AI Data Providers", description: "search data for LLMs", want: Other},
		{name: "training before search", function: "Scrapes data for search engine and LLMs.", want: Training},
		{name: "search before assistant", function: "AI search, assistants and agents", want: Search},
		{name: "function before description", function: "AI Assistants", description: "used to train", want: Assistant},
		{name: "description when function says nothing", function: "Powers features in Siri", description: "used to train models", want: Training},
		{name: "neither", function: "Data is sold.", description: "Crawls sites for APIs.", want: Other},
		{name: "empty", want: Other},
		{name: "word start only", function: "constrained", want: Other},
		{name: "after punctuation", function: "(LLM)", want: Training},
		{name: "any case", function: "SEARCH", want: Search},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.function, tt.description); got != tt.want {
				t.Errorf("Classify(%q, %q) = %q, want %q", tt.function, tt.description, got, tt.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	good := `{
  "B-bot": {"operator": "[Bee](https://b.example/) and [C](https://c.example)", "respect": "Yes",
            "function": "LLM training.", "frequency": "x", "description": "d1", "has_name_and_version": true},
  "A bot/1.0": {"operator": "Unclear at this time.", "function": "AI Assistants", "description": ""},
  "c": {}
}`
	got, err := Parse([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []Crawler{
		{Token: "B-bot", Operator: "Bee and C", Function: "LLM training.", Description: "d1", Purpose: Training},
		{Token: "A bot/1.0", Operator: "Unclear at this time.", Function: "AI Assistants", Purpose: Assistant},
		{Token: "c", Purpose: Other},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Parse (-want +got):\n%s", d)
	}

	bad := []struct{ name, data string }{
		{"empty", ""},
		{"array", `[{"a": {}}]`},
		{"string", `"a"`},
		{"value not object", `{"a": "b"}`},
		{"value array", `{"a": []}`},
		{"field not string", `{"a": {"operator": 1}}`},
		{"empty name", `{"": {}}`},
		{"twice", `{"a": {}, "a": {}}`},
		{"unterminated", `{"a": {}`},
		{"trailing", `{"a": {}} {}`},
		{"not JSON", `{a: {}}`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := Parse([]byte(tt.data))
			if err == nil || !strings.HasPrefix(err.Error(), "ailist: ") {
				t.Errorf("Parse(%q) = %v, %v; want an error starting with ailist:", tt.data, cs, err)
			}
		})
	}
}

// TestReadmeTable checks the README's table of the rules of Classify: its
// words and purposes are those of the rules, in order, and its counts
// those of the snapshot, whose date and commit it names.
func TestReadmeTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	invalid := 0
	for _, c := range Crawlers() {
		if !robots.ValidProductToken(c.Token) {
			invalid++
		}
	}
	names := fmt.Sprintf("Of the list's %d names, %d are not RFC 9309 product tokens", len(Crawlers()), invalid)
	for _, want := range []string{"of the snapshot of " + Date + ":", "commit " + Commit[:7] + ", " + Date, names} {
		if !strings.Contains(text, want) {
			t.Errorf("README does not say %q", want)
		}
	}
	counts := make([]int, len(rules)+1)
	for _, c := range Crawlers() {
		counts[ruleOf(c.Function, c.Description)]++
	}
	var want []string
	for i, r := range rules {
		var words []string
		for _, w := range r.words {
			words = append(words, "`"+w+"`")
		}
		want = append(want, fmt.Sprintf("| %d | %s | %s | %d |", i+1, strings.Join(words, ", "), r.purpose, counts[i]))
	}
	want = append(want, fmt.Sprintf("| %d | no rule matches either field | other | %d |", len(rules)+1, counts[len(rules)]))
	_, table, _ := strings.Cut(text, "| Rule | Words | Purpose | Crawlers |\n|------|-------|---------|----------|\n")
	table, _, _ = strings.Cut(table, "\n\n")
	var got []string
	for _, row := range strings.Split(table, "\n") {
		// The first rule's words are followed by a remark in brackets.
		got = append(got, regexp.MustCompile(` \(the list's categories[^)]*\)`).ReplaceAllString(row, ""))
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("README's table of purposes (-want +got):\n%s", d)
	}
}
