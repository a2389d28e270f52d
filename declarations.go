package robots

// This file reads the declarations of a body, its user-agent and sitemap
// lines, as written, for tools that report on a file to the people who
// write it (linters, viewers). A File does not keep them, so that crawlers
// do not pay for them (see TestRetainedMemoryHostile): ParseDeclarations
// runs the parser again with note-taking on, so the lines are read exactly
// as Parse reads them.

// Declarations are the user-agent and sitemap lines of a robots.txt body,
// the lines that declare who a group is for and where sitemaps are, as
// written and as the parser reads them. The rules and other records are
// the File's.
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

// ParseDeclarations reads the user-agent and sitemap lines of body as [Parse]
// reads them, with the default options. It never fails, and does not keep
// a reference to body.
func ParseDeclarations(body []byte) Declarations {
	return Options{}.ParseDeclarations(body)
}

// ParseDeclarations reads the user-agent and sitemap lines of body as
// [Options.Parse] reads them with the options o: lines past the parse
// limit are left out. It never fails, and does not keep a reference to
// body.
func (o Options) ParseDeclarations(body []byte) Declarations {
	p := parsers.Get().(*parser)
	defer p.free()
	var l Declarations
	p.lines = &l
	p.read(body, o.Limit())
	return l
}

// noteAgent keeps the current line, a user-agent line whose value is value
// and whose token is value[:token], when p keeps lines.
func (p *parser) noteAgent(value []byte, token int) {
	if p.lines == nil {
		return
	}
	v := string(value)
	p.lines.Agents = append(p.lines.Agents, AgentLine{Line: int(p.line), Value: v, Token: v[:token], Group: len(p.raws) - 1})
}

// noteSitemap keeps the current line, a sitemap line whose value is value,
// when p keeps lines.
func (p *parser) noteSitemap(value []byte) {
	if p.lines != nil {
		p.lines.Sitemaps = append(p.lines.Sitemaps, SitemapLine{Line: int(p.line), URL: string(value)})
	}
}
