package usage_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/page"
	"github.com/crawlkit/robots/usage"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// A page is what a test case has of a page, written compactly.
type testPage struct {
	robots string      // robots.txt body; "" for none
	header http.Header // response header fields, X-Robots-Tag included
	html   string      // the HTML document; "" for none
	tdmrep string      // tdmrep.json body; "" for none
	url    string
}

// input returns the usage.Input of p, read as a crawler reads a response:
// the page's robots rules from its head and its X-Robots-Tag fields.
func (p testPage) input(t *testing.T) usage.Input {
	t.Helper()
	in := usage.Input{URL: p.url, Header: p.header}
	if p.robots != "" {
		in.Robots = robots.Parse([]byte(p.robots))
	}
	if p.tdmrep != "" {
		in.TDMRep = usage.ParseTDMRep([]byte(p.tdmrep))
	}
	d, err := page.FromHTML(strings.NewReader(p.html))
	if err != nil {
		t.Fatal(err)
	}
	in.Page = page.Join(d, page.FromHeader(p.header))
	return in
}

var cmpE = cmpopts.EquateEmpty()

func src(from usage.From, line int, text string) usage.Source {
	return usage.Source{From: from, Line: line, Text: text}
}

func decided(state usage.Preference, by ...usage.Source) usage.Decision {
	return usage.Decision{State: state, By: by}
}

// A useCase is a table test of For.
type useCase struct {
	name                 string
	agent                string // "*" when empty
	page                 testPage
	search, input, train usage.Decision
	unknown              []string
	diagnostics          []string // each must be among the answer's, by prefix
	notFetchable         bool
}

func runCases(t *testing.T, cases []useCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			agent := tc.agent
			if agent == "" {
				agent = "*"
			}
			a := usage.For(agent, tc.page.input(t))
			for _, d := range []struct {
				use       usage.Use
				want, got usage.Decision
			}{
				{usage.Search, tc.search, a.Search},
				{usage.AIInput, tc.input, a.AIInput},
				{usage.AITrain, tc.train, a.AITrain},
			} {
				if diff := cmp.Diff(d.want, d.got, cmpE); diff != "" {
					t.Errorf("%v mismatch (-want +got):\n%s", d.use, diff)
				}
				if !cmp.Equal(a.Use(d.use), d.got, cmpE) {
					t.Errorf("Use(%v) differs from the field", d.use)
				}
			}
			if diff := cmp.Diff(tc.unknown, a.Unknown, cmpE); diff != "" {
				t.Errorf("Unknown mismatch (-want +got):\n%s", diff)
			}
			for _, want := range tc.diagnostics {
				found := false
				for _, d := range a.Diagnostics {
					found = found || strings.HasPrefix(d, want)
				}
				if !found {
					t.Errorf("no diagnostic starts with %q; got %q", want, a.Diagnostics)
				}
			}
			if len(tc.diagnostics) == 0 && len(a.Diagnostics) > 0 {
				t.Errorf("Diagnostics = %q, want none", a.Diagnostics)
			}
			if a.Fetchable == tc.notFetchable {
				t.Errorf("Fetchable = %v, want %v", a.Fetchable, !tc.notFetchable)
			}
			if a.Agent != agent {
				t.Errorf("Agent = %q, want %q", a.Agent, agent)
			}
		})
	}
}

// TestNothing: with nothing at hand, every use is unstated.
func TestNothing(t *testing.T) {
	a := usage.For("GPTBot", usage.Input{})
	want := usage.Answer{Agent: "GPTBot", Fetchable: true}
	if diff := cmp.Diff(want, a, cmpE); diff != "" {
		t.Errorf("For with no input mismatch (-want +got):\n%s", diff)
	}
}

