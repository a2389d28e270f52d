// Package decl holds the declarations of a robots.txt body as written, its
// user-agent and sitemap lines, for the packages of this module that report
// on a file to the people who write it (the linter, the robots command). A
// robots.File does not keep them, so that crawlers do not pay for them:
// [Read] runs the root package's parser again with note-taking on, so the
// lines are read exactly as robots.Parse reads them.
//
// The root package fills them in and sets Read; this package cannot import
// it (the root imports this one), so it holds the types and the hook only.
package decl

// Declarations are the user-agent and sitemap lines of a robots.txt body,
// the lines that declare who a group is for and where sitemaps are, as
// written and as the parser reads them. The rules and other records are
// the robots.File's.
type Declarations struct {
	// Agents are the user-agent lines, in file order, including those
	// whose value names no crawler.
	Agents []AgentLine
	// Sitemaps are the sitemap lines, in file order, including empty ones
	// and duplicates, which File.Sitemaps leaves out.
	Sitemaps []SitemapLine
}

// An AgentLine is a user-agent line of a file: its value as written and
// the product token the parser reads from it. The two differ when the
// value does not consist of a token alone: "MJ12bot" is read as "MJ",
// "Googlebot/2.1" as "Googlebot", and "/bot" names no crawler at all.
type AgentLine struct {
	Line  int    // line number, from 1
	Value string // the value as written, without surrounding whitespace and comment
	// Token is the product token read from Value, "*" for a line naming
	// every crawler, or "" when the line names no crawler (it is then
	// ignored, though it still starts a group).
	Token string
	// Group is the index, from 0 and in file order, of the group the line
	// belongs to as written, before groups naming the same crawler are
	// merged. Consecutive user-agent lines share a group; a user-agent
	// line after an allow or disallow line starts the next one.
	Group int
}

// A SitemapLine is a sitemap line of a file.
type SitemapLine struct {
	Line int    // line number, from 1
	URL  string // the value as written, without surrounding whitespace and comment; may be empty
}

// Read reads the user-agent and sitemap lines of body as robots.Parse reads
// them, up to the parse limit limit (robots.Options.Limit: lines past it
// are left out). It never fails, and does not keep a reference to body.
//
// Package robots sets Read when it is initialised, so a package that calls
// it imports robots (as each caller does, to parse the same body); it is
// nil before then.
var Read func(body []byte, limit int) Declarations
