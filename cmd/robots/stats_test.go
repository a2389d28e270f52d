package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServeStats checks that /api/stats sums what the Checkers of the live
// fetches did: nothing at first, then two fetches that parsed and one of
// an unreachable site (a 503), each answering its one call.
func TestServeStats(t *testing.T) {
	base := startServe(t)
	ok := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	down := serveOn(t, "127.0.0.3", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	stats := func() statsJSON {
		t.Helper()
		resp, err := http.Get(base + "api/stats")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("GET /api/stats = %d %q, %v", resp.StatusCode, b, err)
		}
		var st statsJSON
		decodeStrict(t, string(b), &st)
		return st
	}
	var zero statsJSON
	zero.StoreCalls, zero.StoreErrors = map[string]int64{}, map[string]int64{}
	for _, k := range []string{"get", "put", "lease", "renew", "release", "reserve", "unreserve", "defer"} {
		zero.StoreCalls[k], zero.StoreErrors[k] = 0, 0
	}
	if st := stats(); fmt.Sprint(st) != fmt.Sprint(zero) {
		t.Errorf("/api/stats before any fetch = %+v, want zeros", st)
	}
	for _, site := range []string{ok, ok, down} {
		b, _ := json.Marshal(map[string]string{"url": site + "/"})
		if status, body := post(t, base, "/api/live", strings.NewReader(string(b)), nil); status != 200 {
			t.Fatalf("POST /api/live %s = %d %s", site, status, body)
		}
	}
	want := zero
	want.Answers.Fetch = 3
	want.Fetches.Parsed, want.Fetches.Unreachable = 2, 1
	if st := stats(); fmt.Sprint(st) != fmt.Sprint(want) {
		t.Errorf("/api/stats after three live fetches = %+v, want %+v", st, want)
	}
}
