package page_test

import (
	"testing"

	"github.com/crawlkit/robots/page"
)

// The documents the cases follow.
const (
	faq        = "the robots FAQ, META tag section"
	google     = "Google Search Central, Robots meta tag, data-nosnippet, and X-Robots-Tag specifications"
	googleHead = "Google Search Central, Use valid HTML to specify page metadata"
	bing       = "Bing Webmaster Help, Which robots metatags does Bing support"
	yandex     = "Yandex Webmaster, Robots meta tag and X-Robots-Tag HTTP header"
	deviantArt = "DeviantArt, noai and noimageai directives (2022)"
	html5      = "HTML Living Standard, 13.2 Parsing HTML documents"
	crawlers   = "defects of other crawlers, issue 15"
)

// TestRules has a case for each rule, under the default (restrictive)
// policy, in a <meta name="robots"> tag on line 1.
func TestRules(t *testing.T) {
	runPageCases(t, []pageCase{
		{name: "no rules", source: faq, html: `<title>x</title>`, want: nil},
		{name: "all", source: faq, content: "all", want: []string{
			"index=true (meta robots, line 1: all)",
			"follow=true (meta robots, line 1: all)",
			"indexifembedded=true (meta robots, line 1: all)",
		}},
		{name: "none", source: faq, content: "none", want: []string{
			"index=false (meta robots, line 1: none)",
			"follow=false (meta robots, line 1: none)",
			"indexifembedded=false (meta robots, line 1: none)",
		}},
		{name: "index", source: bing, content: "index", want: []string{
			"index=true (meta robots, line 1: index)",
			"indexifembedded=true (meta robots, line 1: index)",
		}},
		{name: "noindex", source: faq, content: "noindex", want: []string{
			"index=false (meta robots, line 1: noindex)",
			"indexifembedded=false (meta robots, line 1: noindex)",
		}},
		{name: "follow", source: bing, content: "follow", want: []string{
			"follow=true (meta robots, line 1: follow)",
		}},
		{name: "nofollow", source: faq, content: "nofollow", want: []string{
			"follow=false (meta robots, line 1: nofollow)",
		}},
		{name: "noarchive", source: google, content: "noarchive", want: []string{
			"archive=false (meta robots, line 1: noarchive)",
		}},
		{name: "nocache is Bing's noarchive", source: bing, content: "nocache", want: []string{
			"archive=false (meta robots, line 1: nocache)",
		}},
		{name: "archive", source: yandex, content: "archive", want: []string{
			"archive=true (meta robots, line 1: archive)",
		}},
		{name: "nosnippet", source: google, content: "nosnippet", want: []string{
			"snippet=false (meta robots, line 1: nosnippet)",
		}},
		{name: "max-snippet", source: google, content: "max-snippet: 20", want: []string{
			"snippet=true (meta robots, line 1: max-snippet: 20)",
			"max_snippet=20 (meta robots, line 1: max-snippet: 20)",
		}},
		{name: "max-snippet without spaces", source: google, content: "max-snippet:20", want: []string{
			"snippet=true (meta robots, line 1: max-snippet:20)",
			"max_snippet=20 (meta robots, line 1: max-snippet:20)",
		}},
		{name: "max-snippet 0 is nosnippet", source: google, content: "max-snippet:0", want: []string{
			"snippet=false (meta robots, line 1: max-snippet:0)",
			"max_snippet=0 (meta robots, line 1: max-snippet:0)",
		}},
		{name: "max-snippet -1 is no limit", source: google, content: "max-snippet:-1", want: []string{
			"snippet=true (meta robots, line 1: max-snippet:-1)",
			"max_snippet=-1 (meta robots, line 1: max-snippet:-1)",
		}},
		{name: "max-snippet not a number is ignored", source: google, content: "max-snippet: many", want: []string{
			"invalid meta robots, line 1: max-snippet: many",
		}},
		{name: "max-snippet without a value is ignored", source: google, content: "max-snippet", want: []string{
			"invalid meta robots, line 1: max-snippet",
		}},
		{name: "max-snippet too large is ignored", source: google, content: "max-snippet: 99999999999999999999", want: []string{
			"invalid meta robots, line 1: max-snippet: 99999999999999999999",
		}},
		{name: "max-image-preview", source: google, content: "max-image-preview:standard", want: []string{
			"max_image_preview=standard (meta robots, line 1: max-image-preview:standard)",
		}},
		{name: "max-image-preview in upper case", source: google, content: "MAX-IMAGE-PREVIEW: LARGE", want: []string{
			"max_image_preview=large (meta robots, line 1: MAX-IMAGE-PREVIEW: LARGE)",
		}},
		{name: "max-image-preview of another size is ignored", source: google, content: "max-image-preview: huge", want: []string{
			"invalid meta robots, line 1: max-image-preview: huge",
		}},
		{name: "max-video-preview", source: google, content: "max-video-preview: 15", want: []string{
			"max_video_preview=15 (meta robots, line 1: max-video-preview: 15)",
		}},
		{name: "max-video-preview 0 is a still image", source: google, content: "max-video-preview:0", want: []string{
			"max_video_preview=0 (meta robots, line 1: max-video-preview:0)",
		}},
		{name: "notranslate", source: google, content: "notranslate", want: []string{
			"translate=false (meta robots, line 1: notranslate)",
		}},
		{name: "noimageindex", source: google, content: "noimageindex", want: []string{
			"imageindex=false (meta robots, line 1: noimageindex)",
		}},
		{name: "unavailable_after RFC 822", source: google, content: "unavailable_after: 25 Jun 2010 15:00:00 PST", want: []string{
			"unavailable_after=2010-06-25T23:00:00Z (meta robots, line 1: unavailable_after: 25 Jun 2010 15:00:00 PST)",
		}},
		{name: "unavailable_after RFC 850 with its comma", source: google, content: "unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noarchive", want: []string{
			"archive=false (meta robots, line 1: noarchive)",
			"unavailable_after=2010-06-25T23:00:00Z (meta robots, line 1: unavailable_after: Friday, 25-Jun-10 15:00:00 PST)",
		}},
		{name: "a weekday alone does not take the next rule", source: google, content: "unavailable_after: Monday, noindex", want: []string{
			"index=false (meta robots, line 1: noindex)",
			"indexifembedded=false (meta robots, line 1: noindex)",
			"invalid meta robots, line 1: unavailable_after: Monday",
		}},
		{name: "unavailable_after ISO 8601", source: google, content: "unavailable_after: 2020-09-21", want: []string{
			"unavailable_after=2020-09-21T00:00:00Z (meta robots, line 1: unavailable_after: 2020-09-21)",
		}},
		{name: "unavailable_after not a date is ignored", source: google, content: "unavailable_after: next week", want: []string{
			"invalid meta robots, line 1: unavailable_after: next week",
		}},
		{name: "indexifembedded with noindex", source: google, content: "noindex, indexifembedded", want: []string{
			"index=false (meta robots, line 1: noindex)",
			"indexifembedded=true (meta robots, line 1: indexifembedded)",
		}},
		{name: "indexifembedded alone changes nothing", source: google, content: "indexifembedded", want: nil},
		{name: "indexifembedded with noindex from the header", source: google, header: []string{"noindex"}, content: "indexifembedded", want: []string{
			"index=false (X-Robots-Tag 1: noindex)",
			"indexifembedded=true (meta robots, line 1: indexifembedded)",
		}},
		{name: "noai", source: deviantArt, content: "noai", want: []string{
			"ai=false (meta robots, line 1: noai)",
			"imageai=false (meta robots, line 1: noai)",
		}},
		{name: "noimageai", source: deviantArt, content: "noimageai", want: []string{
			"imageai=false (meta robots, line 1: noimageai)",
		}},
		{name: "unknown rules are kept as written", source: yandex, content: "noyaca, NoODP", want: []string{
			"unknown meta robots, line 1: noyaca",
			"unknown meta robots, line 1: NoODP",
		}},
		{name: "names in any case", source: google, content: "NOINDEX, NoFollow", want: []string{
			"index=false (meta robots, line 1: NOINDEX)",
			"follow=false (meta robots, line 1: NoFollow)",
			"indexifembedded=false (meta robots, line 1: NOINDEX)",
		}},
		{name: "several rules separated by spaces", source: google, content: "noindex nofollow", want: []string{
			"index=false (meta robots, line 1: noindex)",
			"follow=false (meta robots, line 1: nofollow)",
			"indexifembedded=false (meta robots, line 1: noindex)",
		}},
		{name: "words that are not all rules stay one unknown rule", source: google, content: "noindex please", want: []string{
			"unknown meta robots, line 1: noindex please",
		}},
		{name: "a rule without a value given one is unknown", source: google, content: "noindex: yes", want: []string{
			"unknown meta robots, line 1: noindex: yes",
		}},
		{name: "empty items are skipped", source: faq, content: " , noindex,, ", want: []string{
			"index=false (meta robots, line 1: noindex)",
			"indexifembedded=false (meta robots, line 1: noindex)",
		}},
		{name: "a meta tag's content has no prefixes", source: google, content: "googlebot: noindex", agent: "googlebot", want: []string{
			"unknown meta robots, line 1: googlebot: noindex",
		}},
	})
}

