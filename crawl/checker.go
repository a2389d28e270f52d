package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawlkit/robots"
)

// DefaultUserAgent is the User-Agent header a [Checker] sends when fetching
// robots.txt, unless its UserAgent field says otherwise.
const DefaultUserAgent = "crawlkit-robots/1 (+https://github.com/crawlkit/robots)"

// DefaultFetchTimeout bounds a [Checker]'s fetch of one robots.txt, all
// redirects included, unless its FetchTimeout field says otherwise.
const DefaultFetchTimeout = 30 * time.Second

// A Checker answers whether a crawler may fetch a URL, fetching and caching
// the robots.txt file of each origin as RFC 9309 sections 2.3 and 2.4 say.
// A crawler makes one call per URL:
//
//	ok, err := checker.Allowed(ctx, "MyBot", "https://example.com/page")
//
// The zero Checker is ready to use; set its fields before the first call
// and do not change them afterwards. A Checker is safe for concurrent use
// and must not be copied after first use. [Checker.Close] ends its use.
//
// # Fetching
//
// A Checker fetches scheme://host[:port]/robots.txt (see [robots.URLFor])
// with its Client (with no Client, through the Base of the [Transport]
// that asked, if any), sending its UserAgent and asking for gzip and
// deflate. It follows at most five redirects itself, to other hosts too,
// whatever the Client's CheckRedirect says, and applies the result to the
// origin it asked about. It reads at most the parse limit of its Options
// ([robots.Options.Limit]) plus one byte of a 2xx body, after decoding
// gzip or deflate (a bomb costs 500 KiB), and no byte of any other body.
// The status and what was read decide, as [robots.Options.FromStatus]
// says, never the rest of a body, which is closed unread: a body that
// stalls or lies about its length cannot change the answer. A 2xx body is
// parsed; a 4xx (but 429), or more than five redirects, is "unavailable"
// and allows everything; a 5xx, a 429, a status outside 100-599, a
// network error or a fetch longer than FetchTimeout is "unreachable" and
// disallows everything. So is a 2xx body that cannot be read up to the
// limit, since what was read could end before the rule that matters: one
// that stalls until FetchTimeout, ends before its Content-Length, is not
// in its content coding, or comes in a coding the Checker did not ask for
// (br, zstd). Errors and explanations show URLs with any password
// replaced by "xxxxx".
//
// The caller's context bounds each call: when it is cancelled or expires,
// the call returns its error, never an answer. The fetch itself goes on in
// the background, bounded by FetchTimeout, so that other calls waiting for
// the same origin get its result.
//
// # Caching
//
// Each origin has one entry, shared by every page and every agent. Calls
// for an origin that arrive while it is being fetched wait for that one
// fetch. A fetched file is used for 24 hours; a Cache-Control max-age may
// shorten that down to 15 minutes, never less, so that max-age=0 does not
// mean one fetch per URL. Other cache directives are not read.
//
// An unreachable origin is fetched again after a back-off of one minute,
// doubling with each failure in a row up to one hour; a Retry-After header
// replaces the back-off, within one minute and 24 hours. Meanwhile the last
// good copy of its robots.txt, if there is one, keeps being used, however
// old it is (RFC 9309 section 2.4 allows it). With no good copy every URL
// is disallowed until the origin has been unreachable for 30 days; then it
// counts as unavailable and everything is allowed, as Google documents.
// The time between two failed fetches counts for 48 hours at most, so
// that neither a gap in which nobody asked nor a stored entry from a peer
// whose clock is wrong makes it 30 days early.
//
// Parsed files are kept in memory, at most CacheEntries of them and at most
// CacheBytes of estimated size (a file counts what it keeps alive: its
// body, and its rules and their indexes as [robots.File.Size] estimates
// them). Eviction approximates least recently used with the CLOCK
// algorithm: origins are looked at in the order they were added; one asked
// for since it was last looked at is kept, and looked at again only after
// all the others; the first one that was not is evicted. Checks of cached
// origins take no lock, and adding or evicting an origin costs the same
// with a thousand origins in memory or a million.
// The file added last is never evicted, so the bytes bound can be exceeded
// by one file bigger than the bound.
//
// # Sharing with a Store
//
// With a [Store], a fleet of crawlers shares what each fetches. A Checker
// reads the Store only when it has no fresh file in memory, so answers from
// memory never wait for it: an entry is used without fetching when it has
// not expired and was fetched less than 24 hours ago, and not more than
// five minutes in the future (clocks differ), until 24 hours after its
// fetch at most. A shared Store is not trusted: an entry that claims a
// longer life, or a peer whose clock is wrong, cannot keep the fleet from
// fetching. After each fetch the Checker puts the new entry, once it has
// answered. Each call to the Store, and to the Leaser and the Pacer
// below, is bounded by one second: one that is [Bounded] (a
// redisstore.Store is) is trusted to return by its context's deadline,
// and called on the goroutine that needs its answer; any other is called
// in a goroutine of its own, which the Checker stops waiting for at the
// bound, so that one that ignores its context cannot hang a call. On a
// miss, the call that finds no fetch under way reads the Store itself.
// A Store that fails, is slow or panics
// never fails a call: the Checker reports the error (a panic as an error
// carrying its value) to StoreError, and fetches itself, once it has
// waited OutageWait (4.5 s by default) for the Store to come back, reading
// it every 100 ms: a Redis primary's failover to its replica takes
// seconds, during which a fleet whose crawlers each fetched at once would
// send each origin asked meanwhile one request per crawler. Once an
// outage has lasted twice OutageWait, misses fetch at once until a Store
// call works again. During an outage
// every call fails alike, so StoreError gets each distinct error of an
// origin once a minute at most, however many calls fail: a fetch reports
// each of its errors once, and a Wait per request does not report per
// request.
//
// With a [Leaser] as well (the Leaser field), one Checker of the fleet fetches each origin
// while the others wait. On a miss, a Checker takes the origin's lease,
// which lasts three seconds, reads the Store once more (an entry may have
// come meanwhile), fetches while renewing the lease every second, puts the
// entry and releases the lease: a miss after the entry goes stale finds
// the lease free. A Checker that finds the lease held polls the Store every
// 50 ms for the holder's entry, and tries the lease: when the holder has
// died mid-fetch, its lease lapses within three seconds, and the first
// waiter to find it gone takes it and fetches, while the others wait for
// that one. So a fleet makes one fetch per origin, or two when a holder
// dies (or its lease is lost in a failover), and a dead holder stalls the
// others for about three seconds.
//
// The lease gives the holder's Deadline: its FetchTimeout plus three
// seconds for its Store calls, 33 s by default, two minutes with no
// FetchTimeout. The others wait for it, whatever their own FetchTimeout
// (believing it for two minutes at most), and then fetch themselves: a
// holder still renewing its lease past its Deadline has lost its entry.
// A lease whose Deadline cannot be read gets a waiter's own FetchTimeout
// plus three seconds, from when it began to wait. They also stop waiting
// for the holder when three polls in a row find the Store failing, other
// than with [ErrBadEntry] (a bad value only means that the holder's
// entry, which replaces it, has not come yet), and wait for the Store to
// come back, as on a miss; then they read it and try the lease again.
//
// # Counters
//
// [Checker.Stats] says what the Checker has done: its answers from
// memory, from the Store and from fetches, its fetches by outcome, its
// Store calls and their errors, its waits behind leases, outages and
// pacing, and what it keeps in memory. Counting costs an atomic add on
// the hit path, and no lock.
//
// A Checker that shares a Store should be closed with [Checker.Close]
// before its process exits, so that what it fetched last is put.
type Checker struct {
	// Client fetches robots.txt. Nil means a client on the Base of the
	// [Transport] whose call started the fetch, if it has one, else
	// http.DefaultClient. Its CheckRedirect is not used: the Checker
	// follows redirects itself.
	Client *http.Client
	// UserAgent is the User-Agent header sent when fetching robots.txt.
	// "" means DefaultUserAgent.
	UserAgent string
	// Store, if not nil, shares robots.txt entries with other Checkers.
	// Nil means none: the Checker keeps what it fetches in memory only.
	Store Store
	// Leaser, if not nil, hands out the leases that keep a fleet sharing
	// the Store from fetching one origin many times at once. Nil means
	// none: each Checker that misses fetches. It is used only with a
	// Store, and is usually the same value (a redisstore.Store is both);
	// the Checker never looks for a Leaser behind its Store, so that a
	// Store wrapped for metrics or logging keeps its leases when this
	// field is set.
	Leaser Leaser
	// Pacer, if not nil, keeps each origin's schedule for the whole
	// fleet, as [Pacer] says. Nil means none: each Checker keeps its own
	// pace. It needs no Store.
	Pacer Pacer
	// StoreError, if not nil, is called with the origin and the error of
	// a failed call to the Store, the Leaser or the Pacer: each distinct
	// error of an origin once a minute at most. Each error starts with
	// "crawl: store " and the call ("get", "put", "lease", "renew",
	// "release", "reserve", "unreserve", "defer"), and wraps the call's
	// error, context.DeadlineExceeded when it took over a second, or the
	// panic's value when it is an error. Nil means errors are dropped. It
	// must be safe for concurrent use.
	StoreError func(origin string, err error)
	// Options are the parse options; MaxBytes is also the most of a body
	// that is read.
	Options robots.Options
	// FetchTimeout bounds the fetch of one robots.txt, redirects included.
	// Zero means DefaultFetchTimeout; a negative value means no timeout:
	// a fetch lasts as long as the site takes (Close still ends it), and
	// the lease of a Leaser gives the others a Deadline two minutes ahead,
	// the longest they believe. A fetch that takes longer than the timeout
	// finds the origin unreachable.
	FetchTimeout time.Duration
	// CacheEntries bounds how many origins the Checker keeps in memory.
	// Zero means DefaultCacheEntries (10,000); a negative value means no
	// limit (CacheBytes still bounds them).
	CacheEntries int
	// CacheBytes bounds the estimated size of the files the Checker keeps
	// in memory. Zero means DefaultCacheBytes (64 MiB); a negative value
	// means no limit (CacheEntries still bounds them).
	CacheBytes int64
	// Pacing says how fast Wait, and so a Transport, lets requests go to
	// one origin. The zero value paces by Crawl-delay, one second at least.
	Pacing Pacing
	// OutageWait bounds how long a call that misses memory, and finds the
	// Store or the Leaser failing, waits for it to come back before the
	// Checker fetches without it: the Checker reads the Store again every
	// 100 ms until OutageWait has passed since the Store began to fail.
	// So a fleet rides out a failover without each of its crawlers
	// fetching every origin it asks for meanwhile, and once an outage has
	// lasted twice OutageWait, calls fetch at once until the Store works
	// again. A call waits at most OutageWait from the start of its read
	// that failed (a read under way then is cut short). Zero means
	// DefaultOutageWait (4.5 s); a negative value means none: the Checker
	// fetches as soon as the Store fails (after trying the Leaser, if
	// only the Get failed).
	OutageWait time.Duration

	// clock returns the current time; nil means time.Now. Tests set it,
	// through export_test.go, to move the clock.
	clock func() time.Time
	// leaseLife is how long a lease lasts unless renewed; 0 means
	// leaseTTL. Tests set it, through export_test.go, to see renewals
	// sooner.
	leaseLife time.Duration

	once    sync.Once
	cache   *cache
	mu      sync.Mutex // guards flights, and closed against work.Add
	flights map[string]*flight
	closed  atomic.Bool
	work    sync.WaitGroup     // runs under way
	stopped context.Context    // ends when Close gives up waiting for them
	stop    context.CancelFunc // ends stopped
	paces   paces              // the schedule of each origin, see pace.go
	tdm     tdmCache           // the tdmrep.json of each origin, see tdmrep.go

	storeErrors storeErrors // the errors reported lately, see storecall.go
	stats       stats       // see stats.go
	storeDown   storeDown   // since when the Store fails, see failover.go
	// bounded says which of Store, Leaser and Pacer are Bounded, which
	// storeCall calls on the caller's goroutine. Set by init.
	bounded struct{ store, leaser, pacer bool }
}

