package usage

import (
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/page"
)

// A Use is one of the uses of a page the package answers for. The zero Use
// is Search.
type Use uint8

// The uses, named as Cloudflare's Content Signals Policy names them.
const (
	Search  Use = iota // building a search index and showing results that link to the page
	AIInput            // input to an AI model that answers with it: grounding, retrieval
	AITrain            // training or fine-tuning an AI model
)

// uses is how many uses there are.
const uses = 3

var useNames = [uses]string{"search", "ai-input", "ai-train"}

// Uses returns every use, in the order of the fields of an Answer.
func Uses() []Use { return []Use{Search, AIInput, AITrain} }

// String returns "search", "ai-input" or "ai-train".
func (u Use) String() string {
	if int(u) < uses {
		return useNames[u]
	}
	return "Use(" + strconv.Itoa(int(u)) + ")"
}

// A Preference is what a site states about one use.
type Preference uint8

// The preferences. The zero value is Unstated.
const (
	Unstated   Preference = iota // no statement allows or disallows the use
	Allowed                      // a statement allows it, and none disallows it
	Disallowed                   // a statement disallows it
)

// String returns "unstated", "allowed" or "disallowed".
func (p Preference) String() string {
	switch p {
	case Unstated:
		return "unstated"
	case Allowed:
		return "allowed"
	case Disallowed:
		return "disallowed"
	}
	return "Preference(" + strconv.Itoa(int(p)) + ")"
}

// From says where a statement was made. The zero From names no place.
type From uint8

// The places a statement can come from.
const (
	FromRobots From = iota + 1 // a line of robots.txt
	FromHeader                 // a header field of the page's response
	FromMeta                   // a META tag of the page's head
	FromTDMRep                 // an entry of the origin's /.well-known/tdmrep.json
)

// String returns "robots.txt", "header", "meta" or "tdmrep".
func (f From) String() string {
	switch f {
	case FromRobots:
		return "robots.txt"
	case FromHeader:
		return "header"
	case FromMeta:
		return "meta"
	case FromTDMRep:
		return "tdmrep"
	}
	return "From(" + strconv.Itoa(int(f)) + ")"
}

// A Source is one statement that decided a use. The zero Source names
// none.
type Source struct {
	// From is where the statement was made: robots.txt, a header field, a
	// META tag or tdmrep.json.
	From From
	// Line is, for robots.txt, the line number; for a META tag, the line of
	// the HTML document where it starts; for a header field, its position
	// among the fields of its name (as package page counts X-Robots-Tag
	// headers); for tdmrep.json, the entry's index; all from 1. It is 0 when
	// there is none, as for a robots.txt that could not be fetched.
	Line int
	// Text is the statement as written, at most MaxText bytes: the
	// robots.txt line ("Content-Signal: ai-train=no"), the header field
	// ("Content-Usage: train-ai=n", "X-Robots-Tag: GPTBot: noai"), the META
	// tag's name and rule ("robots: noai", "tdm-reservation: 1"), or the
	// tdmrep.json entry as JSON.
	Text string
}

// String describes the source, as in "robots.txt line 3: Content-Signal:
// ai-train=no" or "header 1: tdm-reservation: 1".
func (s Source) String() string {
	where := s.From.String()
	switch {
	case s.Line == 0:
	case s.From == FromRobots || s.From == FromMeta:
		where += " line " + strconv.Itoa(s.Line)
	case s.From == FromTDMRep:
		where = "tdmrep.json entry " + strconv.Itoa(s.Line)
	default:
		where += " " + strconv.Itoa(s.Line)
	}
	return where + ": " + s.Text
}

// A Decision is the answer for one use. The zero Decision is Unstated, for
// the page and its images, by no statement.
type Decision struct {
	// State is the answer for the page: Allowed, Disallowed or Unstated.
	State Preference
	// Images is the answer for the page's images, as the page's robots
	// rules state it: Disallowed after noai or noimageai, else Unstated
	// (no rule allows it; an image's own URL and headers have answers of
	// their own). Always Unstated for Search.
	Images Preference
	// Policy is, for AITrain, the URL of the TDMRep policy (tdm-policy) of
	// a reservation that disallows it, as written; it is never fetched.
	// "" when there is none.
	Policy string
	// By lists the statements that decided: those that disallow a
	// disallowed use (for the page or its images), or those that allow an
	// allowed one, at most MaxListed. For a URL that robots.txt disallows,
	// the rule that does.
	By []Source
}

// MaxListed bounds the lists of an [Answer]: the sources of each
// decision, the unknown statements and the diagnostics. Every statement
// counts in the answer, listed or not.
const MaxListed = 100

// MaxText bounds the bytes of each text of an Answer: a longer one is cut
// at a UTF-8 character boundary and ends in "...".
const MaxText = 512

// An Answer says what a crawler may do with a page. It is the caller's
// own. [For] always sets Fetchable; the zero Answer, which no call
// returns, states nothing.
type Answer struct {
	Agent string // the crawler asked about, as given to For
	// Fetchable is false when robots.txt disallows the URL for the crawler:
	// then every use is Unstated.
	Fetchable bool

	// Search, AIInput and AITrain are the decisions for each use, as
	// [Answer.Use] returns them.
	Search, AIInput, AITrain Decision

	// Unknown lists, as written, the statements no table here knows:
	// Content-Usage labels and values, Content-Signal keys and values,
	// robots rules package page does not know. At most MaxListed.
	Unknown []string
	// Diagnostics says what was not read, and why: a field that does not
	// parse, a tdmrep.json that could not be had, a TDMRep value that is
	// not 0 or 1, a reservation superseded by another. At most MaxListed.
	Diagnostics []string
}