// TestCrawlerDefects has the mistakes of other crawlers that issue 15
// lists, each read right.
func TestCrawlerDefects(t *testing.T) {
	runPageCases(t, []pageCase{
		{
			name: "StormCrawler: the nofollow after a prefix is for that crawler only", source: crawlers,
			header: []string{"googlebot: noindex, nofollow"}, agent: "bingbot", want: nil,
		},
		{
			name: "StormCrawler: the prefixed rules are the named crawler's", source: crawlers,
			header: []string{"googlebot: noindex, nofollow"}, agent: "Googlebot", want: []string{
				"index=false (X-Robots-Tag 1: googlebot: noindex)",
				"follow=false (X-Robots-Tag 1: googlebot: nofollow)",
				"indexifembedded=false (X-Robots-Tag 1: googlebot: noindex)",
			},
		},
		{
			name: "StormCrawler: every robots tag counts, not only the first", source: crawlers,
			html: `<meta name="robots" content="index"><meta name="robots" content="noindex">`, want: []string{
				"index=false (meta robots, line 1: noindex)",
				"indexifembedded=false (meta robots, line 1: noindex)",
			},
		},
		{
			name: "Nutch: noindexing is not noindex", source: crawlers,
			content: "noindexing", want: []string{"unknown meta robots, line 1: noindexing"},
		},
		{
			name: "Nutch: nofollowers is not nofollow", source: crawlers,
			header: []string{"nofollowers"}, want: []string{"unknown X-Robots-Tag 1: nofollowers"},
		},
		{
			name: "a commented-out tag is not read", source: crawlers,
			html: `<head><!-- <meta name="robots" content="noindex"> --></head>`, want: nil,
		},
		{
			name: "no space between attributes", source: crawlers,
			html: `<meta name='robots'content='noindex'>`, want: []string{
				"index=false (meta robots, line 1: noindex)",
				"indexifembedded=false (meta robots, line 1: noindex)",
			},
		},
	})
}

