package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/crawlkit/robots"
)

// The sample files, relative to this package's directory, where tests run.
const (
	example = "../../testdata/example.txt"
	messy   = "../../testdata/messy.txt"
)

const seeHelp = "Run 'robots help' for usage.\n"

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      io.Reader // nil means empty
		wantStdout string
		wantStderr string
		wantStatus int
	}{
		// Help and usage errors.
		{
			name:       "help",
			args:       []string{"help"},
			wantStdout: usage,
		},
		{
			name:       "-h",
			args:       []string{"-h"},
			wantStdout: usage,
		},
		{
			name:       "--help",
			args:       []string{"--help"},
			wantStdout: usage,
		},
		{
			name:       "no arguments",
			args:       nil,
			wantStderr: usage,
			wantStatus: 2,
		},
		{
			name:       "unknown command",
			args:       []string{"allow", example, "Googlebot", "/"},
			wantStderr: "robots: unknown command \"allow\"\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "check without arguments",
			args:       []string{"check"},
			wantStderr: "robots: check needs FILE, AGENT and at least one URL\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "check without URL",
			args:       []string{"check", example, "Googlebot"},
			wantStderr: "robots: check needs FILE, AGENT and at least one URL\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "check with a whole user-agent string",
			args:       []string{"check", example, "Googlebot/2.1", "/private/"},
			wantStderr: "robots: agent \"Googlebot/2.1\" is not a product token (letters, '-' and '_', such as Googlebot) or '*'\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "check with an empty agent",
			args:       []string{"check", example, "", "/private/"},
			wantStderr: "robots: agent \"\" is not a product token (letters, '-' and '_', such as Googlebot) or '*'\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "diagnose without FILE",
			args:       []string{"diagnose"},
			wantStderr: "robots: diagnose needs exactly one FILE\n" + seeHelp,
			wantStatus: 2,
		},
		{
			name:       "diagnose with two files",
			args:       []string{"diagnose", example, messy},
			wantStderr: "robots: diagnose needs exactly one FILE\n" + seeHelp,
			wantStatus: 2,
		},

		// Read errors.
		{
			name:       "check a missing file",
			args:       []string{"check", "../../testdata/missing.txt", "Googlebot", "/"},
			wantStderr: "robots: open ../../testdata/missing.txt: no such file or directory\n",
			wantStatus: 2,
		},
		{
			name:       "diagnose a missing file",
			args:       []string{"diagnose", "../../testdata/missing.txt"},
			wantStderr: "robots: open ../../testdata/missing.txt: no such file or directory\n",
			wantStatus: 2,
		},
		{
			name:       "check a failing standard input",
			args:       []string{"check", "-", "Googlebot", "/"},
			stdin:      iotest.ErrReader(errors.New("disk on fire")),
			wantStderr: "robots: reading body: disk on fire\n",
			wantStatus: 2,
		},
		{
			name:       "diagnose a failing standard input",
			args:       []string{"diagnose", "-"},
			stdin:      iotest.ErrReader(errors.New("disk on fire")),
			wantStderr: "robots: reading body: disk on fire\n",
			wantStatus: 2,
		},

		// check on the sample file.
		{
			name: "Googlebot group: rule, index page rule, no rule",
			args: []string{"check", example, "Googlebot",
				"https://example.com/private/x",
				"https://example.com/docs/",
				"https://example.com/public/"},
			wantStdout: "" +
				"disallowed  https://example.com/private/x  line 12: Disallow: /private/\n" +
				"allowed     https://example.com/docs/      line 14: Allow: /docs/index.html (index page rule)\n" +
				"allowed     https://example.com/public/    no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "agent compared without regard to case",
			args:       []string{"check", example, "GOOGLEBOT", "/docs/a.html"},
			wantStdout: "disallowed  /docs/a.html  line 13: Disallow: /docs/\n",
			wantStatus: 1,
		},
		{
			name: "Googlebot ignores the * group",
			args: []string{"check", example, "Googlebot",
				"/search?q=robots", "/private/help/faq", "/a.pdf"},
			wantStdout: "" +
				"allowed     /search?q=robots   no rule matched\n" +
				"disallowed  /private/help/faq  line 12: Disallow: /private/\n" +
				"allowed     /a.pdf             no rule matched\n",
			wantStatus: 1,
		},
		{
			name: "wildcard in the middle",
			args: []string{"check", example, "Googlebot",
				"https://example.com/cart?sessionid=42", "https://example.com/cart?id=42"},
			wantStdout: "" +
				"disallowed  https://example.com/cart?sessionid=42  line 15: Disallow: /*?sessionid=\n" +
				"allowed     https://example.com/cart?id=42         no rule matched\n",
			wantStatus: 1,
		},
		{
			name: "other crawlers get the * group",
			args: []string{"check", example, "Bingbot",
				"/private/help/faq", "/private/x", "/search", "/searches/", "/docs/"},
			wantStdout: "" +
				"allowed     /private/help/faq  line 5: Allow: /private/help/\n" +
				"disallowed  /private/x         line 4: Disallow: /private/\n" +
				"disallowed  /search            line 6: Disallow: /search\n" +
				"disallowed  /searches/         line 6: Disallow: /search\n" +
				"allowed     /docs/             no rule matched\n",
			wantStatus: 1,
		},
		{
			name: "end anchor",
			args: []string{"check", example, "Bingbot",
				"/files/a.pdf", "/files/a.pdf?download=1", "/files/a.PDF"},
			wantStdout: "" +
				"disallowed  /files/a.pdf             line 7: Disallow: /*.pdf$\n" +
				"allowed     /files/a.pdf?download=1  no rule matched\n" +
				"allowed     /files/a.PDF             no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "agent * asks for the * group",
			args:       []string{"check", example, "*", "/private/x"},
			wantStdout: "disallowed  /private/x  line 4: Disallow: /private/\n",
			wantStatus: 1,
		},
		{
			name: "all allowed",
			args: []string{"check", example, "Googlebot",
				"https://example.com/", "https://example.com/robots.txt"},
			wantStdout: "" +
				"allowed     https://example.com/            no rule matched\n" +
				"allowed     https://example.com/robots.txt  /robots.txt is always allowed\n",
			wantStatus: 0,
		},
		{
			name: "columns count characters, not bytes",
			args: []string{"check", example, "Googlebot", "/café", "/private/é"},
			wantStdout: "" +
				"allowed     /café       no rule matched\n" +
				"disallowed  /private/é  line 12: Disallow: /private/\n",
			wantStatus: 1,
		},

		// check on other files.
		{
			name:       "standard input without a group for the agent",
			args:       []string{"check", "-", "Bingbot", "/private/"},
			stdin:      strings.NewReader("User-agent: Googlebot\nDisallow: /private/\n"),
			wantStdout: "allowed     /private/  no group for the agent\n",
			wantStatus: 0,
		},
		{
			name:       "empty standard input",
			args:       []string{"check", "-", "Googlebot", "/private/"},
			wantStdout: "allowed     /private/  no group for the agent\n",
			wantStatus: 0,
		},
		{
			name: "rules read despite mistakes",
			args: []string{"check", messy, "Googlebot",
				"/typo", "/no-colon", "/before-any-group", "/no-slash"},
			wantStdout: "" +
				"disallowed  /typo              line 4: Disallow: /typo\n" +
				"disallowed  /no-colon          line 5: Disallow: /no-colon\n" +
				"allowed     /before-any-group  no rule matched\n" +
				"allowed     /no-slash          no rule matched\n",
			wantStatus: 1,
		},
		{
			name:       "misspelt user-agent line",
			args:       []string{"check", messy, "bingbot", "/typo"},
			wantStdout: "disallowed  /typo  line 11: Disallow: /\n",
			wantStatus: 1,
		},

		// diagnose.
		{
			name: "diagnose a file with mistakes",
			args: []string{"diagnose", messy},
			wantStdout: "" +
				"line 2: rule outside any group \"Disallow: /before-any-group\"\n" +
				"line 4: accepted misspelling \"Dissallow\"\n" +
				"line 5: missing colon \"Disallow /no-colon\"\n" +
				"line 6: invalid pattern \"no-slash\"\n" +
				"line 7: bad crawl-delay \"soon\"\n" +
				"line 8: unknown key \"Noindex\"\n" +
				"line 10: accepted misspelling \"User agent\"\n" +
				"line 12: malformed line \"<br/>\"\n",
		},
		{
			name: "diagnose a clean file",
			args: []string{"diagnose", example},
		},
		{
			name:       "diagnose standard input",
			args:       []string{"diagnose", "-"},
			stdin:      strings.NewReader("User-agent: *\nDisalow: /x\n"),
			wantStdout: "line 2: accepted misspelling \"Disalow\"\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdin := tc.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			var stdout, stderr strings.Builder
			status := run(tc.args, stdin, &stdout, &stderr)
			if status != tc.wantStatus {
				t.Errorf("run(%q) = %d, want %d", tc.args, status, tc.wantStatus)
			}
			if got := stdout.String(); got != tc.wantStdout {
				t.Errorf("run(%q) stdout:\n%s\nwant:\n%s", tc.args, got, tc.wantStdout)
			}
			if got := stderr.String(); got != tc.wantStderr {
				t.Errorf("run(%q) stderr:\n%s\nwant:\n%s", tc.args, got, tc.wantStderr)
			}
		})
	}
}

