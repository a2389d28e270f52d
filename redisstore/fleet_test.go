package redisstore_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// The tests here run a fleet of crawlers as real OS processes: the test
// binary, run again with fleetEnv set to a childSpec, is one crawler with
// its own Checker, Redis client and memory, over the test's redis-server
// and a loopback origin. The test can kill one mid-fetch, as a machine
// dies.

// fleetEnv names the environment variable that makes the test binary a
// fleet child; its value is the child's spec in JSON.
const fleetEnv = "REDISSTORE_FLEET_CHILD"

func TestMain(m *testing.M) {
	if spec := os.Getenv(fleetEnv); spec != "" {
		os.Exit(fleetChild(spec))
	}
	os.Exit(runWithRedis(m))
}

// A childSpec says what one fleet child does: it checks /private and
// /public of URL, Calls times at once, with a Checker whose Store is Redis
// at Redis, then exits, closing the Checker first if Close is set.
type childSpec struct {
	Name         string        // sent in the User-Agent, so that the origin knows who fetched
	Redis        string        // address of the redis-server
	URL          string        // the origin
	FetchTimeout time.Duration // the Checker's; 0 means the default
	Calls        int
	Close        bool
	PutDelay     time.Duration // added before each Put, as over a slow link

	// A crawl over a Cluster (see cluster_fleet_test.go): with Cluster set,
	// the child's Store is on a Cluster client of those addresses, and it
	// walks Origins instead of URL, as crawlWalk says.
	Cluster []string
	Origins []string
	Start   time.Time     // when the walk starts, on the wall clock
	Every   time.Duration // between the starts of two origins
	Workers int           // goroutines walking
}

// A childReport is what a child prints on its standard output when its
// calls are done, after a line "calling" printed when it starts them.
type childReport struct {
	Calls       []callReport
	CloseErr    string
	StoreErrors []string
	Stats       crawl.Stats
}

type callReport struct {
	Origin  string // with a walk of Origins
	Path    string
	Allowed bool
	Stored  bool // the answer came from an entry another process put
	Err     string
	Start   time.Time
	End     time.Time
}

func (c callReport) took() time.Duration { return c.End.Sub(c.Start) }

// slowPutStore is a redisstore.Store whose Put waits before writing.
type slowPutStore struct {
	*redisstore.Store
	delay time.Duration
}

func (s slowPutStore) Put(ctx context.Context, origin string, e crawl.Entry) error {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.Store.Put(ctx, origin, e)
}

// fleetChild is the main function of a fleet child.
func fleetChild(specJSON string) int {
	var spec childSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, "fleet child:", err)
		return 2
	}
	var rdb redis.UniversalClient
	if spec.Cluster != nil {
		rdb = redis.NewClusterClient(&redis.ClusterOptions{Addrs: spec.Cluster, ContextTimeoutEnabled: true})
	} else {
		rdb = redis.NewClient(&redis.Options{Addr: spec.Redis, ContextTimeoutEnabled: true})
	}
	// A Store timeout of the Checker's own bound, a second, so that a slow
	// reply on a loaded machine is not taken for Redis failing.
	rs := redisstore.New(rdb, &redisstore.Options{Timeout: time.Second})
	var store crawl.Store = rs
	if spec.PutDelay > 0 {
		store = slowPutStore{rs, spec.PutDelay}
	}
	var (
		mu     sync.Mutex
		report childReport
	)
	checker := &crawl.Checker{
		Store:        store,
		Leaser:       rs,
		Pacer:        rs,
		FetchTimeout: spec.FetchTimeout,
		UserAgent:    "FleetBot/1.0 (" + spec.Name + ")",
		StoreError: func(origin string, err error) {
			mu.Lock()
			defer mu.Unlock()
			report.StoreErrors = append(report.StoreErrors, err.Error())
		},
	}
	fmt.Println("calling")
	var wg sync.WaitGroup
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if spec.Origins != nil {
		report.Calls = crawlWalk(ctx, checker, spec)
	}
	for i := 0; i < spec.Calls; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := []string{"/private", "/public"}[i%2]
			r := callReport{Path: path, Start: time.Now()}
			e, err := checker.Explain(ctx, "MyBot", spec.URL+path)
			r.End = time.Now()
			r.Allowed, r.Stored = e.Allowed, e.Access.Stored
			if err != nil {
				r.Err = err.Error()
			}
			mu.Lock()
			defer mu.Unlock()
			report.Calls = append(report.Calls, r)
		}()
	}
	wg.Wait()
	if spec.Close {
		if err := checker.Close(ctx); err != nil {
			report.CloseErr = err.Error()
		}
	}
	mu.Lock()
	defer mu.Unlock()
	report.Stats = checker.Stats()
	if err := json.NewEncoder(os.Stdout).Encode(report); err != nil {
		fmt.Fprintln(os.Stderr, "fleet child:", err)
		return 2
	}
	return 0 // at once: whatever the Checker still does is lost
}