// ErrClosed is returned by the calls of a [Checker] after [Checker.Close].
var ErrClosed = errors.New("crawl: Checker closed")

// A flight is one fetch of an origin's robots.txt, which every call for the
// origin that misses the cache meanwhile waits for.
type flight struct {
	done   chan struct{} // closed when it is set
	it     *item         // nil when Close ended the flight before its answer
	stored bool          // it came from the Store, not a fetch
}

func (c *Checker) init() {
	c.once.Do(func() {
		c.cache = newCache(c.CacheEntries, c.CacheBytes)
		c.flights = make(map[string]*flight)
		c.stopped, c.stop = context.WithCancel(context.Background())
		c.bounded.store = isBounded(c.Store)
		c.bounded.leaser = isBounded(c.Leaser)
		c.bounded.pacer = isBounded(c.Pacer)
	})
}

func (c *Checker) now() time.Time {
	if c.clock != nil {
		return c.clock()
	}
	return time.Now()
}

// fresh reports whether it may still be used. With the real clock it
// reads no clock until expireEarly before it.expires: a timer set when
// the item was made marks it then (see Checker.publish), and only marked
// items read the clock, the monotonic one (time.Until does, for a time
// that has a monotonic reading, as expiries computed from time.Now have).
// The clock was the biggest cost of a cached check after the cache's
// index (BenchmarkCheckerAllowed, issue 23).
func (c *Checker) fresh(it *item) bool {
	if c.clock == nil {
		return !it.expiring.Load() || time.Until(it.expires) > 0
	}
	return c.clock().Before(it.expires)
}

