package page_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/crawlkit/robots/page"
)

const exampleHTML = `<!DOCTYPE html>
<html>
<head>
<title>Our prices</title>
<meta name="robots" content="max-snippet: 50, noarchive">
<meta name="googlebot" content="noindex">
</head>
<body>...</body>
</html>
`

func Example() {
	d, err := page.FromHTML(strings.NewReader(exampleHTML))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, agent := range []string{"Googlebot", "Bingbot"} {
		a := d.For(agent, page.Restrictive)
		if !a.Index {
			why, _ := a.Why(page.Index)
			fmt.Printf("%s: not indexed (%v)\n", agent, why)
			continue
		}
		fmt.Printf("%s: indexed, snippets of at most %d characters\n", agent, a.MaxSnippet)
	}
	// Output:
	// Googlebot: not indexed (meta googlebot, line 6: noindex)
	// Bingbot: indexed, snippets of at most 50 characters
}

func ExampleFromHeader() {
	h := http.Header{}
	h.Add("X-Robots-Tag", "BadBot: noindex, nofollow, googlebot: nofollow")
	h.Add("X-Robots-Tag", "unavailable_after: Friday, 25-Jun-10 15:00:00 PST")
	d := page.FromHeader(h)
	for _, agent := range []string{"BadBot", "Googlebot", "*"} {
		a := d.For(agent, page.Restrictive)
		fmt.Printf("%-9s index %-5v follow %-5v unavailable after %v\n", agent, a.Index, a.Follow, a.UnavailableAfter.Format(time.RFC3339))
	}
	// Output:
	// BadBot    index false follow false unavailable after 2010-06-25T23:00:00Z
	// Googlebot index true  follow false unavailable after 2010-06-25T23:00:00Z
	// *         index true  follow true  unavailable after 2010-06-25T23:00:00Z
}

// FromResponse reads the head of the body and leaves the whole body to the
// caller.
func ExampleFromResponse() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("X-Robots-Tag", "noimageindex")
		io.WriteString(w, exampleHTML)
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	d, err := page.FromResponse(resp)
	if err != nil {
		fmt.Println(err)
		return
	}
	a := d.For("Googlebot", page.Restrictive)
	fmt.Println("index:", a.Index, "images:", a.ImageIndex)
	for _, r := range a.Rules {
		fmt.Println(r)
	}
	body, _ := io.ReadAll(resp.Body)
	fmt.Println("the caller reads", len(body), "bytes, the whole page:", string(body) == exampleHTML)
	// Output:
	// index: false images: false
	// X-Robots-Tag 1: noimageindex
	// meta robots, line 5: max-snippet: 50
	// meta robots, line 5: noarchive
	// meta googlebot, line 6: noindex
	// the caller reads 189 bytes, the whole page: true
}

// A body in a Content-Encoding that the Transport did not decode (one it
// did not ask for, such as br) cannot be read: FromResponse returns
// ErrEncoded with the rules of the headers, and leaves the body to the
// caller to decode and read with FromHTML.
func ExampleFromResponse_encoded() {
	resp := &http.Response{
		Header: http.Header{"Content-Type": {"text/html"}, "Content-Encoding": {"br"}, "X-Robots-Tag": {"nofollow"}},
		Body:   io.NopCloser(strings.NewReader("\x1b\x2a\x00 (brotli)")),
	}
	d, err := page.FromResponse(resp)
	if errors.Is(err, page.ErrEncoded) {
		fmt.Println("meta tags not read:", err)
	}
	a := d.For("*", page.Restrictive)
	fmt.Println("index:", a.Index, "follow:", a.Follow)
	// Output:
	// meta tags not read: page: the body is encoded (Content-Encoding: br): decode it and read it with FromHTML
	// index: true follow: false
}

