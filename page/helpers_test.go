package page_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots/page"
	"github.com/google/go-cmp/cmp"
)

// value returns the value of the setting s of a as text, and whether it
// is the setting's default.
func value(a page.Answer, s page.Setting) (string, bool) {
	flag := func(b bool) (string, bool) { return strconv.FormatBool(b), b }
	switch s {
	case page.Index:
		return flag(a.Index)
	case page.Follow:
		return flag(a.Follow)
	case page.Snippet:
		return flag(a.Snippet)
	case page.Archive:
		return flag(a.Archive)
	case page.Translate:
		return flag(a.Translate)
	case page.ImageIndex:
		return flag(a.ImageIndex)
	case page.IndexIfEmbedded:
		return flag(a.IndexIfEmbedded)
	case page.AI:
		return flag(a.AI)
	case page.ImageAI:
		return flag(a.ImageAI)
	case page.MaxSnippet:
		return strconv.Itoa(a.MaxSnippet), a.MaxSnippet == -1
	case page.MaxImagePreview:
		return a.MaxImagePreview, a.MaxImagePreview == ""
	case page.MaxVideoPreview:
		return strconv.Itoa(a.MaxVideoPreview), a.MaxVideoPreview == -1
	case page.UnavailableAfter:
		if a.UnavailableAfter.IsZero() {
			return "", true
		}
		return a.UnavailableAfter.Format(time.RFC3339), false
	}
	panic("unknown setting " + s.String())
}

// describe lists what a says, one line per setting that has a value other
// than its default or that a rule decided, with the rule, then the unknown
// and invalid rules: "index=false (meta robots, line 1: noindex)".
func describe(a page.Answer) []string {
	var out []string
	for _, s := range page.Settings() {
		v, def := value(a, s)
		r, ok := a.Why(s)
		if def && !ok {
			continue
		}
		line := s.String() + "=" + v
		if ok {
			line += " (" + r.String() + ")"
		}
		out = append(out, line)
	}
	for _, r := range a.Unknown {
		out = append(out, "unknown "+r.String())
	}
	for _, r := range a.Invalid {
		out = append(out, "invalid "+r.String())
	}
	return out
}

// A pageCase is a page, a crawler and a policy, and what the answer must
// say, as describe writes it.
type pageCase struct {
	name    string
	source  string   // the document the case follows
	header  []string // X-Robots-Tag values
	html    string
	content string // shorthand for html: <meta name="robots" content="CONTENT">
	agent   string // "" means "*"
	policy  page.Policy
	want    []string
}

func (tc pageCase) directives(t *testing.T) *page.Directives {
	t.Helper()
	h := http.Header{}
	for _, v := range tc.header {
		h.Add("X-Robots-Tag", v)
	}
	doc := tc.html
	if tc.content != "" {
		doc = `<meta name="robots" content="` + tc.content + `">`
	}
	d, err := page.FromHTML(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return page.Join(page.FromHeader(h), d)
}

func (tc pageCase) run(t *testing.T) {
	t.Helper()
	agent := tc.agent
	if agent == "" {
		agent = "*"
	}
	a := tc.directives(t).For(agent, tc.policy)
	if diff := cmp.Diff(tc.want, describe(a)); diff != "" {
		t.Errorf("%s (%s): For(%q, %v) mismatch (-want +got):\n%s", tc.name, tc.source, agent, tc.policy, diff)
	}
}

func runPageCases(t *testing.T, cases []pageCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, tc.run)
	}
}