// TestRobotsAlone: the Content-Signal and Content-Usage lines of
// robots.txt, each a statement; Allow states no use; a disallowed URL has
// no uses (draft-ietf-aipref-attach-05 section 3.1).
func TestRobotsAlone(t *testing.T) {
	body := "User-agent: *\n" + // 1
		"Allow: /\n" + // 2
		"Disallow: /never/\n" + // 3
		"Content-Signal: search=yes, ai-train=no\n" + // 4
		"Content-Usage: /ai-ok/ train-ai=y\n" + // 5
		"Content-Usage: /bad/ Train-ai=n\n" + // 6
		"Content-Usage: /old/ bots=n, search=y\n" + // 7
		"Content-Usage: /unknown/ train-ai=maybe, foo=n, x\n" + // 8
		"\n" +
		"User-agent: GPTBot\n" + // 10
		"Disallow: /\n" + // 11
		"\n" +
		"User-agent: ExampleBot\n" + // 13
		"Content-Usage: train-ai=y\n" + // 14
		"Content-Usage: train-ai=n\n" // 15
	signal := src(usage.FromRobots, 4, "Content-Signal: search=yes, ai-train=no")
	runCases(t, []useCase{
		{
			name:   "Content-Signal of the * group",
			page:   testPage{robots: body, url: "/post"},
			search: decided(usage.Allowed, signal),
			train:  decided(usage.Disallowed, signal),
		},
		{
			name:   "the longest path: Content-Usage /ai-ok/ over Content-Signal without a path",
			page:   testPage{robots: body, url: "https://example.com/ai-ok/x"},
			search: decided(usage.Allowed, signal),
			train:  decided(usage.Disallowed, signal),
		},
		{
			name:        "a Content-Usage value that does not parse states nothing",
			page:        testPage{robots: body, url: "/bad/x"},
			search:      decided(usage.Allowed, signal),
			train:       decided(usage.Disallowed, signal),
			diagnostics: []string{"robots.txt line 6: the Content-Usage value is not a Structured Field Dictionary"},
		},
		{
			name:   "bots=n of vocab-03 and -04: search=y names search, bots decides the others",
			page:   testPage{robots: body, url: "/old/x"},
			search: decided(usage.Allowed, signal, src(usage.FromRobots, 7, "Content-Usage: /old/ bots=n, search=y")),
			input:  decided(usage.Disallowed, src(usage.FromRobots, 7, "Content-Usage: /old/ bots=n, search=y")),
			train:  decided(usage.Disallowed, signal, src(usage.FromRobots, 7, "Content-Usage: /old/ bots=n, search=y")),
		},
		{
			name:    "unknown labels and values are listed as written",
			page:    testPage{robots: body, url: "/unknown/x"},
			search:  decided(usage.Allowed, signal),
			train:   decided(usage.Disallowed, signal),
			unknown: []string{"train-ai=maybe", "foo=n", "x"},
		},
		{
			name:         "disallowed for the crawler: not fetchable, every use unstated",
			agent:        "GPTBot",
			page:         testPage{robots: body, url: "/post"},
			search:       decided(usage.Unstated, src(usage.FromRobots, 11, "Disallow: /")),
			input:        decided(usage.Unstated, src(usage.FromRobots, 11, "Disallow: /")),
			train:        decided(usage.Unstated, src(usage.FromRobots, 11, "Disallow: /")),
			notFetchable: true,
			diagnostics:  []string{"robots.txt disallows the URL for GPTBot (line 11: Disallow: /)"},
		},
		{
			name:         "disallowed path of the * group",
			page:         testPage{robots: body, url: "/never/x"},
			search:       decided(usage.Unstated, src(usage.FromRobots, 3, "Disallow: /never/")),
			input:        decided(usage.Unstated, src(usage.FromRobots, 3, "Disallow: /never/")),
			train:        decided(usage.Unstated, src(usage.FromRobots, 3, "Disallow: /never/")),
			notFetchable: true,
			diagnostics:  []string{"robots.txt disallows the URL"},
		},
		{
			name:  "lines of one path combine restrictively",
			agent: "ExampleBot",
			page:  testPage{robots: body, url: "/x"},
			train: decided(usage.Disallowed, src(usage.FromRobots, 15, "Content-Usage: train-ai=n")),
		},
		{
			name: "Allow states no use",
			page: testPage{robots: "User-agent: *\nAllow: /\n", url: "/x"},
		},
	})
}

