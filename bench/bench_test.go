package bench

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/temoto/robotstxt"
)

// Benchmark names end in /lib=NAME so that `benchstat -col /lib` puts the
// libraries side by side; the parts before it name the workload.

// inputFile names a robots.txt workload: a file of ../testdata/bench or the
// generated file of scaleRules rules.
type inputFile struct {
	name string
	body func(testing.TB) []byte
}

func fileInput(name string) inputFile {
	return inputFile{name, func(tb testing.TB) []byte { return readInput(tb, name+".txt") }}
}

var scaleInput = inputFile{"rules_100k", func(testing.TB) []byte { return scaleFile() }}

// checkQueries parses body with every library outside any timed loop,
// answers the query workload with each, and returns how the answers compare,
// for the first leaf benchmark to log (a parent benchmark's log is not
// printed). It is computed once per input and process; it fails only when
// one library's two ways of answering disagree.
func checkQueries(b *testing.B, in string, body []byte, t targets) string {
	b.Helper()
	if r, ok := reports.Load(in); ok {
		return r.(string)
	}
	r := queryReport(b, body, t)
	reports.Store(in, r)
	return r
}

var reports sync.Map // input name -> queryReport

// queryReport answers the query workload against body with every library
// and describes how the answers compare.
func queryReport(tb testing.TB, body []byte, t targets) string {
	tb.Helper()
	f := parseCrawlkit(body)
	ck := crawlkitAnswers(tb, f, t)
	tm := temotoAnswers(tb, parseTemoto(tb, body), t)
	return fmt.Sprintf("%d-byte file, agent %q: %s", len(body), agent, compareAnswers(f, t, ck, tm))
}

// BenchmarkParse parses a whole file per op; MB/s is bytes of robots.txt
// parsed per second.
func BenchmarkParse(b *testing.B) {
	for _, in := range []inputFile{fileInput("realistic_5k"), fileInput("big_500k"), scaleInput} {
		b.Run("file="+in.name, func(b *testing.B) {
			body := in.body(b)
			report := checkQueries(b, in.name, body, loadTargets(b))
			b.Run("lib="+crawlkit, func(b *testing.B) {
				logOnce(b, in.name, report)
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				opts := robots.Options{MaxBytes: len(body)}
				for b.Loop() {
					f := opts.Parse(body)
					sink += len(f.Sitemaps())
				}
			})
			b.Run("lib="+temoto, func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					r, err := robotstxt.FromBytes(body)
					if err != nil {
						b.Fatal(err)
					}
					sink += len(r.Sitemaps)
				}
			})
		})
	}
}

// BenchmarkQuery answers the URLs of urls.txt for Googlebot against a parsed
// file. One op is one URL check (ns/op is ns per URL); the URLs are taken in
// turn, round-robin, so every op runs over the same mix.
//
//   - api=agent: the group is looked up for every URL. crawlkit:
//     File.Allowed(agent, url); temoto: RobotsData.TestAgent(path, agent).
//   - api=group: the group is looked up once, before timing. crawlkit:
//     Group.Allowed(url); temoto: FindGroup(agent) then Group.Test(path).
//   - api=group-path (crawlkit only): Group.Allowed given the same
//     pre-extracted path temoto gets, to show what taking a full URL costs.
//
// crawlkit is given the full URL, which it takes apart itself; temoto takes
// only a path, so it is given the URL's escaped path and query, extracted
// before timing, as a caller would have to.
func BenchmarkQuery(b *testing.B) {
	inputs := []struct {
		in   inputFile
		apis []string
	}{
		{fileInput("realistic_5k"), []string{"agent", "group", "group-path"}},
		{scaleInput, []string{"group"}},
	}
	for _, tc := range inputs {
		b.Run("file="+tc.in.name, func(b *testing.B) {
			body := tc.in.body(b)
			t := loadTargets(b)
			report := checkQueries(b, tc.in.name, body, t)
			f := parseCrawlkit(body)
			r := parseTemoto(b, body)
			for _, api := range tc.apis {
				b.Run("api="+api, func(b *testing.B) {
					b.Run("lib="+crawlkit, func(b *testing.B) {
						logOnce(b, tc.in.name, report)
						benchCrawlkitQuery(b, f, api, t)
					})
					if api != "group-path" {
						b.Run("lib="+temoto, func(b *testing.B) {
							benchTemotoQuery(b, r, api, t)
						})
					}
				})
			}
		})
	}
}

