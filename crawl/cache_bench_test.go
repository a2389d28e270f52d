package crawl

import (
	"strconv"
	"testing"
	"time"
)

// cacheSizes are the numbers of origins the cache benchmarks hold.
var cacheSizes = []int{1_000, 10_000, 100_000, 1_000_000}

// fullCaches keeps, for each size, a cache filled to that many origins by
// an earlier run of BenchmarkCachePut, since filling a million takes
// longer than the benchmark, and the number of origins put in it so far,
// so that each run puts new ones.
var fullCaches = map[int]*fullCache{}

type fullCache struct {
	c    *cache
	puts int
}

// benchOrigin returns the origin of the i-th item a benchmark puts.
func benchOrigin(i int) string {
	return "https://o" + strconv.Itoa(i) + ".example"
}

// BenchmarkCachePut adds an origin to a full cache of n origins, which
// evicts one: the cost of keeping a fetched file, which must not grow
// with n.
func BenchmarkCachePut(b *testing.B) {
	expires := time.Now().Add(time.Hour)
	for _, n := range cacheSizes {
		b.Run("origins="+strconv.Itoa(n), func(b *testing.B) {
			f := fullCaches[n]
			if f == nil {
				f = &fullCache{c: newCache(n, 1<<62)}
				for ; f.puts < n; f.puts++ {
					f.c.put(&item{origin: benchOrigin(f.puts), size: 1 << 10, expires: expires})
				}
				fullCaches[n] = f
			}
			c := f.c
			b.ReportAllocs()
			b.ResetTimer()
			cpu := StartCPU()
			for i := 0; i < b.N; i++ {
				c.put(&item{origin: benchOrigin(f.puts), size: 1 << 10, expires: expires})
				f.puts++
			}
			b.StopTimer()
			cpu.Report(b)
			if c.entries != n {
				b.Fatalf("the cache holds %d origins, want %d", c.entries, n)
			}
		})
	}
}

// BenchmarkCacheFill fills an empty cache with n origins, as a crawler
// starting up does; it reports the time per origin, which must not grow
// with n.
func BenchmarkCacheFill(b *testing.B) {
	expires := time.Now().Add(time.Hour)
	for _, n := range cacheSizes {
		b.Run("origins="+strconv.Itoa(n), func(b *testing.B) {
			origins := make([]string, n)
			for i := range origins {
				origins[i] = benchOrigin(i)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				c := newCache(n, 1<<62)
				for _, o := range origins {
					c.put(&item{origin: o, size: 1 << 10, expires: expires})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/origin")
			if cpu != 0 {
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/float64(n), "cpu-ns/origin")
			}
		})
	}
}
