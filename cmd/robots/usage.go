package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/page"
	use "github.com/crawlkit/robots/usage" // "usage" is the text of robots help
)

const usageHelp = `usage: robots usage [-agent NAME] [-json] [-header 'Name: value']... [-robots FILE] [-tdmrep FILE] [-url URL] [-timeout D] SOURCE

Usage says what a crawler may do with a page: use it for search, as input
to an AI model (ai-input), or to train one (ai-train), from every statement
the site makes: robots.txt (Allow and Disallow, Content-Signal,
Content-Usage), the page's Content-Usage and Content-Signal headers, its
robots META tags and X-Robots-Tag (noai, noimageai, noindex), and TDMRep
(tdm-reservation and tdm-policy headers and META tags, the origin's
/.well-known/tdmrep.json). One "no" makes a use disallowed; allowed needs a
"yes" and no "no"; else it is unstated. A page robots.txt disallows for the
agent is not fetchable, and its uses are unstated.

SOURCE is an http(s) URL or an HTML file (- for standard input). A URL's
robots.txt and tdmrep.json are fetched, and the page itself only if
robots.txt allows it, redirects included. For an HTML file, the options
give the rest; without -robots, robots.txt states nothing, and without
-tdmrep, nor does tdmrep.json.

Options:
  -agent NAME    the crawler's product token, such as GPTBot: its robots.txt
                 group, META tags and header rules count (default *).
  -json          write one JSON object, described below, instead of text.
  -header H      a header of the page's response, written "Name: value",
                 such as 'Content-Usage: train-ai=n' or 'tdm-reservation: 1';
                 read after those of a fetched page. Give it once per header.
  -robots FILE   for an HTML file: the robots.txt, a file or a URL.
  -tdmrep FILE   for an HTML file: the tdmrep.json (at most 64 KiB is read).
  -url URL       for an HTML file: the page's URL, whose path the rules of
                 robots.txt and tdmrep.json match (default /).
  -timeout D     how long fetching robots.txt, the page and tdmrep.json
                 may take in all (default 30s).

Output: one line per use, its answer and the statements that decided it;
for ai-input and ai-train, the answer for the page's images when a rule
disallows them, and the TDMRep policy URL of a reservation (never fetched);
then what was not known, and why something was not read:

	agent GPTBot: fetchable
	search    allowed     robots.txt line 3: Content-Signal: search=yes, ai-train=no
	ai-input  unstated
	ai-train  disallowed  robots.txt line 3: Content-Signal: search=yes, ai-train=no
	                      meta line 4: tdm-reservation: 1
	  policy  https://example.com/tdm-policy.json

JSON (-json), one object; every field is always present:

	{
	  "source": "page.html",          // SOURCE as given
	  "agent": "GPTBot",              // the product token, or *
	  "fetchable": true,              // false when robots.txt disallows the page
	  "uses": {                       // "allowed", "disallowed" or "unstated"
	    "search": {"answer": "allowed", "by": [SOURCE...]},
	    "ai-input": {"answer": "unstated", "images": "unstated", "by": []},
	    "ai-train": {"answer": "disallowed", "images": "unstated",
	                 "policy": "https://example.com/tdm-policy.json", "by": []}
	  },                              // policy: a URL, or null
	  "unknown": ["x-foo=n"],         // labels and rules it does not know
	  "diagnostics": ["tdmrep.json: HTTP 404: it states nothing"]
	}
	SOURCE: {"from": "robots.txt", "line": 3, "text": "Content-Signal: ai-train=no"}
	from: robots.txt, header, meta or tdmrep; line: the robots.txt line, the
	HTML line of a META tag, the header's position among those of its name,
	the tdmrep.json entry's index from 1, or null

Exit status: 0 when it answered, whatever the answer; 2 for a usage or read
error, or a fetch that got no response.
`

// usageReport is the JSON output of usage; see usageHelp.
type usageReport struct {
	Source      string    `json:"source"`
	Agent       string    `json:"agent"`
	Fetchable   bool      `json:"fetchable"`
	Uses        usageUses `json:"uses"`
	Unknown     []string  `json:"unknown"`
	Diagnostics []string  `json:"diagnostics"`
}

type usageUses struct {
	Search  usageSearch `json:"search"`
	AIInput usageInput  `json:"ai-input"`
	AITrain usageTrain  `json:"ai-train"`
}

