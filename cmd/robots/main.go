// Command robots checks, lints, shows and compares robots.txt files, local
// or live, as RFC 9309 and Google's crawler read them.
//
// Usage:
//
//	robots check [-agent NAME]... [-json] [-max-bytes N] [-urls FILE] [-timeout D] SOURCE [URL...]
//	robots lint [-json] [-format F] [-ignore CODE,...] [-min-severity S] [-max-bytes N] [-timeout D] SOURCE...
//	robots show [-json] [-max-bytes N] [-timeout D] SOURCE
//	robots diff [-agent NAME]... [-json] [-max-bytes N] [-urls FILE] [-timeout D] OLD NEW [URL...]
//	robots url [-json] PAGEURL...
//	robots page [-agent NAME] [-permissive] [-json] [-header 'X-Robots-Tag: ...']... [-timeout D] SOURCE
//	robots usage [-agent NAME] [-json] [-header 'Name: value']... [-robots FILE] [-tdmrep FILE] [-url URL] [-timeout D] SOURCE
//	robots ai [-json] [-path P]... [-max-bytes N] [-timeout D] SOURCE
//	robots serve [-addr HOST:PORT] [-max-bytes N] [-timeout D]
//	robots version
//	robots help [COMMAND]
//
// A SOURCE is a file, "-" for standard input, or an http(s) URL, whose
// origin's robots.txt is fetched. Run "robots help COMMAND" for the details
// of a command, its output and its JSON schema.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"
)

// Exit statuses.
const (
	exitOK      = 0 // success: allowed, clean, unchanged
	exitFound   = 1 // disallowed, findings, changes
	exitFailure = 2 // usage, I/O or fetch error
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	status := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}

// A command is one of the tool's subcommands.
type command struct {
	name string
	help string // the text of "robots help NAME"
	run  func(ctx context.Context, e *env, args []string) int
}

// commands lists the subcommands in the order "robots help" gives them. It
// is set by init, since "help" refers to it.
var commands []*command

// usage is the text of "robots help". Set by init, it takes its synopses
// from the first lines of the commands' helps.
var usage string

func init() {
	commands = []*command{
		{name: "check", help: checkHelp, run: runCheck},
		{name: "lint", help: lintHelp, run: runLint},
		{name: "show", help: showHelp, run: runShow},
		{name: "diff", help: diffHelp, run: runDiff},
		{name: "url", help: urlHelp, run: runURL},
		{name: "page", help: pageHelp, run: runPage},
		{name: "usage", help: usageHelp, run: runUsage},
		{name: "ai", help: aiHelp, run: runAI},
		{name: "serve", help: serveHelp, run: runServe},
		{name: "version", help: versionHelp, run: runVersion},
		{name: "help", help: helpHelp, run: runHelp},
	}
	usage = usageIntro + synopses("\t") + usageList
}

// synopses returns the usage lines of the commands, from their helps, each
// line after prefix. The README and the package comment give the same.
func synopses(prefix string) string {
	var b strings.Builder
	for _, c := range commands {
		line, _, _ := strings.Cut(c.help, "\n")
		b.WriteString(prefix + strings.TrimPrefix(line, "usage: ") + "\n")
	}
	return b.String()
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

const usageIntro = `robots checks, lints, shows and compares robots.txt files, local or live,
as RFC 9309 and Google's crawler read them.

Usage:

`

const usageList = `
	check    may this crawler fetch these URLs, and which line decides
	lint     mistakes in a robots.txt file, as "file:line: severity: message"
	show     the file as it is read: groups, rules, sitemaps, other records
	diff     what a new version of a file changes
	url      the robots.txt URL of a page
	page     what a page's robots META tags and X-Robots-Tag headers allow
	usage    may a crawler use a page for search, AI input or AI training
	ai       which AI crawlers a file lets in, and where its preferences disagree
	serve    the robots.txt tester, a web page to test drafts and live files
	version  the version of this program

A SOURCE is a file, "-" for standard input, or an http(s) URL: then the
robots.txt of the URL's origin is fetched (redirects followed; a 4xx status
other than 429 allows everything; a 5xx status, 429, a network error or a
timeout disallows everything). Every command takes -h. Run 'robots help
COMMAND' for a command's output, options and JSON schema.

Exit status: 0 for success (every URL allowed, no findings, no change),
1 when a URL is disallowed, lint finds a warning or an error, diff finds a
change or ai a contradiction, and 2 for a usage, read or write error, or a
fetch that got no response: a network error or a timeout (a 4xx or 5xx
status is an answer, not an error).
`

// env is what a command reads and writes: standard input, output (which
// remembers its first write error) and error.
type env struct {
	stdin  io.Reader
	stdout *outWriter
	stderr io.Writer
	cmd    string // the command's name, for messages
	help   string // the command's help

	timeout     time.Duration // how long a fetch may take (-timeout)
	fetchFailed bool          // a fetch got no response: the exit status is 2
}

// run runs the tool with the arguments after the program name, and returns
// the exit status. It reads standard input from stdin only when a source or
// a list of URLs is "-".
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: newOutWriter(stdout), stderr: stderr}
	status := dispatch(ctx, e, args)
	if err := e.stdout.Flush(); err != nil {
		fmt.Fprintf(stderr, "robots: writing output: %v\n", err)
		return exitFailure
	}
	return status
}

