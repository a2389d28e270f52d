package page

import (
	"strconv"
	"time"

	"github.com/crawlkit/robots/internal/fold"
)

// A Policy says which of two rules that disagree wins. See the package
// comment, "Conflicts". The zero Policy is Restrictive.
type Policy uint8

// The policies.
const (
	// Restrictive, the zero value, is Google's: the more restrictive rule
	// wins.
	Restrictive Policy = iota
	// Permissive is the FAQ's and Yandex's: the allowing rule wins, and
	// "all" makes the other rules ignored.
	Permissive
)

// String returns "restrictive" or "permissive", and "Policy(N)" for a
// value that is neither.
func (p Policy) String() string {
	switch p {
	case Restrictive:
		return "restrictive"
	case Permissive:
		return "permissive"
	}
	return "Policy(" + strconv.Itoa(int(p)) + ")"
}

// A Setting names one field of an [Answer], for [Answer.Why]. The zero
// Setting is Index.
type Setting uint8

// The settings, one for each field of an Answer that rules decide.
const (
	Index Setting = iota
	Follow
	Snippet
	Archive
	Translate
	ImageIndex
	IndexIfEmbedded
	AI
	ImageAI
	MaxSnippet
	MaxImagePreview
	MaxVideoPreview
	UnavailableAfter
)

// flags is how many settings are booleans: those before MaxSnippet.
const flags = int(MaxSnippet)

// settings is how many settings there are.
const settings = int(UnavailableAfter) + 1

var settingNames = [settings]string{
	"index", "follow", "snippet", "archive", "translate", "imageindex",
	"indexifembedded", "ai", "imageai",
	"max_snippet", "max_image_preview", "max_video_preview", "unavailable_after",
}

// Settings returns every setting, in the order of the fields of an
// Answer, in a new slice: the caller's own.
func Settings() []Setting {
	s := make([]Setting, settings)
	for i := range s {
		s[i] = Setting(i)
	}
	return s
}

// String returns the setting's name in lower case, with underscores:
// "index", "max_snippet", "unavailable_after".
func (s Setting) String() string {
	if int(s) < settings {
		return settingNames[s]
	}
	return "Setting(" + strconv.Itoa(int(s)) + ")"
}

// MaxListed bounds how many rules an [Answer] lists in each of Rules,
// Unknown and Invalid: a page cannot make an Answer large. Every rule
// counts in the answer, listed or not.
const MaxListed = 1000

// An Answer is what a page allows one crawler, under one [Policy]: each
// field is decided by the rules for every crawler and those for the
// crawler by name, together. Without rules, everything is allowed and
// there are no limits. [Answer.Why] names the rule that decided a field.
// An Answer is the caller's own.
//
// The zero Answer is not an answer: it allows nothing (every flag false,
// MaxSnippet and MaxVideoPreview 0), where a page without rules allows
// everything. Answers come from [Directives.For].
type Answer struct {
	Agent  string // the crawler asked about, as given to For
	Policy Policy // the policy For was given, Restrictive for one of no name

	Index           bool // the page may be indexed: no noindex or none
	Follow          bool // its links may be followed: no nofollow or none
	Snippet         bool // a text snippet may be shown: no nosnippet or max-snippet: 0
	Archive         bool // a cached copy may be shown: no noarchive or nocache
	Translate       bool // a translation may be offered: no notranslate
	ImageIndex      bool // its images may be indexed: no noimageindex
	IndexIfEmbedded bool // its content may be indexed when embedded in another page: Index, or noindex with indexifembedded
	AI              bool // its content may be used to train AI models: no noai
	ImageAI         bool // its images may be used to train AI models: no noimageai or noai

	// MaxSnippet is the longest snippet in characters that max-snippet
	// rules allow, and -1 for no limit (also when no rule gives one). A
	// snippet is shown only when Snippet is true: under Restrictive,
	// nosnippet wins over max-snippet: 50.
	MaxSnippet int
	// MaxImagePreview is the largest image preview allowed: "none",
	// "standard" or "large"; "" when no rule gives one.
	MaxImagePreview string
	// MaxVideoPreview is the longest video preview in seconds, 0 for a
	// still image, and -1 for no limit (also when no rule gives one).
	MaxVideoPreview int
	// UnavailableAfter is the time after which the page is not to be
	// shown in search results, in UTC; the zero Time when no rule gives
	// one.
	UnavailableAfter time.Time

	// Rules are the rules for the crawler, in the order read: the
	// headers', then the meta tags'. Unknown are those this package does
	// not know, and Invalid those it knows with a value it cannot read
	// (ignored, as Google ignores them). Each lists at most MaxListed;
	// Unlisted counts the rules left out of Rules.
	Rules    []Rule
	Unknown  []Rule
	Invalid  []Rule
	Unlisted int

	why []Rule // by Setting: the deciding rule; From is 0 for none
}

