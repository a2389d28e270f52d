package redisstore

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// FuzzDecode feeds what a shared Redis could hold to the decoding Get
// does: it never panics, refuses what is not an entry with ErrBadEntry,
// and an entry it accepts encodes back to an entry equal to it.
func FuzzDecode(f *testing.F) {
	now := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)
	for _, e := range []crawl.Entry{
		{Status: 200, Body: []byte("User-agent: *\nDisallow: /x\n"), Fetched: now, Expires: now.Add(24 * time.Hour)},
		{Status: 404, Fetched: now, Expires: now.Add(time.Hour)},
		{Status: 503, Fetched: now, Expires: now.Add(time.Minute), Failures: 2, UnreachableSince: now.Add(-time.Hour),
			Good: []byte("User-agent: *\nAllow: /\n"), GoodFetched: now.Add(-48 * time.Hour)},
		{Status: 200, Body: bytes.Repeat([]byte("User-agent: a\nDisallow: /b\n"), 30), Fetched: now, Expires: now.Add(time.Hour)},
		{Status: 200, Fetched: now, Expires: time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC)}, // refused: fresh too long
	} {
		data, err := e.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Entries of earlier releases, in JSON, are refused.
	f.Add([]byte(`{"v":1,"status":200,"expires":"2999-01-01T00:00:00Z"}`))
	f.Add([]byte(`{"v":1,"status":200,"body":"!!!"}`))
	f.Add([]byte("\x00\xff"))
	s := WithClock(New(nil, &Options{MaxValue: 4096}), func() time.Time { return now })
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := s.decode(data)
		if err != nil {
			if !errors.Is(err, crawl.ErrBadEntry) {
				t.Fatalf("decode(%q): error %v does not wrap ErrBadEntry", data, err)
			}
			return
		}
		if len(data) > 4096 {
			t.Fatalf("decode accepted %d bytes, over MaxValue", len(data))
		}
		if e.Expires.After(now.Add(MaxTTL)) {
			t.Fatalf("decode(%q) accepted an entry fresh until %v", data, e.Expires)
		}
		again, err := e.MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary of a decoded entry: %v", err)
		}
		var back crawl.Entry
		if err := back.UnmarshalBinary(again); err != nil {
			t.Fatalf("decoded %q, encoded %q, which does not decode: %v", data, again, err)
		}
		if back.Status != e.Status || !bytes.Equal(back.Body, e.Body) || !bytes.Equal(back.Good, e.Good) ||
			!back.Expires.Equal(e.Expires) || back.Failures != e.Failures {
			t.Fatalf("decoded %q to %+v, which encodes and decodes to %+v", data, e, back)
		}
	})
}
