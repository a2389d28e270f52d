package usage_test

import (
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/crawlkit/robots/usage"
)

// TestTDMRepMemory checks the bounds ParseTDMRep promises on the worst
// files of MaxTDMRepBytes: the most entries (each the smallest that is
// kept), one long location, and entries that are not objects. Reading
// allocates at most 100 times the file; the TDMRep keeps at most 3 times the file plus 100 bytes an entry.
func TestTDMRepMemory(t *testing.T) {
	const limit = usage.MaxTDMRepBytes
	entry := `{"location":""},`
	files := map[string]string{
		"smallest entries":  "[" + strings.Repeat(entry, (limit-17)/len(entry)) + `{"location":""}]`,
		"one long location": `[{"location":"/` + strings.Repeat("a", limit-40) + `","tdm-reservation":1}]`,
		"bad entries":       "[" + strings.Repeat("1,", (limit-3)/2) + "1]",
	}
	for name, body := range files {
		if len(body) > limit {
			t.Fatalf("%s: %d bytes, over the limit", name, len(body))
		}
		entries := strings.Count(body, `"location"`)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		tdm := usage.ParseTDMRep([]byte(body))
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		runtime.KeepAlive(tdm)
		t.Logf("%s: %d entries; allocated %.1f, kept %.2f times the file; Size %d", name, entries, float64(allocated)/float64(len(body)), float64(kept)/float64(len(body)), tdm.Size())
		if allocated > 100*uint64(len(body)) {
			t.Errorf("%s: reading allocated %d bytes, over 100 times the file (%d)", name, allocated, len(body))
		}
		if bound := int64(3*len(body) + 100*entries + 4096); kept > bound {
			t.Errorf("%s: the TDMRep keeps %d bytes, over 3 times the file plus 100 an entry (%d)", name, kept, bound)
		}
		// The same 4096 bytes of the heap's own noise between two reads
		// as in the bound above: with next to nothing kept, the race
		// detector's bookkeeping alone is a few kilobytes.
		if 2*tdm.Size()+4096 < kept {
			t.Errorf("%s: Size() = %d, under half of what it keeps (%d)", name, tdm.Size(), kept)
		}
	}
}

// TestAnswerBounded checks that huge and repeated header fields make an
// Answer of bounded size: MaxListed entries a list, MaxText bytes a text.
func TestAnswerBounded(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	var unknown, signal []string
	for i := 0; i < 5000; i++ {
		unknown = append(unknown, "k"+strings.Repeat("a", i%50)+"=n")
		signal = append(signal, "ai-train=no, k"+strings.Repeat("b", i)+"=yes")
	}
	h := http.Header{
		"Content-Usage":   {strings.Join(unknown, ", ") + ", train-ai=n, z=" + long[:1000]},
		"Content-Signal":  signal,
		"Tdm-Reservation": {long, "1"},
		"Tdm-Policy":      {"https://p.example/" + long},
	}
	a := usage.For("*", usage.Input{Header: h})
	if a.AITrain.State != usage.Disallowed {
		t.Errorf("ai-train %v, want disallowed", a.AITrain.State)
	}
	size := 0
	for _, s := range append(append(a.Unknown, a.Diagnostics...), a.AITrain.Policy) {
		size += len(s)
	}
	for _, u := range usage.Uses() {
		for _, s := range a.Use(u).By {
			size += len(s.Text)
		}
	}
	t.Logf("%d unknown, %d diagnostics, %d sources of ai-train: %d bytes of text", len(a.Unknown), len(a.Diagnostics), len(a.AITrain.By), size)
	if len(a.Unknown) != usage.MaxListed || len(a.AITrain.By) != usage.MaxListed {
		t.Errorf("%d unknown, %d sources: want MaxListed of each", len(a.Unknown), len(a.AITrain.By))
	}
	if max := (5*usage.MaxListed + 1) * usage.MaxText; size > max {
		t.Errorf("%d bytes of text, over %d", size, max)
	}
	if a.AITrain.Policy != "" {
		t.Errorf("a policy of %d bytes was reported", len(a.AITrain.Policy))
	}
}
