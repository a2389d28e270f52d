// Package ailist is the list of AI crawlers that "robots ai" checks a
// robots.txt against: a snapshot of robots.json of ai.robots.txt
// (https://github.com/ai-robots-txt/ai.robots.txt, MIT licence, the notice
// in the file LICENSE beside this one), taken on the date that Date gives,
// with each crawler's purpose read from the list's own words.
//
// The snapshot is built into the program: nothing is fetched when it runs or
// when its tests run. A maintainer refreshes it with
//
//	go generate ./internal/ailist
//
// which clones the list's repository (or reads a clone given with
// "go run ./internal/ailist/gen -from DIR"), checks that its robots.json
// reads as Parse expects, and writes robots.json, LICENSE and snapshot.go.
//
// The package is internal, at the root of the module: the list's shape is
// the upstream project's to change, and the purposes are this module's
// reading of its prose, so neither is an API to promise; at the root of the
// module, the crawl and page packages may use it as cmd/robots does. It
// imports no package of this module, and the root package must not import it
// (it decodes JSON).
package ailist

//go:generate go run ./gen

import (
	_ "embed"
	"strings"
	"sync"
)

// Name is the name of the list, as output gives it.
const Name = "ai.robots.txt"

//go:embed robots.json
var snapshot []byte

//go:embed LICENSE
var licence string

// Licence returns the licence notice of the list, as its repository gives
// it.
func Licence() string { return licence }

// A Purpose is what a crawler fetches pages for, as Classify reads it from
// the list. Classify never gives the zero Purpose, "".
type Purpose string

// The purposes.
const (
	// Training: pages go into data sets to train AI models.
	Training Purpose = "training"
	// Search: pages go into the index of a search engine, AI or not.
	Search Purpose = "search"
	// Assistant: an AI assistant or agent fetches pages for a user's
	// request.
	Assistant Purpose = "assistant"
	// Other: any other use, or one the list does not say.
	Other Purpose = "other"
)

// A Crawler is an entry of the list. The zero Crawler is no entry.
type Crawler struct {
	// Token is the name the list gives, which it writes in its robots.txt
	// as "User-agent: Token". It is not always an RFC 9309 product token.
	Token string
	// Operator is who runs the crawler, as the list writes it, with its
	// Markdown links reduced to their text.
	Operator string
	// Function and Description are the list's words for what the crawler
	// does, as written.
	Function    string
	Description string
	// Purpose is what the crawler fetches pages for, as Classify reads
	// Function and Description.
	Purpose Purpose
}

var crawlers = sync.OnceValue(func() []Crawler {
	cs, err := Parse(snapshot)
	if err != nil {
		// TestSnapshot shows that it cannot happen, and the generator
		// checks a new snapshot before it writes it.
		panic("ailist: the built-in snapshot does not read: " + err.Error())
	}
	return cs
})

// Crawlers returns the crawlers of the snapshot, in the list's order. The
// slice is the caller's own.
func Crawlers() []Crawler {
	return append([]Crawler(nil), crawlers()...)
}

// A rule of Classify: the first rule with a word that the text holds gives
// the purpose.
type rule struct {
	purpose Purpose
	words   []string
}

// rules are the rules of Classify, in order. The README gives them as a
// table, with the date of the list they were written for.
var rules = []rule{
	// The list's categories for crawlers whose use is undocumented, or
	// whose data go to others for uses they do not say.
	{Other, []string{"undocumented ai agents", "ai data providers"}},
	{Training, []string{"ai data scraper", "train", "llm", "dataset", "machine learning"}},
	{Search, []string{"search"}},
	{Assistant, []string{"assistant", "agent", "user", "prompt", "answer"}},
}

// Classify returns the purpose of a crawler from the list's words for it:
// the first rule that one of its words matches in function, else the first
// that matches in description, else Other. A word matches where the text,
// in any ASCII case, has it at the start of a word ("train" matches
// "training" and "LLM training", "search" does not match "research").
func Classify(function, description string) Purpose {
	if i := ruleOf(function, description); i < len(rules) {
		return rules[i].purpose
	}
	return Other
}

// ruleOf returns the index of the rule that gives the purpose, or
// len(rules) when none does.
func ruleOf(function, description string) int {
	for _, text := range []string{function, description} {
		if i := firstRule(text); i < len(rules) {
			return i
		}
	}
	return len(rules)
}

// firstRule returns the index of the first rule with a word in text, or
// len(rules).
func firstRule(text string) int {
	text = strings.ToLower(text)
	for i, r := range rules {
		for _, w := range r.words {
			if hasWordPrefix(text, w) {
				return i
			}
		}
	}
	return len(rules)
}

// hasWordPrefix reports whether text holds w at the start of a word: at
// the start of text or after a byte that is not an ASCII letter.
func hasWordPrefix(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		if k := i + j; k == 0 || !isLetter(text[k-1]) {
			return true
		}
		i += j + 1
	}
}

func isLetter(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z'
}