// fetchTimeout returns the bound of one fetch; 0 means none.
func (c *Checker) fetchTimeout() time.Duration {
	switch {
	case c.FetchTimeout < 0:
		return 0
	case c.FetchTimeout == 0:
		return DefaultFetchTimeout
	}
	return c.FetchTimeout
}

// Allowed reports whether the crawler whose product token is agent may
// fetch url, an absolute http or https URL, by the robots.txt of the URL's
// origin, which it fetches or reuses. It returns an error, and false, when
// agent is neither a product token nor "*" ([robots.ErrBadAgent]), when
// [robots.URLFor] refuses url ([robots.ErrBadURL]), or when ctx ends first.
//
// An origin whose robots.txt is unavailable allows everything, and one
// that is unreachable disallows everything: these are answers, not
// errors. See [Checker.Explain] to learn which.
func (c *Checker) Allowed(ctx context.Context, agent, url string) (bool, error) {
	it, target, err := c.find(ctx, agent, url)
	if err != nil {
		return false, err
	}
	return it.file.Allowed(agent, target), nil
}

// Explain is like [Checker.Allowed], and also says why: the deciding rule,
// or the access state of the origin's robots.txt, in
// Explanation.Access.
func (c *Checker) Explain(ctx context.Context, agent, url string) (robots.Explanation, error) {
	it, err := c.lookup(ctx, agent, url)
	if err != nil {
		return robots.Explanation{}, err
	}
	return it.file.Explain(agent, url), nil
}

