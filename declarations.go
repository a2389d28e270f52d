package robots

import "github.com/crawlkit/robots/internal/decl"

// This file reads the declarations of a body, its user-agent and sitemap
// lines, as written, for the tools of this module that report on a file to
// the people who write it (the linter, the robots command), through
// internal/decl. A File does not keep them, so that crawlers do not pay for
// them (see TestRetainedMemoryHostile): readDeclarations runs the parser
// again with note-taking on, so the lines are read exactly as Parse reads
// them.

func init() {
	decl.Read = readDeclarations
}

// readDeclarations reads the user-agent and sitemap lines of the first
// limit bytes of body, as Parse reads them. It does not keep a reference
// to body.
func readDeclarations(body []byte, limit int) decl.Declarations {
	p := parsers.Get().(*parser)
	defer p.free()
	var l decl.Declarations
	p.lines = &l
	p.read(body, limit)
	return l
}

// noteAgent keeps the current line, a user-agent line whose value is value
// and whose token is value[:token], when p keeps lines.
func (p *parser) noteAgent(value []byte, token int) {
	if p.lines == nil {
		return
	}
	v := string(value)
	p.lines.Agents = append(p.lines.Agents, decl.AgentLine{Line: int(p.line), Value: v, Token: v[:token], Group: len(p.raws) - 1})
}

// noteSitemap keeps the current line, a sitemap line whose value is value,
// when p keeps lines.
func (p *parser) noteSitemap(value []byte) {
	if p.lines != nil {
		p.lines.Sitemaps = append(p.lines.Sitemaps, decl.SitemapLine{Line: int(p.line), URL: string(value)})
	}
}