// TestRobotsUnreachable: a robots.txt that could not be fetched disallows
// everything, with no line to name.
func TestRobotsUnreachable(t *testing.T) {
	f := robots.FromStatus(503, nil)
	a := usage.For("GPTBot", usage.Input{URL: "https://example.com/", Robots: f})
	if a.Fetchable || a.AITrain.State != usage.Unstated || len(a.AITrain.By) != 1 || a.AITrain.By[0].Line != 0 ||
		!strings.Contains(a.AITrain.By[0].Text, "unreachable") {
		t.Errorf("For on an unreachable robots.txt = %+v, want not fetchable, unstated, by the access state", a)
	}
}

// TestVocabularyLabels: the labels of each revision map as the table in
// the package documentation says.
func TestVocabularyLabels(t *testing.T) {
	cu := func(v string) testPage {
		return testPage{header: http.Header{"Content-Usage": {v}}}
	}
	h := func(v string) usage.Source { return src(usage.FromHeader, 1, "Content-Usage: "+v) }
	runCases(t, []useCase{
		{name: "vocab-07 train-ai=n", page: cu("train-ai=n"), train: decided(usage.Disallowed, h("train-ai=n"))},
		{name: "vocab-07 train-ai=y, search=n", page: cu("train-ai=y, search=n"),
			search: decided(usage.Disallowed, h("train-ai=y, search=n")), train: decided(usage.Allowed, h("train-ai=y, search=n"))},
		{name: "vocab-02 train-genai=n disallows ai-train", page: cu("train-genai=n"), train: decided(usage.Disallowed, h("train-genai=n"))},
		{name: "vocab-02 train-genai=y allows only part of ai-train", page: cu("train-genai=y")},
		{name: "vocab-02 train-ai=y, train-genai=n", page: cu("train-ai=y, train-genai=n"), train: decided(usage.Disallowed, h("train-ai=y, train-genai=n"))},
		{name: "vocab-02 ai-use=n", page: cu("ai-use=n"), input: decided(usage.Disallowed, h("ai-use=n"))},
		{name: "vocab-02 all=n", page: cu("all=n"),
			search: decided(usage.Disallowed, h("all=n")), input: decided(usage.Disallowed, h("all=n")), train: decided(usage.Disallowed, h("all=n"))},
		{name: "vocab-02 all=n, search=y: the nearer label decides", page: cu("all=n, search=y"),
			search: decided(usage.Allowed, h("all=n, search=y")), input: decided(usage.Disallowed, h("all=n, search=y")), train: decided(usage.Disallowed, h("all=n, search=y"))},
		{name: "vocab-04 ai-output=n: ai-input, and search within it", page: cu("ai-output=n"),
			search: decided(usage.Disallowed, h("ai-output=n")), input: decided(usage.Disallowed, h("ai-output=n"))},
		{name: "vocab-04 bots=n, ai-output=y: ai-output is nearer search", page: cu("bots=n, ai-output=y"),
			search: decided(usage.Allowed, h("bots=n, ai-output=y")), input: decided(usage.Allowed, h("bots=n, ai-output=y")), train: decided(usage.Disallowed, h("bots=n, ai-output=y"))},
		{name: "the last value of a key counts (vocab-07 6.5.1)", page: cu("train-ai=n, train-ai=y"), train: decided(usage.Allowed, h("train-ai=n, train-ai=y"))},
		{name: "values that are not the Tokens y and n state nothing", page: cu(`train-ai="n", search=?0, ai-use=N`),
			unknown: []string{`train-ai="n"`, "search=?0", "ai-use=N"}},
		{name: "parameters are dropped", page: cu("train-ai;allow=n, train-ai=y;why=\"so\""), train: decided(usage.Allowed, h("train-ai;allow=n, train-ai=y;why=\"so\""))},
		{name: "Content-Signal names are not Content-Usage labels", page: cu("ai-train=n"), unknown: []string{"ai-train=n"}},
		{name: "labels of vocab-01 are not read", page: cu("tdm=n, ai=n, genai=n, inference=n"), unknown: []string{"tdm=n", "ai=n", "genai=n", "inference=n"}},
		{name: "upper case does not parse (vocab-07 6.5.1)", page: cu("Train-ai=n"),
			diagnostics: []string{"header Content-Usage: the field is not a Structured Field Dictionary"}},
	})
}

