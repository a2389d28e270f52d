package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLintFindings runs lint on a minimal file for each finding.
func TestLintFindings(t *testing.T) {
	tests := []struct {
		name       string
		body       string
		want       string // the findings, before the summary line
		wantStatus int
		ignore     string // codes to leave out (-ignore), if any
	}{
		{
			name: "clean file",
			body: "User-agent: *\nDisallow: /private/\n",
		},
		{
			name: "empty file",
			body: "# nothing here\n",
			want: "stdin:1: info: the file has no rules: every crawler may fetch every URL\n",
		},
		{
			name:       "unknown key",
			body:       "User-agent: *\nNoindexing: /x\n",
			want:       "stdin:2: error: unknown key \"Noindexing\": the line is ignored\n",
			wantStatus: 1,
		},
		{
			name: "noindex, which Google read until 2019: a warning",
			body: "User-agent: *\nNoindex: /x\nnofollow: /y\n",
			want: "stdin:2: warning: key \"Noindex\" is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header\n" +
				"stdin:3: warning: key \"nofollow\" is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header\n",
			wantStatus: 1,
		},
		{
			name: "known extensions: what crawlers do with them, once a kind",
			body: "User-agent: *\nHost: example.com\nClean-param: ref /\nDisallow: /x\nClean-param: utm /\n",
			want: "" +
				"stdin:2: info: Host: only Yandex read it, and it stopped in 2018 (it follows redirects to the main mirror instead); other crawlers ignore it\n" +
				"stdin:3: info: Clean-param (2 lines): only Yandex reads it (the query parameters it drops before crawling); other crawlers ignore it\n",
		},
		{
			name:       "accepted misspelling",
			body:       "User-agent: *\nDissallow: /x\n",
			want:       "stdin:2: warning: misspelt key \"Dissallow\" is read as Disallow; Google accepts it, other crawlers may not: write Disallow\n",
			wantStatus: 1,
		},
		{
			name:       "missing colon",
			body:       "User-agent: *\nDisallow /x\n",
			want:       "stdin:2: warning: missing colon in \"Disallow /x\": Google reads it, other crawlers may not; write \"key: value\"\n",
			wantStatus: 1,
		},
		{
			name:       "rule before any user-agent",
			body:       "Disallow: /x\nUser-agent: *\nDisallow: /y\n",
			want:       "stdin:1: error: \"Disallow: /x\" comes before any user-agent line and is ignored\n",
			wantStatus: 1,
		},
		{
			name: "no group at all",
			body: "Disallow: /x\n",
			want: "" +
				"stdin:1: error: \"Disallow: /x\" comes before any user-agent line and is ignored\n" +
				"stdin:1: warning: no user-agent line: the file has no group, so no rule applies and every crawler may fetch every URL\n",
			wantStatus: 1,
		},
		{
			name:       "pattern that never matches",
			body:       "User-agent: *\nDisallow: private\n",
			want:       "stdin:2: error: pattern \"private\" starts with neither / nor *: it never matches\n",
			wantStatus: 1,
		},
		{
			name:       "$ inside a pattern",
			body:       "User-agent: *\nDisallow: /a$b\nDisallow: /c$\n",
			want:       "stdin:2: warning: \"$\" inside pattern \"/a$b\" matches a literal \"$\": only a final \"$\" anchors the end of the path\n",
			wantStatus: 1,
		},
		{
			name: "rule repeated: info, the outcome is as written",
			body: "User-agent: *\nDisallow: /x\nAllow: /y\nDisallow: /x\n",
			want: "stdin:4: info: \"Disallow: /x\" repeats line 2: it changes nothing, and can go\n",
		},
		{
			name: "a group repeated is one finding",
			body: "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /x\n",
			want: "stdin:5: info: the group of line 5 repeats the group of line 1, its crawlers and rules: crawlers read it once, so it can go\n",
		},
		{
			name: "a list of crawlers repeated is one finding, not one a crawler",
			body: "User-agent: a\nUser-agent: MJ12bot\nUser-agent: b\nDisallow: /\n\n" +
				"User-agent: a\nUser-agent: MJ12bot\nUser-agent: b\nDisallow: /\n",
			want: "" +
				"stdin:2: warning: user-agent \"MJ12bot\" is read as \"MJ\": a product token has only letters, '-' and '_', so this group is for crawlers named MJ\n" +
				"stdin:6: info: the group of line 6 repeats the group of line 1, its crawlers and rules: crawlers read it once, so it can go\n",
			wantStatus: 1,
		},
		{
			name: "rule repeated in a group split across the file",
			body: "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /x\nDisallow: /z\n",
			want: "" +
				"stdin:5: info: user-agent a already has a group at line 1: the groups are merged, but some crawlers read only the first; put its rules in one group\n" +
				"stdin:6: info: \"Disallow: /x\" repeats line 2: it changes nothing, and can go\n",
		},
		{
			name: "a group split for several crawlers is one finding",
			body: "User-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /x\nUser-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /y\n",
			want: "stdin:5: info: user-agents a and 2 others already have groups at line 1: the groups are merged, but some crawlers read only the first; put its rules in one group\n",
		},
		{
			name:       "allow and disallow with the same pattern",
			body:       "User-agent: *\nDisallow: /x\nAllow: /x\n",
			want:       "stdin:2: warning: \"Disallow: /x\" does nothing: \"Allow: /x\" at line 3 has the same pattern, and allow wins a tie\n",
			wantStatus: 1,
		},
		{
			name: "groups for one agent split across the file, names compared without case",
			body: "User-agent: Googlebot\nDisallow: /a\nUser-agent: *\nDisallow: /b\nUser-agent: googlebot\nDisallow: /c\n",
			want: "stdin:5: info: user-agent googlebot already has a group at line 1: the groups are merged, but some crawlers read only the first; put its rules in one group\n",
		},
		{
			name:       "user-agent whose product token is not what is written",
			body:       "User-agent: MJ12bot\nDisallow: /x\n",
			want:       "stdin:1: warning: user-agent \"MJ12bot\" is read as \"MJ\": a product token has only letters, '-' and '_', so this group is for crawlers named MJ\n",
			wantStatus: 1,
		},
		{
			name: "user-agent with a version",
			body: "User-agent: Googlebot/2.1\nDisallow: /x\n",
			want: "stdin:1: info: user-agent \"Googlebot/2.1\" is read as \"Googlebot\"\n",
		},
		{
			name:       "empty user-agent",
			body:       "User-agent:\nDisallow: /x\nUser-agent: *\nDisallow: /y\n",
			want:       "stdin:1: error: empty user-agent: the line names no crawler and is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "user-agent naming no crawler",
			body:       "User-agent: /bot\nUser-agent: *\nDisallow: /y\n",
			want:       "stdin:1: error: user-agent \"/bot\" names no crawler (a product token starts with a letter, '-' or '_'): the line is ignored\n",
			wantStatus: 1,
		},
		{
			name: "sitemaps that are not absolute http(s) URLs",
			body: "User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\nSitemap: ftp://example.com/s.xml\nSitemap:\nSitemap: https://example.com/s.xml\n",
			want: "" +
				"stdin:3: error: sitemap \"/sitemap.xml\" is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path\n" +
				"stdin:4: error: sitemap \"ftp://example.com/s.xml\" is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path\n" +
				"stdin:5: error: empty sitemap line: give the sitemap's absolute URL\n",
			wantStatus: 1,
		},
		{
			name:       "bad crawl-delay",
			body:       "User-agent: *\nCrawl-delay: soon\n",
			want:       "stdin:2: error: crawl-delay \"soon\" is not a number of seconds: it is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "malformed line",
			body:       "User-agent: *\n<br/>\n",
			want:       "stdin:2: error: malformed line \"<br/>\": neither \"key: value\" nor a comment; it is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "line too long",
			body:       "User-agent: *\nDisallow: /" + strings.Repeat("a", 17000) + "\n",
			want:       "stdin:2: error: the line is longer than 16,663 bytes: the rest of it is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "bytes outside the grammar",
			body:       "User-agent: *\nDisallow: /\xff\n",
			want:       "stdin:2: warning: bytes outside the robots.txt grammar (invalid UTF-8): crawlers may read the line differently\n",
			wantStatus: 1,
		},
		{
			name:       "BOM",
			body:       "\xEF\xBB\xBFUser-agent: *\nDisallow: /x\n",
			want:       "stdin:1: warning: the file starts with a byte order mark: Google skips it, other crawlers may read it as part of the first line; save the file as UTF-8 without BOM\n",
			wantStatus: 1,
		},
		{
			name: "Disallow: / for *",
			body: "User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
			want: "stdin:5: info: \"Disallow: /\" for * blocks every crawler that has no group of its own\n",
		},
		{
			name: "content past the parse limit",
			// 27 bytes, then 56,885 lines of 9 bytes, then "# filler" ends
			// at the limit and its line break is its last byte: line
			// 56,889 is the first not parsed.
			body:       "User-agent: *\nDisallow: /x\n" + strings.Repeat("# filler\n", 60000),
			want:       "stdin:56889: error: the file goes on past the parse limit of 512000 bytes: 28027 more bytes are ignored, from this line on\n",
			wantStatus: 1,
		},

		// A whole-site block: any disallow that matches every path.
		{
			name:       "Disallow: /* for * and no search crawler of its own",
			body:       "User-agent: *\nDisallow: /*\n",
			want:       "stdin:2: warning: \"Disallow: /*\" for * blocks the whole site for every crawler, search engines included: no group of its own names Googlebot or Bingbot\n",
			wantStatus: 1,
		},
		{
			name:       "Disallow: /** for *",
			body:       "User-agent: *\nDisallow: /**\n",
			want:       "stdin:2: warning: \"Disallow: /**\" for * blocks the whole site for every crawler, search engines included: no group of its own names Googlebot or Bingbot\n",
			wantStatus: 1,
		},
		{
			name:       "Disallow: * for *",
			body:       "User-agent: *\nAllow: /public/\nDisallow: *\n",
			want:       "stdin:3: warning: \"Disallow: *\" for * blocks the whole site for every crawler, search engines included: no group of its own names Googlebot or Bingbot\n",
			wantStatus: 1,
		},
		{
			name:       "Disallow: / for Googlebot",
			body:       "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",
			want:       "stdin:2: warning: \"Disallow: /\" blocks the whole site for Googlebot: it takes the site out of that search engine\n",
			wantStatus: 1,
		},
		{
			name: "Disallow: / for a smaller search engine's crawler: info",
			body: "User-agent: Googlebot\nDisallow:\n\nUser-agent: Yandex\nDisallow: /\n",
			want: "stdin:5: info: \"Disallow: /\" blocks the whole site for Yandex: it takes the site out of that search engine\n",
		},
		{
			name: "Disallow: / for a crawler that is no search engine's: clean",
			body: "User-agent: GPTBot\nDisallow: /\n",
		},
		{
			name: "Disallow: /$ blocks the home page only: clean",
			body: "User-agent: *\nDisallow: /$\n",
		},
		{
			name:       "Disallow: / undone by Allow: /",
			body:       "User-agent: Googlebot\nDisallow: /\nAllow: /\n",
			want:       "stdin:2: warning: \"Disallow: /\" does nothing: \"Allow: /\" at line 3 has the same pattern, and allow wins a tie\n",
			wantStatus: 1,
		},
		// Rules that never decide.
		{
			name:       "an allow under a longer disallow that matches all it matches",
			body:       "User-agent: *\nDisallow: /shop*\nAllow: /shop\n",
			want:       "stdin:3: warning: \"Allow: /shop\" never decides: \"Disallow: /shop*\" at line 2 matches every path it matches, and wins (a longer pattern wins)\n",
			wantStatus: 1,
		},
		{
			name:       "a disallow under an allow as long, which wins the tie",
			body:       "User-agent: *\nAllow: */account\nDisallow: /account*\n",
			want:       "stdin:3: warning: \"Disallow: /account*\" never decides: \"Allow: */account\" at line 2 matches every path it matches, and wins (an allow wins a tie)\n",
			wantStatus: 1,
		},
		{
			name: "rules that each decide somewhere: clean",
			body: "User-agent: *\nDisallow: /shop\nAllow: /shop/\nDisallow: /a*x\nAllow: /a\nDisallow: /b$\nAllow: /b\n",
		},
		{
			name: "an index page allow decides for its directory: clean",
			body: "User-agent: *\nDisallow: /d/*.html\nAllow: /d/index.html\n",
		},
		// CSS and JavaScript.
		{
			name:       "JavaScript blocked for *, and so for Googlebot",
			body:       "User-agent: *\nDisallow: /*.js$\n",
			want:       "stdin:2: warning: \"Disallow: /*.js$\" blocks every JavaScript file for * and so for Googlebot, which has no group of its own: Google renders pages with their CSS and JavaScript, and one it cannot render may rank lower; allow them\n",
			wantStatus: 1,
		},
		{
			name:       "CSS blocked for Googlebot",
			body:       "User-agent: Googlebot\nDisallow: /*.css\nUser-agent: *\nDisallow: /tmp/\n",
			want:       "stdin:2: warning: \"Disallow: /*.css\" blocks every CSS file for Googlebot: Google renders pages with their CSS and JavaScript, and one it cannot render may rank lower; allow them\n",
			wantStatus: 1,
		},
		{
			name:       "JavaScript of one directory blocked, or blocked and allowed again: clean",
			body:       "User-agent: *\nDisallow: /admin/*.js$\nDisallow: /*.css$\nAllow: /*.css$\n",
			want:       "stdin:3: warning: \"Disallow: /*.css$\" does nothing: \"Allow: /*.css$\" at line 4 has the same pattern, and allow wins a tie\n",
			wantStatus: 1,
		},
		// What Yandex's analyser flags.
		{
			name:       "a rule over 1,024 bytes",
			body:       "User-agent: *\nDisallow: /" + strings.Repeat("a", 1024) + "\n",
			want:       "stdin:2: warning: the pattern is 1025 bytes long: Yandex's robots.txt analyser flags rules longer than 1,024 bytes, and Yandex may ignore it\n",
			wantStatus: 1,
		},
		{
			name:       "more than 2,048 rules in a group",
			body:       "# rules\nUser-agent: *\n" + strings.Repeat("Disallow: /a\nDisallow: /b\n", 1024) + "Allow: /c\n",
			wantStatus: 1,
			want:       "stdin:2: warning: the group for * has 2049 rules: Yandex's robots.txt analyser flags groups of more than 2,048 rules, and Yandex may not read them all\n",
			ignore:     "repeated-rule",
		},
		// Extension records, and what crawlers do with them.
		{
			name: "Content-Signal and Content-Usage are known, and stop no crawler",
			body: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nDisallow: /private/\n",
			want: "" +
				"stdin:2: info: Content-Signal: how the content may be used once fetched, in Cloudflare's Content Signals Policy (search, ai-input, ai-train); it stops no crawler from fetching: Disallow does that\n" +
				"stdin:3: info: Content-Usage: how the content may be used once fetched, as draft-ietf-aipref-attach and the vocabulary of draft-ietf-aipref-vocab write it (train-ai, search); it stops no crawler from fetching: Disallow does that\n",
		},
		{
			name: "Crawl-delay, which Google ignores, License, Request-rate, Visit-time",
			body: "User-agent: Bingbot\nCrawl-delay: 5\nUser-agent: *\nCrawl-delay: 10\nRequest-rate: 1/5\nVisit-time: 0600-0845\nDisallow: /x\nLicense: https://example.com/license.xml\n",
			want: "" +
				"stdin:2: info: Crawl-delay (2 lines): Google and Yandex ignore it (Google sets its own rate; Yandex stopped reading it in 2018); Bing and other crawlers wait that many seconds between fetches\n" +
				"stdin:5: info: Request-rate: neither Google nor Bing reads it; few crawlers do\n" +
				"stdin:6: info: Visit-time: neither Google nor Bing reads it; few crawlers do\n" +
				"stdin:8: info: License: the URL of the content's licence (Really Simple Licensing): crawlers that follow RSL read it, search crawlers ignore it\n",
		},
		{
			name:       "a Content-Usage value that cannot be read",
			body:       "User-agent: *\nContent-Usage: train-ai=(\nDisallow: /x\n",
			want:       "stdin:2: warning: the preferences \"train-ai=(\" cannot be read: crawlers that read Content-Signal and Content-Usage lines take none from this line\n",
			wantStatus: 1,
		},
		// False alarms that stay clean.
		{
			name: "Mediapartners-Google* names that crawler",
			body: "User-agent: Mediapartners-Google*\nDisallow:\n",
		},
		{
			name: "bytes that are not UTF-8 in a comment",
			body: "User-agent: *\nDisallow: /x # caf\xe9\n# \xff\xfe\n",
		},
		{
			name:   "the parser's count of findings it does not list",
			body:   "User-agent: *\n" + strings.Repeat("nonsense\n", 1100),
			want:   "stdin:1002: info: the parser lists findings on lines up to here only: 100 more from this line on are not listed\n",
			ignore: "malformed-line",
		},
		{
			name:       "an HTML line in a robots.txt is no rule without its colon",
			body:       "User-agent: *\nDisallow: /x\n<p class=\"note\">\n",
			want:       "stdin:3: error: malformed line \"<p class=\\\"note\\\">\": neither \"key: value\" nor a comment; it is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "a line of prose is no rule without its colon",
			body:       "User-agent: *\nDisallow: /x\nAdded 17.6.2019\n",
			want:       "stdin:3: error: malformed line \"Added 17.6.2019\": neither \"key: value\" nor a comment; it is ignored\n",
			wantStatus: 1,
		},
		// Bodies that are not robots.txt files: one finding.
		{
			name:       "HTML without a doctype",
			body:       "\n\n<div class=\"error\"><!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>Error</title>\n</head>\n</html>\n",
			want:       "stdin:1: error: this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt\n",
			wantStatus: 1,
		},
		{
			name:       "HTML after an HTML comment",
			body:       "<!--\n-->\n\n<script language=\"Javascript\">\nloc = document.URL;\n</script>\n",
			want:       "stdin:1: error: this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt\n",
			wantStatus: 1,
		},
		{
			name:       "a robots.txt under HTML comments is a robots.txt",
			body:       "<!-- Id: robots.txt 3287 -->\n\nUser-agent: *\nDisallow: /cgi-bin/\n",
			want:       "stdin:1: error: unknown key \"<!-- Id\": the line is ignored\n",
			wantStatus: 1,
		},
		{
			name:       "a body within 5% of the parse limit",
			body:       "User-agent: *\nDisallow: /x\n" + strings.Repeat("# filler\n", 54100),
			want:       "stdin:1: warning: the file is 486927 bytes, within 5% of the parse limit of 512000: crawlers ignore what lies past the limit, so what is added at its end will soon be ignored\n",
			wantStatus: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"lint", "-"}
			if tc.ignore != "" {
				args = append(args, "-ignore", tc.ignore)
			}
			got := runTool(t, strings.NewReader(tc.body), args...)
			findings, summary := splitSummary(got.stdout)
			if findings != tc.want {
				t.Errorf("lint findings:\n%s\nwant:\n%s", findings, tc.want)
			}
			if n := strings.Count(tc.want, "\n"); (n == 0) != (summary == "no findings\n") {
				t.Errorf("lint summary %q with %d findings", summary, n)
			}
			if got.status != tc.wantStatus || got.stderr != "" {
				t.Errorf("lint = %d, stderr %q; want %d, no stderr", got.status, got.stderr, tc.wantStatus)
			}
		})
	}
}