// TestHeaders checks how X-Robots-Tag values are split and scoped.
func TestHeaders(t *testing.T) {
	const issue = "BadBot: noindex, nofollow, googlebot: nofollow"
	runPageCases(t, []pageCase{
		{name: "a rule for every crawler", source: google, header: []string{"noindex"}, want: []string{
			"index=false (X-Robots-Tag 1: noindex)",
			"indexifembedded=false (X-Robots-Tag 1: noindex)",
		}},
		{name: "a comma-separated list", source: google, header: []string{"noarchive, nosnippet"}, want: []string{
			"snippet=false (X-Robots-Tag 1: nosnippet)",
			"archive=false (X-Robots-Tag 1: noarchive)",
		}},
		{name: "every header is read", source: google, header: []string{"noimageindex", "unavailable_after: 25 Jun 2010 15:00:00 PST"}, want: []string{
			"imageindex=false (X-Robots-Tag 1: noimageindex)",
			"unavailable_after=2010-06-25T23:00:00Z (X-Robots-Tag 2: unavailable_after: 25 Jun 2010 15:00:00 PST)",
		}},
		{name: "scoped: BadBot", source: google, header: []string{issue}, agent: "BadBot", want: []string{
			"index=false (X-Robots-Tag 1: BadBot: noindex)",
			"follow=false (X-Robots-Tag 1: BadBot: nofollow)",
			"indexifembedded=false (X-Robots-Tag 1: BadBot: noindex)",
		}},
		{name: "scoped: googlebot, to the end of the header", source: google, header: []string{issue}, agent: "Googlebot", want: []string{
			"follow=false (X-Robots-Tag 1: googlebot: nofollow)",
		}},
		{name: "scoped: neither, nothing applies", source: google, header: []string{issue}, agent: "Bingbot", want: nil},
		{name: "scoped: the default agent reads unprefixed rules only", source: google, header: []string{issue}, want: nil},
		{name: "prefixes in any case", source: google, header: []string{"GoogleBot: NOINDEX"}, agent: "googlebot", want: []string{
			"index=false (X-Robots-Tag 1: GoogleBot: NOINDEX)",
			"indexifembedded=false (X-Robots-Tag 1: GoogleBot: NOINDEX)",
		}},
		{name: "unprefixed rules before a prefix are for everyone", source: google, header: []string{"noarchive, googlebot: nosnippet"}, agent: "Bingbot", want: []string{
			"archive=false (X-Robots-Tag 1: noarchive)",
		}},
		{name: "a prefix lasts to the end of its header only", source: google, header: []string{"googlebot: nofollow", "noindex"}, agent: "Bingbot", want: []string{
			"index=false (X-Robots-Tag 2: noindex)",
			"indexifembedded=false (X-Robots-Tag 2: noindex)",
		}},
		{name: "max-snippet is a rule, not a prefix", source: google, header: []string{"max-snippet: 20, noindex"}, agent: "Bingbot", want: []string{
			"index=false (X-Robots-Tag 1: noindex)",
			"snippet=true (X-Robots-Tag 1: max-snippet: 20)",
			"indexifembedded=false (X-Robots-Tag 1: noindex)",
			"max_snippet=20 (X-Robots-Tag 1: max-snippet: 20)",
		}},
		{name: "unavailable_after is a rule, not a prefix", source: google, header: []string{"unavailable_after: 25 Jun 2010 15:00:00 PST, nofollow"}, agent: "Bingbot", want: []string{
			"follow=false (X-Robots-Tag 1: nofollow)",
			"unavailable_after=2010-06-25T23:00:00Z (X-Robots-Tag 1: unavailable_after: 25 Jun 2010 15:00:00 PST)",
		}},
		{name: "a valued rule after a prefix", source: google, header: []string{"googlebot: max-video-preview: 10, max-image-preview: none"}, agent: "Googlebot", want: []string{
			"max_image_preview=none (X-Robots-Tag 1: googlebot: max-image-preview: none)",
			"max_video_preview=10 (X-Robots-Tag 1: googlebot: max-video-preview: 10)",
		}},
		{name: "an RFC 850 date's comma after a prefix", source: google, header: []string{"googlebot: unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noindex"}, agent: "Googlebot", want: []string{
			"index=false (X-Robots-Tag 1: googlebot: noindex)",
			"indexifembedded=false (X-Robots-Tag 1: googlebot: noindex)",
			"unavailable_after=2010-06-25T23:00:00Z (X-Robots-Tag 1: googlebot: unavailable_after: Friday, 25-Jun-10 15:00:00 PST)",
		}},
		{name: "a date's text as written, spaces around its comma", source: google, header: []string{"unavailable_after: Fri , 25 Jun 2010 15:00:00 PST"}, want: []string{
			"unavailable_after=2010-06-25T23:00:00Z (X-Robots-Tag 1: unavailable_after: Fri , 25 Jun 2010 15:00:00 PST)",
		}},
		{name: "an RFC 822 date with a weekday", source: google, header: []string{"unavailable_after: Fri, 25 Jun 2010 15:00:00 -0800"}, want: []string{
			"unavailable_after=2010-06-25T23:00:00Z (X-Robots-Tag 1: unavailable_after: Fri, 25 Jun 2010 15:00:00 -0800)",
		}},
		{name: "a prefix alone scopes the rules after it", source: google, header: []string{"otherbot:, noindex"}, agent: "Googlebot", want: nil},
		{name: "a prefix that is not a name is an unknown rule", source: google, header: []string{"other bot: noindex"}, want: []string{
			"unknown X-Robots-Tag 1: other bot: noindex",
		}},
		{name: "a second prefix in one item is not read", source: google, header: []string{"a: b: noindex"}, agent: "a", want: []string{
			"unknown X-Robots-Tag 1: a: b: noindex",
		}},
	})
}

