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
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/page"
)

const pageHelp = `usage: robots page [-agent NAME] [-permissive] [-json] [-header 'X-Robots-Tag: ...']... [-timeout D] SOURCE

Page says what a page allows a crawler to do with it, from its robots META
tags and its X-Robots-Tag headers: whether it may be indexed, its links
followed, a snippet shown, and so on, and which rule decided each.

SOURCE is an HTML file, - for standard input, or an http(s) URL. A URL is
fetched only when the robots.txt of its origin allows it for the agent,
redirects included; otherwise page says which rule forbids it and fetches
nothing. The head of the HTML is read, as Google reads it: up to </head>,
<body>, or the first element that cannot be in a head, and at most 1 MiB.
A page sent in a Content-Encoding other than gzip cannot be read: then
only its X-Robots-Tag headers count, and page says so.

Options:
  -agent NAME    the crawler's product token, such as Googlebot: its own
                 meta tags (<meta name="googlebot">) and header rules
                 ("X-Robots-Tag: googlebot: noindex") count with those for
                 every crawler. The default, *, reads only <meta
                 name="robots"> and header rules without a name.
  -permissive    when rules disagree, the allowing one wins, as in the
                 robots FAQ and at Yandex; by default the more restrictive
                 one does, as at Google.
  -json          write one JSON object, described below, instead of text.
  -header H      an X-Robots-Tag header, written "X-Robots-Tag: VALUE", read
                 after those of a fetched page; give it once per header.
  -timeout D     how long fetching robots.txt, and the page, may take
                 (default 30s).

Output: for a URL, the fetch; then one line per setting: its name, its
value, and the rule that decided it ("default" when none did); then the
rules it does not know, and those with a value it cannot read (ignored):

	index              no        meta googlebot, line 6: noindex
	follow             yes       default
	max_snippet        50        meta robots, line 5: max-snippet: 50

JSON (-json), one object; every field is always present:

	{
	  "source": "page.html",          // SOURCE as given
	  "agent": "Googlebot",           // the product token, or *
	  "policy": "restrictive",        // or "permissive"
	  "index": false,                 // each true unless a rule says otherwise
	  "follow": true, "snippet": true, "archive": true, "translate": true,
	  "imageindex": true, "indexifembedded": false, "ai": true, "imageai": true,
	  "max_snippet": 50,              // characters, -1 for no limit; null
	  "max_video_preview": null,      //   when no rule gives one (seconds)
	  "max_image_preview": null,      // "none", "standard", "large" or null
	  "unavailable_after": null,      // RFC 3339, or null
	  "unknown": ["noodp"],           // the rules it does not know
	  "rules": [                      // every rule for the agent: headers',
	    {"from": "header", "line": 1, "text": "googlebot: noarchive"},
	    {"from": "meta", "line": 5, "text": "max-snippet: 50"}
	  ]                               // then meta tags'; line: the HTML line
	}                                 // of a tag, or the header's position

Exit status: 0 when the page may be indexed, 1 when it may not (a rule
forbids it, its unavailable_after date has passed, its status is not 2xx,
or robots.txt forbids fetching it), 2 for a usage or read error, or a fetch
that got no response.
`

// pageReport is the JSON output of page; see pageHelp.
type pageReport struct {
	Source           string     `json:"source"`
	Agent            string     `json:"agent"`
	Policy           string     `json:"policy"`
	Index            bool       `json:"index"`
	Follow           bool       `json:"follow"`
	Snippet          bool       `json:"snippet"`
	Archive          bool       `json:"archive"`
	Translate        bool       `json:"translate"`
	ImageIndex       bool       `json:"imageindex"`
	IndexIfEmbedded  bool       `json:"indexifembedded"`
	AI               bool       `json:"ai"`
	ImageAI          bool       `json:"imageai"`
	MaxSnippet       *int       `json:"max_snippet"`
	MaxVideoPreview  *int       `json:"max_video_preview"`
	MaxImagePreview  *string    `json:"max_image_preview"`
	UnavailableAfter *string    `json:"unavailable_after"`
	Unknown          []string   `json:"unknown"`
	Rules            []pageRule `json:"rules"`
}

type pageRule struct {
	From string `json:"from"`
	Line int    `json:"line"`
	Text string `json:"text"`
}

// headerFlag collects the values of the -header flags.
type headerFlag []string

func (h *headerFlag) String() string { return strings.Join(*h, ", ") }

func (h *headerFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	if !ok || !strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
		return fmt.Errorf("%q is not an X-Robots-Tag header: write it as 'X-Robots-Tag: noindex'", s)
	}
	*h = append(*h, strings.TrimSpace(value))
	return nil
}

