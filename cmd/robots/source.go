package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/internal/decl"
)

// A source is a robots.txt file as the tool read it: from a file, standard
// input or the network.
type source struct {
	name string // as given on the command line
	file *robots.File
	// stats is what the crawl.Checker that fetched the file did, nil
	// when the file was not fetched.
	stats *crawl.Stats
	// lines are the user-agent and sitemap lines of the body, as written;
	// none when the body is not known.
	lines decl.Declarations
	// body is what was read, at most the parse limit plus one byte; nil
	// when the body is not known (a fetch without a 2xx body).
	body []byte
	// limit is the parse limit, and cut reports whether the body went on
	// past it. Then rest is how many bytes lie past the limit, and
	// restKnown whether that is all of them (else there are more).
	limit     int
	cut       bool
	rest      int64
	restKnown bool
	fetch     *fetchInfo // for a URL source, what was fetched; else nil
}

// label is how output names the source: "stdin" for "-".
func (s *source) label() string {
	if s.name == "-" {
		return "stdin"
	}
	return s.name
}

// maxRest bounds how many bytes past the parse limit are read, only to say
// how many were ignored: a source without end (/dev/zero) must not hang.
const maxRest = 64 << 20

// isURL reports whether a source names an http(s) URL.
func isURL(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// load reads and parses the named source with the options o.
func (e *env) load(ctx context.Context, name string, o robots.Options) (*source, error) {
	if isURL(name) {
		return e.fetch(ctx, name, o)
	}
	s := &source{name: name, limit: o.Limit()}
	var r io.Reader = e.stdin
	var size int64 = -1 // the size of a regular file
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, openError(name, err)
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		if info.IsDir() {
			return nil, fmt.Errorf("%s is a directory: give a robots.txt file, - for standard input, or an http(s) URL", name)
		}
		if info.Mode().IsRegular() {
			size = info.Size()
		}
		r = f
	}
	body, err := io.ReadAll(io.LimitReader(r, int64(s.limit)+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", s.label(), err)
	}
	s.body = body
	if len(body) > s.limit {
		s.cut = true
		if size >= 0 {
			s.rest, s.restKnown = size-int64(s.limit), true
		} else {
			n, err := io.Copy(io.Discard, io.LimitReader(r, maxRest))
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", s.label(), err)
			}
			s.rest, s.restKnown = 1+n, n < maxRest
		}
	}
	s.file = o.Parse(body)
	s.lines = decl.Read(body, o.Limit())
	return s, nil
}

// openError explains why a file could not be opened, and what to do.
func openError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		msg := fmt.Sprintf("%s: no such file", name)
		if first, _, slash := strings.Cut(name, "/"); slash && strings.Contains(first, ".") && !strings.HasPrefix(name, ".") {
			return fmt.Errorf("%s; to fetch a live robots.txt, give a URL such as https://%s", msg, name)
		}
		return fmt.Errorf("%s: give a robots.txt file, - for standard input, or an http(s) URL", msg)
	}
	return fmt.Errorf("reading %s: %w", name, err)
}

// stdinOnce reports whether at most one of names is "-": standard input
// can be read only once.
func stdinOnce(names ...string) bool {
	n := 0
	for _, name := range names {
		if name == "-" {
			n++
		}
	}
	return n <= 1
}
