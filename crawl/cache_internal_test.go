package crawl

import (
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
