package usage

import (
	"github.com/crawlkit/robots/internal/fold"
	"github.com/crawlkit/robots/internal/prefvalue"
)

// A Label is one row of the tables that map the labels of Content-Usage
// and the keys of Content-Signal onto the uses (see Labels in the package
// documentation). The zero Label decides no use.
type Label struct {
	// Vocabulary is "Content-Usage" or "Content-Signal".
	Vocabulary string
	// Label is the label or key as written: "train-ai".
	Label string
	// Defined names the documents that define it: "draft-ietf-aipref-vocab-02
	// to -07 (-07 section 4.1)".
	Defined string
	// Level says, for each Use, whether the label decides it: 1 when it
	// names the use, 2 or 3 when it names a broader use, which decides when
	// no label nearer the use is present in the statement; 0 when it says
	// nothing of it.
	Level [uses]int
	// NoOnly is set when only a "no" counts: the label names part of the
	// use, so allowing it does not allow the use.
	NoOnly bool
}

// usageLabels is the table of Content-Usage labels. The package
// documentation shows it; TestLabelsDocumented keeps the two together.
var usageLabels = []Label{
	{Vocabulary: "Content-Usage", Label: "train-ai", Defined: "draft-ietf-aipref-vocab-02 to -07 (-07 section 4.1)", Level: [uses]int{0, 0, 1}},
	{Vocabulary: "Content-Usage", Label: "search", Defined: "draft-ietf-aipref-vocab-02 to -07 (-07 section 4.2)", Level: [uses]int{1, 0, 0}},
	{Vocabulary: "Content-Usage", Label: "train-genai", Defined: "draft-ietf-aipref-vocab-02 and -03", Level: [uses]int{0, 0, 1}, NoOnly: true},
	{Vocabulary: "Content-Usage", Label: "ai-use", Defined: "draft-ietf-aipref-vocab-02", Level: [uses]int{0, 1, 0}},
	{Vocabulary: "Content-Usage", Label: "ai-output", Defined: "draft-ietf-aipref-vocab-04", Level: [uses]int{2, 1, 0}},
	{Vocabulary: "Content-Usage", Label: "bots", Defined: "draft-ietf-aipref-vocab-03 and -04", Level: [uses]int{3, 2, 2}},
	{Vocabulary: "Content-Usage", Label: "all", Defined: "draft-ietf-aipref-vocab-02", Level: [uses]int{3, 2, 2}},
}

// signalKeys is the table of Content-Signal keys.
var signalKeys = []Label{
	{Vocabulary: "Content-Signal", Label: "search", Defined: "Cloudflare's Content Signals Policy (2025-09-24)", Level: [uses]int{1, 0, 0}},
	{Vocabulary: "Content-Signal", Label: "ai-input", Defined: "Cloudflare's Content Signals Policy (2025-09-24)", Level: [uses]int{0, 1, 0}},
	{Vocabulary: "Content-Signal", Label: "ai-train", Defined: "Cloudflare's Content Signals Policy (2025-09-24)", Level: [uses]int{0, 0, 1}},
}

// Labels returns the rows of both tables: Content-Usage labels, then
// Content-Signal keys. The slice is the caller's own.
func Labels() []Label {
	return append(append([]Label(nil), usageLabels...), signalKeys...)
}

// findLabel returns the row of table for label, or nil.
func findLabel(table []Label, label string, anyCase bool) *Label {
	for i := range table {
		if table[i].Label == label || anyCase && fold.Equal(table[i].Label, label) {
			return &table[i]
		}
	}
	return nil
}

// A member is a key and its value, as written.
type member struct{ key, value string }

// text writes m as in a Dictionary: the key alone for an empty value (the
// Boolean true).
func (m member) text() string {
	if m.value == "" {
		return m.key
	}
	return m.key + "=" + m.value
}

// stateUsage returns what one Content-Usage statement, the members of a
// Dictionary, states for each use, with the indexes of the members that
// decided each, and calls unknown with each member no table knows. Of
// members with the same key, the last counts.
func stateUsage(members []member, unknown func(string)) (prefs [uses]Preference, by [uses][]int) {
	last := make(map[string]int, len(members)) // the index of each key's last member
	for i, m := range members {
		last[m.key] = i
	}
	for i, m := range members {
		if last[m.key] != i {
			continue // not the value that counts
		}
		if l := findLabel(usageLabels, m.key, false); l == nil || m.value != "y" && m.value != "n" {
			unknown(m.text())
		}
	}
	for u := 0; u < uses; u++ {
		for level := 1; level <= 3 && prefs[u] == Unstated; level++ {
			var yes, no []int
			for i := range usageLabels {
				l := &usageLabels[i]
				j, ok := last[l.Label]
				if !ok || l.Level[u] != level {
					continue
				}
				switch v := members[j].value; {
				case v == "n":
					no = append(no, j)
				case v == "y" && !l.NoOnly:
					yes = append(yes, j)
				}
			}
			switch {
			case len(no) > 0:
				prefs[u], by[u] = Disallowed, no
			case len(yes) > 0:
				prefs[u], by[u] = Allowed, yes
			}
		}
	}
	return prefs, by
}

// parseUsage parses s, a Content-Usage statement, into its members, and
// reports whether it parses.
func parseUsage(s string) ([]member, bool) {
	var members []member
	ok := prefvalue.ParseDict(s, func(key, value string) {
		members = append(members, member{key, value})
	})
	return members, ok
}

// stateSignal returns what one Content-Signal statement states for each
// use: within it, a key's values combine restrictively, as across
// statements. It calls unknown with each member no table knows, and
// reports whether every member could be read ("key=value").
func stateSignal(s string, unknown func(string)) ([uses]Preference, bool) {
	var prefs [uses]Preference
	ok := prefvalue.ParseSignals(s, func(key, value string) {
		l := findLabel(signalKeys, key, true)
		var p Preference
		switch {
		case fold.Equal(value, "no"):
			p = Disallowed
		case fold.Equal(value, "yes"):
			p = Allowed
		}
		if l == nil || p == Unstated {
			unknown(key + "=" + value)
			return
		}
		for u := range prefs {
			if l.Level[u] == 1 && p > prefs[u] {
				prefs[u] = p
			}
		}
	})
	return prefs, ok
}