// Why returns the rule that decided the setting s, and false when no rule
// did: the field has its default. Under Permissive, a rule that "all"
// overrode is decided by the all rule. A Setting that names no field, and
// the zero Answer, give false.
func (a Answer) Why(s Setting) (Rule, bool) {
	if int(s) >= len(a.why) || a.why[s].From == 0 {
		return Rule{}, false
	}
	return a.why[s], true
}

// Indexable reports whether the page may be in search results at the time
// now: Index is true and now is before UnavailableAfter, if a rule gives
// one.
func (a Answer) Indexable(now time.Time) bool {
	return a.Index && (a.UnavailableAfter.IsZero() || now.Before(a.UnavailableAfter))
}

// For returns what the page allows the crawler whose product token is
// agent (Googlebot), matched in any case against the names of meta tags
// and the prefixes of headers, under the policy p. An agent of "" or "*"
// gets the rules for every crawler only. A Policy other than the two
// named is Restrictive. Nil and zero Directives allow everything.
func (d *Directives) For(agent string, p Policy) Answer {
	if p != Permissive {
		p = Restrictive
	}
	c := &combiner{agent: agent, policy: p}
	named := agent != "" && agent != "*"
	if d != nil {
		for i, v := range d.headers {
			readList(v, true, Header, i+1, "", c.add)
		}
		for _, m := range d.metas {
			switch {
			case fold.Equal(m.name, "robots"):
				readList(m.content, false, Meta, m.line, "", c.add)
			case named && fold.Equal(m.name, agent):
				readList(m.content, false, Meta, m.line, m.name, c.add)
			}
		}
	}
	return c.answer()
}

// A combiner takes the rules of a page one by one and decides an Answer.
type combiner struct {
	agent  string
	policy Policy
	a      Answer

	all   Rule        // the first all rule
	deny  [flags]Rule // the first rule that turns each flag off
	allow [flags]Rule // the first rule that turns each flag on
	embed Rule        // the first indexifembedded rule
	limit [3]read     // the deciding max-snippet, max-image-preview, max-video-preview
	date  read        // the deciding unavailable_after
	seen  [3]bool     // limit[i] is set
}

// add takes the rule r, when it is for the agent.
func (c *combiner) add(r read) {
	if r.Agent != "" && r.From == Header && !fold.Equal(r.Agent, c.agent) {
		return // a header rule for another crawler
	}
	if len(c.a.Rules) < MaxListed {
		c.a.Rules = append(c.a.Rules, r.Rule)
	} else {
		c.a.Unlisted++
	}
	switch r.kind {
	case unknown:
		if len(c.a.Unknown) < MaxListed {
			c.a.Unknown = append(c.a.Unknown, r.Rule)
		}
	case invalid:
		if len(c.a.Invalid) < MaxListed {
			c.a.Invalid = append(c.a.Invalid, r.Rule)
		}
	case ruleAll:
		first(&c.all, r.Rule)
		c.on(r.Rule, Index, Follow)
	case ruleNone:
		c.off(r.Rule, Index, Follow)
	case ruleIndex:
		c.on(r.Rule, Index)
	case ruleNoindex:
		c.off(r.Rule, Index)
	case ruleFollow:
		c.on(r.Rule, Follow)
	case ruleNofollow:
		c.off(r.Rule, Follow)
	case ruleArchive:
		c.on(r.Rule, Archive)
	case ruleNoarchive:
		c.off(r.Rule, Archive)
	case ruleNosnippet:
		c.off(r.Rule, Snippet)
	case ruleNotranslate:
		c.off(r.Rule, Translate)
	case ruleNoimageindex:
		c.off(r.Rule, ImageIndex)
	case ruleNoai:
		c.off(r.Rule, AI, ImageAI)
	case ruleNoimageai:
		c.off(r.Rule, ImageAI)
	case ruleIndexifembedded:
		first(&c.embed, r.Rule)
	case ruleMaxSnippet:
		if r.n == 0 {
			c.off(r.Rule, Snippet)
		} else {
			c.on(r.Rule, Snippet)
		}
		c.bound(0, r, r.n)
	case ruleMaxImagePreview:
		c.bound(1, r, r.size)
	case ruleMaxVideoPreview:
		c.bound(2, r, r.n)
	case ruleUnavailableAfter:
		later, earlier := r.t.After(c.date.t), r.t.Before(c.date.t)
		if c.date.From == 0 || c.policy == Permissive && later || c.policy == Restrictive && earlier {
			c.date = r
		}
	}
}

