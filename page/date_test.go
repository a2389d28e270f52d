package page

import (
	"testing"
	"time"
)

// TestParseDate checks the date forms of unavailable_after: Google reads
// "RFC 822, RFC 850, and ISO 8601" and ignores a date it cannot read.
func TestParseDate(t *testing.T) {
	utc := func(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
		return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
	}
	june25 := utc(2010, 6, 25, 23, 0, 0, 0) // 15:00 PST
	tests := []struct {
		in   string
		want time.Time // zero: invalid
	}{
		// RFC 822 (and RFC 1123's four-digit years).
		{"25 Jun 2010 15:00:00 PST", june25},
		{"Fri, 25 Jun 2010 15:00:00 PST", june25},
		{"Friday, 25 Jun 2010 15:00:00 PST", june25},
		{"25 Jun 10 15:00:00 PST", june25},
		{"25 Jun 2010 15:00 PST", june25},
		{"25 jun 2010 15:00:00 pst", june25},
		{"25 June 2010 15:00:00 PST", june25},
		{"25 Jun 2010 23:00:00 GMT", june25},
		{"25 Jun 2010 23:00:00 UT", june25},
		{"25 Jun 2010 23:00:00 UTC", june25},
		{"25 Jun 2010 23:00:00 Z", june25},
		{"25 Jun 2010 23:00:00", june25}, // no zone: UTC
		{"25 Jun 2010 15:00:00 -0800", june25},
		{"26 Jun 2010 00:30:00 +0130", june25},
		{"25 Jun 2010 16:00:00 PDT", june25},
		{"25 Jun 2010 18:00:00 EST", june25},
		{"25 Jun 2010 19:00:00 EDT", june25},
		{"25 Jun 2010 17:00:00 CST", june25},
		{"25 Jun 2010 16:00:00 MST", june25},
		{"5 Jun 2010 00:00:00 GMT", utc(2010, 6, 5, 0, 0, 0, 0)},
		// RFC 850, with its comma, and Google's four-digit example.
		{"Friday, 25-Jun-10 15:00:00 PST", june25},
		{"25-Jun-10 15:00:00 PST", june25},
		{"25-Aug-2007 15:00:00 EST", utc(2007, 8, 25, 20, 0, 0, 0)},
		{"Thursday, 01-Jan-70 00:00:00 GMT", utc(1970, 1, 1, 0, 0, 0, 0)},
		{"Monday, 01-Jan-68 00:00:00 GMT", utc(2068, 1, 1, 0, 0, 0, 0)},
		{"Wednesday, 01-Jan-69 00:00:00 GMT", utc(1969, 1, 1, 0, 0, 0, 0)},
		// asctime, as HTTP dates allow.
		{"Fri Jun 25 23:00:00 2010", june25},
		{"Jun 25 23:00:00 2010", june25},
		// ISO 8601.
		{"2010-06-25", utc(2010, 6, 25, 0, 0, 0, 0)},
		{"2010-06-25T23:00:00Z", june25},
		{"2010-06-25t23:00:00z", june25},
		{"2010-06-25 23:00:00Z", june25},
		{"2010-06-25T23:00Z", june25},
		{"2010-06-25T23:00", june25},
		{"2010-06-25T15:00:00-08:00", june25},
		{"2010-06-25T15:00:00-0800", june25},
		{"2010-06-25T15:00:00-08", june25},
		{"2010-06-25T15:00:00 PST", june25},
		{"2010-06-25T23:00:00.5Z", utc(2010, 6, 25, 23, 0, 0, 500000000)},
		{"2010-06-25T23:00:00,123456789123Z", utc(2010, 6, 25, 23, 0, 0, 123456789)},
		{"  2010-06-25  ", utc(2010, 6, 25, 0, 0, 0, 0)},
		// Invalid dates, ignored.
		{"", time.Time{}},
		{"tomorrow", time.Time{}},
		{"31 Jun 2010 15:00:00 PST", time.Time{}},
		{"29 Feb 2010 00:00:00 GMT", time.Time{}},
		{"25 Jun 2010 24:00:00 GMT", time.Time{}},
		{"25 Jun 2010 23:60:00 GMT", time.Time{}},
		{"25 Jun 2010 23:00:60 GMT", time.Time{}},
		{"25 Jun 2010 15:00:00 CET", time.Time{}}, // not an RFC 822 zone
		{"25 Jun 2010 15:00:00 +2400", time.Time{}},
		{"25 Jun 2010 15:00:00 PST extra", time.Time{}},
		{"25 Jux 2010 15:00:00 PST", time.Time{}},
		{"25 Jun 201 15:00:00 PST", time.Time{}},
		{"25 Jun 2010", time.Time{}},
		{"25 Jun 2010 3pm", time.Time{}},
		{"Friday", time.Time{}},
		{"2010-13-01", time.Time{}},
		{"2010-06-31", time.Time{}},
		{"2010-06-25X23:00", time.Time{}},
		{"2010-06-25T23", time.Time{}},
		{"2010-06-25T23:00:00.Z", time.Time{}},
		{"2010-06-25T23:00:00+1", time.Time{}},
		{"2010/06/25", time.Time{}},
		{"1277506800", time.Time{}},
	}
	for _, tc := range tests {
		got, ok := parseDate(tc.in)
		if ok != !tc.want.IsZero() || !got.Equal(tc.want) {
			t.Errorf("parseDate(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, !tc.want.IsZero())
		}
		if ok && got.Location() != time.UTC {
			t.Errorf("parseDate(%q) is in %v, want UTC", tc.in, got.Location())
		}
	}
}