// Under Restrictive, Google's policy, the more restrictive rule wins;
// under Permissive, the policy of the robots FAQ and of Yandex, the
// allowing one does.
func ExampleDirectives_For() {
	d, _ := page.FromHTML(strings.NewReader(`<meta name="robots" content="noindex, index, max-snippet: 20, max-snippet: 80">`))
	for _, p := range []page.Policy{page.Restrictive, page.Permissive} {
		a := d.For("*", p)
		fmt.Printf("%s: index %v, max-snippet %d\n", p, a.Index, a.MaxSnippet)
	}
	// Output:
	// restrictive: index false, max-snippet 20
	// permissive: index true, max-snippet 80
}

func ExampleAnswer_Why() {
	h := http.Header{"X-Robots-Tag": {"googlebot: nosnippet"}}
	d, _ := page.FromHTML(strings.NewReader(`<meta name="robots" content="max-snippet: 50">`))
	a := page.Join(page.FromHeader(h), d).For("Googlebot", page.Restrictive)
	for _, s := range []page.Setting{page.Index, page.Snippet, page.MaxSnippet} {
		if r, ok := a.Why(s); ok {
			fmt.Printf("%s: decided by %v\n", s, r)
		} else {
			fmt.Printf("%s: the default\n", s)
		}
	}
	// Output:
	// index: the default
	// snippet: decided by X-Robots-Tag 1: googlebot: nosnippet
	// max_snippet: decided by meta robots, line 1: max-snippet: 50
}

func ExampleAnswer_Indexable() {
	d := page.FromHeader(http.Header{"X-Robots-Tag": {"unavailable_after: 2030-01-01"}})
	a := d.For("*", page.Restrictive)
	fmt.Println(a.Index)
	fmt.Println(a.Indexable(time.Date(2029, 12, 31, 0, 0, 0, 0, time.UTC)))
	fmt.Println(a.Indexable(time.Date(2030, 1, 2, 0, 0, 0, 0, time.UTC)))
	// Output:
	// true
	// true
	// false
}

// Join puts rules read apart together: here headers a crawler stored and
// the HTML it read later.
func ExampleJoin() {
	header := page.FromHeader(http.Header{"X-Robots-Tag": {"nofollow"}})
	body, _ := page.FromHTML(strings.NewReader(`<meta name="robots" content="noindex">`))
	a := page.Join(header, body).For("*", page.Restrictive)
	fmt.Println(a.Index, a.Follow)
	// Output: false false
}

// A head that runs past MaxRead is cut: the rules past the cut are not
// read, and Truncated says so.
func ExampleOptions_FromHTML() {
	doc := "<head><style>" + strings.Repeat("p { margin: 0 }\n", 100) + "</style><meta name=robots content=noindex></head>"
	for _, max := range []int{1000, 10000} {
		d, _ := page.Options{MaxRead: max}.FromHTML(strings.NewReader(doc))
		fmt.Printf("MaxRead %d: index %v, truncated %v\n", max, d.For("*", page.Restrictive).Index, d.Truncated())
	}
	// Output:
	// MaxRead 1000: index true, truncated true
	// MaxRead 10000: index false, truncated false
}

// Settings lists the fields of an Answer that rules decide, by the names
// the JSON output of robots page uses.
func ExampleSettings() {
	for _, s := range page.Settings() {
		fmt.Print(s, " ")
	}
	fmt.Println()
	// Output:
	// index follow snippet archive translate imageindex indexifembedded ai imageai max_snippet max_image_preview max_video_preview unavailable_after
}

// A body that is not HTML is not read: the headers' rules are those of a
// PDF.
func ExampleOptions_FromResponse() {
	resp := &http.Response{
		Header: http.Header{"Content-Type": {"application/pdf"}, "X-Robots-Tag": {"noindex, nofollow"}},
		Body:   io.NopCloser(strings.NewReader("%PDF-1.7 ...")),
	}
	d, err := page.Options{MaxRead: 64 << 10}.FromResponse(resp)
	if err != nil {
		fmt.Println(err)
		return
	}
	a := d.For("*", page.Restrictive)
	fmt.Println(a.Index, a.Follow)
	for _, r := range a.Rules {
		fmt.Printf("%s %d: %s\n", r.From, r.Line, r.Text)
	}
	// Output:
	// false false
	// header 1: noindex
	// header 1: nofollow
}