// splitSummary cuts lint's output into the findings and the summary line.
func splitSummary(out string) (findings, summary string) {
	i := strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")
	return out[:i+1], out[i+1:]
}

func TestLintSamples(t *testing.T) {
	runCases(t, []runCase{
		{
			name: "the messy sample",
			args: []string{"lint", messy},
			wantStdout: "" +
				"../../testdata/messy.txt:2: error: \"Disallow: /before-any-group\" comes before any user-agent line and is ignored\n" +
				"../../testdata/messy.txt:4: warning: misspelt key \"Dissallow\" is read as Disallow; Google accepts it, other crawlers may not: write Disallow\n" +
				"../../testdata/messy.txt:5: warning: missing colon in \"Disallow /no-colon\": Google reads it, other crawlers may not; write \"key: value\"\n" +
				"../../testdata/messy.txt:6: error: pattern \"no-slash\" starts with neither / nor *: it never matches\n" +
				"../../testdata/messy.txt:7: error: crawl-delay \"soon\" is not a number of seconds: it is ignored\n" +
				"../../testdata/messy.txt:8: warning: key \"Noindex\" is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header\n" +
				"../../testdata/messy.txt:9: info: Host: only Yandex read it, and it stopped in 2018 (it follows redirects to the main mirror instead); other crawlers ignore it\n" +
				"../../testdata/messy.txt:10: warning: misspelt key \"User agent\" is read as User-agent; Google accepts it, other crawlers may not: write User-agent\n" +
				"../../testdata/messy.txt:11: warning: \"Disallow: /\" blocks the whole site for Bingbot: it takes the site out of that search engine\n" +
				"../../testdata/messy.txt:12: error: malformed line \"<br/>\": neither \"key: value\" nor a comment; it is ignored\n" +
				"10 findings: 4 errors, 5 warnings, 1 info\n",
			wantStatus: 1,
		},
		{
			name: "a clean file: Crawl-delay, which Google ignores, is info",
			args: []string{"lint", example},
			wantStdout: "" +
				"../../testdata/example.txt:8: info: Crawl-delay: Google and Yandex ignore it (Google sets its own rate; Yandex stopped reading it in 2018); Bing and other crawlers wait that many seconds between fetches\n" +
				"1 finding: 0 errors, 0 warnings, 1 info\n",
		},
		{
			name:       "two clean files",
			args:       []string{"lint", "-ignore", "extension", example, oldFile},
			wantStdout: "no findings in 2 files\n",
		},
	})
}

