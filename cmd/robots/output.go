package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"unicode/utf8"
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
// output: control bytes (C0, DEL and C1), bytes that are not UTF-8, and the
// Unicode controls that reorder text (bidirectional overrides and
// isolates). They are written as Go escapes (\x1b, \u202e), and a
// backslash is left as it is. Text from a file or the network goes through
// safe before it reaches standard output.
func safe(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && needsEscape(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// needsEscape reports whether safe escapes r; utf8.RuneError stands for a
// byte that is not UTF-8 (a real U+FFFD is escaped too, which is harmless).
func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, 0x80 <= r && r < 0xa0:
		return true
	case r == utf8.RuneError:
		return true
	case 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
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