// TestPolicies checks both policies on rules that disagree.
func TestPolicies(t *testing.T) {
	R, P := page.Restrictive, page.Permissive
	runPageCases(t, []pageCase{
		{name: "noindex and index, restrictive", source: google, content: "index, noindex", policy: R, want: []string{
			"index=false (meta robots, line 1: noindex)",
			"indexifembedded=false (meta robots, line 1: noindex)",
		}},
		{name: "noindex and index, permissive", source: yandex, content: "noindex, index", policy: P, want: []string{
			"index=true (meta robots, line 1: index)",
			"indexifembedded=true (meta robots, line 1: index)",
		}},
		{name: "follow and nofollow, permissive: FOLLOW", source: faq, content: "FOLLOW, NOFOLLOW", policy: P, want: []string{
			"follow=true (meta robots, line 1: FOLLOW)",
		}},
		{name: "noarchive and archive, permissive", source: yandex, content: "noarchive, archive", policy: P, want: []string{
			"archive=true (meta robots, line 1: archive)",
		}},
		{name: "all has no effect, restrictive", source: google, content: "all, noindex, nosnippet", policy: R, want: []string{
			"index=false (meta robots, line 1: noindex)",
			"follow=true (meta robots, line 1: all)",
			"snippet=false (meta robots, line 1: nosnippet)",
			"indexifembedded=false (meta robots, line 1: noindex)",
		}},
		{name: "all makes the other rules ignored, permissive", source: faq, content: "noindex, ALL, nosnippet, max-snippet: 20, unavailable_after: 2010-06-25", policy: P, want: []string{
			"index=true (meta robots, line 1: ALL)",
			"follow=true (meta robots, line 1: ALL)",
			"snippet=true (meta robots, line 1: ALL)",
			"indexifembedded=true (meta robots, line 1: ALL)",
		}},
		{name: "none and index, permissive", source: yandex, content: "none, index", policy: P, want: []string{
			"index=true (meta robots, line 1: index)",
			"follow=false (meta robots, line 1: none)",
			"indexifembedded=true (meta robots, line 1: index)",
		}},
		{name: "nosnippet over max-snippet, restrictive", source: google, content: "max-snippet:50, nosnippet", policy: R, want: []string{
			"snippet=false (meta robots, line 1: nosnippet)",
			"max_snippet=50 (meta robots, line 1: max-snippet:50)",
		}},
		{name: "max-snippet over nosnippet, permissive", source: yandex, content: "nosnippet, max-snippet:50", policy: P, want: []string{
			"snippet=true (meta robots, line 1: max-snippet:50)",
			"max_snippet=50 (meta robots, line 1: max-snippet:50)",
		}},
		{name: "the smaller max-snippet, restrictive", source: google, content: "max-snippet:50, max-snippet:-1, max-snippet:20", policy: R, want: []string{
			"snippet=true (meta robots, line 1: max-snippet:50)",
			"max_snippet=20 (meta robots, line 1: max-snippet:20)",
		}},
		{name: "the larger max-snippet, permissive", source: yandex, content: "max-snippet:50, max-snippet:-1, max-snippet:20", policy: P, want: []string{
			"snippet=true (meta robots, line 1: max-snippet:50)",
			"max_snippet=-1 (meta robots, line 1: max-snippet:-1)",
		}},
		{name: "the smaller image preview, restrictive", source: google, content: "max-image-preview:large, max-image-preview:standard", policy: R, want: []string{
			"max_image_preview=standard (meta robots, line 1: max-image-preview:standard)",
		}},
		{name: "the larger image preview, permissive", source: yandex, content: "max-image-preview:large, max-image-preview:standard", policy: P, want: []string{
			"max_image_preview=large (meta robots, line 1: max-image-preview:large)",
		}},
		{name: "the shorter video preview, restrictive", source: google, content: "max-video-preview:-1, max-video-preview:30", policy: R, want: []string{
			"max_video_preview=30 (meta robots, line 1: max-video-preview:30)",
		}},
		{name: "the earlier date, restrictive", source: google, content: "unavailable_after: 2030-01-01, unavailable_after: 2020-01-01", policy: R, want: []string{
			"unavailable_after=2020-01-01T00:00:00Z (meta robots, line 1: unavailable_after: 2020-01-01)",
		}},
		{name: "the later date, permissive", source: yandex, content: "unavailable_after: 2030-01-01, unavailable_after: 2020-01-01", policy: P, want: []string{
			"unavailable_after=2030-01-01T00:00:00Z (meta robots, line 1: unavailable_after: 2030-01-01)",
		}},
		{name: "an unknown policy is restrictive", source: google, content: "index, noindex, max-snippet:50, max-snippet:20", policy: page.Policy(9), want: []string{
			"index=false (meta robots, line 1: noindex)",
			"snippet=true (meta robots, line 1: max-snippet:50)",
			"indexifembedded=false (meta robots, line 1: noindex)",
			"max_snippet=20 (meta robots, line 1: max-snippet:20)",
		}},
		{name: "flags without an allowing rule stay off, permissive", source: yandex, content: "notranslate, noai", policy: P, want: []string{
			"translate=false (meta robots, line 1: notranslate)",
			"ai=false (meta robots, line 1: noai)",
			"imageai=false (meta robots, line 1: noai)",
		}},
	})
}

