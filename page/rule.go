package page

import (
	"strconv"
	"strings"
	"time"

	"github.com/crawlkit/robots/internal/fold"
)

// Source says where a [Rule] was written. The zero Source is none of
// them: that of the zero Rule.
type Source uint8

// The places a rule can come from.
const (
	Meta   Source = iota + 1 // a <meta name="robots"> or <meta name="AGENT"> tag of the HTML head
	Header                   // an X-Robots-Tag HTTP header
)

// String returns "meta" or "header", and "Source(N)" for a value that is
// neither (the zero Source included).
func (s Source) String() string {
	switch s {
	case Meta:
		return "meta"
	case Header:
		return "header"
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// A Rule is one rule of a page as written, and where it was written. The
// zero Rule is no rule: [Answer.Why] returns it with false.
type Rule struct {
	// From is where the rule was written: a meta tag or a header.
	From Source
	// Line is, for a meta tag, the line of the HTML document where the tag
	// starts (the first line is 1); for a header, the position of the
	// X-Robots-Tag header among the page's X-Robots-Tag headers (the first
	// is 1).
	Line int
	// Agent is the crawler the rule is addressed to, as written: the name
	// of its meta tag (googlebot), or the "name:" prefix that scopes it in
	// its header. It is "" for a rule for every crawler: one of a
	// <meta name="robots"> tag, or of a header before any prefix.
	Agent string
	// Name is the rule's name in lower case: "noindex", "max-snippet". It
	// is "" for a rule this package does not know.
	Name string
	// Value is what follows the colon of a rule that takes a value, with
	// the spaces around it removed: "20" for "max-snippet: 20".
	Value string
	// Text is the rule as written, with the spaces around it removed:
	// "max-snippet: 20", or "noydir" for a rule this package does not know.
	Text string
}

// String describes the rule and where it came from, as in
// `meta robots, line 4: noindex`, `meta googlebot, line 5: nosnippet` or
// `X-Robots-Tag 2: googlebot: nofollow`. For a Rule of no Source, it is
// the Text alone.
func (r Rule) String() string {
	var b strings.Builder
	switch r.From {
	case Meta:
		name := r.Agent
		if name == "" {
			name = "robots"
		}
		b.WriteString("meta " + name + ", line " + strconv.Itoa(r.Line) + ": ")
	case Header:
		b.WriteString("X-Robots-Tag " + strconv.Itoa(r.Line) + ": ")
		if r.Agent != "" {
			b.WriteString(r.Agent + ": ")
		}
	}
	b.WriteString(r.Text)
	return b.String()
}

// kind is what a rule is, once read.
type kind uint8

const (
	unknown kind = iota // not a rule this package knows
	invalid             // a known rule with a value it cannot read
	ruleAll
	ruleNone
	ruleIndex
	ruleNoindex
	ruleFollow
	ruleNofollow
	ruleArchive
	ruleNoarchive // noarchive, and Bing's nocache
	ruleNosnippet
	ruleNotranslate
	ruleNoimageindex
	ruleIndexifembedded
	ruleNoai
	ruleNoimageai
	ruleMaxSnippet
	ruleMaxImagePreview
	ruleMaxVideoPreview
	ruleUnavailableAfter
)

// plainRules are the rules without a value, by name. The package comment
// gives the source of each.
var plainRules = map[string]kind{
	"all":             ruleAll,
	"none":            ruleNone,
	"index":           ruleIndex,
	"noindex":         ruleNoindex,
	"follow":          ruleFollow,
	"nofollow":        ruleNofollow,
	"archive":         ruleArchive,
	"noarchive":       ruleNoarchive,
	"nocache":         ruleNoarchive,
	"nosnippet":       ruleNosnippet,
	"notranslate":     ruleNotranslate,
	"noimageindex":    ruleNoimageindex,
	"indexifembedded": ruleIndexifembedded,
	"noai":            ruleNoai,
	"noimageai":       ruleNoimageai,
}

// valueRules are the rules written "name: value", by name.
var valueRules = map[string]kind{
	"max-snippet":       ruleMaxSnippet,
	"max-image-preview": ruleMaxImagePreview,
	"max-video-preview": ruleMaxVideoPreview,
	"unavailable_after": ruleUnavailableAfter,
}

// knownName reports whether name, in lower case, names a rule.
func knownName(name string) bool {
	_, plain := plainRules[name]
	_, valued := valueRules[name]
	return plain || valued
}

// A read is a rule with its meaning: a number, an image size or a time.
type read struct {
	Rule
	kind kind
	n    int       // max-snippet, max-video-preview: -1 for no limit
	size int       // max-image-preview: the index of its value in imageSizes
	t    time.Time // unavailable_after
}

// imageSizes are the values of max-image-preview, smallest first.
var imageSizes = [...]string{"none", "standard", "large"}

// isSpace reports whether c is ASCII white space: HTML's (space, tab, LF,
// FF, CR), and VT.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\v'
}

// trim returns s without the ASCII white space around it.
func trim(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// lower returns s with ASCII letters in lower case. Other bytes are left
// alone: Unicode case folding would read "\u212Aey" (KELVIN SIGN) as "key".
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// isAgentName reports whether s can name a crawler in a header prefix or
// a meta name: ASCII letters, digits, '-', '_' and '.'. Product tokens
// (RFC 9309 section 2.2.1) use letters, '-' and '_'; crawlers' names in the
// wild add digits and dots.
func isAgentName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// readList reads the rules of s, a meta tag's content or an X-Robots-Tag
// header's value, and calls emit with each in order. Rules are separated by
// commas. In a header (header true), an item "NAME: rest" whose NAME is not
// a rule's name is a prefix: NAME is the crawler that rest and the rules
// after it, up to the next prefix, are addressed to. A rule is never taken
// for a prefix: "max-snippet: 20" and "unavailable_after: 25 Jun 2010
// 15:00:00 PST" are rules. When the value of unavailable_after is only a
// weekday ("Friday" or "Fri"), the comma after it belongs to the date (RFC
// 850 and RFC 822 write "Friday, 25-Jun-10 15:00:00 PST"), so the item runs
// on to the next comma, when that makes a date. An item of words separated by spaces, each the name
// of a rule without a value ("noindex nofollow"), is read as those rules.
func readList(s string, header bool, from Source, line int, agent string, emit func(read)) {
	for s != "" {
		var raw string // the item as written, spaces included
		raw, s, _ = strings.Cut(s, ",")
		item := trim(raw)
		if item == "" {
			continue
		}
		name, value, colon := strings.Cut(item, ":")
		lname := lower(trim(name))
		if header && colon && !knownName(lname) && isAgentName(lname) {
			agent = trim(name)
			raw = value
			item = trim(value)
			if item == "" {
				continue
			}
			name, value, colon = strings.Cut(item, ":")
			lname = lower(trim(name))
		}
		if colon && lname == "unavailable_after" && s != "" && isWeekday(trim(value)) {
			next, rest, _ := strings.Cut(s, ",")
			if _, ok := parseDate(value + "," + next); ok {
				item = trim(raw + "," + next)
				_, value, _ = strings.Cut(item, ":")
				s = rest
			}
		}
		r := read{Rule: Rule{From: from, Line: line, Agent: agent, Text: item}}
		if k, ok := plainRules[lname]; ok && (!colon || trim(value) == "") {
			r.Name, r.kind = lname, k
			emit(r)
			continue
		}
		if k, ok := valueRules[lname]; ok {
			r.Name, r.Value, r.kind = lname, trim(value), k
			if !colon || !r.parseValue() {
				r.kind = invalid
			}
			emit(r)
			continue
		}
		if !colon && splitWords(item, func(word string) {
			emit(read{Rule: Rule{From: from, Line: line, Agent: agent, Name: lower(word), Text: word}, kind: plainRules[lower(word)]})
		}) {
			continue
		}
		emit(r) // unknown
	}
}

// splitWords calls fn with each word of item and returns true when item is
// two or more words separated by white space, each the name of a rule
// without a value; otherwise it calls nothing and returns false.
func splitWords(item string, fn func(word string)) bool {
	if !strings.ContainsAny(item, " \t\n\f\r\v") {
		return false
	}
	words := strings.FieldsFunc(item, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) })
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		if _, ok := plainRules[lower(w)]; !ok {
			return false
		}
	}
	for _, w := range words {
		fn(w)
	}
	return true
}

// parseValue reads r.Value for r.kind and reports whether it is valid.
func (r *read) parseValue() bool {
	switch r.kind {
	case ruleMaxSnippet, ruleMaxVideoPreview:
		n, ok := parseCount(r.Value)
		r.n = n
		return ok
	case ruleMaxImagePreview:
		for i, s := range imageSizes {
			if fold.Equal(r.Value, s) {
				r.size = i
				return true
			}
		}
		return false
	case ruleUnavailableAfter:
		t, ok := parseDate(r.Value)
		r.t = t
		return ok
	}
	return false
}

// parseCount reads the number of max-snippet or max-video-preview: -1 for
// no limit, or a count of characters or seconds in ASCII digits. A count
// of more than 9 digits, leading zeros aside, is invalid: a billion
// characters or seconds is beyond any page, and the count fits an int.
func parseCount(s string) (int, bool) {
	if s == "-1" {
		return -1, true
	}
	if s == "" {
		return 0, false
	}
	digits := strings.TrimLeft(s, "0")
	if len(digits) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
