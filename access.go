package robots

// This file holds what RFC 9309 section 2.3 says about getting a robots.txt
// file, without doing any I/O: the robots.txt URL of a page (URLFor, Origin),
// and the policy an HTTP status stands for (FromStatus, FromAccess).

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/crawlkit/robots/internal/urltext"
)

// ErrBadURL is returned, wrapped, for a URL whose robots.txt cannot be
// named: a relative URL, a scheme other than http and https, or a host or
// port that is not valid.
var ErrBadURL = errors.New("robots: bad URL")

// ErrBadAgent is returned, wrapped, by callers that refuse an agent that is
// neither a product token (see [ValidProductToken]) nor "*", as the Checker
// of package github.com/crawlkit/robots/crawl does. Such an agent would
// name no group and silently fall back to the "*" groups.
var ErrBadAgent = errors.New("robots: agent is not a product token")

// URLFor returns the URL of the robots.txt file that governs pageURL:
// scheme://host[:port]/robots.txt, as RFC 9309 section 2.3 names it. The
// scheme and host are lower-cased, the host is written in ASCII (an
// internationalised name becomes punycode, through idna.Lookup of
// golang.org/x/net/idna), an IPv6 address is kept in brackets in its
// canonical form, and the port is dropped when it is the scheme's default.
// Userinfo, path, query and fragment play no part.
//
// So every spelling of one origin gives one URL:
// "https://BÜCHER.example/a", "https://xn--bcher-kva.example:443/b" and
// "https://user@bücher.example/c" all give
// "https://xn--bcher-kva.example/robots.txt".
//
// URLFor returns an error wrapping [ErrBadURL] for a relative URL, a scheme
// other than http and https, an empty or invalid host, or an invalid port.
// Only the scheme and the authority are read: a page URL with a bad escape
// in its path still has a robots.txt.
//
// ASCII host names are accepted with underscores ("my_host.example"), which
// IDNA forbids but which real hosts use; a name with a non-ASCII byte or a
// label starting with "xn--" must pass idna.Lookup.
func URLFor(pageURL string) (string, error) {
	origin, err := Origin(pageURL)
	if err != nil {
		return "", err
	}
	return origin + "/robots.txt", nil
}

// badURL returns an error wrapping ErrBadURL that names the URL and says
// what is wrong with it.
func badURL(url, why string) error {
	return &urlError{url: url, why: why}
}

type urlError struct{ url, why string }

// Error names the URL with any password replaced by "xxxxx", as
// url.URL.Redacted writes it: crawl logs keep errors.
func (e *urlError) Error() string {
	return "robots: bad URL " + strconv.Quote(urltext.Redact(e.url)) + ": " + e.why
}

func (e *urlError) Unwrap() error { return ErrBadURL }

// Origin returns the origin of pageURL, an absolute http or https URL:
// scheme://host[:port], in the canonical form [URLFor] describes, which is
// URLFor's result without "/robots.txt". Every spelling of one origin gives
// one string, so a crawler that caches robots.txt files can key them by
// it. It returns an error wrapping [ErrBadURL] where URLFor does.
func Origin(pageURL string) (string, error) {
	raw := pageURL
	i := urltext.SchemeEnd(raw)
	if i == 0 {
		return "", badURL(raw, "not an absolute URL")
	}
	scheme := strings.ToLower(raw[:i])
	if scheme != "http" && scheme != "https" {
		return "", badURL(raw, "scheme "+strconv.Quote(raw[:i])+" is not http or https")
	}
	rest := raw[i+1:]
	if !strings.HasPrefix(rest, "//") {
		return "", badURL(raw, "no host")
	}
	rest = rest[2:]
	// The authority ends at the path, the query or the fragment.
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		rest = rest[:end]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:] // userinfo
	}
	host, port := rest, ""
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return "", badURL(raw, "unclosed IPv6 address")
		}
		host, port = rest[:end+1], rest[end+1:]
		if port != "" && port[0] != ':' {
			return "", badURL(raw, "text after the IPv6 address")
		}
	} else if colon := strings.LastIndexByte(rest, ':'); colon >= 0 {
		host, port = rest[:colon], rest[colon:]
	}
	port, ok := canonicalPort(scheme, strings.TrimPrefix(port, ":"))
	if !ok {
		return "", badURL(raw, "invalid port")
	}
	host, ok = canonicalHost(host)
	if !ok {
		return "", badURL(raw, "invalid host")
	}
	if port != "" {
		return scheme + "://" + host + ":" + port, nil
	}
	return scheme + "://" + host, nil
}

