// Command robots checks URLs against a robots.txt file, as RFC 9309 and
// Google's crawler read it, and says which rule decided.
//
// Usage:
//
//	robots check FILE AGENT URL...
//	robots diagnose FILE
//	robots help
//
// Run "robots help" for the details.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/crawlkit/robots"
)

const usage = `robots checks URLs against a robots.txt file, as RFC 9309 and Google's
crawler read it, and says which rule decided.

Usage:

	robots check FILE AGENT URL...
	robots diagnose FILE
	robots help

check prints one line per URL, in columns:

	disallowed  https://example.com/private/x  line 12: Disallow: /private/
	allowed     https://example.com/public/    no rule matched

first "allowed" or "disallowed", then the URL, then the rule that decided
or why no rule did. AGENT is the crawler's product token, such as
Googlebot (letters, '-' and '_'), or '*' for the rules of crawlers that
have no group of their own. A URL is absolute or a path starting with '/'.

diagnose prints the lines of FILE that are not clean, known records,
one per line, such as: line 3: unknown key "Noindex".

FILE "-" is standard input. The exit status is 0 when every URL is
allowed, 1 when any is disallowed, 2 for a usage or read error.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command with the arguments after the program name and
// returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	case "check":
		if len(rest) < 3 {
			return usageError(stderr, "check needs FILE, AGENT and at least one URL")
		}
		return check(rest[0], rest[1], rest[2:], stdin, stdout, stderr)
	case "diagnose":
		if len(rest) != 1 {
			return usageError(stderr, "diagnose needs exactly one FILE")
		}
		return diagnose(rest[0], stdin, stdout, stderr)
	default:
		return usageError(stderr, fmt.Sprintf("unknown command %q", cmd))
	}
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "robots: %s\nRun 'robots help' for usage.\n", msg)
	return 2
}

func check(name, agent string, urls []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if agent != "*" && !robots.ValidProductToken(agent) {
		return usageError(stderr, fmt.Sprintf("agent %q is not a product token (letters, '-' and '_', such as Googlebot) or '*'", agent))
	}
	f, err := parseFile(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	width := 0
	for _, u := range urls {
		width = max(width, utf8.RuneCountInString(u))
	}
	status := 0
	for _, u := range urls {
		e := f.Explain(agent, u)
		verdict := "allowed"
		if !e.Allowed {
			verdict = "disallowed"
			status = 1
		}
		fmt.Fprintf(stdout, "%-10s  %-*s  %s\n", verdict, width, u, e)
	}
	return status
}

func diagnose(name string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, err := parseFile(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	for _, d := range f.Diagnostics() {
		fmt.Fprintln(stdout, d)
	}
	return 0
}

// parseFile parses the named file, or stdin when name is "-". Its errors
// start with "robots: ".
func parseFile(name string, stdin io.Reader) (*robots.File, error) {
	r := stdin
	if name != "-" {
		file, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("robots: %w", err)
		}
		defer file.Close()
		r = file
	}
	f, err := robots.ParseReader(r)
	if err != nil {
		// The library's errors already name the package.
		if !strings.HasPrefix(err.Error(), "robots: ") {
			err = fmt.Errorf("robots: %w", err)
		}
		return nil, err
	}
	return f, nil
}