// File returns the policy of url's origin: its robots.txt, fetched or
// reused, or the policy of a robots.txt that could not be had (see
// [robots.File.Access]). A crawler that checks many URLs of one origin for
// one agent can ask File once and then its [robots.File.Group]. The File is
// shared and immutable. File returns an error when [robots.URLFor] refuses
// url or when ctx ends first.
func (c *Checker) File(ctx context.Context, url string) (*robots.File, error) {
	it, err := c.lookup(ctx, "*", url)
	if err != nil {
		return nil, err
	}
	return it.file, nil
}

// Entry returns what the Checker fetched for url's origin, or read from
// its Store: the Entry, with the body as it was read, and the File that
// entry stands for, the one [Checker.File] returns. It fetches or reuses
// as File does, and returns the same errors. The File is shared; the
// Entry, its byte slices included, is the caller's own.
//
// Entry is for tools that show a file to the people who write it, and
// need its bytes as well as its rules; a crawler asks File or Allowed.
func (c *Checker) Entry(ctx context.Context, url string) (Entry, *robots.File, error) {
	it, err := c.lookup(ctx, "*", url)
	if err != nil {
		return Entry{}, nil, err
	}
	e := it.entry
	e.Body = clone(e.Body)
	e.Good = clone(e.Good)
	return e, it.file, nil
}

