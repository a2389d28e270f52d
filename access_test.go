package robots_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

func TestURLFor(t *testing.T) {
	tests := []struct {
		name, page, want string
	}{
		{"plain", "https://example.com/a/b?c#d", "https://example.com/robots.txt"},
		{"no path", "http://example.com", "http://example.com/robots.txt"},
		{"query only", "http://example.com?q=1", "http://example.com/robots.txt"},
		{"upper-case scheme and host", "HTTPS://WWW.Example.COM/X", "https://www.example.com/robots.txt"},
		{"default http port", "http://example.com:80/a", "http://example.com/robots.txt"},
		{"default https port", "https://example.com:443/a", "https://example.com/robots.txt"},
		{"443 on http is kept", "http://example.com:443/a", "http://example.com:443/robots.txt"},
		{"other port", "https://example.com:8443/a", "https://example.com:8443/robots.txt"},
		{"port with leading zeros", "http://example.com:0080/a", "http://example.com/robots.txt"},
		{"empty port", "http://example.com:/a", "http://example.com/robots.txt"},
		{"userinfo", "https://user:pa:ss@example.com/a", "https://example.com/robots.txt"},
		{"userinfo with at", "https://a@b@example.com/", "https://example.com/robots.txt"},
		{"IDN upper case", "https://BÜCHER.example/a", "https://xn--bcher-kva.example/robots.txt"},
		{"IDN lower case", "https://bücher.example/a", "https://xn--bcher-kva.example/robots.txt"},
		{"punycode", "https://xn--bcher-kva.example/a", "https://xn--bcher-kva.example/robots.txt"},
		{"punycode upper case", "https://XN--BCHER-KVA.example/a", "https://xn--bcher-kva.example/robots.txt"},
		{"IPv4", "http://127.0.0.1:8080/x", "http://127.0.0.1:8080/robots.txt"},
		{"IPv6", "http://[::1]:8080/x", "http://[::1]:8080/robots.txt"},
		{"IPv6 default port", "https://[2001:DB8::1]:443/x", "https://[2001:db8::1]/robots.txt"},
		{"IPv6 long form", "http://[2001:db8:0:0:0:0:0:1]/", "http://[2001:db8::1]/robots.txt"},
		{"underscore host", "http://my_host.example/", "http://my_host.example/robots.txt"},
		{"bad escape in path", "http://example.com/%zz", "http://example.com/robots.txt"},
		{"trailing dot kept", "http://example.com./", "http://example.com./robots.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := robots.URLFor(tt.page)
			if err != nil {
				t.Fatalf("URLFor(%q): %v", tt.page, err)
			}
			if got != tt.want {
				t.Errorf("URLFor(%q) = %q, want %q", tt.page, got, tt.want)
			}
		})
	}
}

func TestURLForRefuses(t *testing.T) {
	for _, page := range []string{
		"",
		"/relative/path",
		"relative/path",
		"//example.com/scheme-relative",
		"example.com/no-scheme",
		"ftp://example.com/file",
		"file:///etc/passwd",
		"mailto:someone@example.com",
		"javascript:alert(1)",
		"http:/one-slash",
		"http:example.com",
		"http://",
		"http:///path",
		"http://user@/path",
		"http://example.com:99999/",
		"http://example.com:80a/",
		"http://example.com:-1/",
		"http://exa mple.com/",
		"http://exa%41mple.com/",
		"http://[::1/",
		"http://[::1]x/",
		"http://[127.0.0.1]/",
		"http://[zz]/",
		"http://a..b/",
		"http://.example.com/",
		"http://xn--a.example/", // bad punycode
		"http://ex\x00ample.com/",
	} {
		t.Run(page, func(t *testing.T) {
			got, err := robots.URLFor(page)
			if !errors.Is(err, robots.ErrBadURL) {
				t.Errorf("URLFor(%q) = %q, %v; want an error wrapping ErrBadURL", page, got, err)
			}
		})
	}
}

