package robots

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// Benchmarks on testdata/bench, and on inputs built here.

func benchFile(b *testing.B, name string) []byte {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	return body
}

func benchURLs(b *testing.B) []string {
	b.Helper()
	f, err := os.Open(filepath.Join("testdata", "bench", "urls.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if u := strings.TrimSpace(sc.Text()); u != "" {
			urls = append(urls, u)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return urls
}

func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			body := benchFile(b, name)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Parse(body)
			}
		})
	}
}

// BenchmarkParseAndQuery measures what a crawler pays for a new file: the
// parse, and the first query, which tries each rule of the agent's group.
func BenchmarkParseAndQuery(b *testing.B) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			body := benchFile(b, name)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Parse(body).Allowed("Googlebot", "https://www.example.com/")
			}
		})
	}
}

// BenchmarkAllowed reports the time per URL of answering the 1,000 URLs of
// urls.txt for Googlebot.
func BenchmarkAllowed(b *testing.B) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			f := Parse(benchFile(b, name))
			urls := benchURLs(b)
			allowed := 0
			for _, u := range urls {
				if f.Allowed("Googlebot", u) {
					allowed++
				}
			}
			b.Logf("%d of %d URLs allowed", allowed, len(urls))
			b.Run("File", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					f.Allowed("Googlebot", urls[i%len(urls)])
				}
			})
			b.Run("Group", func(b *testing.B) {
				g := f.Group("Googlebot")
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					g.Allowed(urls[i%len(urls)])
				}
			})
		})
	}
}

// BenchmarkWorstCase matches a pattern of 30 stars against a path of 2,000
// bytes that it does not match.
func BenchmarkWorstCase(b *testing.B) {
	body := "User-agent: *\nDisallow: /" + strings.Repeat("*a", 29) + "*b\n"
	path := "/" + strings.Repeat("a", 2000)
	g := Parse([]byte(body)).Group("x")
	if !g.Allowed(path) {
		b.Fatal("worst case disallowed; want allowed")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.Allowed(path)
	}
}

// manyRules returns a file of n disallow rules under varied paths.
func manyRules(n int) []byte {
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	sections := []string{"search", "static", "tmp", "cart", "user", "api", "blog", "img"}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "Disallow: /%s/%d/item-%d\n", sections[i%len(sections)], i%97, i)
		if i%10 == 0 {
			fmt.Fprintf(&sb, "Allow: /%s/*.html$\n", sections[i%len(sections)])
		}
	}
	return []byte(sb.String())
}

func BenchmarkManyRules(b *testing.B) {
	body := manyRules(100000)
	opts := Options{MaxBytes: len(body)} // all of it, not the first 500 KiB
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			opts.Parse(body)
		}
	})
	b.Run("Allowed", func(b *testing.B) {
		g := opts.Parse(body).Group("x")
		paths := []string{"/search/5/item-99999", "/static/3/page.html", "/cart/1/item-123456", "/nothing/here"}
		for range QueriesToIndex {
			g.Allowed(paths[0])
		}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			g.Allowed(paths[i%len(paths)])
		}
	})
}

// BenchmarkLiveMemory reports the bytes a parsed big_500k.txt keeps alive
// (live-B) next to the file's size (file-B).
func BenchmarkLiveMemory(b *testing.B) {
	body := benchFile(b, "big_500k.txt")
	var f *File
	var before, after runtime.MemStats
	for i := 0; i < b.N; i++ {
		f = nil
		runtime.GC()
		runtime.ReadMemStats(&before)
		f = Parse(body)
		for range QueriesToIndex { // build the index of two groups
			f.Allowed("Googlebot", "/")
			f.Allowed("Bingbot", "/")
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
	}
	runtime.KeepAlive(f)
	b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "live-B")
	b.ReportMetric(float64(len(body)), "file-B")
}

// corpusBench is the corpus of ../shared/corpus as the corpus benchmarks
// use it: the files in name order, and for each some URLs of its host.
type corpusBench struct {
	bodies [][]byte
	urls   [][]string // for each file, crawlURLs URLs of its host
	bytes  int64
}

// crawlURLs is how many URLs the crawl mix asks of each file.
const crawlURLs = 20

// loadCorpus reads the corpus, or skips b when it is absent. The URLs of a
// file are those checks.tsv lists for its host (real and typical URLs,
// many of them the paths of its own rules), taken in turn until there are
// crawlURLs of them.
func loadCorpus(b *testing.B) *corpusBench {
	b.Helper()
	files := corpusFiles(b)
	checks, err := os.ReadFile(sharedFile(b, "corpus/checks.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	byHost := make(map[string][]string)
	for _, line := range strings.Split(string(checks), "\n") {
		host, rest, _ := strings.Cut(line, "\t")
		url, _, _ := strings.Cut(rest, "\t")
		if host != "host" && url != "" {
			byHost[host] = append(byHost[host], url)
		}
	}
	hosts := make([]string, 0, len(files))
	for h := range files {
		hosts = append(hosts, h)
	}
	sort.Strings(hosts)
	c := &corpusBench{}
	for _, h := range hosts {
		c.bodies = append(c.bodies, files[h])
		c.bytes += int64(len(files[h]))
		own := byHost[h]
		if len(own) == 0 {
			own = []string{"https://" + h + "/"}
		}
		urls := make([]string, crawlURLs)
		for i := range urls {
			urls[i] = own[i%len(own)]
		}
		c.urls = append(c.urls, urls)
	}
	return c
}

// BenchmarkCorpus times passes over the 4,231 real files of ../shared/corpus
// (17.2 MB); one op is one pass over all of them, and MB/s counts their
// bytes. Parse parses each file; FirstQuery is the per-origin pass that
// published comparisons time, parsing each file and asking whether
// Googlebot may fetch "/"; Crawl parses each file and asks about 20 URLs of
// its host. bench/README.md gives the same loops for other libraries and
// for Google's C++ parser.
func BenchmarkCorpus(b *testing.B) {
	c := loadCorpus(b)
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(c.bytes)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, body := range c.bodies {
				Parse(body)
			}
		}
	})
	b.Run("FirstQuery", func(b *testing.B) {
		b.SetBytes(c.bytes)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, body := range c.bodies {
				Parse(body).Allowed("Googlebot", "https://example.com/")
			}
		}
	})
	b.Run("Crawl", func(b *testing.B) {
		b.SetBytes(c.bytes)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for fi, body := range c.bodies {
				g := Parse(body).Group("Googlebot")
				for _, u := range c.urls[fi] {
					g.Allowed(u)
				}
			}
		}
	})
}

// BenchmarkScan reports the time per URL of answering the URLs of urls.txt
// for Googlebot by scan, trying each rule of the group in turn, as the
// first queries of a file are answered.
func BenchmarkScan(b *testing.B) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			g := Parse(benchFile(b, name)).Group("Googlebot")
			var paths []string
			for _, u := range benchURLs(b) {
				if p := canonicalPath(pathOf(u)); p != "/robots.txt" {
					paths = append(paths, p)
				}
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				g.scan(paths[i%len(paths)])
			}
		})
	}
}

// BenchmarkSize measures File.Size, which a Checker calls on each miss to
// charge its cache.
func BenchmarkSize(b *testing.B) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			f := Parse(benchFile(b, name))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				f.Size()
			}
		})
	}
}
