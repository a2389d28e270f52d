package lint

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
)

// The findings on sitemap lines and extension records.

// sitemaps adds the findings on sitemap lines.
func (l *linter) sitemaps() {
	host := ""
	if l.o.URL != "" {
		if pu, err := url.Parse(l.o.URL); err == nil {
			host = strings.ToLower(pu.Hostname())
		}
	}
	for _, sm := range l.decls.Sitemaps {
		u, err := url.Parse(sm.URL)
		switch {
		case sm.URL == "":
			l.add(sm.Line, Error, "bad-sitemap", "empty sitemap line: give the sitemap's absolute URL")
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			l.add(sm.Line, Error, "bad-sitemap", "sitemap %q is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path", sm.URL)
		case host != "" && strings.ToLower(u.Hostname()) != host:
			l.add(sm.Line, Info, "sitemap-other-host", "sitemap %q is on another host than this robots.txt (%s): Google and Bing take a sitemap that robots.txt names from any host, other crawlers may not",
				sm.URL, host)
		}
	}
}

// extensionNotes say, for each extension record, what crawlers do with
// it, where that is worth knowing.
var extensionNotes = map[robots.KeyKind]string{
	robots.CrawlDelay:    "Google and Yandex ignore it (Google sets its own rate; Yandex stopped reading it in 2018); Bing and other crawlers wait that many seconds between fetches",
	robots.Host:          "only Yandex read it, and it stopped in 2018 (it follows redirects to the main mirror instead); other crawlers ignore it",
	robots.CleanParam:    "only Yandex reads it (the query parameters it drops before crawling); other crawlers ignore it",
	robots.RequestRate:   "neither Google nor Bing reads it; few crawlers do",
	robots.VisitTime:     "neither Google nor Bing reads it; few crawlers do",
	robots.License:       "the URL of the content's licence (Really Simple Licensing): crawlers that follow RSL read it, search crawlers ignore it",
	robots.ContentSignal: "how the content may be used once fetched, in Cloudflare's Content Signals Policy (search, ai-input, ai-train); it stops no crawler from fetching: Disallow does that",
	robots.ContentUsage:  "how the content may be used once fetched, as draft-ietf-aipref-attach and the vocabulary of draft-ietf-aipref-vocab write it (train-ai, search); it stops no crawler from fetching: Disallow does that",
}

// extensions adds, for each kind of extension record the file has, one
// finding at its first line: what crawlers do with it.
func (l *linter) extensions() {
	first := map[robots.KeyKind]int{}
	count := map[robots.KeyKind]int{}
	note := func(kind robots.KeyKind, line int) {
		n := strconv.Itoa(line)
		if _, ok := extensionNotes[kind]; !ok || l.seen[n+" bad-crawl-delay"] || l.seen[n+" bad-preference"] {
			return // a line whose value cannot be read says its own
		}
		if count[kind]++; count[kind] == 1 {
			first[kind] = line
		}
	}
	for _, r := range l.file.Records() {
		kind, _ := robots.ClassifyKey(r.Key)
		note(kind, r.Line)
	}
	// Crawl-delay lines are no records: find them in the body.
	l.line(1) // sets lineStarts
	for n := 1; n <= len(l.lineStarts); n++ {
		line := l.line(n)
		if key, _, ok := bytes.Cut(line, []byte(":")); ok && bytes.IndexByte(key, '#') < 0 {
			if kind, _ := robots.ClassifyKey(string(key)); kind == robots.CrawlDelay {
				note(kind, n)
			}
		}
	}
	for kind, line := range first {
		lines := ""
		if count[kind] > 1 {
			lines = " (" + plural(count[kind], "line") + ")"
		}
		l.add(line, Info, "extension", "%s%s: %s", kind, lines, extensionNotes[kind])
	}
}
