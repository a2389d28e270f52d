package lint_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/crawlkit/robots/lint"
)

func Example() {
	body := []byte(`User-agent: *
Dissallow: /private/
Disallow /tmp/
Allow: search
Sitemap: /sitemap.xml
`)
	for _, f := range lint.Lint(body).Findings {
		fmt.Printf("%d: %s [%s] %s\n", f.Line, f.Severity, f.Code, f.Message)
		if f.Fix != "" {
			fmt.Printf("   write: %s\n", f.Fix)
		}
	}
	// Output:
	// 2: warning [accepted-misspelling] misspelt key "Dissallow" is read as Disallow; Google accepts it, other crawlers may not: write Disallow
	//    write: Disallow: /private/
	// 3: warning [missing-colon] missing colon in "Disallow /tmp/": Google reads it, other crawlers may not; write "key: value"
	//    write: Disallow: /tmp/
	// 4: error [invalid-pattern] pattern "search" starts with neither / nor *: it never matches
	//    write: Allow: /search
	// 5: error [bad-sitemap] sitemap "/sitemap.xml" is not an absolute http(s) URL: crawlers ignore it; write it as https://host/path
}

// A CI check fails on warnings and errors, leaving out a code the site
// has decided to live with.
func ExampleOptions_Lint() {
	body := []byte(`User-agent: *
Disallow: /a$b
Disallow: /x
Disallow: /x
User-agent: BadBot
Disallow: /
`)
	o := lint.Options{MinSeverity: lint.Warning, Ignore: []string{"dollar-inside"}}
	rep := o.Lint(body)
	fmt.Println(len(rep.Findings), "findings at warning or above")
	for _, f := range lint.Lint(body).Findings {
		fmt.Printf("%d: %s %s\n", f.Line, f.Severity, f.Code)
	}
	// Output:
	// 0 findings at warning or above
	// 2: warning dollar-inside
	// 4: info repeated-rule
}

// A fetched robots.txt is linted with its URL, and, when the fetch stopped
// past the parse limit, with what is known of its size.
func ExampleOptions_Lint_fetched() {
	body := []byte("User-agent: *\nDisallow: /search\nSitemap: https://cdn.example.net/sitemap.xml\n")
	o := lint.Options{URL: "https://www.example.com/robots.txt"}
	for _, f := range o.Lint(body).Findings {
		fmt.Printf("%d: %s\n", f.Line, f.Message)
	}
	// Output:
	// 3: sitemap "https://cdn.example.net/sitemap.xml" is on another host than this robots.txt (www.example.com): Google and Bing take a sitemap that robots.txt names from any host, other crawlers may not
}

// An HTML page served as robots.txt is one finding; those on its lines are
// counted, not listed.
func ExampleReport() {
	rep := lint.Lint([]byte("<!DOCTYPE html>\n<html><body>Not found</body></html>\n"))
	fmt.Println(rep.Findings[0].Code, rep.Findings[0].Severity)
	fmt.Println(rep.Unlisted, "more on its lines")
	// Output:
	// html error
	// 3 more on its lines
}

// Findings encode to JSON as the robots command writes them.
func ExampleFinding() {
	f := lint.Lint([]byte("User-agent: *\nDisallow /x\n")).Findings[0]
	b, err := json.Marshal(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	// Output:
	// {"line":2,"severity":"warning","code":"missing-colon","message":"missing colon in \"Disallow /x\": Google reads it, other crawlers may not; write \"key: value\"","fix":"Disallow: /x"}
}

// A severity is read from a flag or a configuration file as text.
func ExampleSeverity_UnmarshalText() {
	var s lint.Severity
	fmt.Println(s.UnmarshalText([]byte("warning")), s)
	fmt.Println(s.UnmarshalText([]byte("warn")), s)
	// Output:
	// <nil> warning
	// lint: unknown severity "warn": give info, warning or error warning
}

func ExampleCodes() {
	for _, c := range lint.Codes()[:3] {
		fmt.Printf("%s (%s): %s\n", c.Name, c.Severity, c.About)
	}
	// Output:
	// unknown-key (error): a line whose key no crawler reads
	// retired-key (warning): a noindex or nofollow line, which Google stopped reading in 2019
	// accepted-misspelling (warning): a misspelt key that Google reads as the key it resembles
}

// A CI job writes a SARIF log for code scanning: one artifact a file.
func ExampleSARIF() {
	body := []byte("User-agent: *\nDisallow: /a$b\n")
	var buf bytes.Buffer
	err := lint.SARIF(&buf, []lint.Artifact{
		{URI: "site/robots.txt", Findings: lint.Lint(body).Findings},
		{URI: "gone/robots.txt", Err: os.ErrNotExist},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var log struct {
		Runs []struct {
			Invocations []struct{ ExecutionSuccessful bool }
			Results     []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		fmt.Println(err)
		return
	}
	run := log.Runs[0]
	fmt.Println("successful:", run.Invocations[0].ExecutionSuccessful)
	for _, r := range run.Results {
		at := r.Locations[0].PhysicalLocation
		fmt.Printf("%s:%d: %s %s\n", at.ArtifactLocation.URI, at.Region.StartLine, r.Level, r.RuleID)
	}
	// Output:
	// successful: false
	// site/robots.txt:2: warning dollar-inside
}
