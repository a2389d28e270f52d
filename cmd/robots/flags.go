package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/crawlkit/robots"
)

// The flags that several commands share are defined and checked here:
// -json, -max-bytes, -timeout, -agent and -urls. A command adds those it
// takes, then parses its arguments with parse or parseOptions.

// flags is the set of flags of a command.
type flags struct {
	*flag.FlagSet
	e        *env
	help     string
	maxBytes *int // the value of -max-bytes; nil when the command has none
}

func newFlags(e *env) *flags {
	fs := flag.NewFlagSet(e.cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flags{FlagSet: fs, e: e, help: e.help}
}

// jsonFlag adds the -json flag and returns where its value goes.
func (fs *flags) jsonFlag() *bool {
	return fs.Bool("json", false, "")
}

// maxBytesFlag adds the -max-bytes flag and returns where its value goes;
// parseOptions checks it.
func (fs *flags) maxBytesFlag() *int {
	fs.maxBytes = fs.Int("max-bytes", robots.DefaultMaxBytes, "")
	return fs.maxBytes
}

// timeoutFlag adds the -timeout flag, whose value goes to e.timeout;
// parseOptions checks it.
func (fs *flags) timeoutFlag() {
	fs.DurationVar(&fs.e.timeout, "timeout", 30*time.Second, "")
}

// agentFlag adds the -agent flag, given once, whose default is *; the
// command checks its value with env.agentToken.
func (fs *flags) agentFlag() *string {
	return fs.String("agent", "*", "")
}

// agentsFlag adds the -agent flag, which can be repeated; the command
// checks its values with env.agentTokens.
func (fs *flags) agentsFlag() *stringList {
	var l stringList
	fs.Var(&l, "agent", "")
	return &l
}

// urlsFlag adds the -urls flag, a file of URLs, one a line; the command
// reads it with env.targets.
func (fs *flags) urlsFlag() *string {
	return fs.String("urls", "", "")
}

// stringList is a flag that can be repeated.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// parse parses args, flags and positional arguments in any order ("--"
// ends the flags), and returns the positional arguments and ok. When ok is
// false it has written the help (for -h) or a usage error, and status is
// the exit status.
func (fs *flags) parse(args []string) (pos []string, status int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(fs.e.stdout, fs.help)
				return nil, exitOK, false
			}
			msg := err.Error()
			if name, found := strings.CutPrefix(msg, "flag provided but not defined: "); found {
				msg = name + " is not an option of " + fs.e.cmd
			}
			return nil, fs.e.usageError("%s", msg), false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		// The flag package stops at the first positional argument, or
		// after "--", which makes all the rest positional.
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), 0, true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseOptions parses args as parse does, then checks the values of
// -max-bytes and -timeout and returns the parse options. A command
// without -max-bytes gets the default options.
func (fs *flags) parseOptions(args []string) (pos []string, o robots.Options, status int, ok bool) {
	if pos, status, ok = fs.parse(args); !ok {
		return nil, o, status, false
	}
	maxBytes := robots.DefaultMaxBytes
	if fs.maxBytes != nil {
		maxBytes = *fs.maxBytes
	}
	if o, ok = fs.e.options(maxBytes); !ok {
		return nil, o, exitFailure, false
	}
	return pos, o, exitOK, true
}

// options checks the values of -max-bytes and -timeout and returns the
// parse options.
func (e *env) options(maxBytes int) (robots.Options, bool) {
	if e.timeout <= 0 {
		e.usageError("-timeout %v is not a positive duration: give one such as 10s or 500ms", e.timeout)
		return robots.Options{}, false
	}
	if maxBytes < robots.DefaultMaxBytes || maxBytes > robots.MaxBytesCap {
		e.usageError("-max-bytes %d is out of range: give a number of bytes from %d (500 KiB, the least RFC 9309 allows) to %d (32 MiB, the most the parser reads)",
			maxBytes, robots.DefaultMaxBytes, robots.MaxBytesCap)
		return robots.Options{}, false
	}
	return robots.Options{MaxBytes: maxBytes}, true
}

// agentTokens returns the product tokens to check for the -agent values,
// or reports a usage error. A value that starts with a token but is not one
// (a User-Agent header) is cut to the token, with a note.
func (e *env) agentTokens(names []string) ([]string, bool) {
	var toks []string
	for _, name := range names {
		tok, ok := e.agentToken(name)
		if !ok {
			return nil, false
		}
		toks = append(toks, tok)
	}
	return toks, true
}

// agentToken returns the product token to check for one -agent value, as
// agentTokens does.
func (e *env) agentToken(name string) (string, bool) {
	if name == "*" || robots.ValidProductToken(name) {
		return name, true
	}
	tok := robots.ProductToken(name)
	if tok == "" {
		e.usageError("agent %q is not a product token: give the crawler's name as robots.txt files write it (letters, '-' and '_', such as Googlebot), or * for crawlers without a group", name)
		return "", false
	}
	msg := fmt.Sprintf("agent %q is cut to its product token %q, the name robots.txt groups use", name, tok)
	if strings.EqualFold(tok, "Mozilla") {
		msg += "; a browser-style User-Agent names no single crawler: give the crawler's own token, such as Googlebot"
	}
	e.note("%s", msg)
	return tok, true
}

// targets checks the URLs given as arguments and returns them followed by
// those of the -urls file, if any. When ok is false it has reported the
// error, and the exit status is exitFailure.
func (e *env) targets(urls []string, urlsFile string) (all []string, ok bool) {
	for _, u := range urls {
		if !validTarget(u) {
			e.usageError("%q is not a URL: give an absolute http(s) URL or a path starting with /", u)
			return nil, false
		}
	}
	if urlsFile == "" {
		return urls, true
	}
	more, err := e.readURLs(urlsFile)
	if err != nil {
		e.fail(err)
		return nil, false
	}
	return append(urls, more...), true
}

// validTarget reports whether u can be checked: an absolute http(s) URL or
// a path starting with '/'.
func validTarget(u string) bool {
	return strings.HasPrefix(u, "/") || isURL(u)
}

// maxURLLine bounds the length of a line of a -urls file.
const maxURLLine = 1 << 20

// readURLs reads the URLs of the named file ("-" for standard input), one
// a line, skipping blank lines and lines starting with '#'.
func (e *env) readURLs(name string) ([]string, error) {
	r := e.stdin
	label := "stdin"
	if name != "-" {
		f, err := os.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file: give a file of URLs, one a line, or - for standard input", name)
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.IsDir() {
			return nil, fmt.Errorf("%s is a directory: give a file of URLs, one a line", name)
		}
		r, label = f, name
	}
	return scanURLs(r, label)
}

func scanURLs(r io.Reader, label string) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxURLLine)
	var urls []string
	for n := 1; sc.Scan(); n++ {
		u := strings.TrimSpace(sc.Text())
		if u == "" || strings.HasPrefix(u, "#") {
			continue
		}
		if !validTarget(u) {
			return nil, fmt.Errorf("%s:%d: %q is not a URL: give absolute http(s) URLs or paths starting with /, one a line", label, n, u)
		}
		urls = append(urls, u)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, fmt.Errorf("reading URLs from %s: a line is longer than %d bytes: give one URL a line", label, maxURLLine)
		}
		return nil, fmt.Errorf("reading URLs from %s: %w", label, err)
	}
	return urls, nil
}
