package crawl

import (
	"compress/flate"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var codecBenchFiles = []string{"realistic_5k.txt", "big_500k.txt"}

func codecBenchEntry(b *testing.B, name string) Entry {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	return Entry{Status: 200, Body: body, Fetched: at, Expires: at.Add(24 * time.Hour), FinalURL: "https://www.example.com/robots.txt"}
}

// BenchmarkDeflateLevel encodes and decodes the entries of
// ../testdata/bench with the bodies compressed at flate.BestSpeed and at
// flate.DefaultCompression, and reports the size of each in bytes/entry:
// what deflateLevel trades.
func BenchmarkDeflateLevel(b *testing.B) {
	for _, name := range codecBenchFiles {
		e := codecBenchEntry(b, name)
		for _, level := range []struct {
			name  string
			level int
		}{{"speed", flate.BestSpeed}, {"default", flate.DefaultCompression}} {
			z := newDeflater(level.level)
			data, err := e.appendBinary(nil, z)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/"+level.name+"/encode", func(b *testing.B) {
				b.SetBytes(int64(len(e.Body)))
				cpu := StartCPU()
				for i := 0; i < b.N; i++ {
					e.appendBinary(nil, z)
				}
				cpu.Report(b)
				b.ReportMetric(float64(len(data)), "bytes/entry")
			})
			b.Run(name+"/"+level.name+"/decode", func(b *testing.B) {
				b.SetBytes(int64(len(e.Body)))
				cpu := StartCPU()
				for i := 0; i < b.N; i++ {
					var got Entry
					if err := got.UnmarshalBinary(data); err != nil {
						b.Fatal(err)
					}
				}
				cpu.Report(b)
				b.ReportMetric(float64(len(data)), "bytes/entry")
			})
		}
	}
}

// BenchmarkCodecPool encodes the entries of ../testdata/bench with the
// pool of flate writers, and without it (taking the pooled one away before
// each call): what the pool saves.
func BenchmarkCodecPool(b *testing.B) {
	for _, name := range codecBenchFiles {
		e := codecBenchEntry(b, name)
		for _, pooled := range []bool{true, false} {
			mode := "pool"
			if !pooled {
				mode = "nopool"
			}
			b.Run(name+"/"+mode+"/encode", func(b *testing.B) {
				b.SetBytes(int64(len(e.Body)))
				b.ReportAllocs()
				cpu := StartCPU()
				for i := 0; i < b.N; i++ {
					if !pooled {
						deflaters.Get()
					}
					if _, err := e.MarshalBinary(); err != nil {
						b.Fatal(err)
					}
				}
				cpu.Report(b)
			})
		}
	}
}