// clone returns a copy of b, nil when b is nil.
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// lookup returns the item of url's origin, from memory when it is fresh.
func (c *Checker) lookup(ctx context.Context, agent, url string) (*item, error) {
	it, _, err := c.find(ctx, agent, url)
	return it, err
}

// find is lookup that also returns the target to ask its file about: url, or, when url is canonical up
// to its path, that path, which the file need not find again (the answer
// is the same: [robots.File.Allowed] reads the path of a URL).
func (c *Checker) find(ctx context.Context, agent, url string) (*item, string, error) {
	if err := ctx.Err(); err != nil {
		return nil, "", fmt.Errorf("crawl: %w", err)
	}
	if c.closed.Load() {
		return nil, "", ErrClosed
	}
	if agent != "*" && !robots.ValidProductToken(agent) {
		return nil, "", fmt.Errorf("%w: %q", robots.ErrBadAgent, agent)
	}
	c.init()
	// The hot path: a canonical URL whose origin is in memory and fresh.
	fast, ok := fastOrigin(url)
	if ok {
		if it := c.cache.get(fast); it != nil && c.fresh(it) {
			c.stats.memory.n.Add(1)
			if path := url[len(fast):]; path != "" && path[0] == '/' {
				return it, path, nil
			}
			return it, url, nil
		}
	}
	origin, err := robots.Origin(url)
	if err != nil {
		return nil, "", err
	}
	if origin != fast {
		// Another spelling of an origin in memory, such as an upper-case
		// host or a default port, costs url parsing but no lock.
		if it := c.cache.get(origin); it != nil && c.fresh(it) {
			c.stats.memory.n.Add(1)
			return it, url, nil
		}
	}
	it, err := c.origin(ctx, origin)
	return it, url, err
}

// fastOrigin returns the prefix of url that would be its origin if url
// were in canonical form: "http://" or "https://", then the rest up to the
// path, query or fragment. It splits by hand because url.Parse costs more
// than the rest of a cached check. The prefix is only used to look up
// origins that robots.Origin wrote, so it need not check the host's bytes:
// when it equals one of them, it is url's origin (a prefix with a
// userinfo, an upper-case letter, a default port or an escape is no
// canonical origin, and looks up nothing).
func fastOrigin(url string) (string, bool) {
	i := 0
	switch {
	case strings.HasPrefix(url, "https://"):
		i = len("https://")
	case strings.HasPrefix(url, "http://"):
		i = len("http://")
	default:
		return "", false
	}
	j := i
	for j < len(url) && url[j] != '/' && url[j] != '?' && url[j] != '#' {
		j++
	}
	if j == i {
		return "", false
	}
	return url[:j], true
}

