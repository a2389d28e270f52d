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

// These tests run real processes against a real Redis, on the wall
// clock. They check the pace where it is kept, with no slack for a loaded
// machine: the slots Redis books, on Redis's clock, are the interval apart
// exactly; each request is sent no sooner than its slot's start, as its
// process saw it (the reply's arrival plus the slot's delay); and each
// process's own schedule keeps the interval between its calls to Reserve.
// When requests arrive at the site is not checked: the network and the
// scheduler add delays that differ from request to request, and crawl's
// Pacer doc says so. The one bound that a loaded machine could break is
// storeTimeout's (see TestPaceFleetRedisStalled).

// A reserveLog is the Pacer of a test's Checker: Redis's, recording each
// Reserve call.
type reserveLog struct {
	crawl.Pacer
	mu  sync.Mutex
	log []reserved
}

// A reserved is one Reserve call: when it began, and, if it booked a
// slot, the slot (microseconds of Redis's clock) and the earliest start
// it allows, on the caller's clock: the reply's arrival plus its delay.
type reserved struct {
	Began    time.Time
	Slot     int64
	Earliest time.Time
}

func (l *reserveLog) Reserve(ctx context.Context, origin string, interval time.Duration) (crawl.Reservation, error) {
	began := time.Now()
	r, err := l.Pacer.Reserve(ctx, origin, interval)
	rec := reserved{Began: began}
	if err == nil {
		rec.Slot, rec.Earliest = r.Slot, time.Now().Add(r.Delay)
	}
	l.mu.Lock()
	l.log = append(l.log, rec)
	l.mu.Unlock()
	return r, err
}

func (l *reserveLog) reserved() []reserved {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]reserved(nil), l.log...)
}

// slotsApart checks that the slots booked in reports, all of one origin,
// are interval apart at least, on Redis's clock, and returns how many
// there are.
func slotsApart(t *testing.T, reports []paceReport, interval time.Duration) int {
	t.Helper()
	var slots []int64
	for _, r := range reports {
		for _, rec := range r.Reserved {
			if !rec.Earliest.IsZero() {
				slots = append(slots, rec.Slot)
			}
		}
	}
	slices.Sort(slots)
	for i := 1; i < len(slots); i++ {
		if d := time.Duration(slots[i]-slots[i-1]) * time.Microsecond; d < interval {
			t.Errorf("Redis booked slots %d and %d %v apart, want %v at least", i-1, i, d, interval)
		}
	}
	return len(slots)
}

