package robots

// This file keeps the user-agent and sitemap lines of a file as written,
// for tools that report on a file to the people who write it (linters,
// viewers). Matching never reads them.

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

// AgentLines returns every user-agent line of the file, in file order,
// including those whose value names no crawler.
func (f *File) AgentLines() []AgentLine {
	return append([]AgentLine(nil), f.agentLines...)
}

// A SitemapLine is a sitemap line of a file.
type SitemapLine struct {
	Line int    // line number, from 1
	URL  string // the value as written, without surrounding whitespace and comment; may be empty
}

// SitemapLines returns every sitemap line of the file, in file order,
// including empty ones and duplicates, which [File.Sitemaps] leaves out.
func (f *File) SitemapLines() []SitemapLine {
	return append([]SitemapLine(nil), f.sitemapLines...)
}

// parsedAgentLine is an AgentLine in the parser's arena.
type parsedAgentLine struct {
	value, token span
	line, group  int32
}

// parsedSitemapLine is a SitemapLine in the parser's arena.
type parsedSitemapLine struct {
	url  span
	line int32
}

// noteAgent keeps the current line, a user-agent line whose value is value
// and whose token is value[:tokenLen] (which is "*" for every crawler).
func (p *parser) noteAgent(value []byte, tokenLen int) {
	s := p.save(value)
	p.agentLines = append(p.agentLines, parsedAgentLine{
		value: s, token: span{s.off, s.off + int32(tokenLen)},
		line: int32(p.line), group: int32(p.cur),
	})
}

// noteSitemap keeps the current line, a sitemap line whose value is value.
func (p *parser) noteSitemap(value []byte) {
	p.sitemapLines = append(p.sitemapLines, parsedSitemapLine{url: p.save(value), line: int32(p.line)})
}

// keepWritten copies the lines noted by noteAgent and noteSitemap into f;
// str turns a span of the arena into a string.
func (p *parser) keepWritten(f *File, str func(span) string) {
	if len(p.agentLines) > 0 {
		f.agentLines = make([]AgentLine, len(p.agentLines))
		for i, a := range p.agentLines {
			f.agentLines[i] = AgentLine{Line: int(a.line), Value: str(a.value), Token: str(a.token), Group: int(a.group)}
		}
	}
	if len(p.sitemapLines) > 0 {
		f.sitemapLines = make([]SitemapLine, len(p.sitemapLines))
		for i, s := range p.sitemapLines {
			f.sitemapLines[i] = SitemapLine{Line: int(s.line), URL: str(s.url)}
		}
	}
}
