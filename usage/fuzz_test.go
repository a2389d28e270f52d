package usage_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/page"
	"github.com/crawlkit/robots/usage"
	"github.com/google/go-cmp/cmp"
)

// checkBounds checks what every Answer promises, whatever its input: the
// lists within MaxListed, the texts within MaxText, a decided use named by
// a source and an unstated one by none (but for an unfetchable URL),
// Images only for AI uses and only Disallowed, Policy only with a
// reservation, and the same answer twice.
func checkBounds(t *testing.T, agent string, in usage.Input) usage.Answer {
	t.Helper()
	a := usage.For(agent, in)
	if !cmp.Equal(a, usage.For(agent, in)) {
		t.Fatalf("For differs from one call to the next")
	}
	texts := append(append([]string(nil), a.Unknown...), a.Diagnostics...)
	if len(a.Unknown) > usage.MaxListed || len(a.Diagnostics) > usage.MaxListed {
		t.Errorf("%d unknown, %d diagnostics: over MaxListed", len(a.Unknown), len(a.Diagnostics))
	}
	for _, u := range usage.Uses() {
		d := a.Use(u)
		if len(d.By) > 2*usage.MaxListed {
			t.Errorf("%v: %d sources, over twice MaxListed", u, len(d.By))
		}
		for _, s := range d.By {
			texts = append(texts, s.Text)
		}
		switch {
		case !a.Fetchable:
			if d.State != usage.Unstated || d.Images != usage.Unstated || len(d.By) != 1 || d.By[0].From != usage.FromRobots {
				t.Errorf("not fetchable, but %v is %+v", u, d)
			}
		case d.State == usage.Unstated && d.Images == usage.Unstated && len(d.By) > 0:
			t.Errorf("%v unstated, by %v", u, d.By)
		case (d.State != usage.Unstated || d.Images != usage.Unstated) && len(d.By) == 0:
			t.Errorf("%v %v (images %v) by nothing", u, d.State, d.Images)
		}
		if d.Images == usage.Allowed || u == usage.Search && d.Images != usage.Unstated {
			t.Errorf("%v: images %v", u, d.Images)
		}
		if d.Policy != "" && (u != usage.AITrain || d.State != usage.Disallowed) {
			t.Errorf("%v %v with policy %q", u, d.State, d.Policy)
		}
	}
	for _, s := range texts {
		if len(s) > usage.MaxText {
			t.Errorf("a text of %d bytes, over MaxText: %.80q...", len(s), s)
		}
	}
	return a
}

// FuzzHeaders reads any Content-Usage, Content-Signal, tdm-reservation and
// tdm-policy fields (each argument split into field lines at '\n'), and
// checks each decision against the fields that made it: a Content-Usage
// or Content-Signal field line that disallows a use says n or no, one that
// allows it says y or yes, and the TDMRep field that decides holds 1 for a
// reservation and 0 for none.
func FuzzHeaders(f *testing.F) {
	f.Add("train-ai=n, search=y", "search=yes, ai-train=no", "1", "https://p.example/")
	f.Add("train-ai=n\ntrain-ai=y, search=?0", "AI-Input=No, x\nai-input=yes", "0\n1", "/rel")
	f.Add("bots=n, ai-output=y;p=1", "", "yes, 1", "")
	f.Add(`all=n, search=y, a=("x" y);q, b=:aGk=:`, "search=,", "", "https://a\nhttps://b")
	f.Add("train-ai=y,", "=yes", " 0 ", "")
	f.Fuzz(func(t *testing.T, cu, cs, res, pol string) {
		h := http.Header{}
		for name, v := range map[string]string{"Content-Usage": cu, "Content-Signal": cs, "Tdm-Reservation": res, "Tdm-Policy": pol} {
			if v != "" {
				h[name] = strings.Split(v, "\n")
			}
		}
		a := checkBounds(t, "GPTBot", usage.Input{URL: "/x", Header: h, Page: page.FromHeader(h)})
		for _, u := range usage.Uses() {
			d := a.Use(u)
			for _, s := range d.By {
				name, value, _ := strings.Cut(s.Text, ": ")
				if s.From != usage.FromHeader || s.Line < 1 || s.Line > len(h[http.CanonicalHeaderKey(name)]) {
					t.Fatalf("%v by %+v: not one of the fields", u, s)
				}
				// The text is the field as written, or, when that was over
				// MaxText, a start of it and "...".
				field := h[http.CanonicalHeaderKey(name)][s.Line-1]
				clipped := len(name)+len(": ")+len(field) > usage.MaxText && strings.HasSuffix(value, "...") &&
					strings.HasPrefix(field, strings.TrimSuffix(value, "...")) && len(s.Text) > usage.MaxText-len("...")-utf8.UTFMax
				if field != value && !clipped {
					t.Fatalf("%v by %+v, but that field is %q", u, s, field)
				}
				says := func(words ...string) bool {
					for _, w := range words {
						if strings.Contains(strings.ToLower(field), w) {
							return true
						}
					}
					return false
				}
				switch {
				case name == "Content-Usage" && d.State == usage.Disallowed && !says("=n"),
					name == "Content-Usage" && d.State == usage.Allowed && !says("=y"),
					name == "Content-Signal" && d.State == usage.Disallowed && !says("=no"),
					name == "Content-Signal" && d.State == usage.Allowed && !says("=yes"),
					name == "tdm-reservation" && (u != usage.AITrain || d.State == usage.Disallowed && !says("1") || d.State == usage.Allowed && !says("0")):
					t.Fatalf("%v %v by %+v, which does not say so", u, d.State, s)
				}
			}
		}
		if a.AITrain.Policy != "" && !strings.Contains(pol, a.AITrain.Policy) {
			t.Fatalf("policy %q is not among the tdm-policy fields %q", a.AITrain.Policy, pol)
		}
	})
}