// A child is a fleet child process the test started.
type child struct {
	spec    childSpec
	cmd     *exec.Cmd
	stderr  bytes.Buffer
	calling chan struct{}    // closed when it starts its calls
	report  chan childReport // gets its report, if it makes one
	exited  chan struct{}    // closed when the process has exited
	exitErr error            // how it exited, set before exited is closed
}

// startChild starts a fleet child, killed when the test ends if it is
// still running.
func startChild(t *testing.T, spec childSpec) *child {
	t.Helper()
	specJSON, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	c := &child{spec: spec, calling: make(chan struct{}), report: make(chan childReport, 1), exited: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0])
	c.cmd.Env = append(os.Environ(), fleetEnv+"="+string(specJSON))
	c.cmd.Stderr = &c.stderr
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan struct{})
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if sc.Text() == "calling" {
				close(c.calling)
				continue
			}
			var r childReport
			if err := json.Unmarshal(sc.Bytes(), &r); err == nil {
				c.report <- r
			}
		}
	}()
	go func() {
		<-lines // Wait closes stdout: read it all first
		c.exitErr = c.cmd.Wait()
		close(c.exited)
	}()
	t.Cleanup(func() {
		_ = c.cmd.Process.Kill()
	})
	return c
}

// waitCalling waits for the child to start its calls.
func (c *child) waitCalling(t *testing.T) {
	t.Helper()
	select {
	case <-c.calling:
	case <-c.exited:
		select {
		case <-c.calling: // it was quick
		default:
			t.Fatalf("child %s exited (%v) before its calls: %s", c.spec.Name, c.exitErr, &c.stderr)
		}
	case <-time.After(time.Minute):
		t.Fatalf("child %s did not start its calls in a minute", c.spec.Name)
	}
}

// wait waits for the child to exit, and returns its report. It fails t
// if the child exits without one, or with a call that failed or answered
// wrong: /private is disallowed, /public allowed.
func (c *child) wait(t *testing.T) childReport {
	t.Helper()
	select {
	case <-c.exited:
	case <-time.After(2 * time.Minute):
		t.Fatalf("child %s did not exit in two minutes", c.spec.Name)
	}
	err := c.exitErr
	var r childReport
	select {
	case r = <-c.report:
	default:
		t.Fatalf("child %s exited (%v) with no report: %s", c.spec.Name, err, &c.stderr)
	}
	if err != nil {
		t.Errorf("child %s exited: %v: %s", c.spec.Name, err, &c.stderr)
	}
	if want := c.spec.Calls + 2*len(c.spec.Origins); len(r.Calls) != want {
		t.Errorf("child %s made %d calls, want %d", c.spec.Name, len(r.Calls), want)
	}
	for _, call := range r.Calls {
		if call.Err != "" || call.Allowed != (call.Path == "/public") {
			t.Errorf("child %s: %s allowed %v, error %q; want %v", c.spec.Name, call.Path, call.Allowed, call.Err, call.Path == "/public")
		}
	}
	if r.CloseErr != "" {
		t.Errorf("child %s: Close: %s", c.spec.Name, r.CloseErr)
	}
	return r
}

// kill ends the child with SIGKILL, as a machine that dies, and waits for
// it to exit.
func (c *child) kill(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-c.exited
}

// A fleetOrigin is an httptest server on its own loopback address whose
// /robots.txt disallows /private to every agent. It records which child
// made each robots.txt request, from the User-Agent.
type fleetOrigin struct {
	*httptest.Server
	requests atomic.Int32
	mu       sync.Mutex
	fetchers []string
	first    chan string // gets the name of the first fetcher
	// hold, if set, is called for each robots.txt request before it is
	// answered, with the request's number (1 for the first).
	hold func(n int32, r *http.Request)
}

func newFleetOrigin(t *testing.T, ip string, hold func(n int32, r *http.Request)) *fleetOrigin {
	t.Helper()
	o := &fleetOrigin{hold: hold, first: make(chan string, 1)}
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listening on %s: %v", ip, err)
	}
	o.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		n := o.requests.Add(1)
		name := r.UserAgent()
		if i := strings.Index(name, "("); i >= 0 {
			name = strings.TrimSuffix(name[i+1:], ")")
		}
		o.mu.Lock()
		o.fetchers = append(o.fetchers, name)
		o.mu.Unlock()
		if n == 1 {
			o.first <- name
		}
		if o.hold != nil {
			o.hold(n, r)
		}
		fmt.Fprint(w, robotsBody)
	}))
	o.Server.Listener.Close()
	o.Server.Listener = l
	o.Server.Start()
	t.Cleanup(o.Close)
	return o
}

