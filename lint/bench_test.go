package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/lint"
)

// BenchmarkLint lints a file with a finding of most kinds, and files at
// the parse limit built for many findings: one group for each rule, all
// naming one crawler (each a repeat of none), and one group for each
// crawler.
func BenchmarkLint(b *testing.B) {
	messy, err := os.ReadFile(filepath.Join("..", "testdata", "messy.txt"))
	if err != nil {
		b.Fatal(err)
	}
	limit := robots.DefaultMaxBytes
	fill := func(line func(i int) string) []byte {
		var s strings.Builder
		for i := 0; s.Len() < limit; i++ {
			s.WriteString(line(i))
		}
		return []byte(s.String()[:limit])
	}
	for _, bc := range []struct {
		name string
		body []byte
	}{
		{"messy", messy},
		{"groups_of_one_crawler", fill(func(i int) string { return fmt.Sprintf("User-agent: a\nDisallow: /%d\n", i) })},
		{"groups_of_many_crawlers", fill(func(i int) string { return fmt.Sprintf("User-agent: a%d\nDisallow: /\n", i) })},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				lint.Lint(bc.body)
			}
		})
	}
}
