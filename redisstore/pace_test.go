package redisstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
	"github.com/redis/go-redis/v9"
)

// paceSlack is how much closer than the interval one process may send
// two requests: pacing holds between the returns of Wait, and the
// Transport hands the request on a few calls later, which a loaded
// machine can delay.
const paceSlack = 50 * time.Millisecond

// fleetSlack is the same for requests sent by two processes. Redis books
// their slots on its clock; each process sends its request when Redis's
// reply has reached it and its timer has fired, and on a loaded machine
// those delays differ from process to process: four race-enabled
// processes on two cores at a load of 15 were up to 125 ms apart. The
// fleet's average pace is exact, and the test checks that too. Without a
// shared schedule, four processes that each keep a one-second pace send
// their requests a few milliseconds apart.
const fleetSlack = 250 * time.Millisecond

// arrivalSlack is how much closer than the interval two requests may
// arrive at the site: a request also waits for the client's write, the
// server's poller and its handler's goroutine, which a loaded machine can
// each hold up (by up to a second in crawl's tests, on two cores at a
// load of 15).
const arrivalSlack = 500 * time.Millisecond

// sentBy returns when each request of the reports was sent, in order, with
// the child that sent it.
func sentBy(reports []paceReport) []arrival {
	var all []arrival
	for i, r := range reports {
		for _, at := range r.Sent {
			all = append(all, arrival{fmt.Sprintf("c%d", i), at})
		}
	}
	slices.SortFunc(all, func(a, b arrival) int { return a.at.Compare(b.at) })
	return all
}

// spaced checks that the times of at are interval apart at least, less
// slack; across all when who is "", else those of who.
func spaced(t *testing.T, what string, at []arrival, who string, least time.Duration) {
	t.Helper()
	var prev *arrival
	for i := range at {
		if who != "" && at[i].who != who {
			continue
		}
		if prev != nil {
			if g := at[i].at.Sub(prev.at); g < least {
				t.Errorf("%s: %s then %s %v apart, want %v at least", what, prev.who, at[i].who, g, least)
			}
		}
		prev = &at[i]
	}
}

// paceEnv names the environment variable that makes the test binary a
// pacing child: one crawler of a fleet, as a process of its own. Its value
// is the child's paceSpec in JSON. An init function, rather than TestMain,
// reads it, so that this file stands beside any TestMain.
const paceEnv = "REDISSTORE_PACE_CHILD"

func init() {
	if spec := os.Getenv(paceEnv); spec != "" {
		os.Exit(paceChild(spec))
	}
}

// A paceSpec says what one child does: Goroutines goroutines each make
// Requests requests to URL/Name/<goroutine>/<n> through a crawl.Transport
// whose Checker's Store is Redis at Redis.
type paceSpec struct {
	Name       string
	Redis      string
	URL        string
	Goroutines int
	Requests   int
}

// A paceReport is what a child prints on its standard output when done.
type paceReport struct {
	Errors      []string    // what reached the caller
	StoreErrors int         // what went to StoreError
	Sent        []time.Time // when each page request was handed to the network
}

// A sendLog is the Base of a child's Transport: it records when each page
// request (not robots.txt) is handed to the network, and keeps one
// connection to the site, so that no request waits for a dial.
type sendLog struct {
	mu   sync.Mutex
	at   []time.Time
	base http.RoundTripper
}

func (l *sendLog) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Path != "/robots.txt" {
		l.mu.Lock()
		l.at = append(l.at, time.Now())
		l.mu.Unlock()
	}
	return l.base.RoundTrip(r)
}

