package crawl_test

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestEntryRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 123, time.UTC)
	realistic, err := os.ReadFile(filepath.Join("..", "testdata", "bench", "realistic_5k.txt"))
	if err != nil {
		t.Fatal(err)
	}
	random := make([]byte, 3000) // does not compress
	rand.New(rand.NewSource(1)).Read(random)
	tests := []struct {
		name string
		e    crawl.Entry
	}{
		{"200 with body", crawl.Entry{Status: 200, Body: []byte("User-agent: *\nDisallow: /x\n"), Fetched: at, Expires: at.Add(24 * time.Hour)}},
		// An empty body comes back as nil: both are an empty file.
		{"200 empty body", crawl.Entry{Status: 200, Body: []byte{}, Fetched: at, Expires: at.Add(time.Hour)}},
		{"200 realistic body", crawl.Entry{Status: 200, Body: realistic, Fetched: at, Expires: at.Add(time.Hour),
			FinalURL: "https://www.example.com/robots.txt", Redirects: 1}},
		{"200 body that does not compress", crawl.Entry{Status: 200, Body: random, Fetched: at, Expires: at.Add(time.Hour)}},
		{"404", crawl.Entry{Status: 404, Fetched: at, Expires: at.Add(24 * time.Hour)}},
		{"503 with a good copy", crawl.Entry{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 3,
			UnreachableSince: at.Add(-time.Hour), Good: []byte("User-agent: *\nAllow: /\n"), GoodFetched: at.Add(-48 * time.Hour)}},
		{"503 with an empty good copy", crawl.Entry{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 1,
			UnreachableSince: at, GoodFetched: at.Add(-time.Hour)}},
		{"network error", crawl.Entry{Status: 0, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at}},
		{"timeout", crawl.Entry{Status: 0, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at,
			FinalURL: "https://example.com/robots.txt", Err: "timeout"}},
		{"too many redirects", crawl.Entry{Status: 302, Fetched: at, Expires: at.Add(24 * time.Hour),
			FinalURL: "https://b.example/robots.txt", Redirects: 6}},
		{"times in another zone, before 1970 and in year 9999", crawl.Entry{Status: 404,
			Fetched:          time.Date(2026, 1, 2, 3, 4, 5, 999_999_999, time.FixedZone("X", -7*3600)),
			Expires:          time.Date(9999, 12, 31, 23, 59, 59, 999_999_999, time.UTC),
			UnreachableSince: time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
			GoodFetched:      time.Date(1969, 7, 20, 20, 17, 0, 0, time.UTC)}},
		{"the largest counts", crawl.Entry{Status: 599, Fetched: at, Expires: at, Failures: 1<<31 - 1, UnreachableSince: at,
			Redirects: 6, Err: strings.Repeat("e", 1000)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := tt.e.MarshalBinary()
			if err != nil {
				t.Fatalf("MarshalBinary: %v", err)
			}
			if data[0] != 2 {
				t.Errorf("MarshalBinary wrote version %d, want 2", data[0])
			}
			var got crawl.Entry
			if err := got.UnmarshalBinary(data); err != nil {
				t.Fatalf("UnmarshalBinary(%q): %v", data, err)
			}
			if diff := cmp.Diff(tt.e, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("round trip mismatch (-want +got):\n%s", diff)
			}
			for _, b := range [][]byte{got.Body, got.Good} {
				if len(b) == 0 && b != nil {
					t.Errorf("an empty body decoded as %#v, want nil", b)
				}
			}
			if len(tt.e.Body) > 0 && len(data) > len(tt.e.Body)+100 {
				t.Errorf("%d bytes encode a body of %d", len(data), len(tt.e.Body))
			}
		})
	}
}

// TestEntryEncodingIsSmall checks that an entry of a realistic robots.txt
// takes at most half the body's size.
func TestEntryEncodingIsSmall(t *testing.T) {
	for _, name := range []string{"realistic_5k.txt", "big_500k.txt"} {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		data, err := crawl.Entry{Status: 200, Body: body, Fetched: now, Expires: now.Add(24 * time.Hour),
			FinalURL: "https://www.example.com/robots.txt"}.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > len(body)/2 {
			t.Errorf("%s: an entry of %d bytes for a body of %d, over half", name, len(data), len(body))
		}
	}
}

