package crawl

// This file fetches and keeps each origin's /.well-known/tdmrep.json
// (TDMRep), for Checker.Usage: one fetch per origin at a time, kept as
// robots.txt is, in memory bounded as robots.txt files are.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/crawlkit/robots/usage"
)

// tdmrepPath is where TDMRep puts an origin's file.
const tdmrepPath = "/.well-known/tdmrep.json"

// A tdmCache holds the tdmrep.json of each origin. Its zero value is
// ready to use.
type tdmCache struct {
	mu      sync.Mutex
	items   map[string]*tdmItem
	order   []*tdmItem // in the order they were added: eviction takes the oldest
	bytes   int64
	flights map[string]*tdmFlight
}

// A tdmItem is what is known of one origin's tdmrep.json.
type tdmItem struct {
	origin   string
	tdm      *usage.TDMRep
	good     bool      // tdm comes from a 2xx response: it is kept while the origin fails
	expires  time.Time // when it is fetched again
	failures int       // fetches in a row that found the origin unreachable
	size     int64
	gone     bool // replaced or evicted
}

// A tdmFlight is one fetch of an origin's tdmrep.json, which the calls for
// the origin that miss meanwhile wait for.
type tdmFlight struct {
	done chan struct{}
	it   *tdmItem // nil when Close ended it first
}

// tdmrep returns the tdmrep.json of origin, from memory when it has not
// expired, else from the fetch under way or from a new one.
func (c *Checker) tdmrep(ctx context.Context, origin string) (*usage.TDMRep, error) {
	c.init()
	t := &c.tdm
	t.mu.Lock()
	if it := t.items[origin]; it != nil && c.now().Before(it.expires) {
		t.mu.Unlock()
		return it.tdm, nil
	}
	fl := t.flights[origin]
	if fl == nil {
		c.mu.Lock() // guards closed against work.Add, as for robots.txt
		if c.closed.Load() {
			c.mu.Unlock()
			t.mu.Unlock()
			return nil, ErrClosed
		}
		c.work.Add(1)
		c.mu.Unlock()
		if t.flights == nil {
			t.flights = make(map[string]*tdmFlight)
			t.items = make(map[string]*tdmItem)
		}
		fl = &tdmFlight{done: make(chan struct{})}
		t.flights[origin] = fl
		prev := t.items[origin]
		// As for robots.txt, the fetch outlives this call if ctx ends,
		// and ends only if Close gives up waiting for it.
		rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		unhook := context.AfterFunc(c.stopped, cancel)
		go func() {
			defer c.work.Done()
			defer unhook()
			defer cancel()
			it := c.fetchTDMRep(rctx, origin, prev)
			t.mu.Lock()
			if it != nil {
				t.put(it, c.CacheEntries, c.CacheBytes)
			}
			delete(t.flights, origin)
			fl.it = it
			t.mu.Unlock()
			close(fl.done)
		}()
	}
	t.mu.Unlock()
	select {
	case <-fl.done:
		if fl.it == nil {
			return nil, ErrClosed
		}
		return fl.it.tdm, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("crawl: getting %s%s: %w", origin, tdmrepPath, ctx.Err())
	}
}

// put keeps it, and evicts the oldest items while the cache holds more
// than maxEntries items or maxBytes of their sizes (zero means the
// Checker's defaults, a negative value no bound), but never it.
func (t *tdmCache) put(it *tdmItem, maxEntries int, maxBytes int64) {
	if maxEntries == 0 {
		maxEntries = DefaultCacheEntries
	}
	if maxBytes == 0 {
		maxBytes = DefaultCacheBytes
	}
	if old := t.items[it.origin]; old != nil {
		t.bytes -= old.size
		old.gone = true
	}
	t.items[it.origin] = it
	t.order = append(t.order, it)
	t.bytes += it.size
	for len(t.items) > 1 && (maxEntries > 0 && len(t.items) > maxEntries || maxBytes > 0 && t.bytes > maxBytes) {
		oldest := t.order[0]
		t.order = t.order[1:]
		if oldest.gone {
			continue
		}
		delete(t.items, oldest.origin)
		t.bytes -= oldest.size
		oldest.gone = true
	}
	if len(t.order) > 2*len(t.items)+16 {
		live := make([]*tdmItem, 0, len(t.items))
		for _, o := range t.order {
			if !o.gone {
				live = append(live, o)
			}
		}
		t.order = live
	}
}

// fetchTDMRep fetches origin's tdmrep.json, within FetchTimeout, and
// returns what the cache keeps of it, or nil when Close ended the fetch.
// prev is what was known before, or nil.
//
// As for robots.txt: a 2xx body is read; a 4xx other than 429, or more
// than five redirects, says that the origin has no file, which states
// nothing; both are kept 24 hours, or as long as a Cache-Control max-age
// says, 15 minutes at least. A 5xx, a 429, a network error or a timeout
// is fetched again after a back-off of one minute, doubling with each
// failure in a row up to one hour (or by Retry-After), and meanwhile the
// last file fetched with a 2xx, if any, is kept.
func (c *Checker) fetchTDMRep(ctx context.Context, origin string, prev *tdmItem) *tdmItem {
	if d := c.fetchTimeout(); d > 0 { // none, when it says so
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	status, body, h := c.getTDMRep(ctx, origin+tdmrepPath)
	if c.stopped.Err() != nil {
		return nil
	}
	now := c.now()
	it := &tdmItem{origin: origin}
	switch {
	case status >= 200 && status <= 499 && status != 429:
		it.tdm = usage.TDMRepFromStatus(status, body)
		it.good = status <= 299
		it.expires = now.Add(freshFor(maxAge(h)))
	default:
		it.failures = 1
		if prev != nil {
			it.failures = prev.failures + 1
		}
		it.expires = now.Add(backoff(it.failures, retryAfter(h, now, maxRobotsRetryAfter)))
		if prev != nil && prev.good {
			it.tdm, it.good = prev.tdm, true
		} else {
			it.tdm = usage.TDMRepFromStatus(status, nil)
		}
	}
	it.size = it.tdm.Size() + int64(len(origin)) + 128
	return it
}

// getTDMRep gets url with the Checker's client, following at most five
// redirects, and returns the status, at most MaxTDMRepBytes+1 bytes of a
// 2xx body, and the header. The status is 0 for a network error, a
// timeout, a body that cannot be read, or one in a content coding that
// was not decoded; 3xx for too many redirects.
func (c *Checker) getTDMRep(ctx context.Context, url string) (int, []byte, http.Header) {
	cl := *c.client(ctx)
	cl.CheckRedirect = func(_ *http.Request, via []*http.Request) error {
		if len(via) > maxRedirects {
			return http.ErrUseLastResponse
		}
		return nil
	}
	ctx = context.WithValue(ctx, fetchKey{}, true)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, nil
	}
	ua := c.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	resp, err := cl.Do(req)
	if err != nil {
		return 0, nil, nil
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, nil, resp.Header
	}
	if enc := strings.TrimSpace(resp.Header.Get("Content-Encoding")); enc != "" && !strings.EqualFold(enc, "identity") && !resp.Uncompressed {
		return 0, nil, resp.Header
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, usage.MaxTDMRepBytes+1))
	if err != nil {
		return 0, nil, resp.Header
	}
	return resp.StatusCode, body, resp.Header
}
