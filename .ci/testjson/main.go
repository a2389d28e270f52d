// Command testjson reads the output of `go test -json` on standard input,
// prints what a plain `go test` would (package results, and the output of
// failed tests), then lists every skipped test. It exits with status 1 when
// a test failed, when no package ran a test, or when a test skipped that is
// not named on the command line. .ci/run uses it so that a test that must
// run cannot pass CI by skipping.
//
//	go test -json ./... | go run ./.ci/testjson [ALLOWED...]
//
// Each ALLOWED is a test name as go test prints it, without its package:
// TestCorpusParses, or TestX/subtest for a subtest.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// An event is one line of `go test -json` output (see go doc test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// A result is what testjson found in a run.
type result struct {
	passed     int      // packages that passed
	failed     []string // failed packages and tests, "pkg" or "pkg Test"
	skipped    []string // skipped tests, "pkg Test (allowed): why"
	disallowed []string // the skipped tests that were not allowed to skip
}

func main() {
	allowed := make(map[string]bool)
	for _, name := range os.Args[1:] {
		allowed[name] = true
	}
	r, err := check(os.Stdin, os.Stdout, allowed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testjson:", err)
		os.Exit(1)
	}
	if len(r.skipped) == 0 {
		fmt.Println("skipped tests: none")
	} else {
		fmt.Printf("skipped tests (%d):\n", len(r.skipped))
		for _, s := range r.skipped {
			fmt.Println("  " + s)
		}
	}
	ok := true
	if len(r.failed) > 0 {
		fmt.Fprintf(os.Stderr, "testjson: %d failed: %s\n", len(r.failed), strings.Join(r.failed, ", "))
		ok = false
	}
	if len(r.disallowed) > 0 {
		fmt.Fprintf(os.Stderr, "testjson: %d tests skipped that must run: %s\n", len(r.disallowed), strings.Join(r.disallowed, ", "))
		ok = false
	}
	if r.passed == 0 {
		fmt.Fprintln(os.Stderr, "testjson: no package with tests passed")
		ok = false
	}
	if !ok {
		os.Exit(1)
	}
}

// check reads go test -json events from in and writes to out what a plain
// go test prints: package-level output and the output of each failed test.
// Lines that are not JSON (build errors, for one) are copied as they are.
func check(in io.Reader, out io.Writer, allowed map[string]bool) (result, error) {
	var r result
	buffered := make(map[string][]string) // output of running tests, by "pkg Test"
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(out, "%s\n", line)
			continue
		}
		key := e.Package + " " + e.Test
		switch {
		case e.Action == "build-output":
			fmt.Fprint(out, e.Output)
		case e.Test == "" && e.Action == "output":
			fmt.Fprint(out, e.Output)
		case e.Test == "" && e.Action == "pass":
			r.passed++
		case e.Test == "" && e.Action == "fail":
			r.failed = append(r.failed, e.Package)
		case e.Test == "":
			// start, or skip for a package without tests.
		case e.Action == "output":
			buffered[key] = append(buffered[key], e.Output)
		case e.Action == "fail":
			r.failed = append(r.failed, key)
			fmt.Fprint(out, strings.Join(buffered[key], ""))
			delete(buffered, key)
		case e.Action == "skip":
			mark := "(allowed)"
			if !allowed[e.Test] {
				mark = "(NOT ALLOWED)"
				r.disallowed = append(r.disallowed, key)
			}
			r.skipped = append(r.skipped, key+" "+mark+skipReason(buffered[key]))
			delete(buffered, key)
		case e.Action == "pass":
			delete(buffered, key)
		}
	}
	sort.Strings(r.skipped)
	return r, sc.Err()
}

// skipReason returns what a skipped test logged, on one line after ": ".
func skipReason(output []string) string {
	var why []string
	for _, line := range output {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "=== ") || strings.HasPrefix(line, "--- SKIP") {
			continue
		}
		why = append(why, line)
	}
	if len(why) == 0 {
		return ""
	}
	return ": " + strings.Join(why, " ")
}
