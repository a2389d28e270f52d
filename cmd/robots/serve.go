package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/lint"
)

const serveHelp = `usage: robots serve [-addr HOST:PORT] [-max-bytes N] [-timeout D]

Serve runs the robots.txt tester, a web page, and prints the URL to open:

	robots serve: open http://127.0.0.1:8080/ in a browser; Ctrl-C stops it

On the page: edit a draft robots.txt (line numbers, the lint findings
beside their lines); test URLs for several crawlers at once, each result
with its verdict and the line that decides it (click it to see it in the
file) or why no line did; load the live robots.txt of a site (its status,
redirects and size shown) and compare the draft with it: the verdicts that
change. The page's state (file, crawlers, URLs, live site) is in its URL,
so a copied link reproduces the test; a link such as

	/?robots=User-agent%3A%20*%0ADisallow%3A%20%2Fx&agent=Googlebot&url=/x

(robots, agent, url and live, each percent-encoded; agent and url
repeatable) opens with its results shown. The page is built into the
program: it loads nothing from other sites and works offline.

Below the results, "AI crawlers" shows the table of 'robots ai' for the
draft: which crawlers of the ai.robots.txt list may fetch /, the line that
decides, and where the Content-Signal or Content-Usage disagrees.

Security: the server listens on loopback (127.0.0.1) unless -addr says
otherwise. It refuses (403) a request whose Host is not the address it
serves, as a DNS rebinding attack sends, and a POST whose Origin (or
Sec-Fetch-Site) is another site. It fetches only http(s) URLs, through the
limits of a crawler (the parse limit, -timeout, five redirects), at most 4
at a time: a fetch goes on when its client goes away, and while 4 are
under way another gets 503 at once. A request body is at most 4 times the
parse limit plus 1 MiB (3096576 bytes by default); a larger one gets 413.

Options:
  -addr HOST:PORT  the address to listen on (default 127.0.0.1:8080); port
                   0 picks a free port. Any address but loopback lets
                   whoever reaches it use the page and make this program
                   fetch URLs.
  -max-bytes N     parse the first N bytes of a file (default and least
                   512000; at most 33554432).
  -timeout D       how long a live fetch may take (default 30s).

The page calls a JSON API, which scripts can call too: POST, with
Content-Type application/json.

	POST /api/check  {"robots": "User-agent: *\n...", "agents": ["Googlebot"],
	                  "urls": ["/x", "https://example.com/y"],
	                  "live": null}   // or a live file to compare the draft
	                                  // with: {"status": 200, "body": BASE64}
	{
	  "agents": ["Googlebot"],        // the product tokens checked (default *)
	  "urls": ["/x", "https://example.com/y"],  // the URLs checked
	  "notes": [],                    // agents and URLs left out or changed
	  "groups": [{"agent": "Googlebot", "group": {...}, "text": "..."}],
	                                  // the group of each agent, as in
	                                  // 'robots help check', and in words
	  "results": [{"agent": "Googlebot", "url": "/x", "allowed": false, ...}],
	                                  // each URL for each agent: the fields of
	                                  // check's "results", with the agent and
	                                  // its Content-Signal and Content-Usage
	  "findings": [...],              // lint's findings, as in 'robots help lint'
	  "unlisted": 0,                  // findings not listed (not a robots.txt)
	  "live": null                    // with a live file: {"checked": 2,
	}                                 // "changes": [...]}, as diff's: "old" is
	                                  // the live file's result, "new" the draft's

	POST /api/live  {"url": "https://example.com/"}
	{
	  "fetch": {...},                 // as check's "fetch"
	  "summary": "fetched ...",       // the fetch in words
	  "text": "User-agent: *\n...",   // the body (a 2xx), as text (not UTF-8: U+FFFD)
	  "body": "BASE64",               // the body's bytes, for /api/check's "live"
	  "cut": false                    // the body goes on past the parse limit
	}

	POST /api/ai  {"robots": "User-agent: *\n...", "paths": ["/"]}
	                                  // at most 20 paths (default /)
	{...}                             // as 'robots ai -json' writes it, for
	                                  // the draft (source "draft")

	GET /api/stats
	{...}                             // what the crawl.Checkers of the live
	                                  // fetches did since the server started,
	                                  // summed, as check's "stats"; entries
	                                  // and bytes are 0 (no file is kept),
	                                  // fetching the live fetches under way

An error is a status other than 200 and {"error": "..."}. A check takes at
most 50 agents, 1000 URLs of at most 8192 bytes, and 2000 pairs of them,
and its answer holds at most 8 MiB of text.

Exit status: 0 when stopped (Ctrl-C), 2 for a usage error or an address
that cannot be listened on.
`

