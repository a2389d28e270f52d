package lint

import (
	"slices"

	"github.com/crawlkit/robots/internal/content"
)

// A Code is a kind of finding: its name, the severity of its findings, and
// what it means, in a line. The codes are the rules of a SARIF log. Codes
// lists them all; the zero value is none of them.
type Code struct {
	Name string // as in Finding.Code, such as "unknown-key"
	// Severity is the severity of its findings, or the most severe one
	// they can have: a whole-site block is a warning for Googlebot and
	// info for another search engine's crawler.
	Severity Severity
	About    string // what it means, such as "a line whose key no crawler reads"
}

// Codes returns every code of the findings, in a fixed order (SARIF's
// ruleIndex is an index in it). Two of them are for the callers that fetch
// a robots.txt, and Lint never gives them: "unavailable" (a 4xx status,
// so every URL is allowed) and "unreachable" (no file, so every URL is
// disallowed). The slice is the caller's own.
func Codes() []Code {
	return slices.Clone(codes)
}

// codes lists every code, in the order of Codes.
var codes = []Code{
	{"unknown-key", Error, "a line whose key no crawler reads"},
	{"retired-key", Warning, "a noindex or nofollow line, which Google stopped reading in 2019"},
	{"accepted-misspelling", Warning, "a misspelt key that Google reads as the key it resembles"},
	{"missing-colon", Warning, "a known key without its colon, which Google reads"},
	{"rule-outside-group", Error, "a rule before any user-agent line, which no crawler applies"},
	{"invalid-pattern", Error, "a pattern that starts with neither / nor *, which never matches"},
	{"line-too-long", Error, "a line longer than Google reads"},
	{"invalid-bytes", Warning, "bytes outside the robots.txt grammar, outside comments"},
	{"beyond-parse-limit", Error, "content past the parse limit, which crawlers ignore"},
	{"near-parse-limit", Warning, "a file within 5% of the parse limit"},
	{"bad-crawl-delay", Error, "a crawl-delay that is not a number of seconds"},
	{"bad-preference", Warning, "a Content-Signal or Content-Usage value that cannot be read"},
	{"malformed-line", Error, "a line that is neither \"key: value\" nor a comment"},
	{"too-many-diagnostics", Info, "more findings on lines than the parser lists"},
	{"diagnostic", Warning, "a diagnostic of the parser of a kind this tool does not know"},
	{"no-group", Warning, "a file without any user-agent line"},
	{"empty", Info, "a file without rules"},
	{"dollar-inside", Warning, "a \"$\" inside a pattern, which matches a literal \"$\""},
	{"repeated-rule", Info, "a rule written twice for the same crawlers"},
	{"repeated-group", Info, "a group that repeats an earlier one"},
	{"overridden-disallow", Warning, "a disallow with the same pattern as an allow, which wins"},
	{"shadowed-rule", Warning, "a rule that never decides: a rule of the other kind always wins over it"},
	{"disallow-all", Warning, "a rule that blocks the whole site for * or a search crawler"},
	{"blocked-resources", Warning, "CSS or JavaScript blocked for Googlebot or *"},
	{"long-rule", Warning, "a rule longer than 1,024 bytes, which Yandex flags"},
	{"many-rules", Warning, "a group of more than 2,048 rules, which Yandex flags"},
	{"split-group", Info, "the groups of one crawler split across the file"},
	{"agent-token", Warning, "a user-agent whose product token is not what is written"},
	{"empty-agent", Error, "a user-agent line naming no crawler"},
	{"bad-sitemap", Error, "a sitemap that is not an absolute http(s) URL"},
	{"sitemap-other-host", Info, "a sitemap on another host than the robots.txt"},
	{"extension", Info, "an extension record, and what crawlers do with it"},
	{"bom", Warning, "a byte order mark"},
	{content.HTML, Error, "an HTML page instead of a robots.txt"},
	{content.UTF16, Error, "UTF-16 text instead of a robots.txt"},
	{content.Binary, Error, "binary data instead of a robots.txt"},
	{"unavailable", Info, "a robots.txt fetched with a 4xx status: every URL is allowed"},
	{"unreachable", Error, "a robots.txt that could not be fetched: every URL is disallowed"},
}

// codeIndex returns the index of the code name in codes, or -1 (which
// SARIF reads as no index).
func codeIndex(name string) int {
	return slices.IndexFunc(codes, func(c Code) bool { return c.Name == name })
}
