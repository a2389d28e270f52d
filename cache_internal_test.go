package robots

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestCacheBytesBound(t *testing.T) {
	c := newCache(100, 10_000)
	put := func(origin string, size int64) {
		c.put(&item{origin: origin, size: size, expires: time.Now().Add(time.Hour)})
	}
	has := func() string {
		var got []string
		for _, o := range []string{"a", "b", "c", "d", "e"} {
			if c.peek(o) != nil {
				got = append(got, o)
			}
		}
		return strings.Join(got, " ")
	}
	put("a", 3000)
	put("b", 3000)
	put("c", 3000)
	c.get("a")
	put("d", 3000) // 12,000 bytes: evicts b
	if got, want := has(), "a c d"; got != want {
		t.Errorf("after d: cache holds %q, want %q", got, want)
	}
	put("e", 6000) // evicts c, then a
	if got, want := has(), "d e"; got != want {
		t.Errorf("after e: cache holds %q, want %q", got, want)
	}
	put("a", 20_000) // bigger than the bound: kept alone
	if got, want := has(), "a"; got != want {
		t.Errorf("after a big a: cache holds %q, want %q", got, want)
	}
	if c.entries != 1 || c.bytes != 20_000 {
		t.Errorf("cache counts %d entries, %d bytes; want 1, 20000", c.entries, c.bytes)
	}
	put("a", 100) // replacing an item counts the new size only
	if c.entries != 1 || c.bytes != 100 {
		t.Errorf("cache counts %d entries, %d bytes; want 1, 100", c.entries, c.bytes)
	}
}

// heapInUse returns the bytes of live heap objects, after collecting.
func heapInUse() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestRetainedSize checks File.retainedSize against the heap a parsed
// file keeps alive, for bodies of the parse limit built to cost the most
// of each kind the parser keeps: the estimate may be high, never low.
func TestRetainedSize(t *testing.T) {
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
			est := int64(f.retainedSize())
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