// who returns the names of the children that fetched robots.txt, in order.
func (o *fleetOrigin) who() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.fetchers...)
}

// waitFirst waits for the first robots.txt request, and returns the name
// of the child that made it.
func (o *fleetOrigin) waitFirst(t *testing.T) string {
	t.Helper()
	select {
	case name := <-o.first:
		return name
	case <-time.After(time.Minute):
		t.Fatal("no robots.txt request in a minute")
		return ""
	}
}

// startFleet starts n children named prefix1 ... prefixn, with spec but
// for the name, and waits until each has started its calls.
func startFleet(t *testing.T, n int, prefix string, spec childSpec) []*child {
	t.Helper()
	children := make([]*child, n)
	for i := range children {
		s := spec
		s.Name = fmt.Sprintf("%s%d", prefix, i+1)
		children[i] = startChild(t, s)
	}
	for _, c := range children {
		c.waitCalling(t)
	}
	return children
}

// waitFleet waits for the children to exit, checks their answers, and
// returns the longest call they made, the latest end of one, and how
// many calls were answered from an entry another process put.
func waitFleet(t *testing.T, children []*child) (longest time.Duration, last time.Time, stored int) {
	t.Helper()
	for _, c := range children {
		for _, call := range c.wait(t).Calls {
			longest = max(longest, call.took())
			if call.End.After(last) {
				last = call.End
			}
			if call.Stored {
				stored++
			}
		}
	}
	return longest, last, stored
}

// TestFleetHolderKilled kills, with SIGKILL, the process that holds an
// origin's lease while it fetches (the origin stalls its request), with
// five other processes waiting for its entry: the lease, no longer
// renewed, lapses within three seconds, one of the others takes it and
// fetches, and the rest use its entry.
func TestFleetHolderKilled(t *testing.T) {
	srv := startServer(t)
	o := newFleetOrigin(t, "127.0.0.2", func(n int32, r *http.Request) {
		if n == 1 {
			<-r.Context().Done() // the holder's fetch: never answered
		}
	})
	spec := childSpec{Redis: srv.addr, URL: o.URL, Calls: 10, Close: true}
	holderSpec := spec
	holderSpec.Name = "holder"
	holder := startChild(t, holderSpec)
	if name := o.waitFirst(t); name != "holder" {
		t.Fatalf("first robots.txt request from %q, want the holder", name)
	}
	others := startFleet(t, 5, "other", spec)
	time.Sleep(300 * time.Millisecond) // they read Redis and find the lease held
	holder.kill(t)
	killed := time.Now()

	longest, last, stored := waitFleet(t, others)
	fetches := o.requests.Load()
	t.Logf("holder killed: %d fetches of the origin (%v), longest call of the others %v, last answer %v after the kill, %d of 50 calls from the Store",
		fetches, o.who(), longest.Round(time.Millisecond), last.Sub(killed).Round(time.Millisecond), stored)
	if fetches > 2 {
		t.Errorf("%d fetches of the origin (%v), want at most 2: the dead holder's and one more", fetches, o.who())
	}
	if longest >= 5*time.Second {
		t.Errorf("the others' longest call took %v, want under 5 s (a lease lives 3 s unrenewed)", longest)
	}
	if stored < 40 {
		t.Errorf("%d of the others' 50 calls used the entry another process put, want at least 40: the one that fetched answers its 10 itself", stored)
	}
}

// TestFleetMixedFetchTimeouts has a holder with a FetchTimeout of 20 s
// fetch an origin that answers after 6 s, while four processes with a
// FetchTimeout of 2 s wait for it: they wait for the holder's deadline,
// written in its lease, not for their own (which would end after 2 s
// plus 3 s for the Store calls), so nobody else fetches.
func TestFleetMixedFetchTimeouts(t *testing.T) {
	srv := startServer(t)
	const answerAfter = 6 * time.Second
	o := newFleetOrigin(t, "127.0.0.3", func(n int32, r *http.Request) {
		select {
		case <-time.After(answerAfter):
		case <-r.Context().Done():
		}
	})
	holder := startChild(t, childSpec{Name: "holder", Redis: srv.addr, URL: o.URL, FetchTimeout: 20 * time.Second, Calls: 4, Close: true})
	if name := o.waitFirst(t); name != "holder" {
		t.Fatalf("first robots.txt request from %q, want the holder", name)
	}
	fetchStart := time.Now()
	others := startFleet(t, 4, "short", childSpec{Redis: srv.addr, URL: o.URL, FetchTimeout: 2 * time.Second, Calls: 4, Close: true})
	longest, last, stored := waitFleet(t, others)
	holder.wait(t)
	fetches := o.requests.Load()
	t.Logf("mixed FetchTimeouts: %d fetches of the origin (%v), longest call of the others %v, last answer %v after the holder's fetch began, %d of 16 calls from the Store",
		fetches, o.who(), longest.Round(time.Millisecond), last.Sub(fetchStart).Round(time.Millisecond), stored)
	if fetches != 1 {
		t.Errorf("%d fetches of the origin (%v), want 1: the holder's", fetches, o.who())
	}
	if stored != 16 {
		t.Errorf("%d of the others' 16 calls used the holder's entry, want all", stored)
	}
}

