package bench

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/temoto/robotstxt"
)

// corpusDir holds the corpus of real robots.txt files, ../shared/corpus
// beside the repository: the corpus benchmarks skip when it is absent.
var corpusDir = filepath.Join("..", "..", "shared", "corpus")

// crawlURLs is how many URLs of its host the crawl workload asks of each
// file, as the library's own BenchmarkCorpus/Crawl does.
const crawlURLs = 20

// corpus is the corpus as the benchmarks use it: the files in name order,
// and for each the URLs of its host that checks.tsv lists, taken in turn
// until there are crawlURLs of them, as URLs and as the escaped paths that
// temoto takes (extracted before timing, which favours temoto).
type corpus struct {
	bodies [][]byte
	urls   [][]string
	paths  [][]string
	bytes  int64
}

func loadCorpus(b *testing.B) *corpus {
	b.Helper()
	dir := filepath.Join(corpusDir, "robots")
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Skipf("the corpus is absent (%v): skipping", err)
	}
	byHost := make(map[string][]string)
	checks, err := os.Open(filepath.Join(corpusDir, "checks.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	defer checks.Close()
	sc := bufio.NewScanner(checks)
	for sc.Scan() {
		host, rest, _ := strings.Cut(sc.Text(), "\t")
		u, _, _ := strings.Cut(rest, "\t")
		if host != "host" && u != "" {
			byHost[host] = append(byHost[host], u)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	c := &corpus{}
	for _, h := range names {
		body, err := os.ReadFile(filepath.Join(dir, h))
		if err != nil {
			b.Fatal(err)
		}
		own := byHost[h]
		if len(own) == 0 {
			own = []string{"https://" + h + "/"}
		}
		urls, paths := make([]string, crawlURLs), make([]string, crawlURLs)
		for i := range urls {
			urls[i] = own[i%len(own)]
			paths[i] = "/"
			if u, err := url.Parse(urls[i]); err == nil {
				paths[i] = u.RequestURI()
			}
		}
		c.bodies = append(c.bodies, body)
		c.urls = append(c.urls, urls)
		c.paths = append(c.paths, paths)
		c.bytes += int64(len(body))
	}
	return c
}

// BenchmarkCorpus runs three workloads over the 4,231 real files of the
// corpus (17.2 MB); one op is one pass over all of them, and MB/s counts
// their bytes:
//
//   - op=Parse parses each file;
//   - op=FirstQuery parses each file and asks whether Googlebot may fetch
//     "/": the per-origin pass that published comparisons time, which
//     README.md runs Google's C++ parser on too (OneAgentAllowedByRobots);
//   - op=Crawl parses each file and asks about 20 URLs of its host.
//
// crawlkit parses with the default limit (the first 500 KiB of the three
// larger files, as RFC 9309 allows); temoto and Google's parser read every
// file whole. A body temoto rejects (FromBytes fails) counts as parsed.
func BenchmarkCorpus(b *testing.B) {
	c := loadCorpus(b)
	run := func(op, lib string, pass func()) {
		b.Run("op="+op+"/lib="+lib, func(b *testing.B) {
			b.SetBytes(c.bytes)
			b.ReportAllocs()
			for b.Loop() {
				pass()
			}
		})
	}
	run("Parse", crawlkit, func() {
		for _, body := range c.bodies {
			sink += len(robots.Parse(body).Sitemaps())
		}
	})
	run("Parse", temoto, func() {
		for _, body := range c.bodies {
			if r, err := robotstxt.FromBytes(body); err == nil {
				sink += len(r.Sitemaps)
			}
		}
	})
	run("FirstQuery", crawlkit, func() {
		for _, body := range c.bodies {
			if robots.Parse(body).Allowed(agent, "https://example.com/") {
				sink++
			}
		}
	})
	run("FirstQuery", temoto, func() {
		for _, body := range c.bodies {
			if r, err := robotstxt.FromBytes(body); err == nil && r.TestAgent("/", agent) {
				sink++
			}
		}
	})
	run("Crawl", crawlkit, func() {
		for i, body := range c.bodies {
			g := robots.Parse(body).Group(agent)
			for _, u := range c.urls[i] {
				if g.Allowed(u) {
					sink++
				}
			}
		}
	})
	run("Crawl", temoto, func() {
		for i, body := range c.bodies {
			r, err := robotstxt.FromBytes(body)
			if err != nil {
				continue
			}
			g := r.FindGroup(agent)
			for _, p := range c.paths[i] {
				if g.Test(p) {
					sink++
				}
			}
		}
	})
}
