package crawl_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestEntryRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 123, time.UTC)
	tests := []struct {
		name string
		e    crawl.Entry
	}{
		{"200 with body", crawl.Entry{Status: 200, Body: []byte("User-agent: *\nDisallow: /x\n"), Fetched: at, Expires: at.Add(24 * time.Hour)}},
		// An empty body comes back as nil: both are an empty file.
		{"200 empty body", crawl.Entry{Status: 200, Body: []byte{}, Fetched: at, Expires: at.Add(time.Hour)}},
		{"404", crawl.Entry{Status: 404, Fetched: at, Expires: at.Add(24 * time.Hour)}},
		{"503 with a good copy", crawl.Entry{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 3,
			UnreachableSince: at.Add(-time.Hour), Good: []byte("User-agent: *\nAllow: /\n"), GoodFetched: at.Add(-48 * time.Hour)}},
		{"network error", crawl.Entry{Status: 0, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at}},
		{"timeout", crawl.Entry{Status: 0, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at,
			FinalURL: "https://example.com/robots.txt", Err: "timeout"}},
		{"too many redirects", crawl.Entry{Status: 302, Fetched: at, Expires: at.Add(24 * time.Hour),
			FinalURL: "https://b.example/robots.txt", Redirects: 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := tt.e.MarshalBinary()
			if err != nil {
				t.Fatalf("MarshalBinary: %v", err)
			}
			var got crawl.Entry
			if err := got.UnmarshalBinary(data); err != nil {
				t.Fatalf("UnmarshalBinary(%s): %v", data, err)
			}
			if diff := cmp.Diff(tt.e, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("round trip mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEntryUnmarshalRefuses(t *testing.T) {
	tests := []struct {
		name string
		data string
	}{
		{"empty", ""},
		{"not JSON", "\x00\xff garbage"},
		{"array", "[1,2]"},
		{"no version", `{"status":200}`},
		{"other version", `{"v":2,"status":200}`},
		{"status too big", `{"v":1,"status":1000}`},
		{"status negative", `{"v":1,"status":-1}`},
		{"body with 404", `{"v":1,"status":404,"body":"eA=="}`},
		{"negative failures", `{"v":1,"status":503,"failures":-2}`},
		{"bad time", `{"v":1,"status":200,"fetched":"yesterday"}`},
		{"negative redirects", `{"v":1,"status":302,"redirects":-1}`},
		{"too many redirects", `{"v":1,"status":302,"redirects":7}`},
		{"huge error text", `{"v":1,"status":0,"err":"` + strings.Repeat("x", 1001) + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := crawl.Entry{Status: 418}
			err := e.UnmarshalBinary([]byte(tt.data))
			if !errors.Is(err, crawl.ErrBadEntry) {
				t.Errorf("UnmarshalBinary(%q) error = %v, want ErrBadEntry", tt.data, err)
			}
			if e.Status != 418 {
				t.Errorf("UnmarshalBinary(%q) changed the entry to %+v", tt.data, e)
			}
		})
	}
}

// TestEntryWithoutLaterFields decodes a version 1 entry written before
// "final_url", "redirects" and "err" existed: it still decodes, and they
// are zero.
func TestEntryWithoutLaterFields(t *testing.T) {
	data := `{"v":1,"status":503,"fetched":"2026-11-23T10:00:00Z","expires":"2026-11-23T10:01:00Z","failures":1,` +
		`"unreachable":"2026-11-23T10:00:00Z","good_fetched":"0001-01-01T00:00:00Z"}`
	var got crawl.Entry
	if err := got.UnmarshalBinary([]byte(data)); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	want := crawl.Entry{Status: 503, Fetched: at, Expires: at.Add(time.Minute), Failures: 1, UnreachableSince: at}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("UnmarshalBinary mismatch (-want +got):\n%s", diff)
	}
}
