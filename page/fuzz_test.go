package page

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// headMetas is the slow, obviously correct reader the fuzz test checks the
// fast one against: it parses the whole document into a tree, as browsers
// do, and lists the meta tags among the head's children, up to the first
// child element Google does not allow in a head. It returns each tag's
// name and content ("name=content"), for tags with both and a name that
// can be a crawler's.
func headMetas(doc []byte) []string {
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		return nil
	}
	var head *html.Node
	for n := root.FirstChild; n != nil && head == nil; n = n.NextSibling {
		if n.Type == html.ElementNode && n.DataAtom == atom.Html {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.DataAtom == atom.Head {
					head = c
					break
				}
			}
		}
	}
	if head == nil {
		return nil
	}
	var out []string
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Title, atom.Link, atom.Script, atom.Style, atom.Base, atom.Noscript, atom.Template:
			continue
		case atom.Meta:
		default:
			return out
		}
		var name, content string
		var haveName, haveContent bool
		for _, a := range c.Attr {
			switch {
			case a.Namespace == "" && a.Key == "name" && !haveName:
				name, haveName = strings.Trim(a.Val, " \t\n\f\r\v"), true
			case a.Namespace == "" && a.Key == "content" && !haveContent:
				content, haveContent = a.Val, true
			}
		}
		if haveName && haveContent && agentName(name) {
			out = append(out, name+"="+content)
		}
	}
	return out
}

// agentName reports whether s can name a crawler: ASCII letters, digits,
// '-', '_' and '.'.
func agentName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == ""
}

// checkAnswers checks what must hold of every answer: Restrictive allows
// no more than Permissive; every rule listed is the agent's and, unless
// texts is "", written in texts; the rules for every crawler are the same
// whoever asks.
func checkAnswers(t *testing.T, d *Directives, agent string, texts string) {
	t.Helper()
	r, p := d.For(agent, Restrictive), d.For(agent, Permissive)
	flags := []struct {
		name   string
		rv, pv bool
	}{
		{"Index", r.Index, p.Index}, {"Follow", r.Follow, p.Follow}, {"Snippet", r.Snippet, p.Snippet},
		{"Archive", r.Archive, p.Archive}, {"Translate", r.Translate, p.Translate},
		{"ImageIndex", r.ImageIndex, p.ImageIndex}, {"IndexIfEmbedded", r.IndexIfEmbedded, p.IndexIfEmbedded},
		{"AI", r.AI, p.AI}, {"ImageAI", r.ImageAI, p.ImageAI},
	}
	for _, f := range flags {
		if f.rv && !f.pv {
			t.Errorf("For(%q): %s is true under Restrictive, false under Permissive", agent, f.name)
		}
	}
	less := func(a, b int) bool { return a != -1 && (b == -1 || a < b) }
	if less(p.MaxSnippet, r.MaxSnippet) || less(p.MaxVideoPreview, r.MaxVideoPreview) {
		t.Errorf("For(%q): limits under Restrictive (%d, %d) above those under Permissive (%d, %d)",
			agent, r.MaxSnippet, r.MaxVideoPreview, p.MaxSnippet, p.MaxVideoPreview)
	}
	if len(r.Rules) > MaxListed || len(r.Unknown) > MaxListed || len(r.Invalid) > MaxListed {
		t.Errorf("For(%q) lists %d rules, %d unknown, %d invalid; at most %d each", agent, len(r.Rules), len(r.Unknown), len(r.Invalid), MaxListed)
	}
	var general []Rule
	for _, rule := range r.Rules {
		if rule.Agent != "" && !strings.EqualFold(rule.Agent, agent) {
			t.Errorf("For(%q) lists a rule for %q: %v", agent, rule.Agent, rule)
		}
		if rule.Agent == "" {
			general = append(general, rule)
		}
		if texts != "" && !strings.Contains(texts, rule.Text) || rule.Text == "" || trim(rule.Text) != rule.Text {
			t.Errorf("For(%q) lists a rule not as written: %q", agent, rule.Text)
		}
	}
	for _, s := range Settings() {
		if why, ok := r.Why(s); ok && why.Agent != "" && !strings.EqualFold(why.Agent, agent) {
			t.Errorf("For(%q): %v decided by a rule for %q", agent, s, why.Agent)
		}
	}
	if all := d.For("*", Restrictive); r.Unlisted == 0 && all.Unlisted == 0 {
		if diff := cmp.Diff(all.Rules, general); diff != "" {
			t.Errorf("the rules for every crawler differ between For(\"*\") and For(%q) (-* +%s):\n%s", agent, agent, diff)
		}
	}
}