// FuzzTDMRepFile reads any tdmrep.json and checks the answer against
// encoding/json's reading of the file: the first entry, in file order,
// that is an object with a location string matching the URL decides, by
// its tdm-reservation, the number 1 or 0; else nothing is stated.
func FuzzTDMRepFile(f *testing.F) {
	f.Add(`[{"location": "/", "tdm-reservation": 1}]`, "/a")
	f.Add(`[{"location": "/directory-a/", "tdm-reservation": 1},
		{"location": "/directory-b/html/", "tdm-reservation": 1, "tdm-policy":"https://provider.com/policies/policy.json"},
		{"location": "/directory-b/images/*.jpg", "tdm-reservation": 0}]`, "/directory-b/images/x.jpg")
	f.Add(`[1, null, {"location": null}, {"location":"/a$","tdm-reservation":"1"}, {"location":"*","tdm-reservation":1.0}]`, "https://h/a")
	f.Add(`{"location": "/"}`, "/")
	f.Add("\xEF\xBB\xBF"+`[{"location": "/", "tdm-reservation": 0}]`, "/")
	f.Add(`[{"location":"/%7e","tdm-reservation":0,"location":"/b","tdm-policy":7}]`, "/b/~")
	f.Fuzz(func(t *testing.T, body, url string) {
		tdm := usage.ParseTDMRep([]byte(body))
		if size := tdm.Size(); size > int64(4*len(body)+100*len(body)/3+100*usage.MaxListed+4096) {
			t.Fatalf("Size() = %d for %d bytes", size, len(body))
		}
		a := checkBounds(t, "*", usage.Input{URL: url, TDMRep: tdm})
		want := usage.Unstated
		var raw []json.RawMessage
		noBOM := strings.TrimPrefix(body, "\xEF\xBB\xBF")
		if len(body) <= usage.MaxTDMRepBytes && strings.HasPrefix(strings.TrimSpace(noBOM), "[") && json.Unmarshal([]byte(noBOM), &raw) == nil {
			for _, r := range raw {
				var e map[string]json.RawMessage
				var loc string
				if json.Unmarshal(r, &e) != nil || e == nil || json.Unmarshal(e["location"], &loc) != nil {
					continue
				}
				if robots.PatternMatches(loc, url) {
					switch string(e["tdm-reservation"]) {
					case "1":
						want = usage.Disallowed
					case "0":
						want = usage.Allowed
					}
					break
				}
			}
		}
		if a.AITrain.State != want {
			t.Fatalf("ai-train %v, want %v (by %v)", a.AITrain.State, want, a.AITrain.By)
		}
		if a.Search.State != usage.Unstated || a.AIInput.State != usage.Unstated {
			t.Fatalf("tdmrep.json decided search or ai-input: %+v", a)
		}
		for _, s := range a.AITrain.By {
			if s.From != usage.FromTDMRep || s.Line < 1 || s.Line > len(raw) {
				t.Fatalf("by %+v: not an entry of the file", s)
			}
		}
	})
}