// TestHeaders: the Content-Usage field lines are one Dictionary, credited
// to the lines that decide; Content-Signal field lines are statements each;
// keys in any case.
func TestHeaders(t *testing.T) {
	runCases(t, []useCase{
		{
			name:   "repeated Content-Usage lines: one Dictionary, the last value of a key counts",
			page:   testPage{header: http.Header{"Content-Usage": {"train-ai=n, search=y", "train-ai=y"}}},
			search: decided(usage.Allowed, src(usage.FromHeader, 1, "Content-Usage: train-ai=n, search=y")),
			train:  decided(usage.Allowed, src(usage.FromHeader, 2, "Content-Usage: train-ai=y")),
		},
		{
			name:        "a line that breaks the Dictionary: the field states nothing",
			page:        testPage{header: http.Header{"Content-Usage": {"train-ai=n", "search=y,"}}},
			diagnostics: []string{"header Content-Usage: the field is not a Structured Field Dictionary"},
		},
		{
			name:   "an empty field line is skipped, its position kept",
			page:   testPage{header: http.Header{"Content-Usage": {" ", "search=n"}}},
			search: decided(usage.Disallowed, src(usage.FromHeader, 2, "Content-Usage: search=n")),
		},
		{
			name:   "Content-Signal field lines combine restrictively",
			page:   testPage{header: http.Header{"Content-Signal": {"search=yes, ai-input=yes", "ai-input=no"}}},
			search: decided(usage.Allowed, src(usage.FromHeader, 1, "Content-Signal: search=yes, ai-input=yes")),
			input:  decided(usage.Disallowed, src(usage.FromHeader, 2, "Content-Signal: ai-input=no")),
		},
		{
			name:        "Content-Signal: values in any case, bad members skipped, unknown keys kept",
			page:        testPage{header: http.Header{"content-signal": {"AI-Train=No, search, use=reference, ai-input=maybe"}}},
			train:       decided(usage.Disallowed, src(usage.FromHeader, 1, "Content-Signal: AI-Train=No, search, use=reference, ai-input=maybe")),
			unknown:     []string{"use=reference", "ai-input=maybe"},
			diagnostics: []string{"header Content-Signal 1: members that are not key=value are skipped"},
		},
		{
			name:   "header keys in another case come after the canonical key: the last value counts",
			page:   testPage{header: http.Header{"content-usage": {"search=n"}, "Content-Usage": {"search=y"}}},
			search: decided(usage.Disallowed, src(usage.FromHeader, 2, "Content-Usage: search=n")),
		},
	})
}

