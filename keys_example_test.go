package robots_test

import (
	"fmt"

	"github.com/crawlkit/robots"
)

// A crawler that honours Yandex's Clean-param lines finds them among the
// records, whatever case they are written in, and leaves out the keys it
// does not know.
func ExampleClassifyKey() {
	f := robots.Parse([]byte(`User-agent: *
CLEAN-PARAM: ref /articles/
clean-param: utm_source
Clean-params: sid
Disallow: /tmp/
`))
	for _, r := range f.Records() {
		switch kind, _ := robots.ClassifyKey(r.Key); kind {
		case robots.CleanParam:
			fmt.Printf("line %d: drop %q\n", r.Line, r.Value)
		case robots.OtherKey:
			fmt.Printf("line %d: %q is no key this crawler reads\n", r.Line, r.Key)
		}
	}
	// Output:
	// line 2: drop "ref /articles/"
	// line 3: drop "utm_source"
	// line 4: "Clean-params" is no key this crawler reads
}

// A linter or an editor tells a key a crawler reads as written from one
// Google reads only as a misspelling, and from a key no crawler reads.
func ExampleClassifyKey_exact() {
	for _, key := range []string{"Disallow", "Dissallow", "Content-Usage", "Noindex"} {
		kind, exact := robots.ClassifyKey(key)
		fmt.Printf("%s: %v, exact %v\n", key, kind, exact)
	}
	// Output:
	// Disallow: Disallow, exact true
	// Dissallow: Disallow, exact false
	// Content-Usage: Content-Usage, exact true
	// Noindex: unknown, exact false
}
