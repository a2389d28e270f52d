package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/crawlkit/robots"
)

// The sample files, relative to this package's directory, where tests run.
const (
	example = "../../testdata/example.txt"
	messy   = "../../testdata/messy.txt"
	oldFile = "../../testdata/old.txt"
	newFile = "../../testdata/new.txt"
)

// runResult is what one run of the tool wrote and returned.
type runResult struct {
	stdout, stderr string
	status         int
}

// runTool runs the tool with args and stdin (nil: empty), as main does.
func runTool(t *testing.T, stdin io.Reader, args ...string) runResult {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr strings.Builder
	status := run(context.Background(), args, stdin, &stdout, &stderr)
	return runResult{stdout.String(), stderr.String(), status}
}

// A runCase is a run of the tool and what it must write and return. An
// empty wantStdout or wantStderr means nothing is written there; a
// wantStdoutHas or wantStderrHas, when set, is checked as a substring
// instead.
type runCase struct {
	name          string
	args          []string
	stdin         io.Reader
	wantStdout    string
	wantStdoutHas []string
	wantStderr    string
	wantStderrHas []string
	wantStatus    int
}

func (tc runCase) check(t *testing.T) {
	t.Helper()
	got := runTool(t, tc.stdin, tc.args...)
	if got.status != tc.wantStatus {
		t.Errorf("run(%q) = %d, want %d\nstderr: %s", tc.args, got.status, tc.wantStatus, got.stderr)
	}
	if tc.wantStdoutHas != nil {
		for _, s := range tc.wantStdoutHas {
			if !strings.Contains(got.stdout, s) {
				t.Errorf("run(%q) stdout:\n%s\nwant it to contain:\n%s", tc.args, got.stdout, s)
			}
		}
	} else if got.stdout != tc.wantStdout {
		t.Errorf("run(%q) stdout:\n%s\nwant:\n%s", tc.args, got.stdout, tc.wantStdout)
	}
	if tc.wantStderrHas != nil {
		for _, s := range tc.wantStderrHas {
			if !strings.Contains(got.stderr, s) {
				t.Errorf("run(%q) stderr:\n%s\nwant it to contain:\n%s", tc.args, got.stderr, s)
			}
		}
	} else if got.stderr != tc.wantStderr {
		t.Errorf("run(%q) stderr:\n%s\nwant:\n%s", tc.args, got.stderr, tc.wantStderr)
	}
}