// TestPageRules: noai, noimageai, noindex, and the rules for the crawler
// by name.
func TestPageRules(t *testing.T) {
	html := func(metas string) string { return "<html><head>\n" + metas + "</head><body>x</body></html>" }
	runCases(t, []useCase{
		{
			name:  "noai: ai-input and ai-train, for the page and its images",
			page:  testPage{html: html(`<meta name="robots" content="noai">` + "\n")},
			input: usage.Decision{State: usage.Disallowed, Images: usage.Disallowed, By: []usage.Source{src(usage.FromMeta, 2, "robots: noai")}},
			train: usage.Decision{State: usage.Disallowed, Images: usage.Disallowed, By: []usage.Source{src(usage.FromMeta, 2, "robots: noai")}},
		},
		{
			name:  "noimageai: the images only",
			page:  testPage{header: http.Header{"X-Robots-Tag": {"noimageai"}}},
			input: usage.Decision{Images: usage.Disallowed, By: []usage.Source{src(usage.FromHeader, 1, "X-Robots-Tag: noimageai")}},
			train: usage.Decision{Images: usage.Disallowed, By: []usage.Source{src(usage.FromHeader, 1, "X-Robots-Tag: noimageai")}},
		},
		{
			name:   "noindex and none disallow search; index allows it, but no wins",
			page:   testPage{html: html(`<meta name="robots" content="index">` + "\n" + `<meta name="googlebot" content="none">` + "\n")},
			agent:  "Googlebot",
			search: decided(usage.Disallowed, src(usage.FromMeta, 3, "googlebot: none")),
		},
		{
			name:   "index and all allow search",
			page:   testPage{html: html(`<meta name="robots" content="index, follow">` + "\n"), header: http.Header{"X-Robots-Tag": {"all"}}},
			search: decided(usage.Allowed, src(usage.FromHeader, 1, "X-Robots-Tag: all"), src(usage.FromMeta, 2, "robots: index")),
		},
		{
			name:    "a header rule for another crawler does not count; unknown rules are listed",
			agent:   "GPTBot",
			page:    testPage{header: http.Header{"X-Robots-Tag": {"otherbot: noai", "GPTBot: noimageai, noml"}}},
			input:   usage.Decision{Images: usage.Disallowed, By: []usage.Source{src(usage.FromHeader, 2, "X-Robots-Tag: GPTBot: noimageai")}},
			train:   usage.Decision{Images: usage.Disallowed, By: []usage.Source{src(usage.FromHeader, 2, "X-Robots-Tag: GPTBot: noimageai")}},
			unknown: []string{"noml"},
		},
	})
}

