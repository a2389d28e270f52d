package main

import (
	"bufio"
	"encoding/json"
	"io"
	"runtime/debug"

	"github.com/crawlkit/robots/internal/safetext"
)

// outWriter buffers standard output and keeps its first write error, so
// that a command can write freely and the error (a full disk, a closed
// pipe) is reported once, as a failure, at the end.
type outWriter struct {
	w   *bufio.Writer
	err error
}

func newOutWriter(w io.Writer) *outWriter {
	return &outWriter{w: bufio.NewWriterSize(w, 32<<10)}
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	o.err = err
	return n, err
}

// Flush writes what is buffered and returns the first write error.
func (o *outWriter) Flush() error {
	if o.err == nil {
		o.err = o.w.Flush()
	}
	return o.err
}

// writeJSON writes v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a write error can happen here, and w keeps it.
		return
	}
}

// safe returns s with what a terminal could act on escaped, for text
// output (see safetext.Escape). Text from a file or the network goes
// through safe before it reaches standard output.
func safe(s string) string {
	return safetext.Escape(s)
}

// version returns the program's module version, or "(devel)" and the
// commit it was built from, and the Go version.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (commit " + rev + modified + ")"
	}
	return v + " " + info.GoVersion
}