func paceChild(specJSON string) int {
	var spec paceSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	client := redis.NewClient(&redis.Options{Addr: spec.Redis})
	defer client.Close()
	var mu sync.Mutex
	var report paceReport
	s := redisstore.New(client, nil)
	checker := &crawl.Checker{
		Store: s, Leaser: s, Pacer: s,
		StoreError: func(origin string, err error) {
			mu.Lock()
			report.StoreErrors++
			mu.Unlock()
		},
	}
	log := &sendLog{base: &http.Transport{MaxConnsPerHost: 1, MaxIdleConnsPerHost: 1}}
	hc := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot", Base: log}}
	var wg sync.WaitGroup
	for g := range spec.Goroutines {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := range spec.Requests {
				resp, err := hc.Get(fmt.Sprintf("%s/%s/%d/%d", spec.URL, spec.Name, g, i))
				if err == nil {
					resp.Body.Close()
				}
				if err == nil && resp.StatusCode != 200 {
					err = fmt.Errorf("status %d", resp.StatusCode)
				}
				if err != nil {
					mu.Lock()
					report.Errors = append(report.Errors, err.Error())
					mu.Unlock()
				}
			}
		}(g)
	}
	wg.Wait()
	report.Sent = log.at
	if err := json.NewEncoder(os.Stdout).Encode(report); err != nil {
		return 2
	}
	return 0
}

// An arrival is a page request a paceSite saw: who sent it, and when.
type arrival struct {
	who string
	at  time.Time
}

// A paceSite is a web site on a loopback address of its own whose
// robots.txt asks for Crawl-delay: 1; it records its page requests.
type paceSite struct {
	*httptest.Server
	mu sync.Mutex
	at []arrival
}

func newPaceSite(t *testing.T, ip string) *paceSite {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	s := &paceSite{}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nCrawl-delay: 1\nDisallow: /private\n")
			return
		}
		who, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		s.mu.Lock()
		s.at = append(s.at, arrival{who, time.Now()})
		s.mu.Unlock()
	}))
	s.Server.Listener.Close()
	s.Server.Listener = l
	s.Start()
	t.Cleanup(s.Close)
	return s
}

func (s *paceSite) arrivals() []arrival {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]arrival(nil), s.at...)
}

// paceChildren starts n children with spec, named c0, c1..., and returns
// a function that waits for them and returns their reports.
func paceChildren(t *testing.T, n int, spec paceSpec) func() []paceReport {
	t.Helper()
	type run struct {
		cmd *exec.Cmd
		out *bytes.Buffer
	}
	var runs []run
	for i := range n {
		spec.Name = fmt.Sprintf("c%d", i)
		js, err := json.Marshal(spec)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), paceEnv+"="+string(js))
		out := new(bytes.Buffer)
		cmd.Stdout = out
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run{cmd, out})
		t.Cleanup(func() { _ = cmd.Process.Kill() })
	}
	return func() []paceReport {
		var reports []paceReport
		for i, r := range runs {
			if err := r.cmd.Wait(); err != nil {
				t.Fatalf("child c%d: %v", i, err)
			}
			var rep paceReport
			if err := json.Unmarshal(r.out.Bytes(), &rep); err != nil {
				t.Fatalf("child c%d's report %q: %v", i, r.out, err)
			}
			reports = append(reports, rep)
		}
		return reports
	}
}

func TestPaceFleet(t *testing.T) {
	srv := startServer(t)
	site := newPaceSite(t, "127.0.0.41")
	wait := paceChildren(t, 4, paceSpec{Redis: srv.addr, URL: site.URL, Goroutines: 2, Requests: 2})
	reports := wait()
	for i, r := range reports {
		if len(r.Errors) > 0 || r.StoreErrors > 0 {
			t.Errorf("child c%d: errors %q, %d store errors; want none", i, r.Errors, r.StoreErrors)
		}
	}
	at := site.arrivals()
	if len(at) != 16 {
		t.Fatalf("the site saw %d requests, want 16", len(at))
	}
	spaced(t, "sent across the fleet", sentBy(reports), "", time.Second-fleetSlack)
	spaced(t, "arrived", at, "", time.Second-arrivalSlack)
	who := map[string]bool{}
	for _, a := range at {
		who[a.who] = true
	}
	if span := at[len(at)-1].at.Sub(at[0].at); span < 15*time.Second-paceSlack {
		t.Errorf("16 arrivals over %v, want 15s at least", span)
	}
	if len(who) != 4 {
		t.Errorf("requests came from %d children, want 4", len(who))
	}
}

