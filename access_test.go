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
		{200, false, true, robots.RuleMatched, robots.StateParsed, "line 2: Disallow: /private"},
		{204, false, true, robots.RuleMatched, robots.StateParsed, "line 2: Disallow: /private"},
		{301, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 301): all allowed"},
		{400, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 400): all allowed"},
		{401, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 401): all allowed"},
		{403, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 403): all allowed"},
		{404, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 404): all allowed"},
		{410, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 410): all allowed"},
		{429, false, false, robots.Unreachable, robots.StateUnreachable, "robots.txt unreachable (HTTP 429): all disallowed"},
		{500, false, false, robots.Unreachable, robots.StateUnreachable, "robots.txt unreachable (HTTP 500): all disallowed"},
		{503, false, false, robots.Unreachable, robots.StateUnreachable, "robots.txt unreachable (HTTP 503): all disallowed"},
		{599, false, false, robots.Unreachable, robots.StateUnreachable, "robots.txt unreachable (HTTP 599): all disallowed"},
		{600, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 600): all allowed"},
		{100, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP 100): all allowed"},
		// 0 is no response at all: a network error or a timeout.
		{0, false, false, robots.Unreachable, robots.StateUnreachable, "robots.txt unreachable (no response): all disallowed"},
		{-1, true, true, robots.Unavailable, robots.StateUnavailable, "robots.txt unavailable (HTTP -1): all allowed"},
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
			if tt.state == robots.StateParsed {
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
		robots.StateParsed:      "parsed",
		robots.StateUnavailable: "unavailable",
		robots.StateUnreachable: "unreachable",
		robots.AccessState(7):   "AccessState(7)",
	}
	for s, want := range tests {
		if got := s.String(); got != want {
			t.Errorf("AccessState(%d).String() = %q, want %q", int(s), got, want)
		}
	}
	for r, want := range map[robots.Reason]string{
		robots.Unavailable: "robots.txt unavailable: all allowed",
		robots.Unreachable: "robots.txt unreachable: all disallowed",
	} {
		if got := r.String(); got != want {
			t.Errorf("Reason(%d).String() = %q, want %q", int(r), got, want)
		}
	}
}