func runPage(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	agent := fs.agentFlag()
	permissive := fs.Bool("permissive", false, "")
	asJSON := fs.jsonFlag()
	var headers headerFlag
	fs.Var(&headers, "header", "")
	fs.timeoutFlag()
	pos, _, status, ok := fs.parseOptions(args) // checks -timeout
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return e.usageError("page needs one SOURCE: an HTML file, - for standard input, or an http(s) URL")
	}
	tok, ok := e.agentToken(*agent)
	if !ok {
		return exitFailure
	}
	policy := page.Restrictive
	if *permissive {
		policy = page.Permissive
	}
	src := pos[0]

	var d *page.Directives
	httpStatus := 0
	if isURL(src) {
		var fetched string
		d, httpStatus, fetched, status = e.fetchPage(ctx, src, tok)
		if d == nil {
			return status
		}
		if !*asJSON {
			fmt.Fprintln(e.stdout, fetched)
		}
	} else {
		var err error
		if d, err = e.readHTML(src); err != nil {
			return e.fail(err)
		}
	}
	if d.Truncated() {
		e.note("the head runs on past %d bytes: rules after them are not read", page.DefaultMaxRead)
	}
	extra := http.Header{"X-Robots-Tag": headers}
	a := page.Join(d, page.FromHeader(extra)).For(tok, policy)

	status = exitOK
	if !a.Indexable(time.Now()) || httpStatus != 0 && httpStatus/100 != 2 {
		status = exitFound
	}
	if *asJSON {
		writeJSON(e.stdout, pageJSON(src, tok, a))
	} else {
		writePage(e.stdout, a)
	}
	return status
}

// writePage writes page's text output: three columns, the setting, its
// value, and why; the values are padded to the longest.
func writePage(w io.Writer, a page.Answer) {
	width := 0
	for _, s := range page.Settings() {
		width = max(width, len(settingValue(a, s)))
	}
	line := func(name, value, why string) {
		fmt.Fprintf(w, "%-18s %-*s %s\n", name, width, value, safe(why))
	}
	for _, s := range page.Settings() {
		why := "default"
		if r, ok := a.Why(s); ok {
			why = r.String()
		}
		line(s.String(), settingValue(a, s), why)
	}
	for _, r := range a.Unknown {
		line("unknown", "", r.String())
	}
	for _, r := range a.Invalid {
		line("invalid", "ignored", r.String())
	}
	if a.Unlisted > 0 {
		fmt.Fprintf(w, "%s not listed\n", plural(a.Unlisted, "more rule"))
	}
}

// settingValue writes the value of the setting s of a for text output.
func settingValue(a page.Answer, s page.Setting) string {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	limit := func(n int) string {
		if n < 0 {
			return "no limit"
		}
		return strconv.Itoa(n)
	}
	switch s {
	case page.Index:
		return yes(a.Index)
	case page.Follow:
		return yes(a.Follow)
	case page.Snippet:
		return yes(a.Snippet)
	case page.Archive:
		return yes(a.Archive)
	case page.Translate:
		return yes(a.Translate)
	case page.ImageIndex:
		return yes(a.ImageIndex)
	case page.IndexIfEmbedded:
		return yes(a.IndexIfEmbedded)
	case page.AI:
		return yes(a.AI)
	case page.ImageAI:
		return yes(a.ImageAI)
	case page.MaxSnippet:
		return limit(a.MaxSnippet)
	case page.MaxVideoPreview:
		return limit(a.MaxVideoPreview)
	case page.MaxImagePreview:
		if a.MaxImagePreview == "" {
			return "no limit"
		}
		return a.MaxImagePreview
	case page.UnavailableAfter:
		if a.UnavailableAfter.IsZero() {
			return "never"
		}
		return a.UnavailableAfter.Format(time.RFC3339)
	}
	return ""
}

// pageJSON returns the JSON report of the answer a.
func pageJSON(src, agent string, a page.Answer) pageReport {
	rep := pageReport{
		Source: src, Agent: agent, Policy: a.Policy.String(),
		Index: a.Index, Follow: a.Follow, Snippet: a.Snippet, Archive: a.Archive,
		Translate: a.Translate, ImageIndex: a.ImageIndex, IndexIfEmbedded: a.IndexIfEmbedded,
		AI: a.AI, ImageAI: a.ImageAI,
		Unknown: []string{}, Rules: []pageRule{},
	}
	if _, ok := a.Why(page.MaxSnippet); ok {
		rep.MaxSnippet = &a.MaxSnippet
	}
	if _, ok := a.Why(page.MaxVideoPreview); ok {
		rep.MaxVideoPreview = &a.MaxVideoPreview
	}
	if _, ok := a.Why(page.MaxImagePreview); ok {
		rep.MaxImagePreview = &a.MaxImagePreview
	}
	if _, ok := a.Why(page.UnavailableAfter); ok {
		t := a.UnavailableAfter.Format(time.RFC3339Nano)
		rep.UnavailableAfter = &t
	}
	for _, r := range a.Unknown {
		rep.Unknown = append(rep.Unknown, r.Text)
	}
	for _, r := range a.Rules {
		text := r.Text
		if r.From == page.Header && r.Agent != "" {
			text = r.Agent + ": " + text // as written in the header
		}
		rep.Rules = append(rep.Rules, pageRule{From: r.From.String(), Line: r.Line, Text: text})
	}
	return rep
}

