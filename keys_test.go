package robots_test

import (
	"testing"

	"github.com/crawlkit/robots"
)

func TestClassifyKey(t *testing.T) {
	tests := []struct {
		key   string
		kind  robots.KeyKind
		exact bool
	}{
		{"User-agent", robots.KeyUserAgent, true},
		{"user-AGENT", robots.KeyUserAgent, true},
		{"useragent", robots.KeyUserAgent, false},
		{"User agent", robots.KeyUserAgent, false},
		{"Allow", robots.KeyAllow, true},
		{"Allowance", robots.KeyAllow, false},
		{"Disallow", robots.KeyDisallow, true},
		{"Dissallow", robots.KeyDisallow, false},
		{"Disallowed", robots.KeyDisallow, false},
		{"Sitemap", robots.KeySitemap, true},
		{"site-map", robots.KeySitemap, false},
		{"Crawl-delay", robots.KeyCrawlDelay, true},
		{"Content-Signal", robots.KeyContentSignal, true},
		{"content-signal", robots.KeyContentSignal, true},
		{"Content-Usage", robots.KeyContentUsage, true},
		{"CONTENT-USAGE", robots.KeyContentUsage, true},
		{" \tContent-Usage \t", robots.KeyContentUsage, true},
		{"Host", robots.KeyHost, true},
		{"Clean-param", robots.KeyCleanParam, true},
		{"Request-rate", robots.KeyRequestRate, true},
		{"Visit-time", robots.KeyVisitTime, true},
		{"License", robots.KeyLicense, true},
		// Extensions are read only as spelled.
		{"Content-Signals", robots.KeyUnknown, false},
		{"Content_Usage", robots.KeyUnknown, false},
		{"Hosts", robots.KeyUnknown, false},
		{"Noindex", robots.KeyUnknown, false},
		{"", robots.KeyUnknown, false},
		{"  ", robots.KeyUnknown, false},
		// Read by prefix, as the parser reads it: "crawl-delay" is not a
		// prefix of "c", and "Content-..." is no misspelling of it.
		{"c", robots.KeyUnknown, false},
	}
	for _, tc := range tests {
		kind, exact := robots.ClassifyKey(tc.key)
		if kind != tc.kind || exact != tc.exact {
			t.Errorf("ClassifyKey(%q) = %v, %v; want %v, %v", tc.key, kind, exact, tc.kind, tc.exact)
		}
	}
}

// TestClassifyKeyAgreesWithParser checks that ClassifyKey says of each key
// what the parser does with a line of it: a rule, a sitemap, a crawl-delay,
// or a record with or without an UnknownKey diagnostic, and an
// AcceptedMisspelling diagnostic when the key is not exact.
func TestClassifyKeyAgreesWithParser(t *testing.T) {
	keys := []string{
		"User-agent", "useragent", "Allow", "allowed", "Disallow", "disalow", "Sitemap", "site-map",
		"Crawl-delay", "crawl-delayed", "Content-Signal", "content-usage", "Host", "clean-param",
		"Request-rate", "Visit-time", "License", "Licence", "Noindex", "x",
	}
	for _, key := range keys {
		f := robots.Parse([]byte("User-agent: a\n" + key + ": /v\n"))
		kind, exact := robots.ClassifyKey(key)
		var misspelt, unknown bool
		for _, d := range f.Diagnostics() {
			misspelt = misspelt || d.Kind == robots.AcceptedMisspelling
			unknown = unknown || d.Kind == robots.UnknownKey
		}
		if misspelt != (kind != robots.KeyUnknown && !exact) {
			t.Errorf("%q: AcceptedMisspelling %v, but ClassifyKey says %v, exact %v", key, misspelt, kind, exact)
		}
		if unknown != (kind == robots.KeyUnknown) {
			t.Errorf("%q: UnknownKey %v, but ClassifyKey says %v", key, unknown, kind)
		}
		record := len(f.Records()) == 1
		switch kind {
		case robots.KeyUserAgent, robots.KeyAllow, robots.KeyDisallow, robots.KeySitemap, robots.KeyCrawlDelay:
			if record {
				t.Errorf("%q (%v): kept as a record", key, kind)
			}
		default:
			if !record {
				t.Errorf("%q (%v): not kept as a record", key, kind)
			}
		}
	}
}

func TestKeyKindString(t *testing.T) {
	tests := []struct {
		kind robots.KeyKind
		want string
	}{
		{robots.KeyUnknown, "unknown"},
		{robots.KeyUserAgent, "User-agent"},
		{robots.KeyCrawlDelay, "Crawl-delay"},
		{robots.KeyContentSignal, "Content-Signal"},
		{robots.KeyContentUsage, "Content-Usage"},
		{robots.KeyLicense, "License"},
		{robots.KeyLicense + 1, "KeyKind(13)"},
	}
	for _, tc := range tests {
		if got := tc.kind.String(); got != tc.want {
			t.Errorf("KeyKind(%d).String() = %q, want %q", tc.kind, got, tc.want)
		}
	}
}
