package main

import (
	"strings"

	"github.com/crawlkit/robots"
)

// The JSON reports of the commands: each command's -json output is one of
// these, as its help describes it. Every field is always present: a slice
// is empty rather than nil, and a missing object is null.

// fetchInfo says what was fetched for a URL source; it is also the "fetch"
// object of the JSON output.
type fetchInfo struct {
	URL       string `json:"url"`       // the robots.txt URL asked for
	FinalURL  string `json:"final_url"` // after redirects
	Redirects int    `json:"redirects"`
	Status    int    `json:"status"` // 0 when there was no response
	Bytes     int    `json:"bytes"`  // body bytes read
	State     string `json:"state"`  // "parsed", "unavailable" or "unreachable"
	Error     string `json:"error"`  // the network error, if any
}

// checkReport is the JSON output of check; see checkHelp.
type checkReport struct {
	Source   string       `json:"source"`
	Fetch    *fetchInfo   `json:"fetch"`
	Warnings []string     `json:"warnings"`
	Agents   []string     `json:"agents"`
	Groups   []agentGroup `json:"groups"`
	Results  []checkItem  `json:"results"`
	Stats    *statsReport `json:"stats"`
}

// agentGroup is the group that applies to an agent, or nil.
type agentGroup struct {
	Agent string    `json:"agent"`
	Group *groupRef `json:"group"`
	Pace  *paceRef  `json:"pace"` // pace.go
}

// checkItem is an item of check's "results": a URL checked for an agent,
// and the usage preferences that apply.
type checkItem struct {
	Agent string `json:"agent"`
	checkResult
	ContentSignal map[string]string       `json:"content_signal"` // key to value as written; empty when none
	ContentUsage  map[string]string       `json:"content_usage"`
	prefLines     []robots.PreferenceLine // the lines they come from, in file order
}

// groupRef names the group that applies to an agent.
type groupRef struct {
	Agents   []string `json:"agents"`
	Lines    []int    `json:"lines"`
	Fallback bool     `json:"fallback"`
	values   []string // the user-agent values as written, by line
}

// checkResult is one URL checked: an item of check's "results", and the
// "old" and "new" of a change in diff.
type checkResult struct {
	URL         string    `json:"url"`
	Allowed     bool      `json:"allowed"`
	Reason      string    `json:"reason"`
	Rule        *jsonRule `json:"rule"`
	Path        string    `json:"path"`
	Explanation string    `json:"explanation"`
}

// jsonRule is a rule in JSON output.
type jsonRule struct {
	Line    int    `json:"line"`
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
}

// toJSONRule returns r as JSON output gives it.
func toJSONRule(r robots.Rule) *jsonRule {
	return &jsonRule{Line: r.Line, Allow: r.Allow, Pattern: r.Pattern}
}

// result returns the result of checking u, explained by x.
func result(u string, x robots.Explanation) checkResult {
	r := checkResult{URL: u, Allowed: x.Allowed, Reason: reasonCode(x), Path: x.Path, Explanation: x.String()}
	if x.Reason == robots.RuleMatched || x.Reason == robots.IndexPageRule {
		r.Rule = toJSONRule(x.Rule)
	}
	return r
}

// reasonCodes are the names of reasons in JSON output.
var reasonCodes = map[robots.Reason]string{
	robots.RuleMatched:   "rule_matched",
	robots.IndexPageRule: "index_page_rule",
	robots.NoRuleMatched: "no_rule_matched",
	robots.NoGroup:       "no_group",
	robots.RobotsTxt:     "robots_txt",
}

// reasonCode names the reason of x in JSON output. When no file decided
// (robots.NoFile), the code is the access state that did: "unavailable"
// or "unreachable".
func reasonCode(x robots.Explanation) string {
	r := x.Reason
	if r == robots.NoFile {
		return x.Access.State.String()
	}
	if c, ok := reasonCodes[r]; ok {
		return c
	}
	return strings.ReplaceAll(r.String(), " ", "_")
}