// TestReadmeTryIt runs the command of the README's "Try it" section and
// checks that the README shows its output as printed and that it exits
// with status 1, as the README says and .ci/run checks.
func TestReadmeTryIt(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "go run ./cmd/robots "
	var args []string
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, prefix) {
			args = strings.Fields(strings.TrimPrefix(line, prefix))
			break
		}
	}
	if len(args) < 4 || args[0] != "check" {
		t.Fatalf("README has no line %q followed by check FILE AGENT URL...", prefix+"check")
	}
	args[1] = "../../" + args[1] // the README runs from the repository root
	var stdout, stderr strings.Builder
	status := run(args, strings.NewReader(""), &stdout, &stderr)
	if status != 1 {
		t.Errorf("run(%q) = %d, want 1", args, status)
	}
	if stderr.Len() != 0 {
		t.Errorf("run(%q) stderr:\n%s\nwant none", args, stderr.String())
	}
	if !strings.Contains(string(readme), "\n"+stdout.String()) {
		t.Errorf("README does not show the output of run(%q):\n%s", args, stdout.String())
	}
}

// Example is the README's usage example; TestReadmeExample keeps the two
// the same, so the README's code compiles and its comments tell the truth.
func Example() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	g := f.Group("Googlebot")
	fmt.Println(g.Allowed("https://example.com/private/x")) // false
	fmt.Println(g.Allowed("https://example.com/public/"))   // true
	fmt.Println(f.Allowed("Bingbot", "/private/x"))         // false: both steps in one call
	fmt.Println(f.Explain("Bingbot", "/private/x"))         // line 2: Disallow: /private/
	// Output:
	// false
	// true
	// false
	// line 2: Disallow: /private/
}

func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```go\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README has no ```go block")
	}
	_, body, ok := strings.Cut(string(src), "\nfunc Example() {\n")
	body, _, ok2 = strings.Cut(body, "\t// Output:")
	if !ok || !ok2 {
		t.Fatal("main_test.go has no func Example with an Output comment")
	}
	body = strings.ReplaceAll(body, "\n\t", "\n")
	body = strings.TrimPrefix(body, "\t")
	if block != body {
		t.Errorf("README's Go example differs from func Example in main_test.go:\nREADME:\n%s\nExample:\n%s", block, body)
	}
}
