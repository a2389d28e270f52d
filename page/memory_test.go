package page_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/crawlkit/robots/page"
)

// TestMemory checks the memory bounds the Options doc promises, on the
// worst heads found: one long script (the tokenizer buffers a whole
// token), tiny meta tags (each a struct and two strings kept, 1.8 times
// MaxRead, and 8.2 times allocated in all), and a tag of tiny rules (an
// Answer lists MaxListed of them).
func TestMemory(t *testing.T) {
	const limit = page.DefaultMaxRead
	heads := map[string]string{
		"one long script": "<head><script>" + strings.Repeat("x", limit),
		"tiny meta tags":  "<head>" + strings.Repeat("<meta name=a content=b>", limit/23+1),
		"robots rules":    "<head><meta name=robots content=\"" + strings.Repeat("a,", limit/2-20) + "\">",
	}
	for name, head := range heads {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		d, err := page.FromHTML(strings.NewReader(head))
		if err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		a := d.For("a", page.Restrictive)
		runtime.KeepAlive(d)
		t.Logf("%s: allocated %.2f, kept %.2f times MaxRead; %d rules listed", name, float64(allocated)/limit, float64(kept)/limit, len(a.Rules))
		if allocated > 9*limit {
			t.Errorf("%s: reading allocated %d bytes, more than 9 times MaxRead (%d)", name, allocated, limit)
		}
		if kept > 2*limit {
			t.Errorf("%s: Directives keep %d bytes, more than 2 times MaxRead (%d)", name, kept, limit)
		}
		if len(a.Rules) > page.MaxListed {
			t.Errorf("%s: %d rules listed, more than MaxListed", name, len(a.Rules))
		}
	}
}
