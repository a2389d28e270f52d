package robots

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// heapInUse returns the bytes of live heap objects, after collecting.
func heapInUse() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestSize checks File.Size against the heap a parsed
// file keeps alive, for bodies of the parse limit built to cost the most
// of each kind the parser keeps: the estimate may be high, never low.
func TestSize(t *testing.T) {
	// fill starts rule bodies with a user-agent line: rules outside any
	// group are not kept.
	fill := func(line func(i int) string) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < DefaultMaxBytes; i++ {
			b.WriteString(line(i))
		}
		return []byte(b.String())
	}
	tests := []struct {
		name string
		body []byte
	}{
		{"small file", []byte("User-agent: *\nDisallow: /private\nAllow: /private/open\n")},
		{"one short rule a line", fill(func(int) string { return "Disallow: /a\n" })},
		{"distinct rules", fill(func(i int) string { return fmt.Sprintf("Disallow: /%x\n", i) })},
		{"wildcard rules", fill(func(i int) string { return fmt.Sprintf("Allow: /*%x*$\n", i) })},
		{"index page rules", fill(func(i int) string { return fmt.Sprintf("Allow: /%x/index.html\n", i) })},
		{"percent-encoded allow rules", fill(func(i int) string { return fmt.Sprintf("Allow: /%%69%x/%%69ndex.htm\n", i) })},
		{"percent-encoded rules", fill(func(i int) string { return fmt.Sprintf("Disallow: /\xff%x\n", i) })},
		{"a group each", fill(func(i int) string { return fmt.Sprintf("User-agent: a%x\nDisallow: /\n", i) })},
		{"user-agent lines", fill(func(i int) string { return fmt.Sprintf("User-agent: b%x\n", i) })},
		{"unknown lines", fill(func(int) string { return "x\n" })},
		{"records", fill(func(int) string { return "a:b\n" })},
		{"sitemaps", fill(func(i int) string { return fmt.Sprintf("Sitemap:%x\n", i) })},
		{"user-agent spellings", fill(func(i int) string {
			return fmt.Sprintf("  USERAGENT: a%x\nuser agent: b\nuser-Agent: c\nDisallow: /\n", i)
		})},
		{"mixed", fill(func(i int) string {
			return fmt.Sprintf("User-agent: a%x\nUser-agent: *\nAllow: /%x\nFoo: bar\n", i%50, i)
		})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The least of three measures: other tests' goroutines may
			// allocate meanwhile, never free what Parse keeps.
			retained := int64(-1)
			var f *File
			for range 3 {
				f = nil
				before := heapInUse()
				f = Parse(tt.body)
				for gi := range f.set.groups { // build every matcher
					f.set.groups[gi].index()
				}
				r := heapInUse() - before
				runtime.KeepAlive(f)
				if retained < 0 || r < retained {
					retained = r
				}
			}
			est := int64(f.Size())
			t.Logf("body %d bytes: retained %d, estimate %d (%.2fx)", len(tt.body), retained, est, float64(est)/float64(max(retained, 1)))
			if est < retained {
				t.Errorf("estimate %d bytes < %d retained", est, retained)
			}
			if retained > 1<<20 && est > 3*retained {
				t.Errorf("estimate %d bytes > 3 times the %d retained", est, retained)
			}
		})
	}
}
