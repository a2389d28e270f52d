package crawl_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// benchEntries returns the entries of a fetch of each robots.txt of
// ../testdata/bench that the benchmarks use, by file name.
func benchEntries(b *testing.B) map[string]crawl.Entry {
	b.Helper()
	m := map[string]crawl.Entry{}
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
		if err != nil {
			b.Fatal(err)
		}
		m[name] = crawl.Entry{Status: 200, Body: body, Fetched: at, Expires: at.Add(24 * time.Hour),
			FinalURL: "https://www.example.com/robots.txt"}
	}
	return m
}

// BenchmarkEntryCodec encodes and decodes the entry of each robots.txt of
// ../testdata/bench, as a Store's Put and Get do, and reports the size of
// the encoding in bytes/entry.
func BenchmarkEntryCodec(b *testing.B) {
	entries := benchEntries(b)
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		e := entries[name]
		data, err := e.MarshalBinary()
		if err != nil {
			b.Fatal(err)
		}
		b.Run("encode/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(e.Body)))
			b.ReportAllocs()
			cpu := crawl.StartCPU()
			for i := 0; i < b.N; i++ {
				if _, err := e.MarshalBinary(); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
			b.ReportMetric(float64(len(data)), "bytes/entry")
		})
		b.Run("decode/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(e.Body)))
			b.ReportAllocs()
			cpu := crawl.StartCPU()
			for i := 0; i < b.N; i++ {
				var got crawl.Entry
				if err := got.UnmarshalBinary(data); err != nil || len(got.Body) != len(e.Body) {
					b.Fatalf("UnmarshalBinary = %d bytes of body, %v", len(got.Body), err)
				}
			}
			cpu.Report(b)
			b.ReportMetric(float64(len(data)), "bytes/entry")
		})
	}
}