// rawEntry is an encoding written by hand, valid unless a test changes it.
type rawEntry struct {
	version                     byte
	status, redirects, failures uint64
	times                       byte // which of seconds and nanos are written
	seconds                     [4]int64
	nanos                       [4]uint64
	finalURL, err               string
	bodyLen, goodLen            uint64
	coding                      []byte // the bodies' coding byte, or none
	bodies                      []byte
}

func validRaw() rawEntry {
	s := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC).Unix()
	return rawEntry{version: 2, status: 200, times: 3, seconds: [4]int64{s, s + 3600},
		bodyLen: 4, coding: []byte{0}, bodies: []byte("x: y")}
}

func (r rawEntry) bytes() []byte {
	b := []byte{r.version}
	b = binary.AppendUvarint(b, r.status)
	b = binary.AppendUvarint(b, r.redirects)
	b = binary.AppendUvarint(b, r.failures)
	b = append(b, r.times)
	for i := range r.seconds {
		if r.times&(1<<i) != 0 {
			b = binary.AppendVarint(b, r.seconds[i])
			b = binary.AppendUvarint(b, r.nanos[i])
		}
	}
	b = binary.AppendUvarint(b, uint64(len(r.finalURL)))
	b = append(b, r.finalURL...)
	b = binary.AppendUvarint(b, uint64(len(r.err)))
	b = append(b, r.err...)
	b = binary.AppendUvarint(b, r.bodyLen)
	b = binary.AppendUvarint(b, r.goodLen)
	b = append(b, r.coding...)
	return append(b, r.bodies...)
}

func deflate(t testing.TB, level int, p []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, level)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(p)
	w.Close()
	return buf.Bytes()
}

func TestEntryUnmarshalRefuses(t *testing.T) {
	body := []byte(strings.Repeat("User-agent: *\nDisallow: /x\n", 20))
	compressed := deflate(t, flate.BestSpeed, body)
	with := func(change func(*rawEntry)) []byte {
		r := validRaw()
		change(&r)
		return r.bytes()
	}
	deflated := func(r *rawEntry) { r.bodyLen, r.coding, r.bodies = uint64(len(body)), []byte{1}, compressed }
	if err := new(crawl.Entry).UnmarshalBinary(with(deflated)); err != nil {
		t.Fatalf("the valid encoding the cases change does not decode: %v", err)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"version 1, JSON", []byte(`{"v":1,"status":404,"fetched":"2026-11-23T10:00:00Z","expires":"2026-11-24T10:00:00Z"}`)},
		{"version 3", with(func(r *rawEntry) { r.version = 3 })},
		{"status 1000", with(func(r *rawEntry) { r.status = 1000 })},
		{"status 42", with(func(r *rawEntry) { r.status = 42 })},
		{"body with 404", with(func(r *rawEntry) { r.status = 404 })},
		{"failures over 2^31-1", with(func(r *rawEntry) { r.failures = 1 << 31 })},
		{"7 redirects", with(func(r *rawEntry) { r.redirects = 7 })},
		{"error text of 1,001 bytes", with(func(r *rawEntry) { r.err = strings.Repeat("x", 1001) })},
		{"time after year 9999", with(func(r *rawEntry) { r.seconds[1] = 253402300800 })},
		{"time before year 1", with(func(r *rawEntry) { r.times, r.seconds[2] = 7, -62135596801 })},
		{"zero time written out", with(func(r *rawEntry) { r.times, r.seconds[3] = 15, -62135596800 })},
		{"unknown bit in the times byte", with(func(r *rawEntry) { r.times = 0x13 })},
		{"a billion nanoseconds", with(func(r *rawEntry) { r.nanos[0] = 1e9 })},
		{"varint over 64 bits", append([]byte{2}, bytes.Repeat([]byte{0xff}, 11)...)},
		{"final URL longer than the data", with(func(r *rawEntry) { r.finalURL = "x" })[:30]},
		{"byte left over", append(with(func(*rawEntry) {}), 0)},
		{"no coding byte", with(func(r *rawEntry) { r.coding, r.bodies = nil, nil })},
		{"unknown coding", with(func(r *rawEntry) { r.coding = []byte{2} })},
		{"stored bodies shorter than declared", with(func(r *rawEntry) { r.bodyLen = 5 })},
		{"stored bodies longer than declared", with(func(r *rawEntry) { r.bodyLen = 3 })},
		{"compressed bodies shorter than declared", with(func(r *rawEntry) { deflated(r); r.goodLen = 1 })},
		{"compressed bodies longer than declared", with(func(r *rawEntry) { deflated(r); r.bodyLen-- })},
		{"bytes after the stream", with(func(r *rawEntry) { deflated(r); r.bodies = append(r.bodies[:len(r.bodies):len(r.bodies)], 0) })},
		{"truncated stream", with(func(r *rawEntry) { deflated(r); r.bodies = r.bodies[:len(r.bodies)-1] })},
		{"not DEFLATE", with(func(r *rawEntry) { deflated(r); r.bodies = bytes.Repeat([]byte{0xff}, len(r.bodies)) })},
		{"more declared than DEFLATE can hold", with(func(r *rawEntry) { deflated(r); r.bodyLen = 1032 * uint64(len(r.bodies)+1) })},
		{"body over the cap", with(func(r *rawEntry) { r.bodyLen = robots.MaxBytesCap + 2 })},
		{"good copy over the cap", with(func(r *rawEntry) { r.goodLen = robots.MaxBytesCap + 2 })},
	}
	valid := with(func(*rawEntry) {})
	for i := range valid {
		tests = append(tests, struct {
			name string
			data []byte
		}{fmt.Sprintf("truncated to %d bytes", i), valid[:i]})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := crawl.Entry{Status: 418}
			err := e.UnmarshalBinary(tt.data)
			if !errors.Is(err, crawl.ErrBadEntry) {
				t.Errorf("UnmarshalBinary(%q) error = %v, want ErrBadEntry", tt.data, err)
			}
			if e.Status != 418 {
				t.Errorf("UnmarshalBinary(%q) changed the entry to %+v", tt.data, e)
			}
		})
	}
}