// TestBadURLHidesPassword: the error of a bad URL names it, with any
// password replaced as url.URL.Redacted does, since crawl logs keep
// errors.
func TestBadURLHidesPassword(t *testing.T) {
	tests := []struct{ url, want string }{
		{"ftp://bot:s3cret@example.com/", `robots: bad URL "ftp://bot:xxxxx@example.com/": scheme "ftp" is not http or https`},
		{"http://bot:s3cret@exa mple.com/", `robots: bad URL "http://bot:xxxxx@exa mple.com/": invalid host`},
		{"http://bot:s3:cr@et@example.com:99999/a@b", `robots: bad URL "http://bot:xxxxx@example.com:99999/a@b": invalid port`},
		{"http://bot:s3cret@[::1/", `robots: bad URL "http://bot:xxxxx@[::1/": unclosed IPv6 address`},
		{"//bot:s3cret@example.com/x", `robots: bad URL "//bot:xxxxx@example.com/x": not an absolute URL`},
		{"bot:s3cret@example.com/x", `robots: bad URL "bot:xxxxx@example.com/x": scheme "bot" is not http or https`},
		// A user name alone is no secret, and an '@' past the authority
		// is no userinfo.
		{"ftp://bot@example.com/", `robots: bad URL "ftp://bot@example.com/": scheme "ftp" is not http or https`},
		{"ftp://example.com/a:b@c", `robots: bad URL "ftp://example.com/a:b@c": scheme "ftp" is not http or https`},
		// Without "//", a scheme cannot be told from a user name: all
		// that follows the first ':' up to the '@' is hidden.
		{"mailto:someone@example.com", `robots: bad URL "mailto:xxxxx@example.com": scheme "mailto" is not http or https`},
	}
	for _, tt := range tests {
		_, err := robots.URLFor(tt.url)
		if err == nil || err.Error() != tt.want || !errors.Is(err, robots.ErrBadURL) {
			t.Errorf("URLFor(%q) error = %v, want %s", tt.url, err, tt.want)
		}
	}
}

