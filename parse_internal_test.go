package robots

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crawlkit/robots/internal/decl"
)

// TestReset checks that reset leaves no field of a parser that has read a
// body of every kind of line as it was: every slice empty, every other
// field zero, in the parser and in its build scratch space.
func TestReset(t *testing.T) {
	var body strings.Builder
	for i := 0; i < maxDiagnostics+10; i++ {
		body.WriteString("garbage line\n") // diagnostics, and more than are kept
	}
	for i := 0; i < 20; i++ {
		body.WriteString("User-agent: a\nUser-agent: *\nDisallow: /a\nAllow: x\nCrawl-delay: 2\nSitemap: /s\nSitemap: /s\nHost: h\n")
		body.WriteString("User-agent: " + strings.Repeat("b", i+1) + "\nAllow: /\n")
	}
	p := new(parser)
	p.lines = new(decl.Declarations) // as readDeclarations has it
	p.read([]byte(body.String()), DefaultMaxBytes)
	p.file()
	p.reset()
	var check func(path string, v reflect.Value)
	check = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				check(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		case reflect.Slice:
			if v.Len() != 0 {
				t.Errorf("%s has %d elements after reset", path, v.Len())
			}
		default:
			if !v.IsZero() {
				t.Errorf("%s is %v after reset", path, v)
			}
		}
	}
	check("parser", reflect.ValueOf(p).Elem())
}