func TestLintJSON(t *testing.T) {
	got := runTool(t, strings.NewReader("User-agent: MJ12bot\nDisallow: /x\nNoindex: /y\n"), "lint", "-json", "-ignore", "extension", example, "-")
	if got.status != 1 || got.stderr != "" {
		t.Fatalf("lint -json = %d, stderr %q; want 1 and none", got.status, got.stderr)
	}
	var rep struct {
		Sources []struct {
			Source   string          `json:"source"`
			Fetch    json.RawMessage `json:"fetch"`
			Unlisted *int            `json:"unlisted"`
		} `json:"sources"`
		Findings []finding `json:"findings"`
		Errors   *int      `json:"errors"`
		Warnings *int      `json:"warnings"`
		Infos    *int      `json:"infos"`
	}
	decodeStrict(t, got.stdout, &rep)
	if len(rep.Sources) != 2 || rep.Sources[0].Source != example || rep.Sources[1].Source != "-" {
		t.Errorf("sources = %+v, want %s and -", rep.Sources, example)
	}
	for _, s := range rep.Sources {
		if string(s.Fetch) != "null" || s.Unlisted == nil || *s.Unlisted != 0 {
			t.Errorf("source %s: fetch %s, unlisted %v; want null and 0", s.Source, s.Fetch, s.Unlisted)
		}
	}
	want := []finding{
		{Source: "stdin", Line: 1, Severity: "warning", Code: "agent-token",
			Message: "user-agent \"MJ12bot\" is read as \"MJ\": a product token has only letters, '-' and '_', so this group is for crawlers named MJ"},
		{Source: "stdin", Line: 3, Severity: "warning", Code: "retired-key", Message: "key \"Noindex\" is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header"},
	}
	if diff := cmp.Diff(want, rep.Findings); diff != "" {
		t.Errorf("findings mismatch (-want +got):\n%s", diff)
	}
	if rep.Errors == nil || *rep.Errors != 0 || rep.Warnings == nil || *rep.Warnings != 2 || rep.Infos == nil || *rep.Infos != 0 {
		t.Errorf("errors, warnings, infos = %v, %v, %v; want 0, 2, 0", rep.Errors, rep.Warnings, rep.Infos)
	}
}

