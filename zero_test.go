package robots_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

// answers are what a File says of one agent and URL, for comparing Files.
type answers struct {
	Allowed     bool
	Explanation robots.Explanation
	GroupNil    bool
	Sitemaps    []string
	Records     []robots.Record
	Diagnostics []robots.Diagnostic
	Access      robots.Access
}

func answersOf(f *robots.File, agent, url string) answers {
	return answers{
		Allowed:     f.Allowed(agent, url),
		Explanation: f.Explain(agent, url),
		GroupNil:    f.Group(agent) == nil,
		Sitemaps:    f.Sitemaps(),
		Records:     f.Records(),
		Diagnostics: f.Diagnostics(),
		Access:      f.Access(),
	}
}

// TestZeroFileAndGroup checks what the documentation says of zero values:
// the zero File behaves as a nil *File, and as an empty body, and the zero
// Group as a group without rules.
func TestZeroFileAndGroup(t *testing.T) {
	var nilFile *robots.File
	for _, url := range []string{"/", "/private/x", "https://example.com/robots.txt"} {
		want := answersOf(nilFile, "Googlebot", url)
		if diff := cmp.Diff(want, answersOf(&robots.File{}, "Googlebot", url)); diff != "" {
			t.Errorf("zero File, %s (-nil +zero):\n%s", url, diff)
		}
		if diff := cmp.Diff(want, answersOf(robots.Parse(nil), "Googlebot", url)); diff != "" {
			t.Errorf("Parse(nil), %s (-nil File +Parse(nil)):\n%s", url, diff)
		}
		zero := &robots.Group{}
		wantReason := robots.NoRuleMatched
		if strings.HasSuffix(url, "/robots.txt") {
			wantReason = robots.RobotsTxt
		}
		if x := zero.Explain(url); !zero.Allowed(url) || !x.Allowed || x.Reason != wantReason {
			t.Errorf("zero Group, %s: Allowed %v, Explain %v; want allowed, %v", url, zero.Allowed(url), x, wantReason)
		}
		if zero.Rules() != nil || zero.Agents() != nil {
			t.Errorf("zero Group: rules %v, agents %v; want none", zero.Rules(), zero.Agents())
		}
		if d, ok := zero.CrawlDelay(); d != 0 || ok {
			t.Errorf("zero Group: CrawlDelay() = %v, %v; want 0, false", d, ok)
		}
	}
}

// TestParseReaderErrors checks that the only errors of ParseReader are
// those of its reader within the limit, wrapped, with no File.
func TestParseReaderErrors(t *testing.T) {
	boom := errors.New("connection reset")
	for _, tc := range []struct {
		name string
		r    io.Reader
		want error
	}{
		{"an error at once", iotest.ErrReader(boom), boom},
		{"an error after a rule", io.MultiReader(strings.NewReader("User-agent: *\nDisallow: /x\n"), iotest.ErrReader(boom)), boom},
		{"a body cut short", io.MultiReader(strings.NewReader("User-agent: *\n"), iotest.ErrReader(io.ErrUnexpectedEOF)), io.ErrUnexpectedEOF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := robots.ParseReader(tc.r)
			if f != nil || !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), "robots: ") {
				t.Errorf("ParseReader = %v, %v; want nil and an error starting \"robots: \" wrapping %v", f, err, tc.want)
			}
		})
	}
	// An error past the limit is never read: the File is that of the bytes
	// within it.
	body := "User-agent: *\nDisallow: /x\n" + strings.Repeat("#", robots.DefaultMaxBytes)
	f, err := robots.ParseReader(io.MultiReader(strings.NewReader(body), iotest.ErrReader(boom)))
	if err != nil || f.Allowed("AnyBot", "/x") {
		t.Errorf("ParseReader of a body past the limit, then an error = %v; /x allowed %v; want no error, /x disallowed", err, f.Allowed("AnyBot", "/x"))
	}
}