func TestPaceFleetRedisStalled(t *testing.T) {
	srv := startServer(t)
	t.Cleanup(srv.resume) // SIGCONT before the kill, should the test fail
	site := newPaceSite(t, "127.0.0.42")
	wait := paceChildren(t, 4, paceSpec{Redis: srv.addr, URL: site.URL, Goroutines: 1, Requests: 6})
	// Once the fleet has made four requests, a second apart, stop Redis:
	// each child then paces on its own.
	deadline := time.Now().Add(time.Minute)
	for len(site.arrivals()) < 4 {
		if time.Now().After(deadline) {
			t.Fatalf("the fleet made %d requests in a minute, want 4", len(site.arrivals()))
		}
		time.Sleep(10 * time.Millisecond)
	}
	srv.stall()
	reports := wait()
	srv.resume()
	storeErrors := 0
	for i, r := range reports {
		if len(r.Errors) > 0 {
			t.Errorf("child c%d: errors %q reached the caller, want none", i, r.Errors)
		}
		storeErrors += r.StoreErrors
	}
	if storeErrors == 0 {
		t.Errorf("no child reported a store error: Redis was not stopped while they ran")
	}
	at := site.arrivals()
	if len(at) != 24 {
		t.Fatalf("the site saw %d requests, want 24", len(at))
	}
	sent := sentBy(reports)
	for i := range reports {
		who := fmt.Sprintf("c%d", i)
		spaced(t, "sent by "+who, sent, who, time.Second-paceSlack)
		spaced(t, "arrived from "+who, at, who, time.Second-arrivalSlack)
	}
}

func TestPaceReserve(t *testing.T) {
	srv := startServer(t)
	client := srv.client()
	store := redisstore.New(client, nil)
	ctx := context.Background()
	const origin = "https://pace.example"
	key := store.PaceKey(origin)
	if key != "robots:{https://pace.example}:pace" {
		t.Errorf("PaceKey = %q", key)
	}
	reserve := func() crawl.Reservation {
		t.Helper()
		r, err := store.Reserve(ctx, origin, time.Second)
		if err != nil {
			t.Fatalf("Reserve: %v", err)
		}
		return r
	}
	near := func(what string, got, want time.Duration) {
		t.Helper()
		// Redis's clock moves on between calls, by the time they take.
		if got > want || got < want-500*time.Millisecond {
			t.Errorf("%s: Delay %v, want %v less the time since the last call", what, got, want)
		}
	}
	near("first", reserve().Delay, 0)
	second := reserve()
	near("second", second.Delay, time.Second)
	third := reserve()
	near("third", third.Delay, 2*time.Second)
	if err := store.Unreserve(ctx, origin, third, time.Second); err != nil {
		t.Fatalf("Unreserve: %v", err)
	}
	near("after a release", reserve().Delay, 2*time.Second)
	// A release of a slot booked before the last does nothing.
	if err := store.Unreserve(ctx, origin, second, time.Second); err != nil {
		t.Fatalf("Unreserve: %v", err)
	}
	near("after a release of an older slot", reserve().Delay, 3*time.Second)
	if err := store.Defer(ctx, origin, 10*time.Second); err != nil {
		t.Fatalf("Defer: %v", err)
	}
	near("after Defer", reserve().Delay, 10*time.Second)
	// A Defer to before the next free time does not pull it in.
	if err := store.Defer(ctx, origin, time.Second); err != nil {
		t.Fatalf("Defer: %v", err)
	}
	near("after a shorter Defer", reserve().Delay, 11*time.Second)
	if ttl := client.PTTL(ctx, key).Val(); ttl < 12*time.Second || ttl > 13*time.Second+time.Millisecond {
		t.Errorf("the key's TTL is %v, want the next free time, 12s away, plus a second", ttl)
	}
	if _, err := store.Reserve(ctx, origin, -time.Second); err == nil {
		t.Errorf("Reserve with a negative interval succeeded, want an error")
	}
}

