package page_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlkit/robots/page"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// benchPage returns an HTML page with a head of about headSize bytes,
// ending with a robots meta tag, and a body of about bodySize bytes.
func benchPage(headSize, bodySize int) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>A page of the benchmark</title>\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	for i := 0; b.Len() < headSize-200; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"/css/style-%d.css\">\n", i)
		case 1:
			fmt.Fprintf(&b, "<meta property=\"og:title\" content=\"Open Graph title number %d\">\n", i)
		case 2:
			fmt.Fprintf(&b, "<script>window.dataLayer = window.dataLayer || []; dataLayer.push({'n': %d});</script>\n", i)
		case 3:
			fmt.Fprintf(&b, "<style>.c%d { color: #333; margin: 0 auto; }</style>\n", i)
		}
	}
	b.WriteString("<meta name=\"robots\" content=\"noindex, max-snippet: 50\">\n</head>\n<body>\n")
	head := b.Len()
	for i := 0; b.Len()-head < bodySize; i++ {
		fmt.Fprintf(&b, "<div class=\"post\"><h2><a href=\"/post/%d\">Post %d</a></h2><p>Lorem ipsum dolor sit amet, <em>consectetur</em> adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p></div>\n", i, i)
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

// BenchmarkHead compares reading the robots rules of a page with a 2 KB
// head and a 200 KB body with this package and with html.Parse of the
// whole page (then a walk of the head): the comparison of issue 15.
// benchstat -col /reader compares the two.
func BenchmarkHead(b *testing.B) {
	doc := benchPage(2000, 200000)
	b.Run("reader=page", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			d, err := page.FromHTML(strings.NewReader(doc))
			if err != nil || d.For("Googlebot", page.Restrictive).Index {
				b.Fatal("the noindex was not read")
			}
		}
	})
	b.Run("reader=html.Parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			root, err := html.Parse(strings.NewReader(doc))
			if err != nil || !parsedNoindex(root) {
				b.Fatal("the noindex was not found")
			}
		}
	})
}

// parsedNoindex reports whether the head of the tree root has a robots
// meta tag whose content says noindex.
func parsedNoindex(root *html.Node) bool {
	for n := root.FirstChild; n != nil; n = n.NextSibling {
		if n.DataAtom != atom.Html {
			continue
		}
		for head := n.FirstChild; head != nil; head = head.NextSibling {
			if head.DataAtom != atom.Head {
				continue
			}
			for c := head.FirstChild; c != nil; c = c.NextSibling {
				if c.DataAtom != atom.Meta {
					continue
				}
				var name, content string
				for _, a := range c.Attr {
					switch a.Key {
					case "name":
						name = a.Val
					case "content":
						content = a.Val
					}
				}
				if strings.EqualFold(name, "robots") && strings.Contains(strings.ToLower(content), "noindex") {
					return true
				}
			}
		}
	}
	return false
}