// fetchPage fetches the page at url for agent, only when robots.txt
// allows it, and returns its directives, its status and a line of text
// saying what was fetched. When it fetched nothing, it returns nil
// directives and the exit status, having said why.
func (e *env) fetchPage(ctx context.Context, url, agent string) (d *page.Directives, status int, fetched string, exit int) {
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	resp, refused, err := getPage(ctx, &crawl.Checker{FetchTimeout: e.timeout}, url, agent)
	switch {
	case err != nil:
		return nil, 0, "", e.fail(err)
	case refused != nil && unanswered(refused.Explanation):
		// No response at all for robots.txt: a fetch error, as in check.
		x := refused.Explanation
		return nil, 0, "", e.fail(fmt.Errorf("could not fetch %s (%s), so crawlers fetch nothing from its origin: nothing fetched",
			x.Access.URL, x.Access.Err))
	case refused != nil:
		fmt.Fprintf(e.stderr, "robots page: robots.txt forbids %s to fetch %s (%s): nothing fetched\n",
			safe(agent), safe(refused.URL), safe(refused.Explanation.String()))
		return nil, 0, "", exitFound
	}
	defer resp.Body.Close()
	d, err = page.FromResponse(resp)
	switch {
	case errors.Is(err, page.ErrEncoded):
		// A coding the Transport did not ask for, and so did not decode:
		// d holds the rules of the headers.
		e.note("the page is encoded (Content-Encoding: %s): its meta tags are not read, only its X-Robots-Tag headers",
			safe(strings.TrimSpace(resp.Header.Get("Content-Encoding"))))
	case err != nil:
		return nil, 0, "", e.failPage(err)
	}
	final := resp.Request.URL.String()
	fetched = "fetched " + safe(url)
	if final != url {
		fetched += " -> " + safe(final)
	}
	fetched += ": HTTP " + strconv.Itoa(resp.StatusCode)
	if resp.StatusCode/100 != 2 {
		e.note("HTTP %d: crawlers index only pages served with a 2xx status; the rules are shown as read", resp.StatusCode)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16)) // let the connection be reused
	return d, resp.StatusCode, fetched, exitOK
}

// getPage GETs url for agent through a crawl.Transport on checker, which
// fetches only what robots.txt allows: it returns the response, the
// refusal of a URL robots.txt disallows (the page, or a redirect on the
// way), or an error that says which URL could not be fetched.
func getPage(ctx context.Context, checker *crawl.Checker, url, agent string) (*http.Response, *crawl.DisallowedError, error) {
	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: agent}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("%s is not a URL: %w", url, err)
	}
	req.Header.Set("User-Agent", crawl.DefaultUserAgent)
	resp, err := client.Do(req)
	var refused *crawl.DisallowedError
	switch {
	case errors.As(err, &refused):
		return nil, refused, nil
	case err != nil:
		return nil, nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	return resp, nil, nil
}

// unanswered reports whether x refuses a URL because robots.txt got no
// response at all: a fetch error, not an answer of the site.
func unanswered(x robots.Explanation) bool {
	return x.Reason == robots.NoFile && x.Access.State == robots.Unreachable && x.Access.Status == 0
}

// failPage reports an error of the page package, whose messages start
// with "page: ".
func (e *env) failPage(err error) int {
	return e.fail(pageError(err))
}

// pageError is err, an error of package page, without its "page: "
// prefix: the tool names itself.
func pageError(err error) error {
	return errors.New(strings.TrimPrefix(err.Error(), "page: "))
}

// readHTML reads the head of the HTML file name, - for standard input,
// as page and usage read a SOURCE that is not a URL.
func (e *env) readHTML(name string) (*page.Directives, error) {
	r := e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, pageOpenError(name, err)
		}
		defer f.Close()
		r = f
	}
	d, err := page.FromHTML(r)
	if err != nil {
		return nil, pageError(err)
	}
	return d, nil
}

// pageOpenError explains why an HTML file could not be opened.
func pageOpenError(name string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s: no such file: give an HTML file, - for standard input, or an http(s) URL", name)
	}
	return fmt.Errorf("reading %s: %w", name, err)
}