// TestTDMRep: the three places of TDMRep and their processing priority:
// META tags over header fields over tdmrep.json.
func TestTDMRep(t *testing.T) {
	file := `[
		{"location": "/directory-a/", "tdm-reservation": 1},
		{"location": "/directory-b/html/", "tdm-reservation": 1, "tdm-policy": "https://provider.com/policies/policy.json"},
		{"location": "/directory-b/images/*.jpg", "tdm-reservation": 0},
		{"location": "/directory-b/", "tdm-reservation": 0}
	]`
	entry2 := src(usage.FromTDMRep, 2, `{"location":"/directory-b/html/","tdm-reservation":1,"tdm-policy":"https://provider.com/policies/policy.json"}`)
	reserved := func(policy string, by ...usage.Source) usage.Decision {
		return usage.Decision{State: usage.Disallowed, Policy: policy, By: by}
	}
	runCases(t, []useCase{
		{name: "tdmrep.json alone: reservation 1", page: testPage{tdmrep: file, url: "/directory-a/x.pdf"},
			train: reserved("", src(usage.FromTDMRep, 1, `{"location":"/directory-a/","tdm-reservation":1}`))},
		{name: "tdmrep.json: the policy is reported, never fetched", page: testPage{tdmrep: file, url: "https://provider.com/directory-b/html/p.html"},
			train: reserved("https://provider.com/policies/policy.json", entry2)},
		{name: "tdmrep.json: the first match in file order, not the longest", page: testPage{tdmrep: file, url: "/directory-b/images/a.jpg"},
			train: decided(usage.Allowed, src(usage.FromTDMRep, 3, `{"location":"/directory-b/images/*.jpg","tdm-reservation":0}`))},
		{name: "tdmrep.json: no match states nothing", page: testPage{tdmrep: file, url: "/other"}},
		{name: "header alone", page: testPage{header: http.Header{"Tdm-Reservation": {"1"}, "Tdm-Policy": {"https://p.example/tdm.json"}}},
			train: reserved("https://p.example/tdm.json", src(usage.FromHeader, 1, "tdm-reservation: 1"))},
		{name: "META alone", page: testPage{html: `<meta name="tdm-reservation" content="1"><meta name="tdm-policy" content="https://p.example/x">`},
			train: reserved("https://p.example/x", src(usage.FromMeta, 1, "tdm-reservation: 1"))},
		{name: "the header supersedes tdmrep.json", page: testPage{tdmrep: file, url: "/directory-a/x", header: http.Header{"Tdm-Reservation": {"0"}}},
			train:       decided(usage.Allowed, src(usage.FromHeader, 1, "tdm-reservation: 0")),
			diagnostics: []string{"TDMRep: tdm-reservation 0 of the header fields supersedes 1 of the tdmrep.json"}},
		{name: "META supersedes the header", page: testPage{header: http.Header{"Tdm-Reservation": {"1"}}, html: `<meta name="tdm-reservation" content="0">`},
			train:       decided(usage.Allowed, src(usage.FromMeta, 1, "tdm-reservation: 0")),
			diagnostics: []string{"TDMRep: tdm-reservation 0 of the META tags supersedes 1 of the header fields"}},
		{name: "a level without a reservation leaves the one before it, and its policy", page: testPage{tdmrep: file, url: "/directory-b/html/x", header: http.Header{"Tdm-Policy": {"https://other.example/p"}}},
			train: reserved("https://other.example/p", entry2)},
		{name: "reservation 0 with a policy: the policy is not reported", page: testPage{header: http.Header{"Tdm-Reservation": {"0"}, "Tdm-Policy": {"https://p.example/x"}}},
			train: decided(usage.Allowed, src(usage.FromHeader, 1, "tdm-reservation: 0"))},
		{name: "values other than 0 and 1 are unset", page: testPage{header: http.Header{"Tdm-Reservation": {"yes", "2"}}, html: `<meta name="tdm-reservation" content="true">`},
			diagnostics: []string{"header 1: tdm-reservation: yes: not 0 or 1", "header 2: tdm-reservation: 2: not 0 or 1", "meta line 1: tdm-reservation: true: not 0 or 1"}},
		{name: "0 and 1 at one level: 1 counts", page: testPage{header: http.Header{"Tdm-Reservation": {"0", " 1 "}}},
			train:       reserved("", src(usage.FromHeader, 2, "tdm-reservation:  1 ")),
			diagnostics: []string{"TDMRep: both 0 and 1 in the header fields: 1 counts"}},
		{name: "a policy that is not an absolute URL is not reported", page: testPage{header: http.Header{"Tdm-Reservation": {"1"}, "Tdm-Policy": {"/policy.json"}}},
			train:       reserved("", src(usage.FromHeader, 1, "tdm-reservation: 1")),
			diagnostics: []string{"header 1: tdm-policy: /policy.json: not an absolute http(s) URL"}},
	})
}