func TestFromStatus(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /private\n")
	tests := []struct {
		status  int
		allowed bool // for /private/x
		open    bool // for /open
		reason  robots.Reason
		state   robots.AccessState
		explain string // for /private/x
	}{
		{200, false, true, robots.RuleMatched, robots.Parsed, "line 2: Disallow: /private"},
		{204, false, true, robots.RuleMatched, robots.Parsed, "line 2: Disallow: /private"},
		{301, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 301): all allowed"},
		{400, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 400): all allowed"},
		{401, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 401): all allowed"},
		{403, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 403): all allowed"},
		{404, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 404): all allowed"},
		{410, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 410): all allowed"},
		{429, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 429): all disallowed"},
		{500, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 500): all disallowed"},
		{503, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 503): all disallowed"},
		{599, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 599): all disallowed"},
		{100, true, true, robots.NoFile, robots.Unavailable, "robots.txt unavailable (HTTP 100): all allowed"},
		// 0 is no response at all: a network error or a timeout.
		{0, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (no response): all disallowed"},
		// A number outside 100-599 is no HTTP status: no answer in HTTP.
		{600, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 600): all disallowed"},
		{999, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 999): all disallowed"},
		{99, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP 99): all disallowed"},
		{-1, false, false, robots.NoFile, robots.Unreachable, "robots.txt unreachable (HTTP -1): all disallowed"},
	}
	for _, tt := range tests {
		t.Run("HTTP "+strconv.Itoa(tt.status), func(t *testing.T) {
			f := robots.FromStatus(tt.status, body)
			if got := f.Allowed("AnyBot", "/private/x"); got != tt.allowed {
				t.Errorf("Allowed(/private/x) = %v, want %v", got, tt.allowed)
			}
			if got := f.Allowed("AnyBot", "https://example.com/open"); got != tt.open {
				t.Errorf("Allowed(/open) = %v, want %v", got, tt.open)
			}
			if got := f.Group("AnyBot").Allowed("/open"); got != tt.open {
				t.Errorf("Group(AnyBot).Allowed(/open) = %v, want %v", got, tt.open)
			}
			if !f.Allowed("AnyBot", "/robots.txt") {
				t.Errorf("Allowed(/robots.txt) = false, want true")
			}
			e := f.Explain("AnyBot", "/private/x")
			if e.Allowed != tt.allowed || e.Reason != tt.reason || e.String() != tt.explain {
				t.Errorf("Explain = %v, %v, %q; want %v, %v, %q", e.Allowed, e.Reason, e, tt.allowed, tt.reason, tt.explain)
			}
			want := robots.Access{State: tt.state, Status: tt.status}
			if tt.state == robots.Parsed {
				want.Bytes = len(body)
			}
			if diff := cmp.Diff(want, f.Access()); diff != "" {
				t.Errorf("Access() mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(want, e.Access); diff != "" {
				t.Errorf("Explanation.Access mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseHasZeroAccess(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /\n"))
	if diff := cmp.Diff(robots.Access{}, f.Access()); diff != "" {
		t.Errorf("Parse(...).Access() mismatch (-want +got):\n%s", diff)
	}
	if e := f.Explain("x", "/a"); e.Reason != robots.RuleMatched {
		t.Errorf("Explain reason = %v, want %v", e.Reason, robots.RuleMatched)
	}
}

func TestAccessStateString(t *testing.T) {
	tests := map[robots.AccessState]string{
		robots.Parsed:         "parsed",
		robots.Unavailable:    "unavailable",
		robots.Unreachable:    "unreachable",
		robots.AccessState(7): "AccessState(7)",
	}
	for s, want := range tests {
		if got := s.String(); got != want {
			t.Errorf("AccessState(%d).String() = %q, want %q", int(s), got, want)
		}
	}
	for r, want := range map[robots.Reason]string{
		robots.NoFile: "no robots.txt: its access state decided",
	} {
		if got := r.String(); got != want {
			t.Errorf("Reason(%d).String() = %q, want %q", int(r), got, want)
		}
	}
}

func TestStateFor(t *testing.T) {
	tests := []struct {
		status int
		want   robots.AccessState
	}{
		{200, robots.Parsed}, {299, robots.Parsed}, {0, robots.Unreachable},
		{429, robots.Unreachable}, {500, robots.Unreachable}, {599, robots.Unreachable},
		{199, robots.Unavailable}, {300, robots.Unavailable}, {404, robots.Unavailable},
		{428, robots.Unavailable}, {100, robots.Unavailable},
		// No HTTP status: no answer in HTTP.
		{600, robots.Unreachable}, {999, robots.Unreachable}, {99, robots.Unreachable}, {-1, robots.Unreachable},
	}
	for _, tt := range tests {
		if got := robots.StateFor(tt.status); got != tt.want {
			t.Errorf("StateFor(%d) = %v, want %v", tt.status, got, tt.want)
		}
	}
}

// TestFromAccess checks the File an Access stands for: what it allows, and
// how it explains itself from the Access alone.
func TestFromAccess(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /private\n")
	tests := []struct {
		name     string
		access   robots.Access
		private  bool // whether /private/x is allowed
		public   bool // whether /public is allowed
		reason   robots.Reason
		explains string // Explain("x", "/public").String()
	}{
		{"parsed", robots.Access{State: robots.Parsed, Status: 200}, false, true, robots.NoRuleMatched, "no rule matched"},
		{"unavailable", robots.Access{State: robots.Unavailable, Status: 404}, true, true, robots.NoFile,
			"robots.txt unavailable (HTTP 404): all allowed"},
		{"too many redirects", robots.Access{State: robots.Unavailable, Status: 302, Redirects: 6, Err: "too many redirects"}, true, true, robots.NoFile,
			"robots.txt unavailable (too many redirects): all allowed"},
		{"unreachable for long", robots.Access{State: robots.Unavailable, Failures: 40, Err: "unreachable for 30 days"}, true, true, robots.NoFile,
			"robots.txt unavailable (unreachable for 30 days): all allowed"},
		{"timeout", robots.Access{State: robots.Unreachable, Err: "timeout"}, false, false, robots.NoFile,
			"robots.txt unreachable (timeout): all disallowed"},
		{"no response", robots.Access{State: robots.Unreachable}, false, false, robots.NoFile,
			"robots.txt unreachable (no response): all disallowed"},
		{"good copy", robots.Access{State: robots.Unreachable, Status: 503, GoodCopy: true}, false, true, robots.NoRuleMatched, "no rule matched"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := robots.Options{}.FromAccess(tt.access, body)
			if got := f.Allowed("x", "/private/x"); got != tt.private {
				t.Errorf("Allowed(/private/x) = %v, want %v", got, tt.private)
			}
			if got := f.Allowed("x", "/public"); got != tt.public {
				t.Errorf("Allowed(/public) = %v, want %v", got, tt.public)
			}
			e := f.Explain("x", "/public")
			if e.Reason != tt.reason || e.String() != tt.explains {
				t.Errorf("Explain(/public) = %v, %q; want %v, %q", e.Reason, e, tt.reason, tt.explains)
			}
			if diff := cmp.Diff(tt.access, f.Access()); diff != "" {
				t.Errorf("Access() mismatch (-want +got):\n%s", diff)
			}
			if e := f.Explain("x", "/robots.txt"); !e.Allowed || e.Reason != robots.RobotsTxt {
				t.Errorf("Explain(/robots.txt) = %v, %v; want allowed, %v", e.Allowed, e.Reason, robots.RobotsTxt)
			}
		})
	}
}

// TestExplanationStringNoFileWithoutState checks that an Explanation made
// by hand with Reason NoFile and a parsed Access prints its reason.
func TestExplanationStringNoFileWithoutState(t *testing.T) {
	e := robots.Explanation{Reason: robots.NoFile}
	if got, want := e.String(), "no robots.txt: its access state decided"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestOrigin(t *testing.T) {
	tests := []struct {
		url, want string
		bad       bool
	}{
		{"https://Example.COM:443/a?b#c", "https://example.com", false},
		{"http://user@[::1]:8080/x", "http://[::1]:8080", false},
		{"https://BÜCHER.example/", "https://xn--bcher-kva.example", false},
		{"ftp://example.com/", "", true},
		{"/relative", "", true},
	}
	for _, tt := range tests {
		got, err := robots.Origin(tt.url)
		if got != tt.want || errors.Is(err, robots.ErrBadURL) != tt.bad {
			t.Errorf("Origin(%q) = %q, %v; want %q, bad URL %v", tt.url, got, err, tt.want, tt.bad)
		}
		if u, _ := robots.URLFor(tt.url); !tt.bad && u != got+"/robots.txt" {
			t.Errorf("URLFor(%q) = %q, want Origin + /robots.txt", tt.url, u)
		}
	}
}

func TestOptionsLimit(t *testing.T) {
	tests := []struct {
		max, want int
	}{
		{0, robots.DefaultMaxBytes},
		{-5, robots.DefaultMaxBytes},
		{robots.DefaultMaxBytes - 1, robots.DefaultMaxBytes},
		{robots.DefaultMaxBytes + 1, robots.DefaultMaxBytes + 1},
		{robots.MaxBytesCap + 1, robots.MaxBytesCap},
	}
	for _, tt := range tests {
		if got := (robots.Options{MaxBytes: tt.max}).Limit(); got != tt.want {
			t.Errorf("Options{MaxBytes: %d}.Limit() = %d, want %d", tt.max, got, tt.want)
		}
	}
}