func TestEntryMarshalRefuses(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		e    crawl.Entry
	}{
		{"status 1000", crawl.Entry{Status: 1000, Fetched: at}},
		{"body with 404", crawl.Entry{Status: 404, Body: []byte("x"), Fetched: at}},
		{"negative failures", crawl.Entry{Status: 503, Failures: -1, Fetched: at}},
		{"7 redirects", crawl.Entry{Status: 302, Redirects: 7, Fetched: at}},
		{"error text of 1,001 bytes", crawl.Entry{Err: strings.Repeat("x", 1001), Fetched: at}},
		{"year 10000", crawl.Entry{Status: 404, Fetched: at, Expires: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}},
		{"year 0", crawl.Entry{Status: 404, Fetched: time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC)}},
		{"body over the cap", crawl.Entry{Status: 200, Body: make([]byte, robots.MaxBytesCap+2), Fetched: at}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if data, err := tt.e.MarshalBinary(); !errors.Is(err, crawl.ErrBadEntry) {
				t.Errorf("MarshalBinary = %d bytes, error %v; want ErrBadEntry", len(data), err)
			}
		})
	}
}

// TestEntryDecodingIsBounded decodes hostile values and counts the bytes
// allocated meanwhile: a stream that inflates to 8 MiB where 1,000 bytes
// are declared, and 32 MiB declared with 100 bytes of stream, each cost
// far less than a MiB.
func TestEntryDecodingIsBounded(t *testing.T) {
	var e crawl.Entry
	bomb := validRaw()
	bomb.bodyLen, bomb.coding, bomb.bodies = 1000, []byte{1}, deflate(t, flate.BestCompression, make([]byte, 8<<20))
	big := validRaw()
	big.bodyLen, big.coding, big.bodies = robots.MaxBytesCap+1, []byte{1}, make([]byte, 100)
	for name, data := range map[string][]byte{"8 MiB stream, 1,000 bytes declared": bomb.bytes(), "32 MiB declared, 100 bytes of stream": big.bytes()} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := e.UnmarshalBinary(data)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, crawl.ErrBadEntry) {
			t.Errorf("%s: UnmarshalBinary error = %v, want ErrBadEntry", name, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%s: UnmarshalBinary allocated %d bytes", name, n)
		}
	}
}
