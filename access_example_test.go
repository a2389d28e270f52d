package robots_test

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/crawlkit/robots"
)

func ExampleURLFor() {
	for _, page := range []string{
		"https://Example.COM:443/a/b?c#d",
		"http://user:secret@example.com:8080/",
		"https://BÜCHER.example/katalog",
		"http://[2001:DB8::1]/x",
		"ftp://example.com/file",
		"/relative/path",
	} {
		u, err := robots.URLFor(page)
		fmt.Println(u, errors.Is(err, robots.ErrBadURL))
	}
	// Output:
	// https://example.com/robots.txt false
	// http://example.com:8080/robots.txt false
	// https://xn--bcher-kva.example/robots.txt false
	// http://[2001:db8::1]/robots.txt false
	//  true
	//  true
}

// A cache of robots.txt files keys them by origin: every spelling of one
// origin gives one key.
func ExampleOrigin() {
	for _, page := range []string{"https://Example.COM:443/a", "https://example.com/b?c", "http://example.com/"} {
		origin, err := robots.Origin(page)
		fmt.Println(origin, err)
	}
	// Output:
	// https://example.com <nil>
	// https://example.com <nil>
	// http://example.com <nil>
}

// A crawler that fetches robots.txt its own way gets the status rules of
// RFC 9309 from FromStatus.
func ExampleFromStatus() {
	body := []byte("User-agent: *\nDisallow: /private/\n")
	for _, status := range []int{200, 404, 429, 503} {
		f := robots.FromStatus(status, body)
		fmt.Println(status, f.Allowed("MyBot", "/private/x"), f.Allowed("MyBot", "/public"), f.Explain("MyBot", "/public"))
	}
	// Output:
	// 200 false true no rule matched
	// 404 true true robots.txt unavailable (HTTP 404): all allowed
	// 429 false false robots.txt unreachable (HTTP 429): all disallowed
	// 503 false false robots.txt unreachable (HTTP 503): all disallowed
}

// Options apply to the body of a 2xx status, as to Parse.
func ExampleOptions_FromStatus() {
	body := []byte("User-agent: *\n" + strings.Repeat("# padding\n", 60_000) + "Disallow: /late\n")
	fmt.Println(robots.FromStatus(200, body).Allowed("MyBot", "/late"))
	fmt.Println(robots.Options{MaxBytes: 1 << 20}.FromStatus(200, body).Allowed("MyBot", "/late"))
	// Output:
	// true
	// false
}

// A fetcher that keeps more than the status, such as the last good copy
// of a file while its origin fails, builds the File from an Access; the
// File explains itself with it.
func ExampleOptions_FromAccess() {
	good := []byte("User-agent: *\nDisallow: /private/\n")
	fetched := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, a := range []robots.Access{
		{State: robots.Unreachable, Status: 503, GoodCopy: true, GoodFetched: fetched},
		{State: robots.Unreachable, Err: "timeout"},
		{State: robots.Unavailable, Status: 302, Redirects: 6, Err: "too many redirects"},
	} {
		f := robots.Options{}.FromAccess(a, good)
		fmt.Println(f.Explain("MyBot", "/private/x"))
	}
	// Output:
	// line 2: Disallow: /private/
	// robots.txt unreachable (timeout): all disallowed
	// robots.txt unavailable (too many redirects): all allowed
}

// File.Access says how a file was obtained; a parsed file has the zero
// Access.
func ExampleFile_Access() {
	a := robots.FromStatus(503, nil).Access()
	fmt.Println(a.State, a.Status)
	fmt.Println(robots.Parse(nil).Access() == robots.Access{})
	// Output:
	// unreachable 503
	// true
}

// A reader of bodies reads one byte past the limit, to tell whether the
// body went on past it. MaxBytes is never below the least RFC 9309
// allows: a negative value, as zero, means the default.
func ExampleOptions_Limit() {
	fmt.Println(robots.Options{}.Limit(), robots.Options{MaxBytes: -1}.Limit(), robots.Options{MaxBytes: 1 << 20}.Limit(), robots.Options{MaxBytes: 1 << 30}.Limit())
	// Output:
	// 512000 512000 1048576 33554432
}

// A crawler's fetcher files the final status of its fetch of robots.txt
// under one of the three states of RFC 9309.
func ExampleStateFor() {
	for _, status := range []int{200, 301, 404, 429, 500, 0, 999} {
		fmt.Println(status, robots.StateFor(status))
	}
	// Output:
	// 200 parsed
	// 301 unavailable
	// 404 unavailable
	// 429 unreachable
	// 500 unreachable
	// 0 unreachable
	// 999 unreachable
}

// A cache of parsed files counts what each keeps alive.
func ExampleFile_Size() {
	small := robots.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	big := robots.Parse([]byte("User-agent: *\n" + strings.Repeat("Disallow: /private/\n", 10_000)))
	fmt.Println(small.Size() < 1<<10, big.Size() > 200_000, (*robots.File)(nil).Size())
	// Output:
	// true true 0
}

// An AccessState prints as a word; a value of no state says so.
func ExampleAccessState_String() {
	for _, s := range []robots.AccessState{robots.Parsed, robots.Unavailable, robots.Unreachable, 7} {
		fmt.Println(s)
	}
	// Output:
	// parsed
	// unavailable
	// unreachable
	// AccessState(7)
}