// Limits of the tester's API.
const (
	maxLiveRequest = 64 << 10 // bytes of a /api/live request
	maxAgents      = 50       // agents of a check
	maxURLs        = 1000     // URLs of a check
	maxURLBytes    = 8192     // bytes of a URL
	maxPairs       = 2000     // agents times URLs
	maxFetches     = 4        // live fetches at once
	// maxAnswer bounds the text of a check's answer (its strings, before
	// JSON escapes them): a rule of 16 KB that decides every URL is
	// repeated in each result.
	maxAnswer = 8 << 20
)

// maxCheckRequest bounds the body of a /api/check request for the parse
// limit: the draft and the live file, JSON-escaped, and the URLs.
func maxCheckRequest(limit int) int64 {
	return 4*int64(limit) + 1<<20
}

// web holds the page: index.html, app.js and style.css.
//
//go:embed web
var web embed.FS

// assets are the files of the page, by the path they are served at.
var assets = map[string]struct{ file, ctype string }{
	"/":          {"web/index.html", "text/html; charset=utf-8"},
	"/app.js":    {"web/app.js", "text/javascript; charset=utf-8"},
	"/style.css": {"web/style.css", "text/css; charset=utf-8"},
}

// csp lets the page load its own assets only: it works offline and sends
// nothing elsewhere.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

func runServe(ctx context.Context, e *env, args []string) int {
	fl := newFlags(e)
	addr := fl.String("addr", "127.0.0.1:8080", "")
	fl.maxBytesFlag()
	fl.timeoutFlag()
	pos, o, status, ok := fl.parseOptions(args)
	if !ok {
		return status
	}
	if len(pos) > 0 {
		return e.usageError("serve takes no arguments: give the address with -addr HOST:PORT")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return e.fail(fmt.Errorf("listening on %s: %w", *addr, err))
	}
	sv := newServer(ln.Addr().(*net.TCPAddr), *addr, o, e.timeout)
	fmt.Fprintf(e.stdout, "robots serve: open %s in a browser; Ctrl-C stops it\n", sv.url)
	if err := e.stdout.Flush(); err != nil {
		ln.Close()
		return exitFailure // run reports the write error
	}
	if !sv.loopback {
		e.note("%s is not a loopback address: whoever reaches it can use the tester and make it fetch URLs", ln.Addr())
	}
	srv := &http.Server{
		Handler:           sv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      e.timeout + time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
		stop, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(stop)
		return exitOK
	case err := <-done:
		return e.fail(fmt.Errorf("serving: %w", err))
	}
}

// A server serves the tester's page and API.
type server struct {
	opts     robots.Options
	limit    int           // the parse limit
	timeout  time.Duration // of a live fetch
	url      string        // the URL to open
	loopback bool          // it listens on loopback only
	// hosts are the Host header values it answers, lower case; with
	// anyIP, it also answers any IP address with its port.
	hosts   map[string]bool
	anyIP   bool
	port    string
	fetches chan struct{} // a semaphore of live fetches
	stats   statsTotal    // of the live fetches, see stats.go
	mux     *http.ServeMux
}

// newServer returns the server of the listener at addr, listening where
// given (the -addr value) said.
func newServer(addr *net.TCPAddr, given string, o robots.Options, timeout time.Duration) *server {
	sv := &server{
		opts:    o,
		limit:   o.Limit(),
		timeout: timeout,
		hosts:   map[string]bool{},
		port:    strconv.Itoa(addr.Port),
		fetches: make(chan struct{}, maxFetches),
	}
	add := func(host string) {
		hp := strings.ToLower(net.JoinHostPort(host, sv.port))
		sv.hosts[hp] = true
		if sv.port == "80" { // a browser leaves out the default port
			sv.hosts[strings.TrimSuffix(hp, ":80")] = true
		}
	}
	name, _, _ := net.SplitHostPort(given)
	urlHost := addr.IP.String()
	if name != "" && net.ParseIP(name) == nil {
		add(name) // a host name, as given
		urlHost = name
	}
	switch {
	case addr.IP.IsUnspecified():
		sv.anyIP = true
		add("localhost")
		if urlHost == addr.IP.String() {
			urlHost = "localhost"
		}
	default:
		add(addr.IP.String())
		if addr.IP.IsLoopback() {
			add("localhost")
		}
	}
	sv.loopback = addr.IP.IsLoopback()
	sv.url = "http://" + net.JoinHostPort(urlHost, sv.port) + "/"

	sv.mux = http.NewServeMux()
	for path := range assets {
		pattern := "GET " + path
		if path == "/" {
			pattern += "{$}"
		}
		sv.mux.HandleFunc(pattern, serveAsset)
	}
	sv.mux.HandleFunc("POST /api/check", sv.handleCheck)
	sv.mux.HandleFunc("POST /api/live", sv.handleLive)
	sv.mux.HandleFunc("POST /api/ai", sv.handleAI)      // aiserve.go
	sv.mux.HandleFunc("GET /api/stats", sv.handleStats) // stats.go
	return sv
}

