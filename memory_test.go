package robots_test

// The memory a parsed File keeps alive, with the index of the groups
// queried: at most 4 times the bytes parsed for any body, and at most 2
// times for real files (README, "Speed").

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

// distinct returns a distinct string for each i, of the bytes of alphabet,
// as short as they can be: all strings of one byte first, then of two, and
// so on.
func distinct(i int, alphabet string) string {
	n := len(alphabet)
	size := 1
	for i >= pow(n, size) {
		i -= pow(n, size)
		size++
	}
	b := make([]byte, size)
	for j := range b {
		b[j] = alphabet[i%n]
		i /= n
	}
	return string(b)
}

func pow(n, k int) int {
	p := 1
	for range k {
		p *= n
	}
	return p
}

// Alphabets of pattern bytes: those kept as they are, those that the
// canonical form percent-encodes (three bytes for one), and bytes of both
// kinds.
var (
	plainBytes   = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~!&'()+,;=:@/"
	escapedBytes = func() string {
		var b []byte
		for c := 0x80; c <= 0xff; c++ {
			b = append(b, byte(c))
		}
		return string(b)
	}()
)

// A hostileBody is a body of the parse limit, of one shape that makes a
// File, and the index of the group a query uses, keep much per byte parsed.
type hostileBody struct {
	name string
	body []byte
}

// hostileBodies returns bodies of exactly the parse limit, each of one
// shape that makes a File and its groups' indexes keep much per byte
// parsed.
func hostileBodies() []hostileBody {
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
	// rules returns a "*" group of the rules that line gives.
	rules := func(line func(i int) string) []byte {
		return repeatTo(n, func(i int) string {
			if i == 0 {
				return "User-agent: *\n"
			}
			return line(i - 1)
		})
	}
	return []hostileBody{
		{"user-agent lines", repeatTo(n, func(int) string { return "User-agent: a\n" })},
		{"one-word lines", repeatTo(n, func(int) string { return "x\n" })},
		{"NUL lines", repeatTo(n, func(int) string { return "\x00\n" })},
		{"binary garbage", garbage},
		{"0xff bytes", repeatTo(n, func(int) string { return "\xff" })},
		{"0xff lines", repeatTo(n, func(int) string { return "\xff\n" })},
		{"0xff patterns", repeatTo(n, func(i int) string { return "User-agent: *\nDisallow: /" + strings.Repeat("\xff", 1000) + "\n" })},
		{"distinct agents", repeatTo(n, func(i int) string { return "User-agent: " + token(i) + "\n" })},
		{"tiny groups", repeatTo(n, func(int) string { return "useragent:x\nallow:/\n" })},
		{"tiny distinct groups", repeatTo(n, func(i int) string { return "useragent:" + token(i) + "\nallow:\n" })},
		{"empty records", repeatTo(n, func(int) string { return "x:\n" })},
		{"empty rules", rules(func(int) string { return "allow:\n" })},
		{"distinct sitemaps", repeatTo(n, func(i int) string { return fmt.Sprintf("sitemap:%d\n", i) })},
		{"crawl-delays", repeatTo(n, func(i int) string { return "useragent:" + token(i) + "\ncrawl-delay:1\n" })},
		{"groups named twice", []byte(merged.String() + string(repeatTo(n-merged.Len(), func(i int) string { return "user-agent:" + token(i%5000) + "\nallow:/\n" })))},
		// Rules, which the index of their group copies.
		{"Allow:/ lines", rules(func(int) string { return "Allow:/\n" })},
		{"0xff rules", rules(func(int) string { return "Disallow: /\xff\xff\xff\xff\xff\xff\n" })},
		{"distinct tiny rules", rules(func(i int) string { return "allow:/" + distinct(i, plainBytes) + "\n" })},
		{"distinct tiny allow and disallow rules", rules(func(i int) string {
			return []string{"allow:/", "disallow:/"}[i%2] + distinct(i/2, plainBytes) + "\n"
		})},
		{"distinct tiny 0x80-0xff rules", rules(func(i int) string { return "allow:/" + distinct(i, escapedBytes) + "\n" })},
		{"distinct tiny rules of both", rules(func(i int) string { return "allow:/" + distinct(i, plainBytes+escapedBytes) + "\n" })},
		{"distinct tiny control-byte rules", rules(func(i int) string {
			return "allow:/" + distinct(i, "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x7f") + "\n"
		})},
		{"distinct tiny '$' rules", rules(func(i int) string { return "allow:/" + distinct(i, plainBytes+"$") + "$a\n" })},
		{"distinct tiny wildcard rules", rules(func(i int) string { return "allow:*" + distinct(i, plainBytes) + "\n" })},
		{"distinct tiny 0x80-0xff wildcard rules", rules(func(i int) string { return "allow:*" + distinct(i, escapedBytes) + "\n" })},
		{"distinct long wildcard rules", rules(func(i int) string { return "allow:/*" + strings.Repeat(distinct(i, plainBytes)+"*", 40) + "\n" })},
		{"star rules", rules(func(i int) string { return "allow:/" + strings.Repeat("*", 1+i%200) + "\n" })},
		{"distinct lower-case escapes", rules(func(i int) string { return "allow:/%" + distinct(i, "0123456789abcdef") + "\n" })},
		{"distinct index page rules", rules(func(i int) string { return "allow:/" + distinct(i, plainBytes) + "/index.htm\n" })},
		{"distinct 0x80-0xff index page rules", rules(func(i int) string { return "allow:/" + distinct(i, escapedBytes) + "/index.htm\n" })},
		{"distinct escaped index page rules", rules(func(i int) string { return "allow:/" + distinct(i, plainBytes) + "/%69ndex.htm\n" })},
		// Preference lines, which a group keeps.
		{"content-usage lines", rules(func(int) string { return "content-usage:\n" })},
		{"bad preference lines", rules(func(int) string { return "content-usage:A\ncontent-signal:\n" })},
		{"preference lines of many groups", repeatTo(n, func(i int) string {
			return "user-agent:" + token(i) + "\ncontent-signal:/" + token(i) + " a=b\ncontent-usage:/ a=y\n"
		})},
	}
}

// queried returns the File of body after queries for "*" and for "a" and
// "x", the agents that hostile bodies name, enough of them to build the
// index of the groups they use.
func queried(body []byte) *robots.File {
	f := robots.Parse(body)
	for _, agent := range []string{"*", "a", "x"} {
		for range robots.QueriesToIndex {
			f.Allowed(agent, "/")
		}
	}
	return f
}

func TestRetainedMemoryHostile(t *testing.T) {
	// The File's own fields and the smallest hash table are a few hundred
	// bytes whatever the body; the bound is for bodies of the parse limit.
	for _, hb := range hostileBodies() {
		t.Run(hb.name, func(t *testing.T) {
			parsed := min(len(hb.body), robots.DefaultMaxBytes)
			live := liveBytes(func() *robots.File { return queried(hb.body) })
			ratio := float64(live) / float64(parsed)
			t.Logf("%s: %d bytes parsed, %d bytes live after queries, %.2f times", hb.name, parsed, live, ratio)
			if ratio > 4 {
				t.Errorf("a File of %d bytes parsed keeps %d bytes alive after queries, %.2f times; want at most 4 times", parsed, live, ratio)
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
			// After queries too, enough to build the index of each
			// group asked.
			live := liveBytes(func() *robots.File {
				f := robots.Parse(body)
				for range robots.QueriesToIndex {
					f.Allowed("Googlebot", "/")
					f.Allowed("Bingbot", "/")
				}
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