// TestTDMRepFile: what of a tdmrep.json states nothing, with a
// diagnostic.
func TestTDMRepFile(t *testing.T) {
	tests := []struct {
		name, body string
		status     int
		url        string
		train      usage.Preference
		diags      []string
	}{
		{name: "404", status: 404, url: "/", diags: []string{"tdmrep.json: HTTP 404: it states nothing"}},
		{name: "no response", status: 0, url: "/", diags: []string{"tdmrep.json: no response: it states nothing"}},
		{name: "503", status: 503, body: `[{"location":"/","tdm-reservation":1}]`, url: "/", diags: []string{"tdmrep.json: HTTP 503: it states nothing"}},
		{name: "not JSON", status: 200, body: "<html>", url: "/", diags: []string{"tdmrep.json is not a JSON array: it states nothing"}},
		{name: "an object, not an array", status: 200, body: `{"location":"/","tdm-reservation":1}`, url: "/", diags: []string{"tdmrep.json is not a JSON array: it states nothing"}},
		{name: "broken JSON", status: 200, body: `[{"location":"/","tdm-reservation":1}`, url: "/", diags: []string{"tdmrep.json is not a JSON array (unexpected end of JSON input): it states nothing"}},
		{name: "over 64 KiB", status: 200, body: `[{"location":"/","tdm-reservation":1}` + strings.Repeat(" ", usage.MaxTDMRepBytes) + "]", url: "/",
			diags: []string{"tdmrep.json has over 65536 bytes: it states nothing"}},
		{name: "exactly 64 KiB is read", status: 200, body: `[{"location":"/","tdm-reservation":1}` + strings.Repeat(" ", usage.MaxTDMRepBytes-39) + "]", url: "/",
			train: usage.Disallowed},
		{name: "bad entries are skipped, a bad reservation is unset", status: 200, url: "/a",
			body: `[1, {"tdm-reservation":1}, {"location":7,"tdm-reservation":1}, {"location":"/a","tdm-reservation":"1"}, {"location":"/","tdm-reservation":1}]`,
			diags: []string{"tdmrep.json entry 1 is not a JSON object: skipped", "tdmrep.json entry 2 has no location string: skipped",
				"tdmrep.json entry 3 has no location string: skipped", `tdmrep.json entry 4: tdm-reservation "1" is not 0 or 1: unset`}},
		{name: "keys are compared exactly", status: 200, url: "/", body: `[{"Location":"/","TDM-Reservation":1}]`,
			diags: []string{"tdmrep.json entry 1 has no location string: skipped"}},
		{name: "1.0 is not 1", status: 200, url: "/", body: `[{"location":"/","tdm-reservation":1.0}]`,
			diags: []string{"tdmrep.json entry 1: tdm-reservation 1.0 is not 0 or 1: unset"}},
		{name: "a byte order mark is skipped", status: 200, url: "/", body: "\xEF\xBB\xBF" + `[{"location":"/","tdm-reservation":1}]`, train: usage.Disallowed},
		{name: "unknown keys are ignored", status: 200, url: "/x", body: `[{"location":"/","tdm-reservation":0,"comment":"ok"}]`, train: usage.Allowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tdm := usage.TDMRepFromStatus(tc.status, []byte(tc.body))
			if diff := cmp.Diff(tc.diags, tdm.Diagnostics(), cmpE); diff != "" {
				t.Errorf("Diagnostics mismatch (-want +got):\n%s", diff)
			}
			a := usage.For("*", usage.Input{URL: tc.url, TDMRep: tdm})
			if a.AITrain.State != tc.train {
				t.Errorf("ai-train = %v, want %v", a.AITrain.State, tc.train)
			}
			if diff := cmp.Diff(tc.diags, a.Diagnostics, cmpE); diff != "" {
				t.Errorf("Answer.Diagnostics mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCombined: every source at once, combining restrictively: one "no"
// is no, "allowed" needs a "yes" and no "no".
func TestCombined(t *testing.T) {
	body := "User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nContent-Usage: train-ai=y\n"
	signal := src(usage.FromRobots, 2, "Content-Signal: search=yes, ai-input=yes, ai-train=yes")
	usageLine := src(usage.FromRobots, 3, "Content-Usage: train-ai=y")
	runCases(t, []useCase{
		{
			name:   "every yes: allowed, by each",
			page:   testPage{robots: body, header: http.Header{"Tdm-Reservation": {"0"}}, url: "/p"},
			search: decided(usage.Allowed, signal),
			input:  decided(usage.Allowed, signal),
			train:  decided(usage.Allowed, signal, usageLine, src(usage.FromHeader, 1, "tdm-reservation: 0")),
		},
		{
			name:   "the TDMRep reservation of the page's META tag says no to a robots.txt yes",
			page:   testPage{robots: body, html: `<meta name="tdm-reservation" content="1">`, url: "/p"},
			search: decided(usage.Allowed, signal),
			input:  decided(usage.Allowed, signal),
			train:  reserved1(src(usage.FromMeta, 1, "tdm-reservation: 1")),
		},
		{
			name: "noai in the page and a Content-Usage header against robots.txt's yes",
			page: testPage{robots: body, url: "/p", html: `<meta name="robots" content="noai">`,
				header: http.Header{"Content-Usage": {"search=n"}}},
			search: decided(usage.Disallowed, src(usage.FromHeader, 1, "Content-Usage: search=n")),
			input:  usage.Decision{State: usage.Disallowed, Images: usage.Disallowed, By: []usage.Source{src(usage.FromMeta, 1, "robots: noai")}},
			train:  usage.Decision{State: usage.Disallowed, Images: usage.Disallowed, By: []usage.Source{src(usage.FromMeta, 1, "robots: noai")}},
		},
		{
			name: "a page robots.txt disallows: nothing else is read",
			page: testPage{robots: "User-agent: *\nDisallow: /p\n", url: "/p", html: `<meta name="robots" content="noai">`,
				header: http.Header{"Content-Usage": {"search=n"}, "Tdm-Reservation": {"1"}}, tdmrep: `[{"location":"/","tdm-reservation":1}]`},
			search:       decided(usage.Unstated, src(usage.FromRobots, 2, "Disallow: /p")),
			input:        decided(usage.Unstated, src(usage.FromRobots, 2, "Disallow: /p")),
			train:        decided(usage.Unstated, src(usage.FromRobots, 2, "Disallow: /p")),
			notFetchable: true,
			diagnostics:  []string{"robots.txt disallows the URL"},
		},
		{
			name:   "noimageai with an allowed use: the page allowed, its images not",
			page:   testPage{robots: body, url: "/p", header: http.Header{"X-Robots-Tag": {"noimageai"}}},
			search: decided(usage.Allowed, signal),
			input: usage.Decision{State: usage.Allowed, Images: usage.Disallowed,
				By: []usage.Source{signal, src(usage.FromHeader, 1, "X-Robots-Tag: noimageai")}},
			train: usage.Decision{State: usage.Allowed, Images: usage.Disallowed,
				By: []usage.Source{signal, usageLine, src(usage.FromHeader, 1, "X-Robots-Tag: noimageai")}},
		},
	})
}

func reserved1(by ...usage.Source) usage.Decision {
	return usage.Decision{State: usage.Disallowed, By: by}
}

// TestSourceString checks how sources describe themselves.
func TestSourceString(t *testing.T) {
	for _, tc := range []struct {
		s    usage.Source
		want string
	}{
		{src(usage.FromRobots, 3, "Content-Signal: ai-train=no"), "robots.txt line 3: Content-Signal: ai-train=no"},
		{src(usage.FromHeader, 2, "tdm-reservation: 1"), "header 2: tdm-reservation: 1"},
		{src(usage.FromMeta, 5, "robots: noai"), "meta line 5: robots: noai"},
		{src(usage.FromTDMRep, 1, `{"location":"/"}`), `tdmrep.json entry 1: {"location":"/"}`},
		{src(usage.FromRobots, 0, "robots.txt unreachable"), "robots.txt: robots.txt unreachable"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct{ got, want string }{
		{usage.Search.String(), "search"}, {usage.AIInput.String(), "ai-input"}, {usage.AITrain.String(), "ai-train"},
		{usage.Use(9).String(), "Use(9)"},
		{usage.Unstated.String(), "unstated"}, {usage.Allowed.String(), "allowed"}, {usage.Disallowed.String(), "disallowed"},
		{usage.FromRobots.String(), "robots.txt"}, {usage.FromHeader.String(), "header"}, {usage.FromMeta.String(), "meta"}, {usage.FromTDMRep.String(), "tdmrep"},
	} {
		if tc.got != tc.want {
			t.Errorf("String() = %q, want %q", tc.got, tc.want)
		}
	}
}
