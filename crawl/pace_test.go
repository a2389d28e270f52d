package crawl_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
)

// slack is how much closer than the interval two requests may be sent:
// pacing holds between the returns of Wait, and the Transport hands the
// request on a few function calls later, which a loaded machine can
// delay: under -race, at a load of 15 on two cores, one request was
// handed on 94 ms after its Wait returned. Without pacing, requests go a
// few milliseconds apart, and the arrivals' span checks the average pace.
const slack = 150 * time.Millisecond

// arrivalSlack is the same for arrivals at the server: a request also
// waits for the client's write, the server's poller and its handler's
// goroutine, each of which a loaded machine can hold up. Two cores at a
// load of 15, with three packages' tests running, delayed one arrival by
// 373 ms. Without pacing, the requests of this file would arrive a few
// milliseconds apart; the tests also check that the arrivals' average
// pace is the interval.
const arrivalSlack = 500 * time.Millisecond

// A sendLog is the Base of a Transport that records when each page
// request (not robots.txt) is handed to the network. It keeps one
// connection to each host, so that no request waits for a dial.
type sendLog struct {
	mu   sync.Mutex
	at   []time.Time
	once sync.Once
	base *http.Transport
}

func (l *sendLog) RoundTrip(r *http.Request) (*http.Response, error) {
	l.once.Do(func() { l.base = &http.Transport{MaxConnsPerHost: 1, MaxIdleConnsPerHost: 1} })
	if r.URL.Path != "/robots.txt" {
		l.mu.Lock()
		l.at = append(l.at, time.Now())
		l.mu.Unlock()
	}
	return l.base.RoundTrip(r)
}

func (l *sendLog) sent() []time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]time.Time(nil), l.at...)
}

// An arrivalServer is a web site on a loopback address of its own that
// records when each page request arrives. Its robots.txt is robotsTxt;
// pages answer as respond says, given the page request's number (0 for
// the first).
type arrivalServer struct {
	*httptest.Server
	mu sync.Mutex
	at []time.Time
}

func newArrivalServer(t *testing.T, ip, robotsTxt string, respond func(n int, w http.ResponseWriter)) *arrivalServer {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	a := &arrivalServer{}
	a.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robotsTxt)
			return
		}
		a.mu.Lock()
		n := len(a.at)
		a.at = append(a.at, time.Now())
		a.mu.Unlock()
		if respond != nil {
			respond(n, w)
		}
	}))
	a.Server.Listener.Close()
	a.Server.Listener = l
	a.Start()
	t.Cleanup(a.Close)
	return a
}

func (a *arrivalServer) arrivals() []time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]time.Time(nil), a.at...)
}