// origin returns the item of origin: from memory when it is fresh, else
// from the fetch under way or from a new one.
func (c *Checker) origin(ctx context.Context, origin string) (*item, error) {
	c.mu.Lock()
	if c.closed.Load() {
		c.mu.Unlock()
		return nil, ErrClosed
	}
	if it := c.cache.get(origin); it != nil && c.fresh(it) {
		c.mu.Unlock()
		c.stats.memory.n.Add(1)
		return it, nil
	}
	fl := c.flights[origin]
	if fl != nil {
		c.mu.Unlock()
		return c.answer(ctx, origin, fl)
	}
	fl = &flight{done: make(chan struct{})}
	c.flights[origin] = fl
	prev := c.cache.peek(origin)
	c.work.Add(1)
	c.mu.Unlock()
	defer c.work.Done()
	var known *Entry // the latest entry known of origin
	if prev != nil {
		known = &prev.entry
	}
	var first *storeRead // the caller's read of the Store, for the flight
	if c.Store != nil {
		// Read the Store on this goroutine: the entry of another Checker
		// is the common case of a fleet, and waiting for a goroutine of
		// the flight to read it would cost a wake-up (issue 23).
		r := c.readStore(ctx, origin)
		if r.ok && r.usable {
			c.publish(fl, origin, &r.e, fileFrom(c.Options, &r.e, origin+"/robots.txt", r.now, true))
			c.stats.countAnswer(fl.stored)
			return fl.it, nil
		}
		if c.stopped.Err() != nil {
			// Close gave up waiting for this call.
			c.abandon(fl, origin)
			return nil, ErrClosed
		}
		if ctx.Err() == nil {
			rr := r // a copy: taking r's address would put every read on the heap
			first = &rr
		}
	}
	// The rest of the flight outlives this call if ctx ends: others may
	// wait for it, and its result is worth keeping. It keeps ctx's
	// values, and ends only if Close gives up waiting for it.
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	unhook := context.AfterFunc(c.stopped, cancel)
	c.work.Add(1)
	go func() {
		defer c.work.Done()
		defer unhook()
		defer cancel()
		c.run(rctx, origin, known, first, fl)
	}()
	return c.answer(ctx, origin, fl)
}

// A storeRead is what a read of the Store gave.
type storeRead struct {
	e      Entry
	ok     bool
	err    error
	start  time.Time // when the read began
	now    time.Time // when it ended, on the Checker's clock
	usable bool      // e is usable at now
}

// readStore reads origin's entry from the Store, on the caller's
// goroutine: bounded by ctx, and cut short by Close giving up.
func (c *Checker) readStore(ctx context.Context, origin string) storeRead {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(c.stopped, cancel)()
	r := storeRead{start: time.Now()}
	r.e, r.ok, r.err = c.storeGet(ctx, origin)
	if r.ok {
		r.now = c.now()
		r.usable = usable(&r.e, r.now)
	}
	return r
}

// answer waits for the flight fl of origin to end, or ctx, and returns its item.
func (c *Checker) answer(ctx context.Context, origin string, fl *flight) (*item, error) {
	select {
	case <-fl.done:
		if fl.it == nil {
			return nil, ErrClosed
		}
		c.stats.countAnswer(fl.stored)
		return fl.it, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("crawl: getting %s/robots.txt: %w", origin, ctx.Err())
	}
}