// diffReport is the JSON output of diff; see diffHelp.
type diffReport struct {
	Old      string       `json:"old"`
	New      string       `json:"new"`
	OldFetch *fetchInfo   `json:"old_fetch"`
	NewFetch *fetchInfo   `json:"new_fetch"`
	Agents   []string     `json:"agents"`
	Checked  int          `json:"checked"`
	Changes  []diffChange `json:"changes"`
	Groups   []diffGroup  `json:"groups"`
}

// diffChange is an agent and URL whose verdict changes.
type diffChange struct {
	Agent string      `json:"agent"`
	URL   string      `json:"url"`
	Old   checkResult `json:"old"`
	New   checkResult `json:"new"`
}

// diffGroup is a group whose rules or crawl-delay change, with the
// agents it applies to.
type diffGroup struct {
	Agents        []string   `json:"agents"`
	Added         []jsonRule `json:"added"`
	Removed       []jsonRule `json:"removed"`
	OldCrawlDelay *float64   `json:"old_crawl_delay"`
	NewCrawlDelay *float64   `json:"new_crawl_delay"`
}

// A finding is one line of lint's output.
type finding struct {
	Source   string `json:"source"`
	Line     int    `json:"line"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// lintSource is a source linted.
type lintSource struct {
	Source   string     `json:"source"`
	Fetch    *fetchInfo `json:"fetch"`
	Unlisted int        `json:"unlisted"`
	found    int        // how many of the report's findings are its own
}

// lintReport is the JSON output of lint; see lintHelp.
type lintReport struct {
	Sources  []lintSource `json:"sources"`
	Findings []finding    `json:"findings"`
	Errors   int          `json:"errors"`
	Warnings int          `json:"warnings"`
	Infos    int          `json:"infos"`
}

// showReport is the JSON output of show; see showHelp.
type showReport struct {
	Source      string       `json:"source"`
	Fetch       *fetchInfo   `json:"fetch"`
	Groups      []showGroup  `json:"groups"`
	Sitemaps    []showLine   `json:"sitemaps"`
	Records     []showRecord `json:"records"`
	Diagnostics []showDiag   `json:"diagnostics"`
}

// showGroup is a merged group, as show gives it.
type showGroup struct {
	Agents      []string    `json:"agents"`
	AgentLines  []showAgent `json:"agent_lines"`
	CrawlDelay  *float64    `json:"crawl_delay"`
	Rules       []jsonRule  `json:"rules"`
	Preferences []showPref  `json:"preferences"`
	group       *robots.Group
}

// showPref is a Content-Signal or Content-Usage line of a group.
type showPref struct {
	Line  int    `json:"line"`
	Key   string `json:"key"`   // "Content-Signal" or "Content-Usage"
	Path  string `json:"path"`  // as written, or ""
	Value string `json:"value"` // the preferences as written
}

// showAgent is a user-agent line of a group.
type showAgent struct {
	Line  int    `json:"line"`
	Value string `json:"value"`
	Token string `json:"token"`
}

// showLine is a sitemap line.
type showLine struct {
	Line int    `json:"line"`
	URL  string `json:"url"`
}

// showRecord is a record of a key that is neither a rule nor a
// user-agent, crawl-delay or sitemap.
type showRecord struct {
	Line   int      `json:"line"`
	Key    string   `json:"key"`
	Value  string   `json:"value"`
	Agents []string `json:"agents"`
}

// showDiag is a diagnostic of the parser.
type showDiag struct {
	Line   int    `json:"line"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// urlReport is the JSON output of url; see urlHelp.
type urlReport struct {
	URLs []urlResult `json:"urls"`
}

// urlResult is the robots.txt URL of a page, or why there is none.
type urlResult struct {
	Page   string `json:"page"`
	Robots string `json:"robots"`
	Error  string `json:"error"`
}