// get fetches url through client and reads the body.
func get(t *testing.T, client *http.Client, url string) int {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Errorf("GET %s: %v", url, err)
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// gaps returns the times between consecutive arrivals.
func gaps(at []time.Time) []time.Duration {
	var g []time.Duration
	for i := 1; i < len(at); i++ {
		g = append(g, at[i].Sub(at[i-1]))
	}
	return g
}

// paced checks that requests were sent at least interval apart, less
// slack, and arrived so, less arrivalSlack; and that the arrivals span
// the intervals between them, less slack.
func paced(t *testing.T, what string, sent, arrived []time.Time, interval time.Duration) {
	t.Helper()
	for i, g := range gaps(sent) {
		if g < interval-slack {
			t.Errorf("requests %d and %d to %s were sent %v apart, want %v at least", i, i+1, what, g, interval)
		}
	}
	for i, g := range gaps(arrived) {
		if g < interval-arrivalSlack {
			t.Errorf("requests %d and %d arrived at %s %v apart, want %v at least", i, i+1, what, g, interval)
		}
	}
	if n := len(arrived); n > 1 {
		if span, want := arrived[n-1].Sub(arrived[0]), time.Duration(n-1)*interval; span < want-slack {
			t.Errorf("%d requests arrived at %s over %v, want %v at least", n, what, span, want)
		}
	}
}

func TestTransportPacesCrawlDelay(t *testing.T) {
	t.Parallel()
	slow := newArrivalServer(t, "127.0.0.21", "User-agent: *\nCrawl-delay: 1\n", nil)
	other := newArrivalServer(t, "127.0.0.22", "User-agent: *\nCrawl-delay: 1\n", nil)
	checker := &crawl.Checker{}
	slowLog, otherLog := &sendLog{}, &sendLog{}
	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot", Base: slowLog}}
	otherClient := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot", Base: otherLog}}
	start := time.Now()
	var wg sync.WaitGroup
	for g := range 10 {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := range 5 {
				get(t, client, fmt.Sprintf("%s/g%d/%d", slow.URL, g, i))
			}
		}(g)
	}
	// While the first origin's queue of 50 requests, 49 seconds long, is
	// under way, another origin with the same delay is served at its own
	// pace.
	time.Sleep(100 * time.Millisecond)
	var otherDone time.Time
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 3 {
			get(t, otherClient, fmt.Sprintf("%s/%d", other.URL, i))
		}
		otherDone = time.Now()
	}()
	wg.Wait()
	at := slow.arrivals()
	if len(at) != 50 {
		t.Fatalf("the first origin saw %d requests, want 50", len(at))
	}
	paced(t, "the first origin", slowLog.sent(), at, time.Second)
	paced(t, "the second origin", otherLog.sent(), other.arrivals(), time.Second)
	// Three requests a second apart take two seconds; held up behind the
	// first origin they would take 49. Ten seconds leaves room for a
	// loaded machine.
	if d := otherDone.Sub(start); d > 10*time.Second {
		t.Errorf("the second origin's 3 requests were done %v after the start, want well under the first origin's 49s", d)
	}
}

func TestTransportRetryAfter(t *testing.T) {
	t.Parallel()
	// refusals answers the pages listed with status and Retry-After value
	// (none when ""), and the others with 200.
	type refusal struct {
		status int
		after  func() string
	}
	date := func(d time.Duration) func() string {
		return func() string { return time.Now().Add(d).UTC().Format(http.TimeFormat) }
	}
	secs := func(s string) func() string { return func() string { return s } }
	tests := []struct {
		name     string
		ip       string
		refusals map[int]refusal
		// least[i] is the least gap between arrivals i and i+1; most[i],
		// if not zero, the most (a generous bound, for a loaded machine).
		least, most []time.Duration
	}{
		{
			name:     "429 with Retry-After in seconds",
			ip:       "127.0.0.23",
			refusals: map[int]refusal{0: {429, secs("2")}},
			least:    []time.Duration{2 * time.Second, 100 * time.Millisecond},
			most:     []time.Duration{0, time.Second},
		},
		{
			// An HTTP date has whole seconds: three seconds ahead is two
			// at least.
			name:     "503 with Retry-After as an HTTP date",
			ip:       "127.0.0.24",
			refusals: map[int]refusal{0: {503, date(3 * time.Second)}},
			least:    []time.Duration{2 * time.Second, 100 * time.Millisecond},
			most:     []time.Duration{0, time.Second},
		},
		{
			// Without Retry-After, twice the interval, one second at
			// least, doubling with each refusal in a row: 2 s, 4 s; a
			// success resets it, and the next refusal waits 2 s, not 8.
			name:     "503 without Retry-After, twice, then success, then 503",
			ip:       "127.0.0.25",
			refusals: map[int]refusal{0: {503, secs("")}, 1: {503, secs("")}, 3: {503, secs("")}},
			least:    []time.Duration{2 * time.Second, 4 * time.Second, 100 * time.Millisecond, 2 * time.Second, 100 * time.Millisecond},
			most:     []time.Duration{0, 0, time.Second, 6 * time.Second, time.Second},
		},
		{
			name:     "a Retry-After that cannot be read is the back-off",
			ip:       "127.0.0.26",
			refusals: map[int]refusal{0: {429, secs("soon")}},
			least:    []time.Duration{2 * time.Second, 100 * time.Millisecond},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newArrivalServer(t, tt.ip, "User-agent: *\nDisallow: /private\n", func(n int, w http.ResponseWriter) {
				if r, ok := tt.refusals[n]; ok {
					if v := r.after(); v != "" {
						w.Header().Set("Retry-After", v)
					}
					w.WriteHeader(r.status)
				}
			})
			checker := &crawl.Checker{Pacing: crawl.Pacing{MinInterval: 100 * time.Millisecond}}
			log := &sendLog{}
			client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot", Base: log}}
			for i := range len(tt.least) + 1 {
				get(t, client, fmt.Sprintf("%s/%d", s.URL, i))
			}
			sent, arrived := gaps(log.sent()), gaps(s.arrivals())
			if len(sent) != len(tt.least) || len(arrived) != len(tt.least) {
				t.Fatalf("%d gaps between sends, %d between arrivals, want %d", len(sent), len(arrived), len(tt.least))
			}
			for i := range sent {
				if sent[i] < tt.least[i]-slack {
					t.Errorf("requests %d and %d were sent %v apart, want %v at least", i, i+1, sent[i], tt.least[i])
				}
				if arrived[i] < tt.least[i]-arrivalSlack {
					t.Errorf("requests %d and %d arrived %v apart, want %v at least", i, i+1, arrived[i], tt.least[i])
				}
				if i < len(tt.most) && tt.most[i] > 0 && sent[i] > tt.most[i] {
					t.Errorf("requests %d and %d were sent %v apart, want %v at most", i, i+1, sent[i], tt.most[i])
				}
			}
		})
	}
}