// run makes the flight fl for origin: it reads the Store (first, when not
// nil, is the caller's read, which stands for the first), takes the lease
// or waits for the entry of the Checker that holds it, fetches if need
// be, keeps the result in memory, then puts it in the Store and releases
// the lease. known is the latest entry known of origin, or nil. It gives
// up, with no further Store call, when ctx ends: only Close ends it.
func (c *Checker) run(ctx context.Context, origin string, known *Entry, first *storeRead, fl *flight) {
	robotsURL := origin + "/robots.txt"
	var held *holding // the lease this Checker holds while it fetches
	if c.Store != nil {
		e, ok, h := c.shared(ctx, origin, &known, first)
		if ok {
			c.publish(fl, origin, &e, fileFrom(c.Options, &e, robotsURL, c.now(), true))
			return
		}
		held = h
	}
	var f fetched
	var err error
	if ctx.Err() == nil {
		f, err = bounded(ctx, c.fetchTimeout(), func(ctx context.Context) (fetched, error) {
			return c.fetch(ctx, robotsURL), nil
		})
	}
	if ctx.Err() != nil {
		// Close gave up waiting: the fetch was cut short, and is not
		// what the origin says.
		if held != nil {
			held.end()
		}
		c.abandon(fl, origin)
		return
	}
	if err != nil {
		f = fetched{finalURL: robotsURL, err: "timeout", maxAge: -1, retryAfter: -1}
	}
	now := c.now()
	e := nextEntry(known, &f, now)
	c.stats.countFetch(e.Status)
	c.publish(fl, origin, &e, fileFrom(c.Options, &e, robotsURL, now, false))
	if c.Store != nil {
		storeCall(ctx, c, origin, "put", func(ctx context.Context) (struct{}, error) {
			return struct{}{}, c.Store.Put(ctx, origin, e)
		})
	}
	if held != nil {
		c.release(ctx, held)
	}
}

// publish keeps file, made from entry e of origin, in memory, ends the
// flight fl and hands the new item to the calls waiting for it.
func (c *Checker) publish(fl *flight, origin string, e *Entry, file *robots.File) {
	it := &item{
		origin:  origin,
		file:    file,
		entry:   *e,
		expires: file.Access().Expires,
		size:    itemSize(origin, e, file),
	}
	it.expiring = new(atomic.Bool)
	if c.clock == nil {
		it.watchExpiry()
	}
	c.cache.put(it)
	c.mu.Lock()
	delete(c.flights, origin)
	c.mu.Unlock()
	fl.it = it
	fl.stored = file.Access().Stored
	close(fl.done)
}

// abandon ends the flight fl of origin with no answer: the calls waiting
// for it return ErrClosed.
func (c *Checker) abandon(fl *flight, origin string) {
	c.mu.Lock()
	delete(c.flights, origin)
	c.mu.Unlock()
	close(fl.done)
}

// Close stops the Checker, and waits until what it does in the background
// has ended: the fetches under way, then the Store calls that follow them,
// which put each entry and release each lease. A process that calls Close
// before it exits leaves in its Store what it fetched, for the others.
//
// From the moment Close is called, every call of the Checker returns
// [ErrClosed], but those already waiting for a fetch, which get its
// answer. Close returns nil once the work is done. When ctx ends first, it
// cancels the fetches and Store calls still under way, whose entries are
// then neither answered nor put (the calls waiting for them return
// ErrClosed, and the leases they held lapse within seconds), and returns
// ctx's error. The Checker starts no Store call after Close has returned;
// a Store call that ignores its context may still be running. Close may be
// called more than once: each waits as the first does.
func (c *Checker) Close(ctx context.Context) error {
	c.init()
	c.mu.Lock()
	c.closed.Store(true)
	c.mu.Unlock()
	done := make(chan struct{})
	go func() {
		c.work.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		c.stop()
		return fmt.Errorf("crawl: close: %w", ctx.Err())
	}
}

// storeGet reads origin's entry from the Store, through storeCall.
func (c *Checker) storeGet(ctx context.Context, origin string) (Entry, bool, error) {
	type got struct {
		e  Entry
		ok bool
	}
	g, err := storeCall(ctx, c, origin, "get", func(ctx context.Context) (got, error) {
		e, ok, err := c.Store.Get(ctx, origin)
		return got{e, ok}, err
	})
	return g.e, g.ok, err
}