// first sets *dst to r unless it is set.
func first(dst *Rule, r Rule) {
	if dst.From == 0 {
		*dst = r
	}
}

func (c *combiner) on(r Rule, s ...Setting) {
	for _, s := range s {
		first(&c.allow[s], r)
	}
}

func (c *combiner) off(r Rule, s ...Setting) {
	for _, s := range s {
		first(&c.deny[s], r)
	}
}

// bound takes the value v of the limit i given by r, where -1 means no
// limit: the smaller of two under Restrictive, the larger under
// Permissive; the first of equals.
func (c *combiner) bound(i int, r read, v int) {
	if !c.seen[i] {
		c.limit[i], c.seen[i] = r, true
		return
	}
	old := c.limit[i].n
	if i == 1 {
		old = c.limit[i].size
	}
	if v == old {
		return
	}
	// Compare with -1 as infinity.
	smaller := v != -1 && (old == -1 || v < old)
	if smaller == (c.policy == Restrictive) {
		c.limit[i] = r
	}
}

// answer decides the Answer from the rules taken.
func (c *combiner) answer() Answer {
	a := c.a
	a.Agent, a.Policy = c.agent, c.policy
	a.why = make([]Rule, settings)
	var value [flags]bool
	overridden := c.policy == Permissive && c.all.From != 0
	for i := 0; i < flags; i++ {
		deny, allow := c.deny[i], c.allow[i]
		switch {
		case overridden:
			value[i] = true
			a.why[i] = allow
			if deny.From != 0 {
				a.why[i] = c.all
			}
		case c.policy == Permissive:
			value[i] = allow.From != 0 || deny.From == 0
			a.why[i] = allow
			if allow.From == 0 {
				a.why[i] = deny
			}
		default:
			value[i] = deny.From == 0
			a.why[i] = deny
			if deny.From == 0 {
				a.why[i] = allow
			}
		}
	}
	// indexifembedded has an effect only with noindex (Google).
	switch {
	case value[Index]:
		value[IndexIfEmbedded], a.why[IndexIfEmbedded] = true, a.why[Index]
	case c.embed.From != 0:
		value[IndexIfEmbedded], a.why[IndexIfEmbedded] = true, c.embed
	default:
		value[IndexIfEmbedded], a.why[IndexIfEmbedded] = false, a.why[Index]
	}
	a.Index, a.Follow, a.Snippet, a.Archive = value[Index], value[Follow], value[Snippet], value[Archive]
	a.Translate, a.ImageIndex, a.IndexIfEmbedded = value[Translate], value[ImageIndex], value[IndexIfEmbedded]
	a.AI, a.ImageAI = value[AI], value[ImageAI]

	a.MaxSnippet, a.MaxVideoPreview = -1, -1
	if overridden {
		return a // "all" makes the limits and the date ignored
	}
	if c.seen[0] {
		a.MaxSnippet, a.why[MaxSnippet] = c.limit[0].n, c.limit[0].Rule
	}
	if c.seen[1] {
		a.MaxImagePreview, a.why[MaxImagePreview] = imageSizes[c.limit[1].size], c.limit[1].Rule
	}
	if c.seen[2] {
		a.MaxVideoPreview, a.why[MaxVideoPreview] = c.limit[2].n, c.limit[2].Rule
	}
	if c.date.From != 0 {
		a.UnavailableAfter, a.why[UnavailableAfter] = c.date.t, c.date.Rule
	}
	return a
}
