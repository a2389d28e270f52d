package bench

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// inputDir holds the benchmark inputs: testdata/bench of the library.
var inputDir = filepath.Join("..", "testdata", "bench")

// agent is the product token every query is answered for.
const agent = "Googlebot"

// readInput returns the named file from inputDir.
func readInput(tb testing.TB, name string) []byte {
	tb.Helper()
	body, err := os.ReadFile(filepath.Join(inputDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

// targets is the query workload: the URLs of urls.txt as given, and for
// libraries that take only a path, each URL's escaped path and query,
// extracted before timing starts.
type targets struct {
	urls  []string
	paths []string
}

func loadTargets(tb testing.TB) targets {
	tb.Helper()
	body := readInput(tb, "urls.txt")
	var t targets
	for _, line := range strings.Split(string(body), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		u, err := url.Parse(line)
		if err != nil {
			tb.Fatalf("urls.txt: %v", err)
		}
		p := u.EscapedPath()
		if p == "" {
			p = "/"
		}
		if u.RawQuery != "" {
			p += "?" + u.RawQuery
		}
		t.urls = append(t.urls, line)
		t.paths = append(t.paths, p)
	}
	if len(t.urls) == 0 {
		tb.Fatal("urls.txt holds no URL")
	}
	return t
}

// Worst case for a wildcard matcher: 30 stars that can each match a long
// run of 'a', and a final 'b' that never comes, so no match exists.
var (
	worstBody = []byte("User-agent: *\nDisallow: /" + strings.Repeat("*a", 29) + "*b\n")
	worstPath = "/" + strings.Repeat("a", 2000)
)

// scaleRules is the number of disallow rules in the generated file.
const scaleRules = 100_000

var (
	scaleOnce sync.Once
	scaleBody []byte
)

// scaleFile returns a robots.txt of scaleRules disallow rules in one
// "User-agent: *" group, built once per process. The paths use the same
// section names as urls.txt so that some queries match: mostly directory
// prefixes, some short item prefixes that match many URLs, and one rule in
// twenty with '*' or '$', about the share seen in large real files.
func scaleFile() []byte {
	scaleOnce.Do(func() { scaleBody = genRules(scaleRules) })
	return scaleBody
}

var sections = []string{
	"account", "admin", "api", "assets", "blog", "cart", "category", "cgi-bin",
	"checkout", "compare", "feeds", "help", "images", "login", "logout", "news",
	"print", "private", "products", "register", "search", "static", "tag", "tmp",
	"user", "wishlist", "wp-admin", "wp-includes",
}

var (
	exts   = []string{"pdf", "doc", "json", "xml", "php", "zip"}
	params = []string{"sort", "order", "filter", "sessionid", "sid", "utm_source", "ref", "page", "lang", "color", "size"}
)

func genRules(n int) []byte {
	r := rand.New(rand.NewPCG(9309, 2022)) // fixed seed: the same file every run
	sec := func() string { return sections[r.IntN(len(sections))] }
	var b bytes.Buffer
	b.WriteString("# generated: ")
	fmt.Fprintf(&b, "%d disallow rules\n\nUser-agent: *\n", n)
	for range n {
		b.WriteString("Disallow: ")
		switch k := r.IntN(100); {
		case k < 60:
			fmt.Fprintf(&b, "/%s/%s-%d/\n", sec(), sec(), 10000+r.IntN(90000))
		case k < 80:
			fmt.Fprintf(&b, "/%s/item-%d\n", sec(), 1+r.IntN(9999))
		case k < 95:
			fmt.Fprintf(&b, "/%s/%s/%s/\n", sec(), sec(), sec())
		case k < 98:
			fmt.Fprintf(&b, "/%s/file-%d.%s$\n", sec(), r.IntN(1000), exts[r.IntN(len(exts))])
		case k < 99:
			fmt.Fprintf(&b, "/%s/*?%s=%d\n", sec(), params[r.IntN(len(params))], r.IntN(1000))
		default:
			fmt.Fprintf(&b, "/*/%s/%s/*/print$\n", sec(), sec())
		}
	}
	return b.Bytes()
}

// sink keeps answers reachable so that no timed call can be optimised away.
var sink int

// logged records which correctness reports have been printed, so that a
// report shared by several benchmarks, each run -count times, is printed once.
var logged sync.Map

// logOnce logs msg the first time it is called with key in this process.
func logOnce(b *testing.B, key, msg string) {
	b.Helper()
	if _, done := logged.LoadOrStore(key, true); !done {
		b.Log(msg)
	}
}