func TestWaitCancelled(t *testing.T) {
	t.Parallel()
	// Five seconds between slots, so that a loaded machine's late wake-ups
	// do not change the order of what follows.
	const delay = 5 * time.Second
	s := newArrivalServer(t, "127.0.0.27", "User-agent: *\nCrawl-delay: 5\n", nil)
	checker := &crawl.Checker{}
	ctx := context.Background()
	url := s.URL + "/page"
	if err := checker.Wait(ctx, "MyBot", url); err != nil {
		t.Fatalf("first Wait: %v", err)
	}
	first := time.Now() // the next slot is delay after this, at most

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	begin := time.Now()
	if err := checker.Wait(cancelled, "MyBot", url); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait with a cancelled context = %v, want context.Canceled", err)
	}
	if d := time.Since(begin); d > 500*time.Millisecond {
		t.Errorf("Wait with a cancelled context took %v, want at once", d)
	}

	// A Wait that is cancelled while it waits for the slot, and one
	// behind it: the second gets the slot the first would have had, delay
	// after the first Wait, not twice that.
	soon, cancelSoon := context.WithCancel(ctx)
	type result struct {
		err error
		at  time.Time
	}
	soonc := make(chan result, 1)
	go func() {
		err := checker.Wait(soon, "MyBot", url)
		soonc <- result{err, time.Now()}
	}()
	time.Sleep(200 * time.Millisecond)
	next := make(chan result, 1)
	go func() {
		err := checker.Wait(ctx, "MyBot", url)
		next <- result{err, time.Now()}
	}()
	time.Sleep(200 * time.Millisecond)
	cancelledAt := time.Now()
	cancelSoon()
	r := <-soonc
	if !errors.Is(r.err, context.Canceled) {
		t.Errorf("Wait cancelled while waiting = %v, want context.Canceled", r.err)
	}
	if d := r.at.Sub(cancelledAt); d > time.Second {
		t.Errorf("Wait returned %v after its context was cancelled, want at once", d)
	}
	r = <-next
	if r.err != nil {
		t.Errorf("Wait behind a cancelled one: %v", r.err)
	}
	if got := r.at.Sub(first); got < delay-slack || got > 2*delay-time.Second {
		t.Errorf("the Wait behind the cancelled one returned %v after the first, want its slot, %v (not %v)", got, delay, 2*delay)
	}
}

