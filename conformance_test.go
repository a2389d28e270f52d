package robots

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// shared is where the material too large to ship lives, next to the
// repository: the corpus (../shared/corpus), the other libraries' checks
// (../shared/peers) and the seeds of the worked examples (../shared/seeds). Tests that read it skip when it is absent;
// .ci/run allows exactly those skips, and only when ../shared is absent.
const shared = "../shared"

// sharedFile returns the path of name under ../shared, or skips the test.
func sharedFile(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(shared, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is absent (%v): skipping", p, err)
	}
	return p
}

// A conformanceCase is one expectation of Google's robots.txt conformance
// suite (google/robotstxt-spec-test), converted to JSON lines.
type conformanceCase struct {
	File      string `json:"file"`
	Test      int    `json:"test"`
	Body      string `json:"robotstxt_b64"`
	URL       string `json:"url"`
	Agent     string `json:"useragent"`
	Expected  string `json:"expected"`
	MayDiffer string `json:"may_differ"`
}

// specAnswers are the answers the package gives where it deliberately differs
// from Google's parser, keyed by file, test number and URL. Every case marked
// may_differ must be listed here, with the reason.
var specAnswers = map[string]struct {
	allowed bool
	why     string
}{
	"correctness/non-ascii-paths.textproto#1 FooBot http://foo.bar/foo/bar/ツ": {true,
		"the URL's raw UTF-8 is percent-encoded before matching (RFC 9309 2.2.2), so it equals the pattern's"},
	"correctness/non-ascii-paths.textproto#2 FooBot http://foo.bar/foo/bar/ツ": {true,
		"the URL's raw UTF-8 is percent-encoded before matching (RFC 9309 2.2.2), so it equals the pattern's %E3%83%84"},
	"correctness/non-ascii-paths.textproto#3 FooBot http://foo.bar/foo/bar/baz": {true,
		"the pattern's %62%61%7A encodes unreserved characters and is decoded to baz (RFC 9309 2.2.2)"},
	"correctness/non-ascii-paths.textproto#3 FooBot http://foo.bar/foo/bar/%62%61%7A": {true,
		"both sides decode to /foo/bar/baz; Google agrees here, by comparing the bytes as written"},
	"stress/327748.textproto#0 asdfbot http://m.example.com/robots.txt": {true,
		"/robots.txt is implicitly allowed (RFC 9309 2.2.2)"},
	"stress/369883.textproto#0 BarBot http://example.com/robots.txt": {true,
		"/robots.txt is implicitly allowed (RFC 9309 2.2.2)"},
	"stress/369883.textproto#0 AB http://example.com/robots.txt": {true,
		"/robots.txt is implicitly allowed (RFC 9309 2.2.2)"},
	"stress/860237.textproto#0 XYZ http://example.com/robots.txt": {true,
		"/robots.txt is implicitly allowed (RFC 9309 2.2.2)"},
}

func loadConformance(t *testing.T) []conformanceCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "conformance", "google-spec-test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []conformanceCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c conformanceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("conformance line %d: %v", len(cases)+1, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestConformance(t *testing.T) {
	cases := loadConformance(t)
	if len(cases) != 400 {
		t.Fatalf("read %d conformance cases, want 400", len(cases))
	}
	differ := 0
	for _, c := range cases {
		name := fmt.Sprintf("%s#%d %s %s", c.File, c.Test, c.Agent, c.URL)
		body, err := base64.StdEncoding.DecodeString(c.Body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := c.Expected == "allowed"
		why := "Google's answer"
		if c.MayDiffer != "" {
			differ++
			spec, ok := specAnswers[name]
			if !ok {
				t.Errorf("%s is marked may_differ (%s) but has no answer of ours here", name, c.MayDiffer)
				continue
			}
			want, why = spec.allowed, spec.why
		}
		if got := Parse(body).Allowed(c.Agent, c.URL); got != want {
			t.Errorf("%s: Allowed(%q, %q) = %v, want %v (%s)\nrobots.txt:\n%s",
				name, c.Agent, c.URL, got, want, why, body)
		}
	}
	if differ != len(specAnswers) {
		t.Errorf("%d cases are marked may_differ, want %d (the ones listed in specAnswers)", differ, len(specAnswers))
	}
}