type usageSearch struct {
	Answer string        `json:"answer"`
	By     []usageSource `json:"by"`
}

type usageInput struct {
	Answer string        `json:"answer"`
	Images string        `json:"images"`
	By     []usageSource `json:"by"`
}

type usageTrain struct {
	Answer string        `json:"answer"`
	Images string        `json:"images"`
	Policy *string       `json:"policy"`
	By     []usageSource `json:"by"`
}

type usageSource struct {
	From string `json:"from"`
	Line *int   `json:"line"`
	Text string `json:"text"`
}

// anyHeaderFlag collects the values of the -header flags of usage, any
// header "Name: value".
type anyHeaderFlag struct{ h http.Header }

func (f *anyHeaderFlag) String() string { return "" }

func (f *anyHeaderFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t") {
		return fmt.Errorf("%q is not a header: write it as 'Content-Usage: train-ai=n'", s)
	}
	if f.h == nil {
		f.h = http.Header{}
	}
	f.h.Add(name, strings.TrimSpace(value))
	return nil
}

func runUsage(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	agent := fs.agentFlag()
	asJSON := fs.jsonFlag()
	var headers anyHeaderFlag
	fs.Var(&headers, "header", "")
	robotsFile := fs.String("robots", "", "")
	tdmrepFile := fs.String("tdmrep", "", "")
	pageURL := fs.String("url", "", "")
	fs.timeoutFlag()
	pos, o, status, ok := fs.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return e.usageError("usage needs one SOURCE: an http(s) URL, an HTML file, or - for standard input")
	}
	tok, ok := e.agentToken(*agent)
	if !ok {
		return exitFailure
	}
	src := pos[0]
	var a use.Answer
	if isURL(src) {
		if *robotsFile != "" || *tdmrepFile != "" || *pageURL != "" {
			return e.usageError("-robots, -tdmrep and -url are for an HTML file: for a URL, they are fetched")
		}
		if a, status = e.usageOfURL(ctx, src, tok, headers.h); status != exitOK {
			return status
		}
	} else {
		if *robotsFile == "-" && src == "-" {
			return e.usageError("standard input can be read once: give the HTML or robots.txt as a file")
		}
		in := use.Input{URL: *pageURL, Header: headers.h}
		if in.URL != "" && !validTarget(in.URL) {
			return e.usageError("-url %q is not a URL: give an absolute http(s) URL or a path starting with /", in.URL)
		}
		d, err := e.readHTML(src)
		if err != nil {
			return e.fail(err)
		}
		if d.Truncated() {
			e.note("the head runs on past %d bytes: META tags after them are not read", page.DefaultMaxRead)
		}
		in.Page = page.Join(page.FromHeader(headers.h), d)
		if *robotsFile != "" {
			s, err := e.load(ctx, *robotsFile, o)
			if err != nil {
				return e.fail(err)
			}
			in.Robots = s.file
		}
		if *tdmrepFile != "" {
			body, err := readTDMRep(*tdmrepFile)
			if err != nil {
				return e.fail(err)
			}
			in.TDMRep = use.ParseTDMRep(body)
		}
		a = use.For(tok, in)
	}
	if *asJSON {
		writeJSON(e.stdout, usageJSON(src, a))
	} else {
		writeUsage(e.stdout, a)
	}
	return exitOK
}