func benchCrawlkitQuery(b *testing.B, f *robots.File, api string, t targets) {
	b.ReportAllocs()
	n, i := 0, 0
	switch api {
	case "agent":
		for b.Loop() {
			if f.Allowed(agent, t.urls[i]) {
				n++
			}
			if i++; i == len(t.urls) {
				i = 0
			}
		}
	case "group", "group-path":
		in := t.urls
		if api == "group-path" {
			in = t.paths
		}
		g := f.Group(agent)
		for b.Loop() {
			if g.Allowed(in[i]) {
				n++
			}
			if i++; i == len(in) {
				i = 0
			}
		}
	default:
		b.Fatalf("unknown api %q", api)
	}
	sink += n
}

func benchTemotoQuery(b *testing.B, r *robotstxt.RobotsData, api string, t targets) {
	b.ReportAllocs()
	n, i := 0, 0
	switch api {
	case "agent":
		for b.Loop() {
			if r.TestAgent(t.paths[i], agent) {
				n++
			}
			if i++; i == len(t.paths) {
				i = 0
			}
		}
	case "group":
		g := r.FindGroup(agent)
		for b.Loop() {
			if g.Test(t.paths[i]) {
				n++
			}
			if i++; i == len(t.paths) {
				i = 0
			}
		}
	default:
		b.Fatalf("unknown api %q", api)
	}
	sink += n
}

// BenchmarkWorstCase checks one path of 2,000 'a's against
// "Disallow: /*a*a...*b" (30 stars), which never matches: the input that
// makes a backtracking matcher take exponential time. One op is one check,
// group lookup included.
func BenchmarkWorstCase(b *testing.B) {
	f := parseCrawlkit(worstBody)
	r := parseTemoto(b, worstBody)
	// The pattern needs a 'b' the path lacks, so the URL is allowed.
	if got := f.Allowed(agent, worstPath); !got {
		b.Errorf("crawlkit: Allowed(%q, 2,000 'a's) = %v, want true", agent, got)
	}
	report := fmt.Sprintf("allowed: crawlkit=%v temoto=%v (want true)", f.Allowed(agent, worstPath), r.TestAgent(worstPath, agent))
	b.Run("lib="+crawlkit, func(b *testing.B) {
		logOnce(b, "worst", report)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			if f.Allowed(agent, worstPath) {
				n++
			}
		}
		sink += n
	})
	b.Run("lib="+temoto, func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			if r.TestAgent(worstPath, agent) {
				n++
			}
		}
		sink += n
	})
}

// BenchmarkLiveMemory reports the heap a parsed file keeps alive, in bytes
// (live-B) and as a multiple of the file's size (x-file-size). Each op
// parses a fresh copy of the body between two garbage collections, so a
// library that keeps the body is charged for it; the metrics are the mean
// over all ops. Time is not reported: it is mostly the collections.
func BenchmarkLiveMemory(b *testing.B) {
	for _, in := range []inputFile{fileInput("big_500k"), scaleInput} {
		b.Run("file="+in.name, func(b *testing.B) {
			body := in.body(b)
			b.Run("lib="+crawlkit, func(b *testing.B) {
				reportLive(b, body, func(body []byte) any { return parseCrawlkit(body) })
			})
			b.Run("lib="+temoto, func(b *testing.B) {
				reportLive(b, body, func(body []byte) any { return parseTemoto(b, body) })
			})
		})
	}
}

func reportLive(b *testing.B, body []byte, parse func([]byte) any) {
	var total float64
	for b.Loop() {
		total += liveBytes(body, parse)
	}
	live := total / float64(b.N)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(live, "live-B")
	b.ReportMetric(live/float64(len(body)), "x-file-size")
}

// liveBytes returns how much the live heap grows when a copy of body is
// parsed and the result kept.
func liveBytes(body []byte, parse func([]byte) any) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := parse(bytes.Clone(body))
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return float64(after.HeapAlloc) - float64(before.HeapAlloc)
}
