package robots

import "strconv"

// This file names the keys of robots.txt lines as the parser reads them,
// for callers that report on a file (a linter says "read as Disallow"
// without knowing how the parser matches keys).

// A KeyKind says what the key of a robots.txt line is read as.
type KeyKind uint8

const (
	// KeyUnknown: a key this package does not know. Its line is kept as a
	// Record, with an UnknownKey diagnostic.
	KeyUnknown KeyKind = iota

	// The keys of RFC 9309, and the two extensions that change what a File
	// answers. The parser reads them as Google's parser does: by prefix,
	// and with a few common misspellings ("Disallowed", "useragent").

	KeyUserAgent  // User-agent: starts a group (RFC 9309 section 2.2.1)
	KeyAllow      // Allow: a rule of a group (RFC 9309 section 2.2.2)
	KeyDisallow   // Disallow: a rule of a group (RFC 9309 section 2.2.2)
	KeySitemap    // Sitemap: belongs to no group (RFC 9309 section 2.2.4); see File.Sitemaps
	KeyCrawlDelay // Crawl-delay: seconds between fetches, of a group; see Group.CrawlDelay

	// Extensions kept as Records, without a diagnostic. Their keys are read
	// only as spelled here, in any ASCII case.

	KeyContentSignal // Content-Signal: Cloudflare's Content Signals Policy; see File.Preferences
	KeyContentUsage  // Content-Usage: draft-ietf-aipref-attach; see File.Preferences
	KeyHost          // Host: the preferred host name (Yandex)
	KeyCleanParam    // Clean-param: query parameters that do not change a page (Yandex)
	KeyRequestRate   // Request-rate: pages per period (older crawlers)
	KeyVisitTime     // Visit-time: the hours to crawl in (older crawlers)
	KeyLicense       // License: the URL of a content licence (Really Simple Licensing)
)

var keyKindNames = [...]string{
	KeyUnknown:       "unknown",
	KeyUserAgent:     "User-agent",
	KeyAllow:         "Allow",
	KeyDisallow:      "Disallow",
	KeySitemap:       "Sitemap",
	KeyCrawlDelay:    "Crawl-delay",
	KeyContentSignal: "Content-Signal",
	KeyContentUsage:  "Content-Usage",
	KeyHost:          "Host",
	KeyCleanParam:    "Clean-param",
	KeyRequestRate:   "Request-rate",
	KeyVisitTime:     "Visit-time",
	KeyLicense:       "License",
}

// String returns the key as it is usually spelled, such as "Disallow" or
// "Content-Usage", or "unknown" for KeyUnknown.
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
// For example, "Disallow" and "DISALLOW" are KeyDisallow, exact;
// "Dissallow" and "Disallowed" are KeyDisallow, not exact (the parser
// notes an AcceptedMisspelling); "Content-usage" is KeyContentUsage, exact;
// and "Noindex" is KeyUnknown.
func ClassifyKey(key string) (kind KeyKind, exact bool) {
	b := trim([]byte(key))
	if len(b) == 0 {
		return KeyUnknown, false
	}
	if k, exact := classify(b); k != keyUnknown {
		return ruleKeys[k], exact
	}
	if k := extensionKind(b); k != KeyUnknown {
		return k, true
	}
	return KeyUnknown, false
}

// ruleKeys maps the kinds of keys the parser interprets to their KeyKind.
var ruleKeys = [...]KeyKind{
	keyUnknown:    KeyUnknown,
	keyUserAgent:  KeyUserAgent,
	keyAllow:      KeyAllow,
	keyDisallow:   KeyDisallow,
	keySitemap:    KeySitemap,
	keyCrawlDelay: KeyCrawlDelay,
}

// extensionKind returns the kind of key, a key the parser does not
// interpret, if it is one of the known extensions, compared in ASCII case
// only, or KeyUnknown.
func extensionKind[S ~string | ~[]byte](key S) KeyKind {
	for k := KeyContentSignal; k <= KeyLicense; k++ {
		if name := keyKindNames[k]; len(key) == len(name) && equalFoldBytes(key, name) {
			return k
		}
	}
	return KeyUnknown
}

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
