package crawl

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// sameEntry reports whether a and b are equal entries: the same times
// (instants), and bodies with the same bytes, nil when empty.
func sameEntry(a, b *Entry) bool {
	return a.Status == b.Status && a.Failures == b.Failures && a.Redirects == b.Redirects &&
		a.FinalURL == b.FinalURL && a.Err == b.Err &&
		a.Fetched.Equal(b.Fetched) && a.Expires.Equal(b.Expires) &&
		a.UnreachableSince.Equal(b.UnreachableSince) && a.GoodFetched.Equal(b.GoodFetched) &&
		bytes.Equal(a.Body, b.Body) && bytes.Equal(a.Good, b.Good)
}

func fuzzEntries() []Entry {
	at := time.Date(2026, 11, 23, 10, 0, 0, 123, time.UTC)
	return []Entry{
		{Status: 200, Body: []byte("User-agent: *\nDisallow: /x\n"), Fetched: at, Expires: at.Add(24 * time.Hour)},
		{Status: 200, Body: []byte(strings.Repeat("User-agent: a\nAllow: /\n", 40)), Fetched: at, Expires: at.Add(time.Hour),
			FinalURL: "https://b.example/robots.txt", Redirects: 2},
		{Status: 404, Fetched: at, Expires: at.Add(24 * time.Hour)},
		{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 2, UnreachableSince: at.Add(-time.Hour),
			Good: []byte("User-agent: *\nAllow: /\n"), GoodFetched: at.Add(-48 * time.Hour), Err: "HTTP 503"},
		{Status: 0, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at, Err: "timeout"},
	}
}

// FuzzEntryDecode feeds UnmarshalBinary what a shared Store could hold: it
// never panics; it refuses with ErrBadEntry, leaving the entry as it was,
// or gives an entry that a fetch could have made, within the bounds it
// documents, which encodes and decodes back to itself.
func FuzzEntryDecode(f *testing.F) {
	for _, e := range fuzzEntries() {
		data, err := e.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)-1])
	}
	f.Add([]byte(`{"v":1,"status":200,"body":"eA==","expires":"2999-01-01T00:00:00Z"}`))
	f.Add([]byte("\x02\xc8\x01\x00\x00"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		e := Entry{Status: 418}
		if err := e.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadEntry) {
				t.Fatalf("UnmarshalBinary(%q): error %v does not wrap ErrBadEntry", data, err)
			}
			if !sameEntry(&e, &Entry{Status: 418}) {
				t.Fatalf("UnmarshalBinary(%q) failed but changed the entry to %+v", data, e)
			}
			return
		}
		if err := e.check(); err != nil {
			t.Fatalf("UnmarshalBinary(%q) accepted a bad entry: %v", data, err)
		}
		if n := len(e.Body) + len(e.Good); n > maxDeflateRatio*len(data) {
			t.Fatalf("UnmarshalBinary(%q) gave %d bytes of bodies, more than %d times the data", data, n, maxDeflateRatio)
		}
		for _, b := range [][]byte{e.Body, e.Good} {
			if b != nil && len(b) == 0 {
				t.Fatalf("UnmarshalBinary(%q) gave an empty body that is not nil", data)
			}
		}
		again, err := e.MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary of %+v, decoded from %q: %v", e, data, err)
		}
		var back Entry
		if err := back.UnmarshalBinary(again); err != nil {
			t.Fatalf("decoded %q, encoded %q, which does not decode: %v", data, again, err)
		}
		if !sameEntry(&e, &back) {
			t.Fatalf("decoded %q to %+v, which encodes and decodes to %+v", data, e, back)
		}
	})
}

// FuzzEntryRoundTrip encodes entries made of any values: MarshalBinary
// refuses, with ErrBadEntry, exactly those that UnmarshalBinary would, and
// the others decode to entries equal to them.
func FuzzEntryRoundTrip(f *testing.F) {
	for _, e := range fuzzEntries() {
		f.Add(e.Status, e.Redirects, e.Failures, e.Fetched.Unix(), e.Expires.Unix(), e.UnreachableSince.Unix(),
			e.GoodFetched.Unix(), uint32(e.Fetched.Nanosecond()), e.FinalURL, e.Err, e.Body, e.Good)
	}
	f.Add(1000, -1, -5, int64(-62135596801), int64(253402300800), int64(0), int64(0), uint32(0), "", "", []byte("x"), []byte(nil))
	f.Fuzz(func(t *testing.T, status, redirects, failures int, fetched, expires, unreachable, goodFetched int64,
		nanos uint32, finalURL, errText string, body, good []byte) {
		ns := int64(nanos % 1_000_000_000)
		e := Entry{Status: status, Redirects: redirects, Failures: failures,
			Fetched: time.Unix(fetched, ns), Expires: time.Unix(expires, ns),
			UnreachableSince: time.Unix(unreachable, ns), GoodFetched: time.Unix(goodFetched, ns),
			FinalURL: finalURL, Err: errText, Body: body, Good: good}
		valid := e.check() == nil
		for _, s := range []int64{fetched, expires, unreachable, goodFetched} {
			valid = valid && s >= minUnix && s <= maxUnix
		}
		data, err := e.MarshalBinary()
		if err != nil {
			if valid || !errors.Is(err, ErrBadEntry) {
				t.Fatalf("MarshalBinary(%+v): %v", e, err)
			}
			return
		}
		if !valid {
			t.Fatalf("MarshalBinary(%+v) encoded an entry UnmarshalBinary refuses", e)
		}
		var back Entry
		if err := back.UnmarshalBinary(data); err != nil {
			t.Fatalf("MarshalBinary(%+v) = %q, which does not decode: %v", e, data, err)
		}
		if !sameEntry(&e, &back) {
			t.Fatalf("MarshalBinary(%+v) decodes to %+v", e, back)
		}
	})
}