// sentAfterSlots checks that each child sent each request no sooner than
// the start of the slot it booked: each of its requests follows one Wait,
// which makes one Reserve call. With one goroutine, a child's k-th request
// follows its k-th call; with more, the calls and the requests are matched
// in the order of their times, the k-th send no sooner than the k-th
// earliest start, which holds when each request follows a slot of its own.
// A call that failed booked nothing, and its request is not checked.
func sentAfterSlots(t *testing.T, reports []paceReport, goroutines int) {
	t.Helper()
	for i, r := range reports {
		if len(r.Reserved) != len(r.Sent) {
			t.Errorf("child c%d made %d Reserve calls for %d requests, want one each", i, len(r.Reserved), len(r.Sent))
			continue
		}
		sent := slices.Clone(r.Sent)
		earliest := make([]time.Time, len(r.Reserved))
		for k, rec := range r.Reserved {
			earliest[k] = rec.Earliest
		}
		if goroutines > 1 {
			slices.SortFunc(sent, time.Time.Compare)
			slices.SortFunc(earliest, time.Time.Compare)
		}
		for k := range earliest {
			if !earliest[k].IsZero() && sent[k].Before(earliest[k]) {
				t.Errorf("child c%d sent request %d %v before the start of its slot", i, k, earliest[k].Sub(sent[k]))
			}
		}
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
	Reserved    []reserved  // the Reserve calls of its Checker
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
	// No timeout of redisstore's own (250 ms by default): the Checker's
	// bound on each call, one second (crawl's storeTimeout), is the only
	// one, as the slots these tests check are the Checker's.
	s := redisstore.New(client, &redisstore.Options{Timeout: -1})
	pacer := &reserveLog{Pacer: s}
	checker := &crawl.Checker{
		Store: s, Leaser: s, Pacer: pacer,
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
	report.Reserved = pacer.reserved()
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
	// Crawl-delay 1: sixteen slots a second apart at least, fifteen
	// seconds from the first to the last, on Redis's clock.
	if n := slotsApart(t, reports, time.Second); n != 16 {
		t.Errorf("Redis booked %d slots, want 16", n)
	}
	sentAfterSlots(t, reports, 2)
	who := map[string]bool{}
	for _, a := range at {
		who[a.who] = true
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
	// The slots booked before the stall are the fleet's, a second apart;
	// each request booked before it waited for its slot.
	slotsApart(t, reports, time.Second)
	sentAfterSlots(t, reports, 1)
	// Each child's own schedule keeps a second between the starts of its
	// Waits' Reserve calls, which it makes when its own slot has come,
	// whether Redis answers or not. (The call's start is read in the
	// goroutine that the Checker starts for it, bounded by storeTimeout,
	// one second: only a goroutine that waited longer than that to run
	// could read it after the Wait went on.)
	for i, r := range reports {
		for k := 1; k < len(r.Reserved); k++ {
			if d := r.Reserved[k].Began.Sub(r.Reserved[k-1].Began); d < time.Second {
				t.Errorf("child c%d began Reserve calls %d and %d %v apart, want 1s at least", i, k-1, k, d)
			}
		}
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
	// Slots are exact, in microseconds of Redis's clock; a Delay is the
	// slot less Redis's time of the call, which moves on between calls.
	first := reserve()
	if first.Delay != 0 {
		t.Errorf("first: Delay %v, want 0", first.Delay)
	}
	at := func(what string, r crawl.Reservation, slot int64) {
		t.Helper()
		if r.Slot != slot || r.Delay > time.Duration(slot-first.Slot)*time.Microsecond {
			t.Errorf("%s: %+v, want slot %d, %v after the first", what, r, slot, time.Duration(slot-first.Slot)*time.Microsecond)
		}
	}
	sec := time.Second.Microseconds()
	second := reserve()
	at("second", second, first.Slot+sec)
	third := reserve()
	at("third", third, first.Slot+2*sec)
	if err := store.Unreserve(ctx, origin, third, time.Second); err != nil {
		t.Fatalf("Unreserve: %v", err)
	}
	at("after a release", reserve(), first.Slot+2*sec)
	// A release of a slot booked before the last does nothing.
	if err := store.Unreserve(ctx, origin, second, time.Second); err != nil {
		t.Fatalf("Unreserve: %v", err)
	}
	at("after a release of an older slot", reserve(), first.Slot+3*sec)
	next := func() int64 {
		t.Helper()
		v, err := client.Get(ctx, key).Int64()
		if err != nil {
			t.Fatalf("GET %s: %v", key, err)
		}
		return v
	}
	if err := store.Defer(ctx, origin, 10*time.Second); err != nil {
		t.Fatalf("Defer: %v", err)
	}
	deferred := next() // Redis's time of the call plus 10 s
	if deferred < first.Slot+10*sec {
		t.Errorf("after Defer(10s) the next free time is %d, want 10s after the first slot, %d, at least", deferred, first.Slot+10*sec)
	}
	after := reserve()
	at("after Defer", after, deferred)
	// A Defer to before the next free time does not pull it in.
	if err := store.Defer(ctx, origin, time.Second); err != nil {
		t.Fatalf("Defer: %v", err)
	}
	at("after a shorter Defer", reserve(), after.Slot+sec)
	// The key expires a second past the next free time, on Redis's
	// clock, read before and after the TTL; to a few milliseconds, as the
	// script's PX, Redis's expiry time and PTTL each count whole ones,
	// rounded down.
	before := client.Time(ctx).Val()
	ttl := client.PTTL(ctx, key).Val()
	later := client.Time(ctx).Val()
	want := time.UnixMicro(next()).Add(time.Second)
	if early, late := before.Add(ttl-time.Millisecond), later.Add(ttl+3*time.Millisecond); want.Before(early) || want.After(late) {
		t.Errorf("the key expires between %v and %v, want a second past the next free time, %v", early, late, want)
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
			// on Redis's clock, or MaxAhead off still.
			r2, err := store.Reserve(ctx, origin, time.Second)
			if err != nil || r2.Delay > redisstore.MaxAhead || tt.delay == 0 && r2.Slot-r.Slot != time.Second.Microseconds() {
				t.Errorf("next Reserve = %+v, %v; want a second after the first's %+v, within MaxAhead", r2, err, r)
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
			Pacer:      &reserveLog{Pacer: s},
			StoreError: func(origin string, err error) { t.Errorf("StoreError(%s, %v)", origin, err) },
		}
	}
	url := site.URL + "/page"
	ctx := context.Background()
	first := checker()
	if err := first.Wait(ctx, "MyBot", url); err != nil {
		t.Fatal(err)
	}
	// The fleet's next slot is a second off, at most (the interval): a
	// Wait whose context ends in half that gives it back at once. (Half:
	// the Wait's round trips to Redis before the slot is booked, a Get and
	// the Reserve, must end before the deadline, or the context's end
	// would be the error.)
	short, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	if err := checker().Wait(short, "MyBot", url); !errors.Is(err, crawl.ErrPaceDeadline) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait with a context ending before the slot = %v, want crawl.ErrPaceDeadline and context.DeadlineExceeded", err)
	}
	third := checker()
	if err := third.Wait(ctx, "MyBot", url); err != nil {
		t.Fatal(err)
	}
	// On Redis's clock, the third Wait's slot is the one given back,
	// exactly a second after the first's.
	a, b := first.Pacer.(*reserveLog).reserved(), third.Pacer.(*reserveLog).reserved()
	if len(a) != 1 || len(b) != 1 || b[0].Slot-a[0].Slot != time.Second.Microseconds() {
		t.Errorf("slots booked %+v then %+v, want the second a second (1e6 us) after the first", a, b)
	}
}
