package robots_test

// Promises of the API beyond the protocol (package documentation, and the
// docs of File and Options): no panic at any
// limit, every slice handed out is the caller's own, a nil *File is an
// empty file, and zero values print sensibly.

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// TestParseAtMaxBytesCap parses bodies of the worst shapes at the largest
// limit Options allow: the limit is clamped to the cap, and nothing panics
// or overflows (offsets into a File's text are int32).
func TestParseAtMaxBytesCap(t *testing.T) {
	tests := []struct {
		name  string
		line  func(i int) string
		clean int // lines without a diagnostic; the others have one each
	}{
		// The most lines and diagnostics (with constant details), which
		// made main panic at a cap of 1 GiB.
		{"NUL lines", func(int) string { return "\x00\n" }, 0},
		// The most text: patterns whose canonical form is three times as
		// long, in long lines.
		{"0xff patterns", func(i int) string {
			if i == 0 {
				return "User-agent: *\n"
			}
			return "Disallow: /" + strings.Repeat("\xff", 16000) + "\n"
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := repeatTo(robots.MaxBytesCap+1000, tc.line)
			f := robots.Options{MaxBytes: 1 << 62}.Parse(body)
			// The limit is the cap. The first line not parsed is the one
			// after the last line break before the cap, or when the cap
			// falls on a line break, the one after that.
			cut := 1 + strings.Count(string(body[:robots.MaxBytesCap]), "\n")
			if body[robots.MaxBytesCap] == '\n' {
				cut++
			}
			ds := f.Diagnostics()
			last := ds[len(ds)-1]
			switch last.Kind {
			case robots.BeyondParseLimit:
				if last.Line != cut {
					t.Errorf("last diagnostic %v, want the parse limit's on line %d", last, cut)
				}
			case robots.TooManyDiagnostics:
				// Those of the cut-1 lines parsed, and the limit's.
				want := cut - 1 - tc.clean + 1 - 1000
				if n, err := strconv.Atoi(strings.TrimSuffix(last.Detail, " more")); err != nil || n != want {
					t.Errorf("last diagnostic %v, want %d more", last, want)
				}
			default:
				t.Errorf("last diagnostic %v, want the parse limit's or the count of those dropped", last)
			}
			if len(ds) > 1001 {
				t.Errorf("%d diagnostics, want at most 1,001", len(ds))
			}
			if tc.name == "0xff patterns" {
				rules := f.Group("any").Rules()
				if n := len(rules); n != cut-2 || rules[n-1].Line != cut-1 {
					t.Errorf("%d rules, want %d, the last on line %d", n, cut-2, cut-1)
				}
				if url := "/" + strings.Repeat("\xff", 16001); f.Allowed("any", url) {
					t.Errorf("Allowed(%q...) = true, want false", url[:10])
				}
			}
		})
	}
}