// FuzzPage reads any HTML head and X-Robots-Tag field: the robots rules
// and TDMRep META tags. A decision of the page is made by a META tag or a
// header that holds its rule: noai, noimageai, noindex or none for no,
// index or all for a search yes, tdm-reservation for ai-train.
func FuzzPage(f *testing.F) {
	f.Add(`<meta name="robots" content="noai, noindex"><meta name="tdm-reservation" content="1"><meta name="tdm-policy" content="https://p/">`, "noimageai")
	f.Add(`<meta name="GPTBot" content="noimageai"><meta name="TDM-RESERVATION" content=" 0">`, "GPTBot: noai, otherbot: index")
	f.Add(`<meta name=robots content="index all none"><meta name=tdm-reservation content=yes>`, "max-snippet: 3, noml")
	f.Fuzz(func(t *testing.T, html, xrobots string) {
		d, _ := page.FromHTML(strings.NewReader(html))
		h := http.Header{"X-Robots-Tag": {xrobots}}
		a := checkBounds(t, "GPTBot", usage.Input{URL: "/", Page: page.Join(page.FromHeader(h), d)})
		for _, u := range usage.Uses() {
			for _, s := range a.Use(u).By {
				lower := strings.ToLower(s.Text)
				ok := false
				switch s.From {
				case usage.FromHeader:
					ok = strings.HasPrefix(s.Text, "X-Robots-Tag: ") && s.Line == 1
				case usage.FromMeta:
					ok = s.Line >= 1
				}
				if !ok {
					t.Fatalf("%v by %+v: not a tag or the header", u, s)
				}
				switch {
				case strings.HasPrefix(lower, "tdm-reservation: "):
					ok = u == usage.AITrain
				case u == usage.Search:
					ok = strings.HasSuffix(lower, "noindex") || strings.HasSuffix(lower, "none") ||
						strings.HasSuffix(lower, "index") || strings.HasSuffix(lower, "all")
				default:
					ok = strings.HasSuffix(lower, "noai") || strings.HasSuffix(lower, "noimageai")
				}
				if !ok {
					t.Fatalf("%v %v by %+v, which is not its rule", u, a.Use(u).State, s)
				}
			}
		}
	})
}

// FuzzCombined checks that sources combine restrictively, whatever they
// say: the answer from every source at once is the restrictive join of the
// answers from each group of sources alone (robots.txt; the Content-Usage
// and Content-Signal fields; the page's robots rules and META tags; TDMRep,
// whose three places have their own priority), unless robots.txt makes the
// URL not fetchable, when no use is stated.
func FuzzCombined(f *testing.F) {
	f.Add("User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /a train-ai=y\n", "train-ai=y, search=n", "ai-input=yes",
		"noimageai", `<meta name="robots" content="index"><meta name="tdm-reservation" content="0">`, "1", `[{"location":"/","tdm-reservation":1}]`, "/a/b")
	f.Add("User-agent: *\nDisallow: /p\n", "all=n", "search=no", "noai", "", "0", "", "/p")
	f.Add("User-agent: GPTBot\nContent-Usage: bots=y\n", "", "", "GPTBot: noindex", `<meta name=gptbot content=noai>`, "", `[{"location":"/x","tdm-reservation":0}]`, "/x")
	f.Fuzz(func(t *testing.T, robotsBody, cu, cs, xrobots, html, res, tdmrep, url string) {
		if !strings.HasPrefix(url, "/") {
			url = "/" + url
		}
		file := robots.Parse([]byte(robotsBody))
		d, _ := page.FromHTML(strings.NewReader(html))
		split := func(v string) []string {
			if v == "" {
				return nil
			}
			return strings.Split(v, "\n")
		}
		h := http.Header{"Content-Usage": split(cu), "Content-Signal": split(cs), "X-Robots-Tag": split(xrobots), "Tdm-Reservation": split(res)}
		pg := page.Join(page.FromHeader(h), d)
		var tdm *usage.TDMRep
		if tdmrep != "" {
			tdm = usage.ParseTDMRep([]byte(tdmrep))
		}
		const agent = "GPTBot"
		all := checkBounds(t, agent, usage.Input{URL: url, Robots: file, Header: h, Page: pg, TDMRep: tdm})
		if !all.Fetchable {
			if file.Allowed(agent, url) {
				t.Fatalf("not fetchable, but robots.txt allows %s", url)
			}
			return
		}
		groups := []usage.Answer{
			usage.For(agent, usage.Input{URL: url, Robots: file}),
			usage.For(agent, usage.Input{URL: url, Header: http.Header{"Content-Usage": h["Content-Usage"], "Content-Signal": h["Content-Signal"]}}),
			usage.For(agent, usage.Input{URL: url, Page: pg}),
			usage.For(agent, usage.Input{URL: url, Header: http.Header{"Tdm-Reservation": h["Tdm-Reservation"]}, Page: d, TDMRep: tdm}),
		}
		for _, u := range usage.Uses() {
			want := usage.Unstated
			for _, g := range groups {
				if s := g.Use(u).State; s > want {
					want = s // Disallowed > Allowed > Unstated
				}
			}
			if got := all.Use(u).State; got != want {
				t.Fatalf("%v: %v from every source, but the groups alone join to %v: %v, %v, %v, %v", u, got, want,
					groups[0].Use(u).State, groups[1].Use(u).State, groups[2].Use(u).State, groups[3].Use(u).State)
			}
			if got, want := all.Use(u).Images, groups[2].Use(u).Images; got != want {
				t.Fatalf("%v: images %v from every source, %v from the page's rules alone", u, got, want)
			}
		}
	})
}
