// Command readmecode turns every Go code block of Markdown files into a
// package that a consumer module can build, so that CI builds the code the
// READMEs show against the published modules.
//
//	readmecode -out DIR FILE.md...
//
// Each block fenced with ```go becomes the package DIR/<file>_<line>, as
// main.go, in one of three ways:
//
//   - a whole file (it starts with a package clause) is written as it is:
//     a reader copies it whole, so it must build as written;
//
//   - declarations (funcs, types, vars) get "package main", their imports
//     and an empty main if they declare none;
//
//   - statements become the body of a function, with an empty main beside
//     it. The function has no parameters unless the line right before the
//     fence is an HTML comment giving its signature, invisible in the
//     rendered page, such as
//
//     <!-- body of func(ctx context.Context, checker *crawl.Checker) error -->
//
//     A function that returns an error ends with "return nil" unless the
//     block ends with a return; every variable the block declares at its
//     top level is used once ("_ = v"), as a snippet often declares what a
//     reader goes on with.
//
// Imports are added for the packages a block names and does not import,
// from a fixed table of the standard library's and the project's packages
// (knownPackages); a name neither declared nor in the table is an error
// that says which block to fix. It prints one line per block written.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// knownPackages are the packages a block may use without importing them,
// by the name it uses.
var knownPackages = map[string]string{
	"context":    "context",
	"errors":     "errors",
	"fmt":        "fmt",
	"io":         "io",
	"log":        "log",
	"os":         "os",
	"strings":    "strings",
	"time":       "time",
	"http":       "net/http",
	"robots":     "github.com/crawlkit/robots",
	"crawl":      "github.com/crawlkit/robots/crawl",
	"page":       "github.com/crawlkit/robots/page",
	"usage":      "github.com/crawlkit/robots/usage",
	"lint":       "github.com/crawlkit/robots/lint",
	"redisstore": "github.com/crawlkit/robots/redisstore",
	"redis":      "github.com/redis/go-redis/v9",
}

var (
	fenceGo   = regexp.MustCompile("^([ \t]*)```go[ \t]*$")
	fenceEnd  = regexp.MustCompile("^[ \t]*```[ \t]*$")
	signature = regexp.MustCompile(`^[ \t]*<!--[ \t]*body of (func\(.*)-->[ \t]*$`)
	notIdent  = regexp.MustCompile(`[^a-z0-9_]+`)
)

