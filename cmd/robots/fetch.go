package main

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/crawlkit/robots"
)

// fetchInfo says what was fetched for a URL source; it is also the "fetch"
// object of the JSON output.
type fetchInfo struct {
	URL       string `json:"url"`       // the robots.txt URL asked for
	FinalURL  string `json:"final_url"` // after redirects
	Redirects int    `json:"redirects"`
	Status    int    `json:"status"` // 0 when there was no response
	Bytes     int    `json:"bytes"`  // body bytes read
	State     string `json:"state"`  // "parsed", "unavailable" or "unreachable"
	Error     string `json:"error"`  // the network error, if any
}

// text describes the fetch in one line of text output.
func (f *fetchInfo) text() string {
	s := "fetched " + safe(f.URL)
	if f.FinalURL != "" && f.FinalURL != f.URL {
		s += " -> " + safe(f.FinalURL) + " (" + plural(f.Redirects, "redirect") + ")"
	}
	switch {
	case f.Status != 0:
		s += ": HTTP " + strconv.Itoa(f.Status) + ", " + plural(f.Bytes, "byte")
	case f.Error != "":
		s += ": " + safe(f.Error)
	default:
		s += ": no response"
	}
	switch f.State {
	case "unavailable":
		s += "; robots.txt unavailable: every URL is allowed"
	case "unreachable":
		s += "; robots.txt unreachable: every URL is disallowed"
	}
	return s
}

// fetch fetches the robots.txt of the origin of the URL name with the
// library's Checker, which follows redirects and applies the status rules,
// and says what it fetched.
func (e *env) fetch(ctx context.Context, name string, o robots.Options) (*source, error) {
	store := newCaptureStore()
	c := &robots.Checker{Options: o, Store: store, FetchTimeout: e.timeout}
	f, err := c.File(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("fetching the robots.txt of %s: %w", name, err)
	}
	a := f.Access()
	s := &source{name: name, file: f, limit: o.MaxBytes, fetch: &fetchInfo{
		URL: a.URL, FinalURL: a.FinalURL, Redirects: a.Redirects, Status: a.Status,
		Bytes: a.Bytes, State: a.State.String(), Error: a.Err,
	}}
	if s.limit == 0 {
		s.limit = robots.DefaultMaxBytes
	}
	if a.Status == 0 {
		// No response at all: a fetch error, though crawlers read it as
		// "unreachable". The output still says what they would do.
		e.fetchFailed = true
		fmt.Fprintf(e.stderr, "robots %s: could not fetch %s: %s; crawlers take the site as unreachable and fetch nothing. Check the URL and the network, or give a longer -timeout\n",
			e.cmd, safe(a.URL), safe(a.Err))
	}
	// The body, for lint's look at the bytes (a BOM, HTML, UTF-16): the
	// Checker hands the Entry of each fetch to its Store.
	if entry, ok := store.entry(ctx); ok && entry.Status/100 == 2 {
		s.body = entry.Body
		s.lines = o.ParseLines(entry.Body)
		s.cut = len(entry.Body) > s.limit // the rest was not read
	}
	return s, nil
}

// captureStore is a Store that has nothing and keeps the Entry put: how the
// tool sees the body a Checker fetched. The Checker puts the Entry after
// each fetch, just after File returns.
type captureStore struct {
	once sync.Once
	put  chan robots.Entry // receives the first Entry put
}

func newCaptureStore() *captureStore {
	return &captureStore{put: make(chan robots.Entry, 1)}
}

func (s *captureStore) Get(ctx context.Context, origin string) (robots.Entry, bool, error) {
	return robots.Entry{}, false, nil
}

func (s *captureStore) Put(ctx context.Context, origin string, e robots.Entry) error {
	s.once.Do(func() { s.put <- e })
	return nil
}

// maxPutWait bounds how long fetch waits for the Checker's Put.
const maxPutWait = 5 * time.Second

// entry returns the Entry put, waiting for it a little at most.
func (s *captureStore) entry(ctx context.Context) (robots.Entry, bool) {
	select {
	case e := <-s.put:
		return e, true
	case <-ctx.Done():
	case <-time.After(maxPutWait):
	}
	return robots.Entry{}, false
}
