package robots

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The corpus (../shared/corpus) holds 4,231 robots.txt files served by
// popular sites and 110,462 checks with the answer Google's parser gives for
// the agent "googlebot". Our answers may differ only where the package
// differs from Google on purpose (README, differences); deliberateDifference says which kind of difference
// a check shows, or "" if it shows none of the accepted kinds.

// overLimit are the corpus files longer than 500 KiB: Google parses them
// whole, we parse the first 500 KiB.
func overLimit(body []byte) bool { return len(body) > DefaultMaxBytes }

// deliberateDifference returns why our answer for rawURL may differ from
// Google's, or "".
func deliberateDifference(body []byte, rawURL string) string {
	path := pathOf(rawURL)
	switch {
	case overLimit(body):
		return "file over 500 KiB: we parse the first 500 KiB only"
	case path == "/robots.txt":
		return "/robots.txt is always allowed"
	case hasUnreservedEscape(path):
		return "percent-encoded unreserved character: decoded before matching"
	case hasLowerHexEscape(path):
		return "lower-case percent hex: upper-cased before matching"
	}
	return ""
}

// hasUnreservedEscape reports whether s holds a %XX escape of an unreserved
// character.
func hasUnreservedEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && ishex(s[i+1]) && ishex(s[i+2]) && unreserved(unhex(s[i+1])<<4|unhex(s[i+2])) {
			return true
		}
	}
	return false
}

// hasLowerHexEscape reports whether s holds a %xx escape with a lower-case
// hex digit.
func hasLowerHexEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && ishex(s[i+1]) && ishex(s[i+2]) && (s[i+1] >= 'a' || s[i+2] >= 'a') {
			return true
		}
	}
	return false
}

// corpusFiles reads every robots.txt of the corpus, by host.
func corpusFiles(t testing.TB) map[string][]byte {
	t.Helper()
	dir := sharedFile(t, "corpus/robots")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string][]byte, len(entries))
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

func TestCorpusParses(t *testing.T) {
	files := corpusFiles(t)
	if len(files) != 4231 {
		t.Errorf("read %d corpus files, want 4231", len(files))
	}
	for host, body := range files {
		f := Parse(body)
		lines := strings.Count(string(body), "\n") + strings.Count(string(body), "\r") + 1
		for _, d := range f.Diagnostics() {
			if d.Line < 1 || d.Line > lines {
				t.Errorf("%s: diagnostic %v is outside the file's %d lines", host, d, lines)
			}
		}
	}
}

func TestCorpusMatchesGoogle(t *testing.T) {
	files := corpusFiles(t)
	checks, err := os.Open(sharedFile(t, "corpus/checks.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer checks.Close()

	parsed := make(map[string]*File)
	var total, same int
	deliberate := make(map[string]int)
	sc := bufio.NewScanner(checks)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		host, rest, _ := strings.Cut(sc.Text(), "\t")
		url, google, _ := strings.Cut(rest, "\t")
		if host == "host" {
			continue // header
		}
		body, ok := files[host]
		if !ok {
			t.Fatalf("checks.tsv names host %q, which has no robots.txt in the corpus", host)
		}
		f := parsed[host]
		if f == nil {
			f = Parse(body)
			parsed[host] = f
		}
		total++
		want := google == "allowed"
		if got := f.Allowed("googlebot", url); got == want {
			same++
			continue
		}
		if why := deliberateDifference(body, url); why != "" {
			deliberate[why]++
			continue
		}
		t.Errorf("%s: Allowed(%q, %q) = %v, Google says %v; decided by %v",
			host, "googlebot", url, !want, want, f.Explain("googlebot", url))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if total != 110462 {
		t.Errorf("read %d checks, want 110462", total)
	}
	t.Logf("%d checks: %d agree with Google; deliberate differences: %v", total, same, deliberate)
}

// A peerCheck is one line of ../shared/peers/peers.jsonl: a check taken from
// the unit tests of another robots.txt library, with the answer Google's
// parser gives.
type peerCheck struct {
	Name      string `json:"name"`
	Body      string `json:"robotstxt"`
	BodyB64   string `json:"robotstxt_b64"`
	Agent     string `json:"useragent"`
	URL       string `json:"url"`
	Expected  string `json:"expected"`
	MayDiffer string `json:"may_differ"`
}

// TestPeersMatchGoogle asks the 1,416 checks of nine other libraries' test
// suites (../shared/peers) and wants Google's answer for each, except where
// the check is marked may_differ: there the package follows RFC 9309 on purpose,
// and the mark says why.
func TestPeersMatchGoogle(t *testing.T) {
	file, err := os.Open(sharedFile(t, "peers/peers.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var total, same int
	deliberate := make(map[string]int)
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c peerCheck
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("peers line %d: %v", total+1, err)
		}
		body := []byte(c.Body)
		if c.BodyB64 != "" {
			if body, err = base64.StdEncoding.DecodeString(c.BodyB64); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
		}
		if c.Expected != "allowed" && c.Expected != "disallowed" {
			t.Fatalf("%s: expected = %q, want allowed or disallowed", c.Name, c.Expected)
		}
		total++
		want := c.Expected == "allowed"
		f := Parse(body)
		if got := f.Allowed(c.Agent, c.URL); got == want {
			same++
			continue
		}
		if c.MayDiffer != "" {
			reason, _, _ := strings.Cut(c.MayDiffer, " (")
			deliberate[reason]++
			continue
		}
		t.Errorf("%s: Allowed(%q, %q) = %v, Google says %v; decided by %v\nrobots.txt: %q",
			c.Name, c.Agent, c.URL, !want, want, f.Explain(c.Agent, c.URL), body)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if total != 1416 {
		t.Errorf("read %d checks, want 1416", total)
	}
	t.Logf("%d checks: %d agree with Google; deliberate differences: %v", total, same, deliberate)
}