// TestFleetStaleEntry has one process fetch an origin and exit, then makes
// its entry stale, as time passing would, while the lease it held would
// have lived on had it not been released; then six processes miss on the
// origin at once: one takes the free lease and fetches, the others use its
// entry, and nobody waits long.
func TestFleetStaleEntry(t *testing.T) {
	srv := startServer(t)
	// A slow origin, so that the others are waiting while one fetches.
	o := newFleetOrigin(t, "127.0.0.4", func(int32, *http.Request) { time.Sleep(300 * time.Millisecond) })
	spec := childSpec{Redis: srv.addr, URL: o.URL, Calls: 4, Close: true}
	first := spec
	first.Name = "first"
	startChild(t, first).wait(t)
	ctx := context.Background()
	store := redisstore.New(srv.client(), nil)
	if n, err := srv.client().Exists(ctx, store.LeaseKey(o.URL)).Result(); n != 0 || err != nil {
		t.Errorf("after the fetch, the lease key exists (%d, %v), want it released", n, err)
	}
	e, ok, err := store.Get(ctx, o.URL)
	if !ok || err != nil {
		t.Fatalf("the first fetch's entry is not in Redis: %v", err)
	}
	e.Fetched = e.Fetched.Add(-25 * time.Hour)
	e.Expires = e.Expires.Add(-25 * time.Hour)
	if err := store.Put(ctx, o.URL, e); err != nil {
		t.Fatal(err)
	}

	readers := startFleet(t, 6, "reader", spec)
	longest, _, stored := waitFleet(t, readers)
	fetches := o.requests.Load()
	t.Logf("stale entry: %d fetches of the origin (%v), longest call of the readers %v, %d of 24 calls from the Store",
		fetches, o.who(), longest.Round(time.Millisecond), stored)
	if fetches != 2 {
		t.Errorf("%d fetches of the origin (%v), want 2: the first process's and one reader's", fetches, o.who())
	}
	if longest >= 5*time.Second {
		t.Errorf("the readers' longest call took %v, want under 5 s", longest)
	}
	if e, ok, err := store.Get(ctx, o.URL); !ok || err != nil || time.Since(e.Fetched) > time.Minute {
		t.Errorf("after the readers, the entry was fetched at %v (%v, %v), want just now", e.Fetched, ok, err)
	}
}

// TestFleetCloseOnExit has a process fetch an origin and exit right after
// Close, over a Store whose Put takes 300 ms: the entry is in Redis when
// it has exited, its lease released, and five other processes use it
// without fetching.
func TestFleetCloseOnExit(t *testing.T) {
	srv := startServer(t)
	o := newFleetOrigin(t, "127.0.0.5", nil)
	first := startChild(t, childSpec{Name: "first", Redis: srv.addr, URL: o.URL, Calls: 4, Close: true, PutDelay: 300 * time.Millisecond})
	r := first.wait(t)
	if len(r.StoreErrors) > 0 {
		t.Errorf("the first process's Store errors: %v", r.StoreErrors)
	}
	ctx := context.Background()
	store := redisstore.New(srv.client(), nil)
	if e, ok, err := store.Get(ctx, o.URL); !ok || err != nil || string(e.Body) != robotsBody {
		t.Errorf("after the first process exited, Redis holds %+v, %v, %v; want its entry", e, ok, err)
	}
	if n, err := srv.client().Exists(ctx, store.LeaseKey(o.URL)).Result(); n != 0 || err != nil {
		t.Errorf("after the first process exited, the lease key exists (%d, %v), want it released", n, err)
	}
	others := startFleet(t, 5, "other", childSpec{Redis: srv.addr, URL: o.URL, Calls: 4, Close: true})
	longest, _, stored := waitFleet(t, others)
	fetches := o.requests.Load()
	t.Logf("Close on exit: %d fetches of the origin (%v), longest call of the others %v, %d of 20 calls from the Store",
		fetches, o.who(), longest.Round(time.Millisecond), stored)
	if fetches != 1 {
		t.Errorf("%d fetches of the origin (%v), want 1", fetches, o.who())
	}
	if stored != 20 {
		t.Errorf("%d of the others' 20 calls used the stored entry, want all", stored)
	}
}
