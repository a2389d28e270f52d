package robots

import "strconv"

// This file names the keys of robots.txt lines as the parser reads them:
// for callers that read the extension records a File keeps (a crawler that
// honours Clean-param finds its lines whatever their case), for the kind
// of a PreferenceLine, and for callers that report on a file (a linter
// says "read as Disallow" without knowing how the parser matches keys).

// A KeyKind says what the key of a robots.txt line is read as.
type KeyKind uint8

const (
	// OtherKey: a key this package does not know. Its line is kept as a
	// Record, with an UnknownKey diagnostic.
	OtherKey KeyKind = iota

	// The keys the parser interprets: those of RFC 9309, and Crawl-delay.
	// It reads them as Google's parser does: by prefix, and with a few
	// common misspellings ("Disallowed", "useragent").

	UserAgent  // User-agent: starts a group (RFC 9309 section 2.2.1)
	Allow      // Allow: a rule of a group (RFC 9309 section 2.2.2)
	Disallow   // Disallow: a rule of a group (RFC 9309 section 2.2.2)
	Sitemap    // Sitemap: belongs to no group (RFC 9309 section 2.2.4); see File.Sitemaps
	CrawlDelay // Crawl-delay: seconds between fetches, of a group; see Group.CrawlDelay

	// Extensions kept as Records, without a diagnostic. Their keys are read
	// only as spelled here, in any ASCII case.

	ContentSignal // Content-Signal: Cloudflare's Content Signals Policy; see File.Preferences
	ContentUsage  // Content-Usage: draft-ietf-aipref-attach; see File.Preferences
	Host          // Host: the preferred host name (Yandex)
	CleanParam    // Clean-param: query parameters that do not change a page (Yandex)
	RequestRate   // Request-rate: pages per period (older crawlers)
	VisitTime     // Visit-time: the hours to crawl in (older crawlers)
	License       // License: the URL of a content licence (Really Simple Licensing)
)

var keyKindNames = [...]string{
	OtherKey:      "unknown",
	UserAgent:     "User-agent",
	Allow:         "Allow",
	Disallow:      "Disallow",
	Sitemap:       "Sitemap",
	CrawlDelay:    "Crawl-delay",
	ContentSignal: "Content-Signal",
	ContentUsage:  "Content-Usage",
	Host:          "Host",
	CleanParam:    "Clean-param",
	RequestRate:   "Request-rate",
	VisitTime:     "Visit-time",
	License:       "License",
}

// String returns the key as it is usually spelled, such as "Disallow" or
// "Content-Usage", or "unknown" for OtherKey.
func (k KeyKind) String() string {
	if int(k) < len(keyKindNames) {
		return keyKindNames[k]
	}
	return "KeyKind(" + strconv.Itoa(int(k)) + ")"
}

// ClassifyKey reports what the parser reads a line with the given key as,
// and whether key spells it exactly (in any ASCII case). The key is what
// comes before the colon, with or without surrounding whitespace.
//
// For example, "Disallow" and "DISALLOW" are Disallow, exact;
// "Dissallow" and "Disallowed" are Disallow, not exact (the parser
// notes an AcceptedMisspelling); "Content-usage" is ContentUsage, exact;
// and "Noindex" is OtherKey.
func ClassifyKey(key string) (kind KeyKind, exact bool) {
	b := trim([]byte(key))
	if len(b) == 0 {
		return OtherKey, false
	}
	if k, exact := classify(b); k != keyUnknown {
		return ruleKeys[k], exact
	}
	if k := extensionKind(b); k != OtherKey {
		return k, true
	}
	return OtherKey, false
}

// ruleKeys maps the kinds of keys the parser interprets to their KeyKind.
var ruleKeys = [...]KeyKind{
	keyUnknown:    OtherKey,
	keyUserAgent:  UserAgent,
	keyAllow:      Allow,
	keyDisallow:   Disallow,
	keySitemap:    Sitemap,
	keyCrawlDelay: CrawlDelay,
}

// extensionKind returns the kind of key, a key the parser does not
// interpret, if it is one of the known extensions, compared in ASCII case
// only, or OtherKey.
func extensionKind[S ~string | ~[]byte](key S) KeyKind {
	if len(key) < len(extensionByLen) {
		if k := extensionByLen[len(key)]; k != OtherKey && equalFoldBytes(key, keyKindNames[k]) {
			return k
		}
	}
	return OtherKey
}

// extensionByLen holds the extension of each length of key, or OtherKey:
// no two are as long. (Trying each extension in turn instead, extensionKind
// took four times the instructions on the corpus; BenchmarkCorpus/
// FirstQuery, callgrind.)
var extensionByLen = func() (t [16]KeyKind) {
	for k := ContentSignal; k <= License; k++ {
		n := len(keyKindNames[k])
		if t[n] != OtherKey {
			panic("robots: two extensions of " + strconv.Itoa(n) + " bytes")
		}
		t[n] = k
	}
	return t
}()

// equalFoldBytes reports whether b, as long as s, equals s in ASCII case
// only.
func equalFoldBytes[S ~string | ~[]byte](b S, s string) bool {
	for i := 0; i < len(s); i++ {
		if lower(b[i]) != lower(s[i]) {
			return false
		}
	}
	return true
}