func runCases(t *testing.T, tests []runCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// writeTemp writes body to a new file in a temporary directory and returns
// its name.
func writeTemp(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestUsage(t *testing.T) {
	tests := []runCase{
		{name: "no arguments", wantStderr: usage, wantStatus: 2},
		{name: "help", args: []string{"help"}, wantStdout: usage},
		{name: "-h", args: []string{"-h"}, wantStdout: usage},
		{name: "--help", args: []string{"--help"}, wantStdout: usage},
		{name: "help check", args: []string{"help", "check"}, wantStdout: checkHelp},
		{name: "help diff", args: []string{"help", "diff"}, wantStdout: diffHelp},
		{
			name:       "help of an unknown command",
			args:       []string{"help", "allow"},
			wantStderr: "robots help: unknown command \"allow\": the commands are check, lint, show, diff, url, page, usage, ai, serve, version and help\nRun 'robots help -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "unknown command",
			args:       []string{"allow", example},
			wantStderr: "robots: unknown command \"allow\"\nRun 'robots help' for the commands.\n",
			wantStatus: 2,
		},
		{
			name:       "the old diagnose command",
			args:       []string{"diagnose", example},
			wantStderr: "robots: unknown command \"diagnose\"\n'robots lint FILE' lists a file's mistakes.\n",
			wantStatus: 2,
		},
		{
			name:       "a flag before the command",
			args:       []string{"-json", "check"},
			wantStderr: "robots: unknown command \"-json\"\nFlags come after the command, as in 'robots check -agent Googlebot FILE URL'.\n",
			wantStatus: 2,
		},
		{
			name:       "check without arguments",
			args:       []string{"check"},
			wantStderr: "robots check: check needs a SOURCE (a robots.txt file, - for standard input, or an http(s) URL) and URLs to check\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check a file without URL",
			args:       []string{"check", example},
			wantStderr: "robots check: check needs at least one URL after SOURCE, or -urls FILE\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check with an unknown flag",
			args:       []string{"check", "-user-agent", "x", example, "/"},
			wantStderr: "robots check: -user-agent is not an option of check\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check with a flag without its value",
			args:       []string{"check", example, "/", "-agent"},
			wantStderr: "robots check: flag needs an argument: -agent\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:          "check with -max-bytes below the least RFC 9309 allows",
			args:          []string{"check", "-max-bytes", "1000", example, "/"},
			wantStderrHas: []string{"robots check: -max-bytes 1000 is out of range: give a number of bytes from 512000 (500 KiB, the least RFC 9309 allows) to 33554432 (32 MiB, the most the parser reads)\n"},
			wantStatus:    2,
		},
		{
			name:          "check with -max-bytes above the most the parser reads",
			args:          []string{"check", "-max-bytes", "33554433", example, "/"},
			wantStderrHas: []string{"robots check: -max-bytes 33554433 is out of range: give a number of bytes from 512000 (500 KiB, the least RFC 9309 allows) to 33554432 (32 MiB, the most the parser reads)\n"},
			wantStatus:    2,
		},
		{
			name:       "check with -max-bytes at the most the parser reads",
			args:       []string{"check", "-max-bytes", "33554432", example, "/private/x"},
			wantStdout: "agent *: group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\ndisallowed  /private/x  line 4: Disallow: /private/\n",
			wantStatus: 1,
		},
		{
			name:       "check with a negative timeout",
			args:       []string{"check", "-timeout", "-1s", example, "/"},
			wantStderr: "robots check: -timeout -1s is not a positive duration: give one such as 10s or 500ms\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "a file name with a terminal escape",
			args:       []string{"show", "no\x1b[2Jfile"},
			wantStderr: "robots show: no\\x1b[2Jfile: no such file: give a robots.txt file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
		{
			name:       "check with an agent that is no product token",
			args:       []string{"check", "-agent", "12bot", example, "/"},
			wantStderr: "robots check: agent \"12bot\" is not a product token: give the crawler's name as robots.txt files write it (letters, '-' and '_', such as Googlebot), or * for crawlers without a group\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check a URL whose host has a space",
			args:       []string{"check", example, "http://a b/private/x"},
			wantStderr: "robots check: \"http://a b/private/x\" is not a URL: give an absolute http(s) URL or a path starting with /\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check a word that is not a URL",
			args:       []string{"check", example, "private"},
			wantStderr: "robots check: \"private\" is not a URL: give an absolute http(s) URL or a path starting with /\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "check reading standard input twice",
			args:       []string{"check", "-urls", "-", "-"},
			wantStderr: "robots check: standard input (-) can be read once: give the SOURCE or the -urls FILE as a file\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "lint without SOURCE",
			args:       []string{"lint"},
			wantStderr: "robots lint: lint needs at least one SOURCE (a robots.txt file, - for standard input, or an http(s) URL)\nRun 'robots lint -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "show with two sources",
			args:       []string{"show", example, messy},
			wantStderr: "robots show: show needs exactly one SOURCE (a robots.txt file, - for standard input, or an http(s) URL)\nRun 'robots show -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "diff with one file",
			args:       []string{"diff", oldFile},
			wantStderr: "robots diff: diff needs OLD and NEW (robots.txt files, - for standard input, or http(s) URLs)\nRun 'robots diff -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "diff reading standard input twice",
			args:       []string{"diff", "-", "-"},
			wantStderr: "robots diff: standard input (-) can be read once: give the others as files\nRun 'robots diff -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "version with an argument",
			args:       []string{"version", "now"},
			wantStderr: "robots version: version takes no arguments\nRun 'robots version -h' for usage.\n",
			wantStatus: 2,
		},
	}
	// Every command's -h, -help and --help write its help to standard
	// output and exit 0, even among other arguments.
	for _, c := range commands {
		for _, h := range []string{"-h", "-help", "--help"} {
			tests = append(tests, runCase{name: c.name + " " + h, args: []string{c.name, h}, wantStdout: c.help})
		}
		tests = append(tests, runCase{name: c.name + " x -h", args: []string{c.name, "x", "-h"}, wantStdout: c.help})
	}
	runCases(t, tests)
}

// TestHelpTexts checks that each command's help starts with its usage line
// and that those of the commands with -json document their schema.
func TestHelpTexts(t *testing.T) {
	for _, c := range commands {
		if !strings.HasPrefix(c.help, "usage: robots "+c.name) {
			t.Errorf("help of %s does not start with %q:\n%s", c.name, "usage: robots "+c.name, c.help)
		}
		if !strings.HasSuffix(c.help, "\n") {
			t.Errorf("help of %s does not end with a newline", c.name)
		}
	}
	for _, name := range []string{"check", "lint", "show", "diff"} {
		if h := lookup(name).help; !strings.Contains(h, "JSON (-json)") || !strings.Contains(h, "Exit status") {
			t.Errorf("help of %s does not describe its JSON and exit status:\n%s", name, h)
		}
		limits := []string{strconv.Itoa(robots.DefaultMaxBytes), strconv.Itoa(robots.MaxBytesCap)}
		for _, n := range limits {
			if h := lookup(name).help; !strings.Contains(h, n) {
				t.Errorf("help of %s does not give the -max-bytes limits %s", name, limits)
			}
		}
	}
}

func TestVersion(t *testing.T) {
	got := runTool(t, nil, "version")
	if got.status != 0 || got.stderr != "" {
		t.Fatalf("run(version) = %d, stderr %q", got.status, got.stderr)
	}
	if !strings.HasPrefix(got.stdout, "robots ") || !strings.Contains(got.stdout, " go1.") || strings.Count(got.stdout, "\n") != 1 {
		t.Errorf("run(version) stdout = %q, want one line \"robots VERSION goVERSION\"", got.stdout)
	}
}

func TestCheck(t *testing.T) {
	urlsFile := writeTemp(t, "urls.txt", "# URLs to check\n\n/private/x\n  https://example.com/docs/  \n/public/\n")
	tests := []runCase{
		{
			name: "Googlebot group: rule, index page rule, no rule",
			args: []string{"check", "-agent", "Googlebot", example,
				"https://example.com/private/x", "https://example.com/docs/", "https://example.com/public/"},
			wantStdout: "" +
				"agent Googlebot: group of line 11 (Googlebot)\n" +
				"disallowed  https://example.com/private/x  line 12: Disallow: /private/\n" +
				"allowed     https://example.com/docs/      line 14: Allow: /docs/index.html (index page rule)\n" +
				"allowed     https://example.com/public/    no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "flags after the arguments",
			args:       []string{"check", example, "/docs/a.html", "-agent", "GOOGLEBOT"},
			wantStdout: "agent GOOGLEBOT: group of line 11 (Googlebot)\ndisallowed  /docs/a.html  line 13: Disallow: /docs/\n",
			wantStatus: 1,
		},
		{
			name:       "-- ends the flags",
			args:       []string{"check", "-agent", "Googlebot", "--", example, "/public/"},
			wantStdout: "agent Googlebot: group of line 11 (Googlebot)\nallowed     /public/  no rule matched\n",
		},
		{
			name: "the default agent is *",
			args: []string{"check", example, "/private/help/faq", "/private/x", "/files/a.pdf", "/files/a.pdf?download=1"},
			wantStdout: "" +
				"agent *: group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\n" +
				"allowed     /private/help/faq        line 5: Allow: /private/help/\n" +
				"disallowed  /private/x               line 4: Disallow: /private/\n" +
				"disallowed  /files/a.pdf             line 7: Disallow: /*.pdf$\n" +
				"allowed     /files/a.pdf?download=1  no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "an agent without a group of its own gets the * group",
			args:       []string{"check", "-agent", "Bingbot", example, "/search"},
			wantStdout: "agent Bingbot: no group of its own; group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\ndisallowed  /search  line 6: Disallow: /search\n",
			wantStatus: 1,
		},
		{
			name:       "no group at all",
			args:       []string{"check", "-agent", "Bingbot", "-", "/private/"},
			stdin:      strings.NewReader("User-agent: Googlebot\nDisallow: /private/\n"),
			wantStdout: "agent Bingbot: no group names Bingbot and there is no * group: every URL is allowed\nallowed     /private/  no group for the agent\n",
		},
		{
			name:       "a User-Agent header is cut to its product token, with a note",
			args:       []string{"check", "-agent", "Googlebot/2.1 (+http://www.google.com/bot.html)", example, "/docs/"},
			wantStdout: "agent Googlebot: group of line 11 (Googlebot)\nallowed     /docs/  line 14: Allow: /docs/index.html (index page rule)\n",
			wantStderr: "robots check: note: agent \"Googlebot/2.1 (+http://www.google.com/bot.html)\" is cut to its product token \"Googlebot\", the name robots.txt groups use\n",
		},
		{
			name:          "a browser-style header names Mozilla, and the note says so",
			args:          []string{"check", "-agent", "Mozilla/5.0 (compatible; Googlebot/2.1)", example, "/docs/"},
			wantStdout:    "agent Mozilla: no group of its own; group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\nallowed     /docs/  no rule matched\n",
			wantStderrHas: []string{"cut to its product token \"Mozilla\"", "a browser-style User-Agent names no single crawler: give the crawler's own token, such as Googlebot"},
		},
		{
			name:       "MJ12bot is an agent of its own, though a group written MJ12bot is read as MJ",
			args:       []string{"check", "-agent", "MJ", "-", "/x"},
			stdin:      strings.NewReader("User-agent: MJ12bot\nDisallow: /x\n"),
			wantStdout: "agent MJ: group of line 1 (MJ12bot)\ndisallowed  /x  line 2: Disallow: /x\n",
			wantStatus: 1,
		},
		{
			name: "groups merged from several places",
			args: []string{"check", "-agent", "a", "-", "/x"},
			stdin: strings.NewReader("User-agent: a\nUser-agent: b\nDisallow: /x\n" +
				"User-agent: c\nDisallow: /y\nUser-agent: A\nAllow: /z\n"),
			wantStdout: "agent a: groups of lines 1 (a), 2 (b), 6 (A), merged\ndisallowed  /x  line 3: Disallow: /x\n",
			wantStatus: 1,
		},
		{
			name: "the path as matched, when it is not as written",
			args: []string{"check", "-agent", "Googlebot", example, "/café", "/private/%7Ejoe", "https://example.com?q", "/a#frag"},
			wantStdout: "" +
				"agent Googlebot: group of line 11 (Googlebot)\n" +
				"allowed     /café                  no rule matched [path /caf%C3%A9]\n" +
				"disallowed  /private/%7Ejoe        line 12: Disallow: /private/ [path /private/~joe]\n" +
				"allowed     https://example.com?q  no rule matched\n" +
				"allowed     /a#frag                no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "/robots.txt is always allowed",
			args:       []string{"check", "-", "https://example.com/robots.txt"},
			stdin:      strings.NewReader("User-agent: *\nDisallow: /\n"),
			wantStdout: "agent *: group of line 1 (*)\nallowed     https://example.com/robots.txt  /robots.txt is always allowed\n",
		},
		{
			name: "URLs from a file, with those of the command line first",
			args: []string{"check", "-urls", urlsFile, "-agent", "Googlebot", example, "/docs/x"},
			wantStdout: "" +
				"agent Googlebot: group of line 11 (Googlebot)\n" +
				"disallowed  /docs/x                    line 13: Disallow: /docs/\n" +
				"disallowed  /private/x                 line 12: Disallow: /private/\n" +
				"allowed     https://example.com/docs/  line 14: Allow: /docs/index.html (index page rule)\n" +
				"allowed     /public/                   no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "URLs from standard input",
			args:       []string{"check", "-urls", "-", example},
			stdin:      strings.NewReader("/search\r\n/docs/\r\n"),
			wantStdout: "agent *: group of line 3 (*)\npace: Crawl-delay 5s; a crawl.Checker keeps 5s between requests\ndisallowed  /search  line 6: Disallow: /search\nallowed     /docs/   no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "a URL file with a line that is not a URL",
			args:       []string{"check", "-urls", "-", example},
			stdin:      strings.NewReader("/a\nb\n"),
			wantStderr: "robots check: stdin:2: \"b\" is not a URL: give absolute http(s) URLs or paths starting with /, one a line\n",
			wantStatus: 2,
		},
		{
			name: "a URL file with a line that never ends",
			args: []string{"check", "-urls", "/dev/zero", example},
			wantStderrHas: []string{
				"robots check: reading URLs from /dev/zero: a line is longer than 1048576 bytes: give one URL a line\n",
			},
			wantStatus: 2,
		},
		{
			name:       "a missing URL file",
			args:       []string{"check", "-urls", "../../testdata/missing-urls.txt", example},
			wantStderr: "robots check: ../../testdata/missing-urls.txt: no such file: give a file of URLs, one a line, or - for standard input\n",
			wantStatus: 2,
		},
		{
			name:       "a missing URL file that looks like a host",
			args:       []string{"check", "-urls", "example.com/urls.txt", example},
			wantStderr: "robots check: example.com/urls.txt: no such file: give a file of URLs, one a line, or - for standard input\n",
			wantStatus: 2,
		},
		{
			name:  "bytes from the file and the URL that a terminal acts on are escaped",
			args:  []string{"check", "-", "/\x1b[31mred", "/a\u202eb"},
			stdin: strings.NewReader("User-agent: *\nDisallow: /\x1b[31m\n"),
			wantStdout: "" +
				"agent *: group of line 1 (*)\n" +
				"disallowed  /\\x1b[31mred  line 2: Disallow: /\\x1b[31m [path /%1B[31mred]\n" +
				"allowed     /a\\u202eb     no rule matched [path /a%E2%80%AEb]\n",
			wantStatus: 1,
		},
		{
			name:       "an agent with terminal escapes is escaped once",
			args:       []string{"check", "-agent", "\x1b[2J", example, "/a"},
			wantStderr: "robots check: agent \"\\x1b[2J\" is not a product token: give the crawler's name as robots.txt files write it (letters, '-' and '_', such as Googlebot), or * for crawlers without a group\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "an agent cut to its token with terminal escapes is escaped once",
			args:       []string{"check", "-agent", "Googlebot\x1b[2J", example, "/a"},
			wantStdout: "agent Googlebot: group of line 11 (Googlebot)\nallowed     /a  no rule matched\n",
			wantStderr: "robots check: note: agent \"Googlebot\\x1b[2J\" is cut to its product token \"Googlebot\", the name robots.txt groups use\n",
		},
		{
			name:       "a URL with terminal escapes is escaped once",
			args:       []string{"check", example, "a\x1b[2J\u202e"},
			wantStderr: "robots check: \"a\\x1b[2J\\u202e\" is not a URL: give an absolute http(s) URL or a path starting with /\nRun 'robots check -h' for usage.\n",
			wantStatus: 2,
		},
		{
			name:       "a -urls line with terminal escapes is escaped once",
			args:       []string{"check", "-urls", "-", example},
			stdin:      strings.NewReader("/a\na\x1b[2J\n"),
			wantStderr: "robots check: stdin:2: \"a\\x1b[2J\" is not a URL: give absolute http(s) URLs or paths starting with /, one a line\n",
			wantStatus: 2,
		},
		{
			name:       "a diff URL with terminal escapes is escaped once",
			args:       []string{"diff", oldFile, newFile, "a\x1b[2J"},
			wantStderr: "robots diff: \"a\\x1b[2J\" is not a URL: give an absolute http(s) URL or a path starting with /\nRun 'robots diff -h' for usage.\n",
			wantStatus: 2,
		},
	}
	runCases(t, tests)
}

// TestBadInputs runs check and lint on inputs that are not robots.txt
// files, or not readable at all.
func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	// 10 MB: a group, then rules; the limit cuts a rule line in two.
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 10<<20; i++ {
		fmt.Fprintf(&b, "Disallow: /private/%07d/\n", i) // 29 bytes
	}
	body := b.String()
	if err := os.WriteFile(big, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	garbage := make([]byte, 4096)
	x := uint32(1)
	for i := range garbage {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		garbage[i] = byte(x)
	}
	utf16 := []byte{0xFF, 0xFE}
	for _, c := range "User-agent: *\nDisallow: /\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	many := ": warning: the group for * has 18285 rules: Yandex's robots.txt analyser flags groups of more than 2,048 rules, and Yandex may not read them all\n"
	html := "<!DOCTYPE html>\n<html>\n<head><title>Not found</title></head>\n<body>\n<p>Sorry: no such page</p>\n</body>\n</html>\n"
	tests := []runCase{
		{
			name:       "missing file",
			args:       []string{"check", "../../testdata/missing.txt", "/"},
			wantStderr: "robots check: ../../testdata/missing.txt: no such file: give a robots.txt file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
		{
			name:       "missing file named like a host",
			args:       []string{"lint", "github.com/robots.txt"},
			wantStderr: "robots lint: github.com/robots.txt: no such file; to fetch a live robots.txt, give a URL such as https://github.com/robots.txt\n",
			wantStatus: 2,
		},
		{
			name:       "directory",
			args:       []string{"show", "../../testdata"},
			wantStderr: "robots show: ../../testdata is a directory: give a robots.txt file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
		{
			name:       "failing standard input",
			args:       []string{"lint", "-"},
			stdin:      iotest.ErrReader(errors.New("disk on fire")),
			wantStderr: "robots lint: reading stdin: disk on fire\n",
			wantStatus: 2,
		},
		{
			name:       "lint goes on after a source it cannot read",
			args:       []string{"lint", "-ignore", "extension", "../../testdata/missing.txt", example},
			wantStdout: "no findings\n",
			wantStderr: "robots lint: ../../testdata/missing.txt: no such file: give a robots.txt file, - for standard input, or an http(s) URL\n",
			wantStatus: 2,
		},
		{
			name: "/dev/zero: read up to the limit, counted a little further, never hangs",
			args: []string{"lint", "/dev/zero"},
			wantStdout: "" +
				"/dev/zero:1: error: this is binary data, not a robots.txt: crawlers find no rules in it\n" +
				"1 finding: 1 error, 0 warnings, 0 info; 2 more findings on the lines of what is not a robots.txt, not listed\n",
			wantStatus: 1,
		},
		{
			name:  "binary garbage",
			args:  []string{"lint", "-"},
			stdin: strings.NewReader(string(garbage)),
			wantStdoutHas: []string{
				"stdin:1: error: this is binary data, not a robots.txt: crawlers find no rules in it\n",
				"1 finding: 1 error, 0 warnings, 0 info; ",
			},
			wantStatus: 1,
		},
		{
			name:  "UTF-16",
			args:  []string{"lint", "-"},
			stdin: strings.NewReader(string(utf16)),
			wantStdout: "" +
				"stdin:1: error: this is UTF-16 text: robots.txt must be UTF-8, and crawlers find no rules in it; save it as UTF-8\n" +
				"1 finding: 1 error, 0 warnings, 0 info; 5 more findings on the lines of what is not a robots.txt, not listed\n",
			wantStatus: 1,
		},
		{
			name:  "an HTML page",
			args:  []string{"lint", "-"},
			stdin: strings.NewReader(html),
			wantStdout: "" +
				"stdin:1: error: this is an HTML page, not a robots.txt: crawlers find no rules in it; serve a plain-text robots.txt\n" +
				"1 finding: 1 error, 0 warnings, 0 info; 8 more findings on the lines of what is not a robots.txt, not listed\n",
			wantStatus: 1,
		},
		{
			name:  "an HTML page is allowed everything by check",
			args:  []string{"check", "-", "/private/"},
			stdin: strings.NewReader(html),
			wantStdout: "warning: the body is an HTML page, not a robots.txt: crawlers read it as one all the same and find few rules or none in it, so the answers below say little of what the site means\n" +
				"agent *: the file has no * group: every URL is allowed\nallowed     /private/  no group for the agent\n",
		},
		{
			name: "a 10 MB file: lint says how much is ignored",
			args: []string{"lint", big},
			wantStdout: big + ":1" + many +
				big + ":18287: error: the file goes on past the parse limit of 512000 bytes: " +
				"9973762 more bytes are ignored, from this line on\n" +
				"2 findings: 1 error, 1 warning, 0 info\n",
			wantStatus: 1,
		},
		{
			name: "a 10 MB file: check reads its first 500 KiB",
			args: []string{"check", big, "/private/0000001/x"},
			wantStdout: "warning: the body is longer than the parse limit of 512000 bytes: crawlers ignore what lies past it, and so do the answers below\n" +
				"agent *: group of line 1 (*)\ndisallowed  /private/0000001/x  line 3: Disallow: /private/0000001/\n",
			wantStatus: 1,
		},
		{
			name:  "a 10 MB file on standard input: counted, not sized",
			args:  []string{"lint", "-"},
			stdin: strings.NewReader(body),
			wantStdout: "stdin:1" + many +
				"stdin:18287: error: the file goes on past the parse limit of 512000 bytes: " +
				"9973762 more bytes are ignored, from this line on\n" +
				"2 findings: 1 error, 1 warning, 0 info\n",
			wantStatus: 1,
		},
		{
			name:       "a 10 MB file with a higher limit",
			args:       []string{"lint", "-max-bytes", "20000000", "-ignore", "many-rules", big},
			wantStdout: "no findings\n",
		},
		{
			name:  "terminal escapes in lint output",
			args:  []string{"lint", "-"},
			stdin: strings.NewReader("User-agent: *\nDisallow: /\x1b]0;owned\x07\nNo\x1b[2Jise: x\n"),
			wantStdout: "" +
				"stdin:2: warning: bytes outside the robots.txt grammar (control byte): crawlers may read the line differently\n" +
				"stdin:3: warning: bytes outside the robots.txt grammar (control byte): crawlers may read the line differently\n" +
				"stdin:3: error: unknown key \"No\\x1b[2Jise\": the line is ignored\n" +
				"3 findings: 1 error, 2 warnings, 0 info\n",
			wantStatus: 1,
		},
		{
			name:  "terminal escapes in show output",
			args:  []string{"show", "-"},
			stdin: strings.NewReader("User-agent: bot\x1b[2J\nDisallow: /\x1b]0;owned\x07\nSitemap: https://e.com/\x9b1m\n"),
			wantStdout: "" +
				"group for bot\n" +
				"  user-agent line 1: bot\\x1b[2J (read as bot)\n" +
				"  line 2: Disallow: /\\x1b]0;owned\\x07\n" +
				"sitemaps\n" +
				"  line 3: https://e.com/\\x9b1m\n" +
				"diagnostics\n" +
				"  line 1: invalid bytes \"control byte\"\n" +
				"  line 2: invalid bytes \"control byte\"\n" +
				"  line 3: invalid bytes \"invalid UTF-8\"\n",
		},
	}
	runCases(t, tests)
}

// TestWriteError checks that output to a full disk is an error.
func TestWriteError(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Fatalf("this test needs /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"check", example, "/private/x"},
		{"check", "-json", example, "/private/x"},
		{"lint", messy},
		{"show", example},
		{"diff", oldFile, newFile},
		{"help"},
		{"version"},
	} {
		var stderr strings.Builder
		status := run(context.Background(), args, strings.NewReader(""), full, &stderr)
		if status != 2 {
			t.Errorf("run(%q) to /dev/full = %d, want 2", args, status)
		}
		if want := "robots: writing output: write /dev/full: no space left on device\n"; stderr.String() != want {
			t.Errorf("run(%q) to /dev/full: stderr %q, want %q", args, stderr.String(), want)
		}
	}
}
