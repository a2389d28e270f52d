package robots_test

// The memory a parsed File keeps alive: at most 4 times the bytes parsed
// for any body, and at most 2 times for real files (README, "Memory").

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
)

// liveBytes returns how many bytes of heap parse keeps alive: the heap in
// use after parse, less the heap in use before, each after collecting
// garbage (twice, so that sync.Pool's victim cache is empty too). It calls
// parse once first, so that what the package allocates once per process
// (the parser pool, the hash seed) is not counted, and returns the least
// of three measures, since other goroutines may allocate meanwhile but
// never free what parse keeps.
func liveBytes(parse func() *robots.File) int64 {
	runtime.KeepAlive(parse())
	least := int64(-1)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		f := parse()
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(f)
		if live := int64(after.HeapAlloc) - int64(before.HeapAlloc); least < 0 || live < least {
			least = live
		}
	}
	return least
}

// repeatTo returns the lines that line(i) gives for i = 0, 1, ..., until
// they fill n bytes; the last line may be cut.
func repeatTo(n int, line func(i int) string) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(line(i))
	}
	return []byte(b.String()[:n])
}

// token returns a distinct product token for each i (distinct in ASCII
// case too), as short as they can be.
func token(i int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz-_"
	s := ""
	for {
		s += string(letters[i%len(letters)])
		i /= len(letters)
		if i == 0 {
			return s
		}
	}
}

// hostileBodies returns bodies of exactly the parse limit, each of one
// shape that makes a File keep much per byte parsed.
func hostileBodies() map[string][]byte {
	const n = robots.DefaultMaxBytes
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, n)
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	// A group of many agents and many rules, then a group for each of its
	// agents: merging must not copy the rules for each agent.
	var merged strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&merged, "user-agent:%s\n", token(i))
	}
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&merged, "allow:/%d\n", i)
	}
	return map[string][]byte{
		"user-agent lines":     repeatTo(n, func(int) string { return "User-agent: a\n" }),
		"one-word lines":       repeatTo(n, func(int) string { return "x\n" }),
		"NUL lines":            repeatTo(n, func(int) string { return "\x00\n" }),
		"binary garbage":       garbage,
		"0xff bytes":           repeatTo(n, func(int) string { return "\xff" }),
		"0xff lines":           repeatTo(n, func(int) string { return "\xff\n" }),
		"0xff patterns":        repeatTo(n, func(i int) string { return "User-agent: *\nDisallow: /" + strings.Repeat("\xff", 1000) + "\n" }),
		"distinct agents":      repeatTo(n, func(i int) string { return "User-agent: " + token(i) + "\n" }),
		"tiny groups":          repeatTo(n, func(int) string { return "useragent:x\nallow:/\n" }),
		"tiny distinct groups": repeatTo(n, func(i int) string { return "useragent:" + token(i) + "\nallow:\n" }),
		"empty records":        repeatTo(n, func(int) string { return "x:\n" }),
		"empty rules":          repeatTo(n, func(i int) string { return map[bool]string{true: "user-agent:a\n", false: "allow:\n"}[i == 0] }),
		"distinct sitemaps":    repeatTo(n, func(i int) string { return fmt.Sprintf("sitemap:%d\n", i) }),
		"crawl-delays":         repeatTo(n, func(i int) string { return "useragent:" + token(i) + "\ncrawl-delay:1\n" }),
		"groups named twice":   []byte(merged.String() + string(repeatTo(n-merged.Len(), func(i int) string { return "user-agent:" + token(i%5000) + "\nallow:/\n" }))),
		"content-usage lines": repeatTo(n, func(i int) string {
			return map[bool]string{true: "user-agent:a\n", false: "content-usage:\n"}[i == 0]
		}),
		"bad preference lines": repeatTo(n, func(i int) string {
			return map[bool]string{true: "user-agent:a\n", false: "content-usage:A\ncontent-signal:\n"}[i == 0]
		}),
		"preference lines of many groups": repeatTo(n, func(i int) string {
			return "user-agent:" + token(i) + "\ncontent-signal:/" + token(i) + " a=b\ncontent-usage:/ a=y\n"
		}),
	}
}

func TestRetainedMemoryHostile(t *testing.T) {
	// The File's own fields and the smallest hash table are a few hundred
	// bytes whatever the body; the bound is for bodies of the parse limit.
	for name, body := range hostileBodies() {
		t.Run(name, func(t *testing.T) {
			parsed := min(len(body), robots.DefaultMaxBytes)
			live := liveBytes(func() *robots.File { return robots.Parse(body) })
			ratio := float64(live) / float64(parsed)
			t.Logf("%s: %d bytes parsed, %d bytes live, %.2f times", name, parsed, live, ratio)
			if ratio > 4 {
				t.Errorf("a File of %d bytes parsed keeps %d bytes alive, %.2f times; want at most 4 times", parsed, live, ratio)
			}
		})
	}
}

func TestRetainedMemoryRealistic(t *testing.T) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "bench", name))
			if err != nil {
				t.Fatal(err)
			}
			parsed := min(len(body), robots.DefaultMaxBytes)
			// After a query too: the first builds the index of a group.
			live := liveBytes(func() *robots.File {
				f := robots.Parse(body)
				f.Allowed("Googlebot", "/")
				f.Allowed("Bingbot", "/")
				return f
			})
			ratio := float64(live) / float64(parsed)
			t.Logf("%s: %d bytes parsed, %d bytes live after two queries, %.2f times", name, parsed, live, ratio)
			if ratio > 2 {
				t.Errorf("a File of %d bytes parsed keeps %d bytes alive, %.2f times; want at most 2 times", parsed, live, ratio)
			}
		})
	}
}