// countReader counts the bytes read from r.
type countReader struct {
	r io.Reader
	n int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func FuzzHTML(f *testing.F) {
	f.Add([]byte("<!DOCTYPE html>\n<html><head>\n<title>t</title><link rel=x href=y><style>p{}</style>"+
		"<script>var a = '<meta name=robots content=noindex>';</script>\n<meta name=\"robots\" content=\"noindex, max-snippet: 50\">"+
		"\n</head>\n<body><p>x</p></body></html>"), uint16(4096))
	f.Add([]byte(`<meta name='robots'content='noindex'><meta name=googlebot content="nofollow, max-snippet:5">`), uint16(100))
	f.Add([]byte("\xEF\xBB\xBF<head><template><meta name=robots content=none></template><script>x</script><meta name=robots content=all>"), uint16(30))
	f.Add([]byte("\xFE\xFF\x00<\x00m\x00e\x00t\x00a\x00>"), uint16(1000))
	f.Add([]byte("<html>\r\n<HEAD><!-- x --><noscript><img></noscript><title>&lt;</title><META NAME=ROBOTS CONTENT=\"noindex&#44;nofollow\"></HEAD><body>"), uint16(0))
	f.Add([]byte(`<head><meta name=robots content="unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noai"><img><meta name=robots content=noindex>`), uint16(64))
	f.Fuzz(func(t *testing.T, doc []byte, limit uint16) {
		// The bound: never a byte past MaxRead.
		o := Options{MaxRead: int(limit) + 1}
		cr := &countReader{r: bytes.NewReader(doc)}
		d, err := o.FromHTML(cr)
		if err != nil {
			t.Fatal(err)
		}
		if cr.n > o.MaxRead {
			t.Fatalf("read %d bytes, MaxRead is %d", cr.n, o.MaxRead)
		}
		if d.Truncated() && cr.n < o.MaxRead {
			t.Errorf("Truncated() after reading %d bytes, below MaxRead %d", cr.n, o.MaxRead)
		}

		// The whole document.
		whole, err := Options{MaxRead: len(doc) + 1}.FromHTML(bytes.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if whole.Truncated() {
			t.Errorf("Truncated() with MaxRead past the end")
		}
		utf16 := bytes.HasPrefix(doc, []byte{0xFE, 0xFF}) || bytes.HasPrefix(doc, []byte{0xFF, 0xFE})
		// Against the tree html.Parse builds. It differs in three ways the
		// package means: after </head>, a meta tag goes back into the head
		// of the tree (HTML 13.2.6.4.6, "after head"), where Google has
		// stopped reading; a byte order mark is text to html.Parse; and it
		// does not decode UTF-16.
		if !utf16 && !bytes.HasPrefix(doc, []byte{0xEF, 0xBB, 0xBF}) && !bytes.Contains(bytes.ToLower(doc), []byte("</head")) {
			want := headMetas(doc)
			var got []string
			for _, m := range whole.metas {
				got = append(got, m.name+"="+m.content)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("meta tags of %q differ from html.Parse's (-html.Parse +page):\n%s", doc, diff)
			}
		}
		// A rule's text is written in the document, with its line breaks
		// made LF as HTML makes them, unless it was decoded from character
		// references or UTF-16.
		texts := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(doc))
		if utf16 || bytes.IndexByte(doc, '&') >= 0 || bytes.IndexByte(doc, 0) >= 0 {
			texts = ""
		}
		for _, m := range whole.metas {
			checkAnswers(t, whole, m.name, texts)
		}
		checkAnswers(t, whole, "googlebot", texts)
	})
}

func FuzzHeader(f *testing.F) {
	f.Add("BadBot: noindex, nofollow, googlebot: nofollow", "noarchive", "googlebot")
	f.Add("googlebot: unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noindex", "max-snippet: 20, max-image-preview: large", "GoogleBot")
	f.Add("unavailable_after: 2010-06-25T15:00:00-08:00", "all, none, index", "badbot")
	f.Add("noindex nofollow, otherbot:, max-video-preview: -1", "x: y: z, nosnippet, max-snippet:0", "otherbot")
	f.Fuzz(func(t *testing.T, v1, v2, agent string) {
		h := http.Header{"X-Robots-Tag": {v1, v2}}
		d := FromHeader(h)
		for _, p := range []Policy{Restrictive, Permissive} {
			a := d.For(agent, p)
			for _, r := range a.Rules {
				if r.From != Header || r.Line != 1 && r.Line != 2 {
					t.Errorf("rule %v: from %v at %d, want a header at 1 or 2", r, r.From, r.Line)
				}
			}
		}
		checkAnswers(t, d, agent, v1+"\n"+v2)
	})
}

// FuzzParseDate checks that a date read, written in RFC 3339, reads back
// as the same time.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"25 Jun 2010 15:00:00 PST", "Friday, 25-Jun-10 15:00:00 PST", "Fri Jun 25 23:00:00 2010",
		"2010-06-25T15:00:00.123-08:00", "29 Feb 2012 00:00 +2359"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := parseDate(s)
		if !ok {
			return
		}
		if got.Location() != time.UTC {
			t.Errorf("parseDate(%q) in %v, want UTC", s, got.Location())
		}
		if got.Year() < 0 || got.Year() > 9999 {
			return // RFC 3339 has four-digit years
		}
		back, ok := parseDate(got.Format(time.RFC3339Nano))
		if !ok || !back.Equal(got) {
			t.Errorf("parseDate(%q) = %v; reading %q back gives %v, %v", s, got, got.Format(time.RFC3339Nano), back, ok)
		}
	})
}

// FuzzResponse checks FromResponse on any Content-Type and body: no panic,
// no error for a body read whole without a Content-Encoding, the caller
// still reads the whole body, and a body whose media type is not HTML
// adds no rule.
func FuzzResponse(f *testing.F) {
	f.Add("text/html; charset=utf-16", []byte("<\x00m\x00e\x00t\x00a\x00"))
	f.Add(`text/html; charset=" Unicode "`, []byte("\xFF\xFE<\x00"))
	f.Add("application/xhtml+xml", []byte(`<meta name=robots content=noindex>`))
	f.Add("text/plain", []byte(`<meta name=robots content=noindex>`))
	f.Add("text/html;;", []byte("\xEF\xBB\xBF<meta name=robots content=noindex>"))
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		h := http.Header{"Content-Type": {contentType}}
		resp := &http.Response{Header: h, Body: io.NopCloser(bytes.NewReader(body))}
		d, err := FromResponse(resp)
		if err != nil {
			t.Fatalf("FromResponse: %v", err)
		}
		got, err := io.ReadAll(resp.Body)
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("the caller reads %q, %v; want the whole body %q", got, err, body)
		}
		if _, ok := htmlBody(contentType); !ok && len(d.metas) > 0 {
			t.Errorf("Content-Type %q is not HTML, yet %d meta tags were read", contentType, len(d.metas))
		}
	})
}
