package robots

import (
	"math"
	"sort"
	"strings"

	"github.com/crawlkit/robots/internal/prefvalue"
)

// This file reads the usage preference lines of a group, Content-Signal
// (Cloudflare's Content Signals Policy) and Content-Usage
// (draft-ietf-aipref-attach-05, with the vocabulary of
// draft-ietf-aipref-vocab-07). The parser keeps them as records, as any
// extension, and only checks that their values can be read; a query finds
// the records of the crawler's group and reads them again. So preference
// lines cost a File nothing beyond their records (TestRetainedMemoryHostile
// has files of them), and queries of allow and disallow never read them.

// Preferences are the usage preferences that a robots.txt file states for
// one URL and one crawler, from its Content-Signal and Content-Usage lines,
// with the lines they come from. The zero Preferences state none.
//
// Each map and slice is the caller's own.
//
// Experimental: Content-Signal and Content-Usage follow drafts that still
// change (the labels of draft-ietf-aipref-vocab changed three times from
// -02 to -07, and more are proposed), so this API is outside the v1
// compatibility promise: a minor release may change it to follow them.
type Preferences struct {
	// Signal maps each key of the Content-Signal lines that apply to its
	// value as written, such as "search" to "yes" and "ai-train" to "no".
	// Keys that Cloudflare's policy does not define are kept too. Nil when
	// no line states a signal.
	Signal map[string]string
	// Usage maps each key of the Content-Usage lines that apply to its
	// value as written, such as "train-ai" to "n". By the vocabulary,
	// "y" allows the use the key names and "n" disallows it; any other
	// value (which is kept as written, without its parameters, and is
	// empty for a key written alone) leaves the preference unknown. Keys
	// the vocabulary does not define are kept too. Nil when no line states
	// a preference.
	Usage map[string]string
	// SignalLines and UsageLines are the lines that apply, in file order:
	// those of the crawler's group with the longest path that matches the
	// URL. They include lines whose value cannot be read (those with a
	// BadPreference diagnostic): such a Content-Usage line states nothing,
	// and of such a Content-Signal line only the members written
	// "key=value" count.
	SignalLines []PreferenceLine
	UsageLines  []PreferenceLine
}

// A PreferenceLine is a Content-Signal or Content-Usage line of a group.
//
// Experimental: see [Preferences].
type PreferenceLine struct {
	Line int     // line number, from 1
	Key  KeyKind // ContentSignal or ContentUsage
	// Path is the path pattern the line is for, as written, or "" if the
	// line names none; it then applies to every path, as "/" would.
	Path string
	// Value is the statement of preferences as written, after the path:
	// "search=yes, ai-train=no" or "train-ai=n".
	Value string
}

// Preferences returns the usage preferences that the file states for url
// to the crawler whose product token is agent, and the lines they come
// from. The url is an absolute URL or a path that starts with '/', as for
// [File.Allowed].
//
// The lines are those of the group [File.Group] gives, merged as for
// allow and disallow rules. Each line may start with a path pattern,
// matched as allow and disallow patterns are (see Patterns in the package
// documentation); a line without one applies to every path. Of the lines
// whose pattern matches, those with the longest pattern apply, each kind
// (Content-Signal, Content-Usage) on its own, and they combine
// restrictively: a key that one line disallows ("n", or "no" for a
// signal) is disallowed, else a key that one line allows ("y", or "yes")
// is allowed, else the first value written counts. Within a
// Content-Usage line a key's last value counts, as in any Structured Field
// Dictionary; within a Content-Signal line the values combine as across
// lines.
//
// As draft-ietf-aipref-attach-05 section 3.1 says, preferences apply only
// to URLs the crawler may fetch: for a URL the group disallows, Preferences
// returns the zero Preferences. The same holds here for Content-Signal.
//
// Preferences reads the lines of the group at each call, which costs time
// in proportion to their number; [File.Allowed] never reads them.
//
// Experimental: Content-Signal and Content-Usage follow drafts that still
// change (the labels of draft-ietf-aipref-vocab changed three times from
// -02 to -07, and more are proposed), so this API is outside the v1
// compatibility promise: a minor release may change it to follow them.
func (f *File) Preferences(agent, url string) Preferences {
	g := f.Group(agent)
	if g == nil || !g.Allowed(url) {
		return Preferences{}
	}
	path := canonicalPath(pathOf(url))
	var p Preferences
	best := [2]int{-1, -1} // the longest pattern that matches, of each kind
	f.eachPreference(g, func(l PreferenceLine) {
		lines, longest := &p.SignalLines, &best[0]
		if l.Key == ContentUsage {
			lines, longest = &p.UsageLines, &best[1]
		}
		n := matchLen(l.Path, path)
		switch {
		case n < 0 || n < *longest:
			return
		case n > *longest:
			*longest, *lines = n, (*lines)[:0]
		}
		*lines = append(*lines, l)
	})
	p.Signal = signals(p.SignalLines)
	p.Usage = usages(p.UsageLines)
	return p
}

// PreferenceLines returns the Content-Signal and Content-Usage lines of the
// group that the crawler whose product token is agent gets (see
// [File.Group]), in file order, whatever their paths. Lines that come
// before the first user-agent line belong to no group; they are among the
// file's [File.Records], with a RuleOutsideGroup diagnostic.
//
// Experimental: see [File.Preferences].
func (f *File) PreferenceLines(agent string) []PreferenceLine {
	var lines []PreferenceLine
	f.eachPreference(f.Group(agent), func(l PreferenceLine) {
		lines = append(lines, l)
	})
	return lines
}

