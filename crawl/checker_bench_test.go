package crawl_test

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// cachedChecker returns a Checker that has cached the robots.txt of an
// origin serving ../testdata/bench/realistic_5k.txt, and the 1,000 URLs of
// ../testdata/bench/urls.txt moved to that origin.
func cachedChecker(b *testing.B) (*crawl.Checker, []string) {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", "realistic_5k.txt"))
	if err != nil {
		b.Fatal(err)
	}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
	b.Cleanup(s.Close)
	f, err := os.Open(filepath.Join("..", "testdata", "bench", "urls.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var urls []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		u := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(u, "https://www.example.com"); ok {
			urls = append(urls, s.URL+rest)
		}
	}
	if len(urls) < 900 {
		b.Fatalf("only %d URLs", len(urls))
	}
	c := &crawl.Checker{}
	fl, err := c.File(context.Background(), s.URL)
	if err != nil || fl.Access().State != robots.Parsed {
		b.Fatalf("File = %+v, %v", fl.Access(), err)
	}
	return c, urls
}

// BenchmarkCheckerAllowed measures the hot path of a crawler: Allowed on
// an origin whose robots.txt is cached, for canonical ASCII URLs.
func BenchmarkCheckerAllowed(b *testing.B) {
	c, urls := cachedChecker(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := crawl.StartCPU()
	for i := 0; i < b.N; i++ {
		if _, err := c.Allowed(ctx, "Googlebot", urls[i%len(urls)]); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}

// BenchmarkCheckerAllowedParallel is BenchmarkCheckerAllowed from every
// core at once: run with -cpu 1,2 to see that calls do not wait for each
// other.
func BenchmarkCheckerAllowedParallel(b *testing.B) {
	c, urls := cachedChecker(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := crawl.StartCPU()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if _, err := c.Allowed(ctx, "Googlebot", urls[i%len(urls)]); err != nil {
				b.Error(err)
				return
			}
		}
	})
	cpu.Report(b)
}

// BenchmarkFileAllowed is the same work without the Checker, to show what
// it adds.
func BenchmarkFileAllowed(b *testing.B) {
	c, urls := cachedChecker(b)
	f, _ := c.File(context.Background(), urls[0])
	b.ReportAllocs()
	b.ResetTimer()
	cpu := crawl.StartCPU()
	for i := 0; i < b.N; i++ {
		f.Allowed("Googlebot", urls[i%len(urls)])
	}
	cpu.Report(b)
}

// BenchmarkFileAllowedParallel is BenchmarkFileAllowed from every core at
// once: the scaling that BenchmarkCheckerAllowedParallel can hope for on
// the machine at hand.
func BenchmarkFileAllowedParallel(b *testing.B) {
	c, urls := cachedChecker(b)
	f, _ := c.File(context.Background(), urls[0])
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			f.Allowed("Googlebot", urls[i%len(urls)])
		}
	})
}

// BenchmarkCheckerOverFile alternates blocks of 64 calls of
// BenchmarkFileAllowed and of BenchmarkCheckerAllowed, timing each, and
// reports the median over the pairs of blocks of how much longer the
// Checker's took, as checker/file: on a machine shared with other work
// the load changes between two benchmarks run one after the other, much
// less between two blocks of calls, and the median leaves out the pairs
// that another process cut into.
func BenchmarkCheckerOverFile(b *testing.B) {
	c, urls := cachedChecker(b)
	ctx := context.Background()
	f, _ := c.File(ctx, urls[0])
	const block = 64
	ratios := make([]float64, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		for j := 0; j < block; j++ {
			f.Allowed("Googlebot", urls[(i*block+j)%len(urls)])
		}
		mid := time.Now()
		for j := 0; j < block; j++ {
			if _, err := c.Allowed(ctx, "Googlebot", urls[(i*block+j)%len(urls)]); err != nil {
				b.Fatal(err)
			}
		}
		ratios[i] = float64(time.Since(mid)) / float64(mid.Sub(start))
	}
	b.StopTimer()
	b.ReportMetric(median(ratios), "checker/file")
}

// median returns the median of v, which it sorts.
func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}
