package crawl_test

import (
	"context"
	"encoding/json"
	"expvar"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/crawlkit/robots/crawl"
)

// A crawler publishes its Checker's counters with expvar, beside the
// runtime's: a process that serves http.DefaultServeMux serves them at
// /debug/vars, as JSON, for a dashboard or a scraper to read. An exporter
// to Prometheus or OpenTelemetry reads Stats the same way; the doc of each
// field of Stats gives its metric's name there.
func ExampleChecker_Stats() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer site.Close()

	checker := &crawl.Checker{}
	expvar.Publish("robots", expvar.Func(func() any { return checker.Stats() }))

	ctx := context.Background()
	for _, path := range []string{"/", "/private", "/public"} {
		if _, err := checker.Allowed(ctx, "MyBot", site.URL+path); err != nil {
			fmt.Println(err)
		}
	}

	// What /debug/vars shows under "robots":
	var vars map[string]any
	if err := json.Unmarshal([]byte(expvar.Get("robots").String()), &vars); err != nil {
		fmt.Println(err)
	}
	for _, name := range []string{"FromFetch", "FromMemory", "FromStore", "FetchesParsed", "Entries"} {
		fmt.Printf("%s: %v\n", name, vars[name])
	}
	// Output:
	// FromFetch: 1
	// FromMemory: 2
	// FromStore: 0
	// FetchesParsed: 1
	// Entries: 1
}