// TestReturnedSlicesAreOwn mutates every slice the API returns, and every
// slice reachable from one, then asks the File again; it runs two
// goroutines at once so that the race detector sees any sharing.
func TestReturnedSlicesAreOwn(t *testing.T) {
	body := []byte("User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /private\nAllow: /d/index.html\nCrawl-delay: 2\nHost: example.com\nRequest-rate: 1/5\n\n" +
		"User-agent: googlebot\nDisallow: /more%7e\nClean-param: id\n\n" +
		"User-agent: *\nDisallow: /\n" +
		"Sitemap: https://example.com/s.xml\nNosuch: v\nDisallow /x y\n")
	f := robots.Parse(body)
	agents := []string{"Googlebot", "Bingbot", "other"}
	urls := []string{"/private", "/d/", "/more~", "/x"}
	want := robots.SnapshotOf(robots.Parse(body), agents, urls)

	mutate := func() {
		for _, s := range [][]string{f.Sitemaps(), f.Group("Googlebot").Agents()} {
			for i := range s {
				s[i] = "EVIL"
			}
		}
		for _, r := range f.Records() {
			for i := range r.Agents {
				r.Agents[i] = "EVIL"
			}
		}
		rs := f.Records()
		for i := range rs {
			rs[i].Key, rs[i].Agents = "EVIL", append(rs[i].Agents[:0], "EVIL")
		}
		ds := f.Diagnostics()
		for i := range ds {
			ds[i].Detail = "EVIL"
		}
		for _, a := range agents {
			rules := f.Group(a).Rules()
			for i := range rules {
				rules[i] = robots.Rule{Pattern: "/EVIL"}
			}
		}
	}
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mutate()
		}()
	}
	wg.Wait()
	if diff := cmp.Diff(want, robots.SnapshotOf(f, agents, urls)); diff != "" {
		t.Errorf("File changed after its results were mutated (-before +after):\n%s", diff)
	}
	// Records of one group share one Agents slice, the caller's own: a
	// slice for each would cost records times agents. One of a later call
	// is another.
	rs, again := f.Records(), f.Records()
	rs[0].Agents[0] = "EVIL"
	if rs[1].Agents[0] != "EVIL" || again[0].Agents[0] == "EVIL" {
		t.Errorf("after a change to the first record's agents, its group's next record has %q, the next call's %q; want EVIL and not",
			rs[1].Agents, again[0].Agents)
	}
}

// TestNilFile checks that a nil *File behaves as an empty file.
func TestNilFile(t *testing.T) {
	var f *robots.File
	empty := robots.Parse(nil)
	agents, urls := []string{"Googlebot", ""}, []string{"/", "/robots.txt", "https://example.com/x"}
	if diff := cmp.Diff(robots.SnapshotOf(empty, agents, urls), robots.SnapshotOf(f, agents, urls)); diff != "" {
		t.Errorf("a nil File differs from an empty one (-empty +nil):\n%s", diff)
	}
	if !f.Allowed("Googlebot", "/x") {
		t.Error("nil File: Allowed = false, want true")
	}
	if g := f.Group("Googlebot"); g != nil {
		t.Errorf("nil File: Group = %v, want nil", g)
	}
	if e := f.Explain("Googlebot", "/x"); e.Reason != robots.NoGroup || !e.Allowed {
		t.Errorf("nil File: Explain = %+v, want allowed, no group", e)
	}
	if f.Sitemaps() != nil || f.Records() != nil || f.Diagnostics() != nil {
		t.Error("nil File: Sitemaps, Records or Diagnostics not nil")
	}
}

// TestZeroValuesString checks what zero values print.
func TestZeroValuesString(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"Explanation", robots.Explanation{}.String(), "no reason"},
		{"Reason", robots.Reason(0).String(), "no reason"},
		{"DiagnosticKind", robots.DiagnosticKind(0).String(), "no diagnostic"},
		{"Diagnostic", robots.Diagnostic{}.String(), "line 0: no diagnostic"},
		{"Rule", robots.Rule{}.String(), "Disallow: "},
		{"Reason out of range", robots.Reason(99).String(), "Reason(99)"},
		{"DiagnosticKind out of range", robots.DiagnosticKind(99).String(), "DiagnosticKind(99)"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: String() = %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}

// TestTooManyDiagnostics checks that a File keeps the first 1,000
// diagnostics and counts the rest.
func TestTooManyDiagnostics(t *testing.T) {
	body := strings.Repeat("x\n", 1500)
	ds := robots.Parse([]byte(body)).Diagnostics()
	want := robots.Diagnostic{Line: 1001, Kind: robots.TooManyDiagnostics, Detail: "500 more"}
	if len(ds) != 1001 || ds[999].Line != 1000 || ds[999].Kind != robots.MalformedLine || ds[1000] != want {
		t.Errorf("got %d diagnostics, the last two %v; want 1,001, the last %v", len(ds), ds[len(ds)-2:], want)
	}
}
