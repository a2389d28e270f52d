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
		{"User-agent", robots.UserAgent, true},
		{"user-AGENT", robots.UserAgent, true},
		{"useragent", robots.UserAgent, false},
		{"User agent", robots.UserAgent, false},
		{"Allow", robots.Allow, true},
		{"Allowance", robots.Allow, false},
		{"Disallow", robots.Disallow, true},
		{"Dissallow", robots.Disallow, false},
		{"Disallowed", robots.Disallow, false},
		{"Sitemap", robots.Sitemap, true},
		{"site-map", robots.Sitemap, false},
		{"Crawl-delay", robots.CrawlDelay, true},
		{"Content-Signal", robots.ContentSignal, true},
		{"content-signal", robots.ContentSignal, true},
		{"Content-Usage", robots.ContentUsage, true},
		{"CONTENT-USAGE", robots.ContentUsage, true},
		{" \tContent-Usage \t", robots.ContentUsage, true},
		{"Host", robots.Host, true},
		{"Clean-param", robots.CleanParam, true},
		{"Request-rate", robots.RequestRate, true},
		{"Visit-time", robots.VisitTime, true},
		{"License", robots.License, true},
		// Extensions are read only as spelled.
		{"Content-Signals", robots.OtherKey, false},
		{"Content_Usage", robots.OtherKey, false},
		{"Hosts", robots.OtherKey, false},
		{"Noindex", robots.OtherKey, false},
		{"", robots.OtherKey, false},
		{"  ", robots.OtherKey, false},
		// Read by prefix, as the parser reads it: "crawl-delay" is not a
		// prefix of "c", and "Content-..." is no misspelling of it.
		{"c", robots.OtherKey, false},
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
		if misspelt != (kind != robots.OtherKey && !exact) {
			t.Errorf("%q: AcceptedMisspelling %v, but ClassifyKey says %v, exact %v", key, misspelt, kind, exact)
		}
		if unknown != (kind == robots.OtherKey) {
			t.Errorf("%q: UnknownKey %v, but ClassifyKey says %v", key, unknown, kind)
		}
		record := len(f.Records()) == 1
		switch kind {
		case robots.UserAgent, robots.Allow, robots.Disallow, robots.Sitemap, robots.CrawlDelay:
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
		{robots.OtherKey, "unknown"},
		{robots.UserAgent, "User-agent"},
		{robots.CrawlDelay, "Crawl-delay"},
		{robots.ContentSignal, "Content-Signal"},
		{robots.ContentUsage, "Content-Usage"},
		{robots.License, "License"},
		{robots.License + 1, "KeyKind(13)"},
	}
	for _, tc := range tests {
		if got := tc.kind.String(); got != tc.want {
			t.Errorf("KeyKind(%d).String() = %q, want %q", tc.kind, got, tc.want)
		}
	}
}