// ServeHTTP refuses requests for another Host and POSTs from other sites,
// then serves the page and the API.
func (sv *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	if !sv.allowedHost(r.Host) {
		// A page of another site whose name now resolves to this address
		// (DNS rebinding) sends its own name as Host.
		writeError(w, http.StatusForbidden, "Host %q is not the address this server serves: open %s", r.Host, sv.url)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead && !sv.sameOrigin(r) {
		writeError(w, http.StatusForbidden, "a page of another site (Origin %q) may not use this tester", r.Header.Get("Origin"))
		return
	}
	sv.mux.ServeHTTP(w, r)
}

// allowedHost reports whether host, a Host header, names this server.
func (sv *server) allowedHost(host string) bool {
	host = strings.ToLower(host)
	if sv.hosts[host] {
		return true
	}
	if !sv.anyIP {
		return false
	}
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.Trim(host, "[]"), "80"
	}
	return port == sv.port && net.ParseIP(name) != nil
}

// sameOrigin reports whether a request that changes or fetches something
// comes from the tester's own page, or from no page at all (a script that
// sends no Origin). Browsers send Origin with every POST.
func (sv *server) sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default: // cross-site, same-site (another port or subdomain)
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "http" && u.User == nil && u.Path == "" && u.RawQuery == "" && sv.allowedHost(u.Host)
}