// canonicalPort returns port without leading zeros, or "" when it is empty
// or the default port of scheme. It reports false for a port that is not a
// number from 0 to 65535.
func canonicalPort(scheme, port string) (string, bool) {
	if port == "" {
		return "", true
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return "", false
		}
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return "", false
	}
	if scheme == "http" && n == 80 || scheme == "https" && n == 443 {
		return "", true
	}
	return strconv.FormatUint(n, 10), true
}

// canonicalHost returns host in the form origins use: an IPv6 address in
// brackets in its canonical form, any other host in lower-case ASCII. It
// reports false for a host that is not valid.
func canonicalHost(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	if host[0] == '[' {
		inner := strings.Replace(host[1:len(host)-1], "%25", "%", 1) // a zone is written %25zone
		a, err := netip.ParseAddr(inner)
		if err != nil || !a.Is6() {
			return "", false
		}
		return "[" + strings.Replace(a.String(), "%", "%25", 1) + "]", true
	}
	if !needsIDNA(host) {
		return asciiHost(host)
	}
	if !utf8.ValidString(host) {
		return "", false // idna would map the bad bytes to U+FFFD
	}
	h, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", false
	}
	// What idna writes must read back as itself, or two spellings would
	// name one origin differently.
	if again, err := idna.Lookup.ToASCII(h); err != nil || again != h {
		return "", false
	}
	return asciiHost(h)
}

// needsIDNA reports whether host has a byte outside ASCII or a label that
// starts with "xn--", which idna.Lookup must map or check.
func needsIDNA(host string) bool {
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return true
		}
		if (i == 0 || host[i-1] == '.') && len(host)-i >= 4 && strings.EqualFold(host[i:i+4], "xn--") {
			return true
		}
	}
	return false
}

// asciiHost returns host in lower case when it is made of ASCII letters,
// digits, '-', '_' and '.' in non-empty labels (a final '.' allowed). For
// such names idna.Lookup only lower-cases, but it refuses '_', which real
// host names use, and it lets empty labels through.
func asciiHost(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	label := 0 // bytes of the current label
	for i := 0; i < len(host); i++ {
		c := host[i]
		switch {
		case c == '.':
			if label == 0 {
				return "", false
			}
			label = 0
			continue
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_':
		default:
			return "", false
		}
		label++
	}
	return strings.ToLower(host), true
}

// An AccessState says how a robots.txt file was obtained, in the terms of
// RFC 9309 section 2.3.1. The zero AccessState is Parsed.
type AccessState int

const (
	// Parsed: the rules were parsed from a body (a 2xx response, or bytes
	// given to Parse).
	Parsed AccessState = iota
	// Unavailable: the server said there is no robots.txt (a 4xx status
	// other than 429, too many redirects, or another status a crawler
	// cannot use), or the origin has been unreachable so long that it
	// counts as unavailable. Every URL is allowed.
	Unavailable
	// Unreachable: the server could not be reached or failed (a 5xx
	// status, 429, a network error or a timeout). Every URL is
	// disallowed, unless a last good copy of the file is served
	// (Access.GoodCopy).
	Unreachable
)

var stateNames = [...]string{
	Parsed:      "parsed",
	Unavailable: "unavailable",
	Unreachable: "unreachable",
}

// String returns "parsed", "unavailable" or "unreachable", and
// "AccessState(N)" for a value that is none of them.
func (s AccessState) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "AccessState(" + strconv.Itoa(int(s)) + ")"
}

// Access says how a [File] was obtained: what was fetched, what came back
// and for how long the answer holds. It is a plain value, filled in by
// whoever fetched the file (the Checker of package
// github.com/crawlkit/robots/crawl, [FromStatus], or a caller's own
// fetcher through [Options.FromAccess]); this package only reads State and
// GoodCopy to decide, and the rest to explain. [File.Access] returns it;
// it is the zero Access for a File made by [Parse] or [ParseReader]: State
// Parsed, nothing fetched, zero times (none known).
type Access struct {
	State    AccessState
	URL      string // the robots.txt URL asked for
	FinalURL string // the URL of the last request, after redirects
	// Redirects is how many redirects were followed (RFC 9309 section
	// 2.3.1.2 asks for at least five), one more than the limit when the
	// last one was not followed (too many redirects: unavailable).
	Redirects int
	// Status is the HTTP status of the last response, 0 when there was
	// none (a network error or a timeout) or none that could be used (Err
	// says why).
	Status int
	// Err says what went wrong, in a few words an explanation shows: the
	// text of a network error, "timeout", "too many redirects", a redirect
	// that cannot be followed (`redirect to "ftp://..."`), a body that
	// could not be read (`reading the body: unexpected EOF`, `content
	// coding "br"`), a status outside 100-599 ("HTTP 999"), or why an
	// unreachable origin now counts as unavailable ("unreachable for 30
	// days"). It is "" when the last response was used as it came. URLs in
	// it show no password.
	Err      string
	Bytes    int       // body bytes read, after decompression
	Fetched  time.Time // when the fetch ended
	Expires  time.Time // when the file is fetched again
	Failures int       // fetches in a row that found the origin unreachable
	// UnreachableSince is when the first of those failures happened.
	UnreachableSince time.Time
	// GoodCopy reports whether the rules are those of the last good copy
	// (the last 2xx response), served while the origin is unreachable.
	// GoodFetched is when that copy was fetched.
	GoodCopy    bool
	GoodFetched time.Time
	// Stored reports whether the file came from a store shared with other
	// crawlers rather than from a fetch of the crawler itself.
	Stored bool
}