// eachPreference calls fn for each preference line of g, in file order.
func (f *File) eachPreference(g *Group, fn func(PreferenceLine)) {
	if g == nil || len(f.records) == 0 {
		return
	}
	s := &f.set
	for i := int32(0); i < g.n; i++ {
		// The records of a raw group lie between its first line and the
		// first line of the next raw group.
		r := g.raw(i)
		start, end := s.raws[r].line, int32(math.MaxInt32)
		if int(r)+1 < len(s.raws) {
			end = s.raws[r+1].line
		}
		j := sort.Search(len(f.records), func(j int) bool { return f.records[j].line > start })
		for ; j < len(f.records) && f.records[j].line < end; j++ {
			key, value := f.record(j)
			kind := extensionKind(key)
			if kind != ContentSignal && kind != ContentUsage {
				continue
			}
			path, prefs := splitPath(value)
			fn(PreferenceLine{Line: int(f.records[j].line), Key: kind, Path: path, Value: prefs})
		}
	}
}

// record returns the key and the value of records[i].
func (f *File) record(i int) (key, value string) {
	kv := f.set.text[f.records[i].off:]
	colon := strings.IndexByte(kv, ':')
	end := colon + 1 + strings.IndexByte(kv[colon+1:], '\n')
	return kv[:colon], kv[colon+1 : end]
}

// splitPath splits the value of a preference line into its path, if it
// starts with one, and the preferences after it. As
// draft-ietf-aipref-attach-05 section 3.2 says, a path starts with '/' and
// ends before the first space or tab.
func splitPath[S ~string | ~[]byte](value S) (path, prefs S) {
	if len(value) == 0 || value[0] != '/' {
		return value[:0], value
	}
	i := 0
	for i < len(value) && !isSpace(value[i]) {
		i++
	}
	return value[:i], value[prefvalue.SkipOWS(value, i):]
}

// matchLen returns the length of the canonical form of the path pattern
// of a preference line ("/" when it has none) if it matches path, which is
// canonical, or -1.
func matchLen(pattern, path string) int {
	if pattern == "" {
		return 1
	}
	if j := firstChange(pattern, true); j >= 0 {
		pattern = string(appendCanonical(nil, pattern, j, true))
	}
	if !matchPattern(pattern, path) {
		return -1
	}
	return len(pattern)
}

// matchPattern reports whether pattern, canonical and starting with '/',
// matches path as a rule's pattern does: '*' matches any run of bytes, a
// final '$' the end of the path, and the pattern matches a prefix of the
// path.
func matchPattern(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	i := strings.IndexByte(pattern, '*')
	switch {
	case i < 0 && anchored:
		return path == pattern
	case i < 0:
		return strings.HasPrefix(path, pattern)
	}
	return strings.HasPrefix(path, pattern[:i]) && matchStars(pattern[i+1:], path[i:], anchored)
}

// signals returns what the Content-Signal lines state, combined.
func signals(lines []PreferenceLine) map[string]string {
	var m map[string]string
	for _, l := range lines {
		prefvalue.ParseSignals(l.Value, func(key, value string) {
			if m == nil {
				m = make(map[string]string)
			}
			if old, ok := m[key]; !ok || signalRank(value) > signalRank(old) {
				m[key] = value
			}
		})
	}
	return m
}

// usages returns what the Content-Usage lines state, combined.
func usages(lines []PreferenceLine) map[string]string {
	var m, line map[string]string
	for _, l := range lines {
		if line == nil {
			line = make(map[string]string)
		}
		clear(line)
		if !prefvalue.ParseDict(l.Value, func(key, value string) { line[key] = value }) {
			continue // a value that does not parse states nothing
		}
		for key, value := range line {
			if m == nil {
				m = make(map[string]string)
			}
			if old, ok := m[key]; !ok || usageRank(value) > usageRank(old) {
				m[key] = value
			}
		}
	}
	return m
}

// signalRank and usageRank order the values of one key when lines
// combine: a value that disallows wins over one that allows, which wins
// over any other. Cloudflare's policy writes signals "yes" and "no", read
// here in any ASCII case; the vocabulary's values are the Tokens y and n,
// which are case-sensitive.
func signalRank(v string) int {
	switch {
	case equalFold(v, "no"):
		return 2
	case equalFold(v, "yes"):
		return 1
	}
	return 0
}

func usageRank(v string) int {
	switch v {
	case "n":
		return 2
	case "y":
		return 1
	}
	return 0
}

// preference checks the value of a Content-Signal or Content-Usage line,
// which is kept as a record and read again when queried.
func (p *parser) preference(kind KeyKind, value, line []byte) {
	if len(p.raws) == 0 {
		p.diag(RuleOutsideGroup, trim(line))
		return
	}
	_, prefs := splitPath(value)
	ok := false
	if kind == ContentSignal {
		ok = prefvalue.ParseSignals(prefs, nil)
	} else {
		ok = prefvalue.ParseDict(prefs, nil)
	}
	if !ok {
		p.diag(BadPreference, value)
	}
}