func serveAsset(w http.ResponseWriter, r *http.Request) {
	a := assets[r.URL.Path]
	body, err := web.ReadFile(a.file)
	if err != nil { // cannot happen: the files are built in
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", a.ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// A checkRequest is the body of a /api/check request.
type checkRequest struct {
	Robots string    `json:"robots"`
	Agents []string  `json:"agents"`
	URLs   []string  `json:"urls"`
	Live   *liveFile `json:"live"`
}

// A liveFile is what a live fetch got, as /api/live gives it: the final
// status (0 for no response) and the body.
type liveFile struct {
	Status int    `json:"status"`
	Body   []byte `json:"body"`
}

// serveCheck is the answer to a /api/check request.
type serveCheck struct {
	Agents   []string      `json:"agents"`
	URLs     []string      `json:"urls"`
	Notes    []string      `json:"notes"`
	Groups   []serveGroup  `json:"groups"`
	Results  []checkItem   `json:"results"`
	Findings []finding     `json:"findings"`
	Unlisted int           `json:"unlisted"`
	Live     *serveCompare `json:"live"`
}

// serveGroup is the group that applies to an agent.
type serveGroup struct {
	Agent string    `json:"agent"`
	Group *groupRef `json:"group"`
	Text  string    `json:"text"`
}

// serveCompare is how the verdicts of the draft differ from the live
// file's: Old is the live file's result, New the draft's.
type serveCompare struct {
	Checked int          `json:"checked"`
	Changes []diffChange `json:"changes"`
}

// A liveRequest is the body of a /api/live request.
type liveRequest struct {
	URL string `json:"url"`
}

// serveLive is the answer to a /api/live request.
type serveLive struct {
	Fetch   *fetchInfo `json:"fetch"`
	Summary string     `json:"summary"`
	Text    string     `json:"text"`
	Body    []byte     `json:"body"`
	Cut     bool       `json:"cut"`
}

// An apiError is an answer the client can act on, with its status.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, a ...any) error {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

// decodeRequest reads the JSON object of a request body into v: one
// object, with known fields only.
func decodeRequest(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if mb := new(http.MaxBytesError); errors.As(err, &mb) {
			return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", mb.Limit)}
		}
		return badRequest("the request is not the JSON object expected: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if mb := new(http.MaxBytesError); errors.As(err, &mb) {
			return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", mb.Limit)}
		}
		return badRequest("the request goes on after its JSON object")
	}
	return nil
}

// readRequest checks that r carries JSON and decodes at most max bytes of
// its body into v.
func readRequest(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "application/json" {
		return &apiError{http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json"}
	}
	if r.ContentLength > max {
		return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", max)}
	}
	return decodeRequest(http.MaxBytesReader(w, r.Body, max), v)
}

func (sv *server) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req checkRequest
	if err := readRequest(w, r, maxCheckRequest(sv.limit), &req); err != nil {
		writeErr(w, err)
		return
	}
	rep, err := sv.check(r.Context(), req)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeAnswer(w, rep)
}

// check answers a /api/check request.
func (sv *server) check(ctx context.Context, req checkRequest) (*serveCheck, error) {
	rep := &serveCheck{Notes: []string{}, Groups: []serveGroup{}, Results: []checkItem{}}
	if len(req.Agents) > maxAgents {
		return nil, badRequest("%d agents: give at most %d", len(req.Agents), maxAgents)
	}
	if len(req.URLs) > maxURLs {
		return nil, badRequest("%d URLs: give at most %d", len(req.URLs), maxURLs)
	}
	rep.Agents, rep.Notes = checkAgents(req.Agents, rep.Notes)
	rep.URLs, rep.Notes = checkURLs(req.URLs, rep.Notes)
	if n := len(rep.Agents) * len(rep.URLs); n > maxPairs {
		return nil, badRequest("%d agents and %d URLs make %d checks: give at most %d", len(rep.Agents), len(rep.URLs), n, maxPairs)
	}

	// The draft is read as check reads standard input.
	e := &env{stdin: strings.NewReader(req.Robots), stderr: io.Discard, cmd: "serve"}
	s, err := e.load(ctx, "-", sv.opts)
	if err != nil {
		return nil, err
	}
	s.name = "draft"
	size := 0 // of the answer's text, which grow bounds
	grow := func(n int) error {
		if size += n; size > maxAnswer {
			return badRequest("the answer would be larger than %d bytes: check fewer URLs or agents", maxAnswer)
		}
		return nil
	}
	for _, a := range rep.Agents {
		g := appliedGroup(s, a)
		sg := serveGroup{Agent: a, Group: g, Text: groupText(s, a, g)}
		if err := grow(2*len(sg.Text) + 64); err != nil {
			return nil, err
		}
		rep.Groups = append(rep.Groups, sg)
	}
	for _, u := range rep.URLs {
		for _, a := range rep.Agents {
			it := checkPrefs(s.file, a, u, checkItem{Agent: a, checkResult: result(u, s.file.Explain(a, u))})
			if err := grow(resultSize(it.checkResult) + prefsSize(it)); err != nil {
				return nil, err
			}
			rep.Results = append(rep.Results, it)
		}
	}
	rep.Findings, rep.Unlisted = lintFile(s, lint.Options{Parse: sv.opts})
	if rep.Findings == nil {
		rep.Findings = []finding{}
	}
	for _, f := range rep.Findings {
		if err := grow(len(f.Message) + 64); err != nil {
			return nil, err
		}
	}
	if req.Live != nil {
		live := sv.opts.FromStatus(req.Live.Status, req.Live.Body)
		c := &serveCompare{}
		c.Checked, c.Changes = verdictChanges(live, s.file, rep.Agents, rep.URLs)
		for _, ch := range c.Changes {
			if err := grow(resultSize(ch.Old)); err != nil {
				return nil, err
			}
		}
		rep.Live = c
	}
	return rep, nil
}

// resultSize is about the size of a result's text in an answer.
func resultSize(r checkResult) int {
	n := len(r.URL) + len(r.Path) + len(r.Explanation) + 128
	if r.Rule != nil {
		n += len(r.Rule.Pattern)
	}
	return n
}

// prefsSize is about the size of the preferences of a result in an
// answer.
func prefsSize(it checkItem) int {
	n := 0
	for _, m := range []map[string]string{it.ContentSignal, it.ContentUsage} {
		for k, v := range m {
			n += 2*(len(k)+len(v)) + 8 // as JSON escapes at worst
		}
	}
	return n
}

// checkAgents returns the product tokens of agents, each once (compared
// without regard to case), "*" when there are none, and notes for those
// left out or cut to their token.
func checkAgents(agents, notes []string) ([]string, []string) {
	out := []string{}
	seen := map[string]bool{}
	for _, a := range agents {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		tok := a
		if a != "*" && !robots.ValidProductToken(a) {
			tok = robots.ProductToken(a)
			if tok == "" {
				notes = append(notes, fmt.Sprintf("agent %q is not a product token (letters, '-' and '_', such as Googlebot): left out", a))
				continue
			}
			notes = append(notes, fmt.Sprintf("agent %q is read as its product token %q", a, tok))
		}
		if k := strings.ToLower(tok); !seen[k] {
			seen[k] = true
			out = append(out, tok)
		}
	}
	if len(out) == 0 {
		out = append(out, "*")
	}
	return out, notes
}

// checkURLs returns the URLs to check: those that are absolute http(s)
// URLs or paths, without blank lines and lines starting with '#', and
// notes for those left out.
func checkURLs(urls, notes []string) ([]string, []string) {
	out := []string{}
	for _, u := range urls {
		u = strings.TrimSpace(u)
		switch {
		case u == "" || strings.HasPrefix(u, "#"):
		case len(u) > maxURLBytes:
			notes = append(notes, fmt.Sprintf("a URL of %d bytes is left out: give at most %d", len(u), maxURLBytes))
		case !validTarget(u):
			notes = append(notes, fmt.Sprintf("%q is not a URL: give an absolute http(s) URL or a path starting with /", u))
		default:
			out = append(out, u)
		}
	}
	return out, notes
}

func (sv *server) handleLive(w http.ResponseWriter, r *http.Request) {
	var req liveRequest
	if err := readRequest(w, r, maxLiveRequest, &req); err != nil {
		writeErr(w, err)
		return
	}
	u, err := liveURL(req.URL)
	if err != nil {
		writeErr(w, err)
		return
	}
	// A slot is held until the fetch ends, not until this request does:
	// the fetch goes on when its client goes away (as a Checker's does,
	// for at most -timeout), so a client that cancels frees no slot. With
	// none free, the answer is 503 at once, rather than a wait behind
	// fetches that may each take -timeout.
	select {
	case sv.fetches <- struct{}{}:
	default:
		writeErr(w, &apiError{http.StatusServiceUnavailable,
			fmt.Sprintf("%d live fetches are under way, the most at once: try again when one has ended", maxFetches)})
		return
	}
	type result struct {
		s   *source
		err error
	}
	done := make(chan result, 1)
	go func() {
		// The tool's fetch: a crawler's Checker, with its limits.
		e := &env{stderr: io.Discard, cmd: "serve", timeout: sv.timeout}
		s, err := e.fetch(context.WithoutCancel(r.Context()), u, sv.opts)
		if s != nil && s.stats != nil {
			sv.stats.add(*s.stats)
		}
		<-sv.fetches // before the answer: its client may ask again at once
		done <- result{s, err}
	}()
	var res result
	select {
	case res = <-done:
	case <-r.Context().Done():
		return
	}
	s, err := res.s, res.err
	if err != nil {
		writeErr(w, &apiError{http.StatusBadGateway, strings.TrimPrefix(err.Error(), "robots: ")})
		return
	}
	writeAnswer(w, serveLive{Fetch: s.fetch, Summary: s.fetch.text(), Text: string(s.body), Body: s.body, Cut: s.cut})
}

// liveURL checks the URL of a /api/live request: an absolute http(s) URL
// whose robots.txt can be named.
func liveURL(raw string) (string, error) {
	u := strings.TrimSpace(raw)
	if !isURL(u) {
		return "", badRequest("%q is not an http(s) URL: give the address of a site, such as https://example.com/", u)
	}
	if _, err := robots.URLFor(u); err != nil {
		return "", badRequest("%s", strings.TrimPrefix(err.Error(), "robots: "))
	}
	return u, nil
}

// writeAnswer writes v as the JSON answer of a request.
func writeAnswer(w http.ResponseWriter, v any) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(b.Bytes())
}

// writeErr writes err as the answer of a request: its status for an
// apiError, 500 otherwise.
func writeErr(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	if ae := new(apiError); errors.As(err, &ae) {
		status = ae.status
	}
	writeError(w, status, "%s", err.Error())
}

// writeError writes an error answer: {"error": "..."} with the status.
func writeError(w http.ResponseWriter, status int, format string, a ...any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf(format, a...)})
}