func dispatch(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return exitFailure
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	c := lookup(name)
	if c == nil {
		hint := "Run 'robots help' for the commands."
		switch {
		case name == "diagnose":
			hint = "'robots lint FILE' lists a file's mistakes."
		case strings.HasPrefix(name, "-"):
			hint = "Flags come after the command, as in 'robots check -agent Googlebot FILE URL'."
		}
		fmt.Fprintf(e.stderr, "robots: unknown command %q\n%s\n", name, hint) // %q escapes control bytes
		return exitFailure
	}
	e.cmd, e.help = name, c.help
	status := c.run(ctx, e, rest)
	if e.fetchFailed {
		return exitFailure
	}
	return status
}

// usageError reports a mistake in the command line and returns the exit
// status for it.
func (e *env) usageError(format string, a ...any) int {
	fmt.Fprintf(e.stderr, "robots %s: %s\nRun 'robots %s -h' for usage.\n", e.cmd, safe(fmt.Sprintf(format, a...)), e.cmd)
	return exitFailure
}

// fail reports an error that is not the user's mistake in the command line
// (a read, fetch or write error) and returns the exit status for it.
func (e *env) fail(err error) int {
	fmt.Fprintf(e.stderr, "robots %s: %s\n", e.cmd, safe(strings.TrimPrefix(err.Error(), "robots: ")))
	return exitFailure
}

// note writes a remark for the user to standard error.
func (e *env) note(format string, a ...any) {
	fmt.Fprintf(e.stderr, "robots %s: note: %s\n", e.cmd, safe(fmt.Sprintf(format, a...)))
}

func runVersion(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	pos, status, ok := fs.parse(args)
	if !ok {
		return status
	}
	if len(pos) > 0 {
		return e.usageError("version takes no arguments")
	}
	fmt.Fprintln(e.stdout, "robots", version())
	return exitOK
}

func runHelp(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e)
	pos, status, ok := fs.parse(args)
	if !ok {
		return status
	}
	switch len(pos) {
	case 0:
		fmt.Fprint(e.stdout, usage)
		return exitOK
	case 1:
		c := lookup(pos[0])
		if c == nil {
			return e.usageError("unknown command %q: the commands are check, lint, show, diff, url, page, usage, ai, serve, version and help", pos[0])
		}
		fmt.Fprint(e.stdout, c.help)
		return exitOK
	}
	return e.usageError("help takes at most one COMMAND")
}

const versionHelp = `usage: robots version

Version prints the version of this program: its module version, or
(devel) with the commit it was built from, and the Go version.
`

const helpHelp = `usage: robots help [COMMAND]

Help prints the list of commands, or the help of COMMAND: what it does, its
options, its output and its JSON schema.
`

// plural returns "n thing" or "n things".
func plural(n int, thing string) string {
	s := strconv.Itoa(n) + " " + thing
	if n != 1 {
		s += "s"
	}
	return s
}