func TestPaceHostileValues(t *testing.T) {
	srv := startServer(t)
	client := srv.client()
	store := redisstore.New(client, nil)
	ctx := context.Background()
	tests := []struct {
		name  string
		set   func(key string) error
		delay time.Duration // the first Reserve's, at most
	}{
		{"not a number", func(k string) error { return client.Set(ctx, k, "soon", 0).Err() }, 0},
		{"inf", func(k string) error { return client.Set(ctx, k, "inf", 0).Err() }, redisstore.MaxAhead},
		{"nan", func(k string) error { return client.Set(ctx, k, "nan", 0).Err() }, 0},
		{"negative", func(k string) error { return client.Set(ctx, k, "-5", 0).Err() }, 0},
		{"far off", func(k string) error { return client.Set(ctx, k, "99999999999999999999", 0).Err() }, redisstore.MaxAhead},
		{"a list", func(k string) error { return client.RPush(ctx, k, "1").Err() }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			origin := "https://" + strings.ReplaceAll(tt.name, " ", "-") + ".example"
			if err := tt.set(store.PaceKey(origin)); err != nil {
				t.Fatal(err)
			}
			r, err := store.Reserve(ctx, origin, time.Second)
			if err != nil || r.Delay < 0 || r.Delay > tt.delay {
				t.Fatalf("Reserve = %+v, %v; want a delay of %v at most", r, err, tt.delay)
			}
			// The value is replaced: the next Reserve is a second later,
			// or MaxAhead off still.
			r2, err := store.Reserve(ctx, origin, time.Second)
			d := r2.Delay - r.Delay
			if tt.delay == redisstore.MaxAhead {
				d = time.Second
			}
			if err != nil || r2.Delay > redisstore.MaxAhead || d < 500*time.Millisecond || d > time.Second {
				t.Errorf("next Reserve = %+v, %v; want a second after the first's %v, within MaxAhead", r2, err, r.Delay)
			}
			if err := store.Defer(ctx, origin, time.Second); err != nil {
				t.Errorf("Defer: %v", err)
			}
		})
	}
}

func TestPaceRedisDown(t *testing.T) {
	srv := startServer(t)
	store := redisstore.New(srv.client(), &redisstore.Options{Timeout: 100 * time.Millisecond})
	ctx := context.Background()
	srv.stall()
	defer srv.resume()
	start := time.Now()
	_, err := store.Reserve(ctx, "https://a.example", time.Second)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Reserve on a stalled Redis = %v, want context.DeadlineExceeded", err)
	}
	if err := store.Defer(ctx, "https://a.example", time.Second); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Defer on a stalled Redis = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("two calls on a stalled Redis took %v, want about 200ms", d)
	}
}

// BenchmarkReserve is what pacing with Redis adds to each request: one
// script run (EVALSHA) on loopback; BenchmarkPing is a plain round trip.
func BenchmarkReserve(b *testing.B) {
	srv := startServer(b)
	store, _ := newStore(b, srv, benchOpts)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := store.Reserve(ctx, "https://bench.example", 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPing(b *testing.B) {
	srv := startServer(b)
	_, client := newStore(b, srv, benchOpts)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := client.Ping(ctx).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// A Wait whose context ends while it waits for its slot in Redis gives the
// slot back: the next Checker of the fleet gets it.
func TestPaceFleetWaitCancelled(t *testing.T) {
	srv := startServer(t)
	site := newPaceSite(t, "127.0.0.43")
	checker := func() *crawl.Checker {
		s := redisstore.New(srv.client(), nil)
		return &crawl.Checker{
			Store:      s,
			Leaser:     s,
			Pacer:      s,
			StoreError: func(origin string, err error) { t.Errorf("StoreError(%s, %v)", origin, err) },
		}
	}
	url := site.URL + "/page"
	ctx := context.Background()
	if err := checker().Wait(ctx, "MyBot", url); err != nil {
		t.Fatal(err)
	}
	first := time.Now() // the fleet's next slot is a second after this, at most
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := checker().Wait(short, "MyBot", url); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait with a context ending before the slot = %v, want context.DeadlineExceeded", err)
	}
	if err := checker().Wait(ctx, "MyBot", url); err != nil {
		t.Fatal(err)
	}
	if got := time.Since(first); got < time.Second-paceSlack || got > 1900*time.Millisecond {
		t.Errorf("the Wait after a cancelled one returned %v after the first, want the cancelled one's slot, 1s (not 2s)", got)
	}
}