func main() {
	out := flag.String("out", "", "the directory to write one package per block into")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: readmecode -out DIR FILE.md...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, name := range flag.Args() {
		blocks, err := readBlocks(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "readmecode:", err)
			failed = true
			continue
		}
		for _, b := range blocks {
			src, kind, err := b.source()
			if err == nil {
				err = write(*out, b, src)
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "readmecode: %s:%d: %v\n", b.file, b.line, err)
				failed = true
				continue
			}
			fmt.Printf("%s:%d: %s\n", b.file, b.line, kind)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// block is one ```go block.
type block struct {
	file      string
	line      int    // of the opening fence
	signature string // from the comment before the fence, or ""
	code      string
}

// readBlocks returns the Go blocks of a Markdown file.
func readBlocks(name string) ([]block, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	var blocks []block
	for i := 0; i < len(lines); i++ {
		m := fenceGo.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		b := block{file: name, line: i + 1}
		if i > 0 {
			if s := signature.FindStringSubmatch(lines[i-1]); s != nil {
				b.signature = strings.TrimSpace(s[1])
			}
		}
		var code []string
		for i++; i < len(lines) && !fenceEnd.MatchString(lines[i]); i++ {
			code = append(code, strings.TrimPrefix(lines[i], m[1]))
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: the block never ends", name, b.line)
		}
		b.code = strings.Join(code, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// source returns the block as a Go file, and which of the three kinds it
// was read as.
func (b block) source() (src []byte, kind string, err error) {
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, "", b.code, parser.PackageClauseOnly); err == nil && f.Name != nil {
		if b.signature != "" {
			return nil, "", errors.New("a whole file takes no <!-- body of func(...) --> comment")
		}
		src, err := format.Source([]byte(b.code))
		return src, "file", err
	}
	decls := "package main\n\n" + b.code
	if f, err := parser.ParseFile(fset, "", decls, parser.SkipObjectResolution); err == nil {
		if b.signature != "" {
			return nil, "", errors.New("declarations take no <!-- body of func(...) --> comment")
		}
		if !declaresMain(f) {
			decls += "\nfunc main() {}\n"
		}
		src, err := complete(decls)
		return src, "declarations", err
	}
	src, err = b.wrap()
	return src, "statements in " + or(b.signature, "func()"), err
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func declaresMain(f *ast.File) bool {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			return true
		}
	}
	return false
}

// wrap makes a block of statements the body of a function.
func (b block) wrap() ([]byte, error) {
	sig := or(b.signature, "func()")
	head := "package main\n\nfunc main() {}\n\n" + strings.Replace(sig, "func", "func snippet", 1) + " {\n"
	code := head + b.code + "}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", code, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("neither a file, declarations nor statements: %v", err)
	}
	fn := f.Decls[len(f.Decls)-1].(*ast.FuncDecl)
	var uses bytes.Buffer
	for _, name := range declared(fn.Body.List) {
		fmt.Fprintf(&uses, "_ = %s\n", name)
	}
	// The uses go at the end, or before the block's last statement when
	// that is a return.
	at := fset.Position(fn.Body.Rbrace).Offset
	stmts := fn.Body.List
	endsInReturn := len(stmts) > 0 && isReturn(stmts[len(stmts)-1])
	if endsInReturn {
		at = fset.Position(stmts[len(stmts)-1].Pos()).Offset
	}
	if res := fn.Type.Results; res != nil {
		if len(res.List) != 1 || len(res.List[0].Names) > 1 || types.ExprString(res.List[0].Type) != "error" {
			return nil, fmt.Errorf("%s: a snippet's function returns nothing or one error", sig)
		}
		if !endsInReturn {
			uses.WriteString("return nil\n")
		}
	}
	return complete(code[:at] + uses.String() + code[at:])
}

func isReturn(s ast.Stmt) bool {
	_, ok := s.(*ast.ReturnStmt)
	return ok
}

// declared lists the variables that statements declare at their top level.
func declared(stmts []ast.Stmt) []string {
	var names []string
	add := func(id *ast.Ident) {
		if id.Name != "_" && !slices.Contains(names, id.Name) {
			names = append(names, id.Name)
		}
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, e := range s.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, spec := range gd.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		}
	}
	return names
}

// complete adds the imports a file needs and does not have, and formats it.
func complete(src string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		for known, path := range knownPackages {
			if path == p {
				name = known // redis for github.com/redis/go-redis/v9
			}
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imported[name] = true
	}
	var missing, unknown []string
	for _, id := range f.Unresolved {
		name := id.Name
		switch {
		case imported[name] || types.Universe.Lookup(name) != nil || slices.Contains(missing, name):
		case knownPackages[name] != "":
			missing = append(missing, name)
		case !slices.Contains(unknown, name):
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("%s neither declared nor a known package: declare it, import it, or give the block a <!-- body of func(...) --> comment before its fence", strings.Join(unknown, ", "))
	}
	if len(missing) == 0 {
		return format.Source([]byte(src))
	}
	slices.Sort(missing)
	var imports strings.Builder
	imports.WriteString("\nimport (\n")
	for _, name := range missing {
		fmt.Fprintf(&imports, "\t%q\n", knownPackages[name])
	}
	imports.WriteString(")\n")
	// After the package clause: a second import declaration is allowed
	// beside the block's own.
	end := fset.Position(f.Name.End()).Offset
	return format.Source([]byte(src[:end] + "\n" + imports.String() + src[end:]))
}

// write puts src into its own package directory under out.
func write(out string, b block, src []byte) error {
	name := strings.Trim(notIdent.ReplaceAllString(strings.ToLower(filepath.ToSlash(b.file)), "_"), "_")
	dir := filepath.Join(out, fmt.Sprintf("%s_%d", name, b.line))
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.go"), src, 0o666)
}