// TestMetaAndHeader checks that meta tags and headers add up, and that
// rules for every crawler and for the crawler by name do.
func TestMetaAndHeader(t *testing.T) {
	runPageCases(t, []pageCase{
		{
			name: "robots and googlebot tags add up for Googlebot", source: google, agent: "Googlebot",
			html: "<meta name=\"robots\" content=\"nofollow\">\n<meta name=\"googlebot\" content=\"noindex\">", want: []string{
				"index=false (meta googlebot, line 2: noindex)",
				"follow=false (meta robots, line 1: nofollow)",
				"indexifembedded=false (meta googlebot, line 2: noindex)",
			},
		},
		{
			name: "the googlebot tag is not Bingbot's", source: google, agent: "Bingbot",
			html: "<meta name=\"robots\" content=\"nofollow\">\n<meta name=\"googlebot\" content=\"noindex\">", want: []string{
				"follow=false (meta robots, line 1: nofollow)",
			},
		},
		{
			name: "a meta name in another case", source: bing, agent: "bingbot",
			html: `<meta name="BingBot" content="noarchive">`, want: []string{
				"archive=false (meta BingBot, line 1: noarchive)",
			},
		},
		{
			name: "the default agent reads only robots tags", source: google,
			html: `<meta name="googlebot" content="noindex">`, want: nil,
		},
		{
			name: "header and meta together, header first", source: google, agent: "Googlebot",
			header: []string{"googlebot: noindex", "max-snippet: 10"},
			html:   `<meta name="robots" content="noindex, max-snippet: 5, noimageai">`, want: []string{
				"index=false (X-Robots-Tag 1: googlebot: noindex)",
				"snippet=true (X-Robots-Tag 2: max-snippet: 10)",
				"indexifembedded=false (X-Robots-Tag 1: googlebot: noindex)",
				"imageai=false (meta robots, line 1: noimageai)",
				"max_snippet=5 (meta robots, line 1: max-snippet: 5)",
			},
		},
		{
			name: "header and meta together, permissive", source: yandex, agent: "Yandex", policy: page.Permissive,
			header: []string{"noindex"},
			html:   `<meta name="yandex" content="index, nofollow">`, want: []string{
				"index=true (meta yandex, line 1: index)",
				"follow=false (meta yandex, line 1: nofollow)",
				"indexifembedded=true (meta yandex, line 1: index)",
			},
		},
	})
}