// readTDMRep reads at most MaxTDMRepBytes+1 bytes of the file name: more
// states nothing, as ParseTDMRep says.
func readTDMRep(name string) ([]byte, error) {
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file: give a tdmrep.json file", name)
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	defer f.Close()
	body, err := io.ReadAll(io.LimitReader(f, use.MaxTDMRepBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return body, nil
}

// usageOfURL fetches the page at url for agent, only when robots.txt
// allows it, and answers with crawl.Checker.Usage, which fetches
// robots.txt and tdmrep.json. extra are the -header headers, read after
// the page's.
func (e *env) usageOfURL(ctx context.Context, url, agent string, extra http.Header) (use.Answer, int) {
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	checker := &crawl.Checker{FetchTimeout: e.timeout}
	in := use.Input{URL: url, Header: http.Header{}}
	var extraDiags []string
	resp, refused, err := getPage(ctx, checker, url, agent)
	switch {
	case err != nil:
		return use.Answer{}, e.fail(err)
	case refused != nil && unanswered(refused.Explanation):
		x := refused.Explanation
		return use.Answer{}, e.fail(fmt.Errorf("could not fetch %s (%s): nothing fetched", x.Access.URL, x.Access.Err))
	case refused != nil:
		// The page, or a redirect on the way, is not fetchable: ask about
		// the URL refused.
		in.URL = refused.URL
	default:
		defer resp.Body.Close()
		in.URL = resp.Request.URL.String()
		in.Header = resp.Header.Clone()
		in.Page, err = page.FromResponse(resp)
		switch {
		case errors.Is(err, page.ErrEncoded):
			// A coding the Transport did not ask for, and so did not
			// decode: in.Page holds the rules of the headers.
			e.note("the page is encoded (Content-Encoding: %s): its META tags are not read, only its headers",
				safe(strings.TrimSpace(resp.Header.Get("Content-Encoding"))))
		case err != nil:
			return use.Answer{}, e.failPage(err)
		}
		if resp.StatusCode/100 != 2 {
			extraDiags = append(extraDiags, "the page answered HTTP "+strconv.Itoa(resp.StatusCode)+": its headers and META tags are read as they are")
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16)) // let the connection be reused
	}
	for name, values := range extra {
		in.Header[name] = append(in.Header[name], values...)
	}
	in.Page = page.Join(in.Page, page.FromHeader(extra))
	a, err := checker.Usage(ctx, agent, in)
	if err != nil {
		return use.Answer{}, e.fail(err)
	}
	if a.Fetchable {
		a.Diagnostics = append(a.Diagnostics, extraDiags...)
	}
	return a, exitOK
}

// writeUsage writes usage's text output.
func writeUsage(w io.Writer, a use.Answer) {
	fetchable := "fetchable"
	if !a.Fetchable {
		fetchable = "not fetchable: robots.txt disallows it"
	}
	fmt.Fprintf(w, "agent %s: %s\n", safe(a.Agent), fetchable)
	line := func(name, value, why string) {
		fmt.Fprintf(w, "%-9s %-11s %s", name, value, safe(why))
		fmt.Fprintln(w)
	}
	for _, u := range use.Uses() {
		d := a.Use(u)
		if len(d.By) == 0 {
			fmt.Fprintf(w, "%-9s %s\n", u, d.State)
		}
		for i, s := range d.By {
			name, value := u.String(), d.State.String()
			if i > 0 {
				name, value = "", ""
			}
			line(name, value, s.String())
		}
		if d.Images != use.Unstated {
			fmt.Fprintf(w, "  %-7s %s\n", "images", d.Images)
		}
		if d.Policy != "" {
			fmt.Fprintf(w, "  %-7s %s\n", "policy", safe(d.Policy))
		}
	}
	for _, s := range a.Unknown {
		line("unknown", "", s)
	}
	for _, s := range a.Diagnostics {
		fmt.Fprintf(w, "note: %s\n", safe(s))
	}
}

// usageJSON returns the JSON report of the answer a.
func usageJSON(src string, a use.Answer) usageReport {
	sources := func(by []use.Source) []usageSource {
		out := []usageSource{}
		for _, s := range by {
			j := usageSource{From: s.From.String(), Text: s.Text}
			if s.Line > 0 {
				line := s.Line
				j.Line = &line
			}
			out = append(out, j)
		}
		return out
	}
	rep := usageReport{
		Source: src, Agent: a.Agent, Fetchable: a.Fetchable,
		Uses: usageUses{
			Search:  usageSearch{Answer: a.Search.State.String(), By: sources(a.Search.By)},
			AIInput: usageInput{Answer: a.AIInput.State.String(), Images: a.AIInput.Images.String(), By: sources(a.AIInput.By)},
			AITrain: usageTrain{Answer: a.AITrain.State.String(), Images: a.AITrain.Images.String(), By: sources(a.AITrain.By)},
		},
		Unknown: append([]string{}, a.Unknown...), Diagnostics: append([]string{}, a.Diagnostics...),
	}
	if a.AITrain.Policy != "" {
		p := a.AITrain.Policy
		rep.Uses.AITrain.Policy = &p
	}
	return rep
}