// Use returns the decision for u.
func (a Answer) Use(u Use) Decision {
	switch u {
	case Search:
		return a.Search
	case AIInput:
		return a.AIInput
	case AITrain:
		return a.AITrain
	}
	return Decision{}
}

// An Input is what a caller has of a page, for [For]. Each field may be
// left zero: what it would say is then unstated.
type Input struct {
	// URL is the page's URL, absolute or a path starting with '/': its path
	// is what robots.txt rules and tdmrep.json locations match. "" means
	// "/".
	URL string
	// Robots is the robots.txt of the URL's origin, nil when there is none
	// at hand: every URL is then fetchable, and robots.txt states nothing.
	Robots *robots.File
	// Header holds the header fields of the page's response, in any case:
	// Content-Usage, Content-Signal, tdm-reservation and tdm-policy are
	// read from it. X-Robots-Tag is not: package page reads it, into Page.
	Header http.Header
	// Page holds the page's robots rules, its X-Robots-Tag header fields and
	// the META tags of its head, as package page reads them:
	// page.FromResponse reads both, and page.Join adds the header fields
	// (page.FromHeader) to a head read by page.FromHTML. Its tdm-reservation
	// and tdm-policy META tags are read too.
	Page *page.Directives
	// TDMRep is the origin's /.well-known/tdmrep.json, as [ParseTDMRep] or
	// [TDMRepFromStatus] read it; nil when there is none at hand.
	TDMRep *TDMRep
}

// For returns what the crawler whose product token is agent (or "*") may
// do with the page that in describes. See the package documentation for
// how the statements are read and combined.
func For(agent string, in Input) Answer {
	a := Answer{Agent: agent, Fetchable: true}
	url := in.URL
	if url == "" {
		url = "/"
	}
	c := &combiner{}
	if in.Robots != nil {
		e := in.Robots.Explain(agent, url)
		if !e.Allowed {
			src := Source{From: FromRobots, Text: e.String()}
			if e.Rule.Line > 0 {
				src = Source{From: FromRobots, Line: e.Rule.Line, Text: e.Rule.String()}
			}
			src.Text = cut(src.Text)
			for _, d := range []*Decision{&a.Search, &a.AIInput, &a.AITrain} {
				d.By = []Source{src}
			}
			a.Fetchable = false
			a.Diagnostics = []string{cut("robots.txt disallows the URL for " + agent + " (" + e.String() +
				"): it is not fetched, and no use is stated (draft-ietf-aipref-attach-05 section 3.1)")}
			return a
		}
		c.robots(in.Robots, agent, url)
	}
	c.header(in.Header)
	if in.Page != nil {
		c.page(in.Page, agent)
	}
	c.tdmrep(in, url)
	c.answer(&a)
	return a
}

// cut returns s, or its first MaxText bytes at most, cut at a UTF-8
// character boundary (where s is UTF-8 there), followed by "...".
func cut(s string) string {
	if len(s) <= MaxText {
		return s
	}
	// Back to the start of the rune cut, at most UTFMax-1 bytes: a run
	// of bytes that are not UTF-8 is cut where it stands.
	n := MaxText - len("...")
	for i := 1; i < utf8.UTFMax && !utf8.RuneStart(s[n]); i++ {
		n--
	}
	return s[:n] + "..."
}

// A combiner gathers the statements about a page and decides.
type combiner struct {
	no, yes  [uses][]Source
	imagesNo [uses][]Source // noai and noimageai, for AIInput and AITrain
	policy   string
	unknown  []string
	diags    []string
	seen     map[string]bool // unknown, to list each once
}

// add takes the statement src, which states prefs.
func (c *combiner) add(src Source, prefs [uses]Preference) {
	src.Text = cut(src.Text)
	for u, p := range prefs {
		switch p {
		case Disallowed:
			c.no[u] = appendSource(c.no[u], src)
		case Allowed:
			c.yes[u] = appendSource(c.yes[u], src)
		}
	}
}

// appendSource appends src to list, unless it is full or src is in it.
func appendSource(list []Source, src Source) []Source {
	if len(list) >= MaxListed {
		return list
	}
	for _, s := range list {
		if s == src {
			return list
		}
	}
	return append(list, src)
}

// unknownText lists s among the statements no table knows, once.
func (c *combiner) unknownText(s string) {
	s = cut(s)
	if c.seen[s] || len(c.unknown) >= MaxListed {
		return
	}
	if c.seen == nil {
		c.seen = make(map[string]bool)
	}
	c.seen[s] = true
	c.unknown = append(c.unknown, s)
}

// diag notes what was not read.
func (c *combiner) diag(s string) {
	if len(c.diags) < MaxListed {
		c.diags = append(c.diags, cut(s))
	}
}

// answer decides a from the statements taken.
func (c *combiner) answer(a *Answer) {
	for u, d := range []*Decision{&a.Search, &a.AIInput, &a.AITrain} {
		switch {
		case len(c.no[u]) > 0:
			d.State, d.By = Disallowed, c.no[u]
		case len(c.yes[u]) > 0:
			d.State, d.By = Allowed, c.yes[u]
		}
		if len(c.imagesNo[u]) > 0 {
			d.Images = Disallowed
			for _, s := range c.imagesNo[u] {
				d.By = appendSource(d.By, s)
			}
		}
	}
	if a.AITrain.State == Disallowed {
		a.AITrain.Policy = c.policy
	}
	a.Unknown, a.Diagnostics = c.unknown, c.diags
}