// decodeStrict decodes the JSON document s into v, failing on fields v
// does not have and on anything after the document.
func decodeStrict(t *testing.T, s string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON document in %s", s)
	}
}

// TestLintFilters checks -ignore and -min-severity: the findings left out
// count for neither the summary nor the exit status.
func TestLintFilters(t *testing.T) {
	body := "User-agent: *\nDisallow: /a$b\nDisallow: /x\nDisallow: /x\nNoindex: /y\n"
	dollar := "stdin:2: warning: \"$\" inside pattern \"/a$b\" matches a literal \"$\": only a final \"$\" anchors the end of the path\n"
	repeated := "stdin:4: info: \"Disallow: /x\" repeats line 3: it changes nothing, and can go\n"
	retired := "stdin:5: warning: key \"Noindex\" is ignored: Google stopped reading it in robots.txt in September 2019; use a robots meta tag or an X-Robots-Tag header\n"
	runCases(t, []runCase{
		{
			name:       "every finding",
			args:       []string{"lint", "-"},
			stdin:      strings.NewReader(body),
			wantStdout: dollar + repeated + retired + "3 findings: 0 errors, 2 warnings, 1 info\n",
			wantStatus: 1,
		},
		{
			name:       "-ignore two codes, one flag",
			args:       []string{"lint", "-ignore", "retired-key,dollar-inside", "-"},
			stdin:      strings.NewReader(body),
			wantStdout: repeated + "1 finding: 0 errors, 0 warnings, 1 info\n",
		},
		{
			name:       "-ignore repeated",
			args:       []string{"lint", "-ignore", "retired-key", "-ignore", "repeated-rule", "-"},
			stdin:      strings.NewReader(body),
			wantStdout: dollar + "1 finding: 0 errors, 1 warning, 0 info\n",
			wantStatus: 1,
		},
		{
			name:       "-min-severity warning",
			args:       []string{"lint", "-min-severity", "warning", "-"},
			stdin:      strings.NewReader(body),
			wantStdout: dollar + retired + "2 findings: 0 errors, 2 warnings, 0 info\n",
			wantStatus: 1,
		},
		{
			name:       "-min-severity error",
			args:       []string{"lint", "-min-severity", "error", "-ignore", "retired-key", "-"},
			stdin:      strings.NewReader(body),
			wantStdout: "no findings\n",
		},
		{
			name:       "an unknown code",
			args:       []string{"lint", "-ignore", "dollar-inside,repeated-rules", "-"},
			stdin:      strings.NewReader(body),
			wantStderr: "robots lint: -ignore dollar-inside,repeated-rules: \"repeated-rules\" is not a code of lint's findings; 'robots help lint' lists them\nRun 'robots lint -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "an unknown severity",
			args:       []string{"lint", "-min-severity", "warn", "-"},
			stdin:      strings.NewReader(body),
			wantStderr: "robots lint: -min-severity \"warn\" is not a severity: give info, warning or error\nRun 'robots lint -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "an unknown format",
			args:       []string{"lint", "-format", "xml", "-"},
			stdin:      strings.NewReader(body),
			wantStderr: "robots lint: -format \"xml\" is not a format: give text, json or sarif\nRun 'robots lint -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "-json and -format sarif",
			args:       []string{"lint", "-json", "-format", "sarif", "-"},
			stdin:      strings.NewReader(body),
			wantStderr: "robots lint: -json and -format sarif ask for two formats: give one\nRun 'robots lint -h' for usage.\n",
			wantStatus: 2,
		},
	})
}

// TestLintCodesDocumented checks that lint's help names every code of its
// findings, in brackets, and no other.
func TestLintCodesDocumented(t *testing.T) {
	help := lookup("lint").help
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[([a-z][a-z0-9-]*)\]`).FindAllStringSubmatch(help, -1) {
		named[m[1]] = true
	}
	for _, c := range lintCodes {
		if !named[c.Name] {
			t.Errorf("lint's help does not name the code [%s]", c.Name)
		}
		delete(named, c.Name)
	}
	for code := range named {
		t.Errorf("lint's help names [%s], which is no code", code)
	}
}