func TestWaitErrors(t *testing.T) {
	t.Parallel()
	s := newArrivalServer(t, "127.0.0.28", "User-agent: *\nCrawl-delay: 60\n", nil)
	tests := []struct {
		name   string
		pacing crawl.Pacing
		agent  string
		want   error
		// interval is what Interval returns when want is nil.
		interval time.Duration
	}{
		{"capped at the default maximum", crawl.Pacing{}, "MyBot", nil, 30 * time.Second},
		{"capped at a maximum of 5s", crawl.Pacing{MaxDelay: 5 * time.Second}, "MyBot", nil, 5 * time.Second},
		{"no maximum", crawl.Pacing{MaxDelay: -1}, "MyBot", nil, time.Minute},
		{"Crawl-delay ignored", crawl.Pacing{IgnoreCrawlDelay: true}, "MyBot", nil, time.Second},
		{"refused above the maximum", crawl.Pacing{RefuseAboveMax: true}, "MyBot", crawl.ErrDelayTooLong, 0},
		{"bad agent", crawl.Pacing{}, "My Bot", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checker := &crawl.Checker{Pacing: tt.pacing}
			got, err := checker.Interval(context.Background(), tt.agent, s.URL+"/")
			if tt.agent == "My Bot" {
				if err == nil {
					t.Errorf("Interval with agent %q = %v, nil; want an error", tt.agent, got)
				}
				if err := checker.Wait(context.Background(), tt.agent, s.URL+"/"); err == nil {
					t.Errorf("Wait with agent %q = nil, want an error", tt.agent)
				}
				return
			}
			if !errors.Is(err, tt.want) || got != tt.interval {
				t.Errorf("Interval = %v, %v; want %v, %v", got, err, tt.interval, tt.want)
			}
			if tt.want != nil {
				if err := checker.Wait(context.Background(), tt.agent, s.URL+"/"); !errors.Is(err, tt.want) {
					t.Errorf("Wait = %v, want %v", err, tt.want)
				}
			}
		})
	}
}

func TestIntervalDefaults(t *testing.T) {
	t.Parallel()
	s := newArrivalServer(t, "127.0.0.29", "User-agent: slow\nCrawl-delay: 3\nDisallow: /a\n\nUser-agent: quick\nCrawl-delay: 0.25\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\n", nil)
	tests := []struct {
		name   string
		pacing crawl.Pacing
		agent  string
		want   time.Duration
	}{
		{"Crawl-delay", crawl.Pacing{}, "slow", 3 * time.Second},
		{"no Crawl-delay: the minimum", crawl.Pacing{}, "other", time.Second},
		{"a Crawl-delay under the minimum", crawl.Pacing{}, "quick", time.Second},
		{"a Crawl-delay over a smaller minimum", crawl.Pacing{MinInterval: 100 * time.Millisecond}, "quick", 250 * time.Millisecond},
		{"no minimum", crawl.Pacing{MinInterval: -1}, "other", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checker := &crawl.Checker{Pacing: tt.pacing}
			got, err := checker.Interval(context.Background(), tt.agent, s.URL+"/")
			if err != nil || got != tt.want {
				t.Errorf("Interval(%q) = %v, %v; want %v", tt.agent, got, err, tt.want)
			}
		})
	}
}

func BenchmarkWaitNoneDue(b *testing.B) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	b.Cleanup(s.Close)
	checker := &crawl.Checker{Pacing: crawl.Pacing{MinInterval: -1}}
	ctx := context.Background()
	url := s.URL + "/page"
	if err := checker.Wait(ctx, "MyBot", url); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := checker.Wait(ctx, "MyBot", url); err != nil {
			b.Fatal(err)
		}
	}
}

// Each redirect hop is a request of its own, and waits for its slot.
func TestTransportPacesRedirects(t *testing.T) {
	t.Parallel()
	s := newArrivalServer(t, "127.0.0.31", "User-agent: *\nCrawl-delay: 1\nDisallow: /private\n", func(n int, w http.ResponseWriter) {
		if n < 2 {
			w.Header().Set("Location", fmt.Sprintf("/hop%d", n+1))
			w.WriteHeader(http.StatusFound)
		}
	})
	log := &sendLog{}
	client := &http.Client{Transport: &crawl.Transport{Checker: &crawl.Checker{}, Agent: "MyBot", Base: log}}
	if status := get(t, client, s.URL+"/start"); status != 200 {
		t.Fatalf("GET /start, redirected twice: status %d", status)
	}
	at := s.arrivals()
	if len(at) != 3 {
		t.Fatalf("the site saw %d requests, want 3 (two redirects)", len(at))
	}
	paced(t, "the site", log.sent(), at, time.Second)
}