// detail says in a few words what made an unavailable or unreachable
// state: "HTTP 503", "timeout", "too many redirects".
func (a *Access) detail() string {
	switch {
	case a.Err != "":
		return a.Err
	case a.Status != 0:
		return "HTTP " + strconv.Itoa(a.Status)
	}
	return "no response"
}

// Access returns how f was obtained. It is the zero Access for a File made
// by [Parse] or [ParseReader].
func (f *File) Access() Access {
	if f == nil || f.access == nil {
		return Access{}
	}
	return *f.access
}

// StateFor returns the access state a final HTTP status stands for, as RFC
// 9309 section 2.3.1 says: 2xx [Parsed]; 5xx and 429 [Unreachable]; 0,
// which stands for no response at all (a network error or a timeout), and
// any number outside 100-599, which no HTTP server sends, Unreachable too;
// anything else (4xx, a 3xx left after the redirects, a 1xx)
// [Unavailable]. [Options.FromStatus] applies it.
func StateFor(status int) AccessState {
	switch {
	case status >= 200 && status <= 299:
		return Parsed
	case status < 100, status > 599, status == 429, status >= 500:
		return Unreachable
	}
	return Unavailable
}

// FromStatus returns the policy of a robots.txt fetched with the given
// final HTTP status and body, with the default options. See
// [Options.FromStatus].
func FromStatus(status int, body []byte) *File {
	return Options{}.FromStatus(status, body)
}

// FromStatus returns the policy of a robots.txt fetched with the given
// final HTTP status (after redirects) and body, as RFC 9309 section 2.3.1
// says, for callers that fetch robots.txt their own way. It does no I/O:
//
//   - 2xx: the body is parsed (at most the parse limit);
//   - 4xx other than 429 ("unavailable"): every URL is allowed;
//   - 5xx and 429 ("unreachable"): every URL is disallowed, whatever the
//     body says; 429 is unreachable as Google's crawler treats it, while
//     RFC 9309 counts it among the 4xx;
//   - 0, which stands for no response at all (a network error or a
//     timeout), and any number outside 100-599, which no HTTP server
//     sends (a server that answers 999 did not answer in HTTP), are
//     "unreachable" too;
//   - any other status, such as a 3xx left after five redirects or a 1xx,
//     is "unavailable".
//
// The body is used only for a 2xx status. The File explains itself:
// [File.Explain] gives the Reason [NoFile] when the status decided, and
// [File.Access] the state and status. An unreachable File holds one group,
// "User-agent: *" with "Disallow: /", so that [File.Group] disallows
// everything too; like every File it still allows /robots.txt itself.
func (o Options) FromStatus(status int, body []byte) *File {
	a := Access{State: StateFor(status), Status: status}
	if a.State == Parsed {
		a.Bytes = min(len(body), o.Limit()+1)
	}
	return o.FromAccess(a, body)
}

// disallowAll is the body of an unreachable policy.
var disallowAll = []byte("User-agent: *\nDisallow: /\n")

// FromAccess returns the File that a stands for, for callers that fetch
// and cache robots.txt their own way and keep more than a status (see
// [Access]): body parsed with o when a.State is [Parsed] or a.GoodCopy is
// set (body is then the good copy), every URL allowed when a.State is
// [Unavailable], every URL disallowed when it is [Unreachable]. body is
// not used otherwise, and not kept. [File.Access] returns a, and
// [File.Explain] explains with it.
func (o Options) FromAccess(a Access, body []byte) *File {
	var f *File
	switch {
	case a.State == Parsed || a.GoodCopy:
		f = o.Parse(body)
	case a.State == Unreachable:
		f = o.Parse(disallowAll)
	default:
		f = o.Parse(nil)
	}
	f.access = &a
	return f
}
