package crawl_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// clock is a settable clock for Checker.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	return &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// robotsServer is an httptest server whose /robots.txt answers with
// handler, counting the requests.
type robotsServer struct {
	*httptest.Server
	hits atomic.Int64
}

func newRobotsServer(t *testing.T, handler http.HandlerFunc) *robotsServer {
	t.Helper()
	s := &robotsServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			s.hits.Add(1)
		}
		handler(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// serve returns a handler that answers with status and body.
func serve(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

const privateRobots = "User-agent: *\nDisallow: /private\n"

func TestCheckerStatus(t *testing.T) {
	tests := []struct {
		status  int
		private bool // /private/x allowed
		open    bool // /open allowed
		explain string
	}{
		{200, false, true, "line 2: Disallow: /private"},
		{404, true, true, "robots.txt unavailable (HTTP 404): all allowed"},
		{401, true, true, "robots.txt unavailable (HTTP 401): all allowed"},
		{403, true, true, "robots.txt unavailable (HTTP 403): all allowed"},
		{429, false, false, "robots.txt unreachable (HTTP 429): all disallowed"},
		{500, false, false, "robots.txt unreachable (HTTP 500): all disallowed"},
		{503, false, false, "robots.txt unreachable (HTTP 503): all disallowed"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			s := newRobotsServer(t, serve(tt.status, privateRobots))
			c := crawl.WithClock(&crawl.Checker{}, newClock().Now)
			ctx := context.Background()
			got, err := c.Allowed(ctx, "MyBot", s.URL+"/private/x")
			if err != nil || got != tt.private {
				t.Errorf("Allowed(/private/x) = %v, %v; want %v", got, err, tt.private)
			}
			got, err = c.Allowed(ctx, "MyBot", s.URL+"/open")
			if err != nil || got != tt.open {
				t.Errorf("Allowed(/open) = %v, %v; want %v", got, err, tt.open)
			}
			e, err := c.Explain(ctx, "MyBot", s.URL+"/private/x")
			if err != nil || e.String() != tt.explain {
				t.Errorf("Explain(/private/x) = %q, %v; want %q", e, err, tt.explain)
			}
			if e.Access.Status != tt.status || e.Access.URL != s.URL+"/robots.txt" {
				t.Errorf("Explain(...).Access = %+v, want status %d, URL %s/robots.txt", e.Access, tt.status, s.URL)
			}
			if n := s.hits.Load(); n != 1 {
				t.Errorf("server saw %d robots.txt requests, want 1", n)
			}
		})
	}
}

func TestCheckerSendsUserAgent(t *testing.T) {
	tests := []struct{ set, want string }{
		{"", crawl.DefaultUserAgent},
		{"MyBot/2.0 (+https://example.com/bot)", "MyBot/2.0 (+https://example.com/bot)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			got := make(chan string, 1)
			s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) { got <- r.UserAgent() })
			c := &crawl.Checker{UserAgent: tt.set}
			if _, err := c.Allowed(context.Background(), "MyBot", s.URL+"/"); err != nil {
				t.Fatal(err)
			}
			if ua := <-got; ua != tt.want {
				t.Errorf("User-Agent = %q, want %q", ua, tt.want)
			}
		})
	}
}

func TestCheckerRefusesBadInput(t *testing.T) {
	c := &crawl.Checker{}
	ctx := context.Background()
	for _, agent := range []string{"", "MyBot/1.0", "Mozilla/5.0 (compatible; MyBot)", "My Bot"} {
		if got, err := c.Allowed(ctx, agent, "http://127.0.0.1:1/"); !errors.Is(err, robots.ErrBadAgent) || got {
			t.Errorf("Allowed(%q, ...) = %v, %v; want false and ErrBadAgent", agent, got, err)
		}
	}
	for _, url := range []string{"/relative", "ftp://example.com/", "http://exa mple.com/"} {
		if got, err := c.Allowed(ctx, "MyBot", url); !errors.Is(err, robots.ErrBadURL) || got {
			t.Errorf("Allowed(MyBot, %q) = %v, %v; want false and ErrBadURL", url, got, err)
		}
		if _, err := c.File(ctx, url); !errors.Is(err, robots.ErrBadURL) {
			t.Errorf("File(%q) error = %v, want ErrBadURL", url, err)
		}
	}
}

// redirectChain serves /robots.txt as a chain of n redirects, /r1 ...
// /rn, ending at a robots.txt that disallows /private.
func redirectChain(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		step := 0
		if r.URL.Path != "/robots.txt" {
			fmt.Sscanf(r.URL.Path, "/r%d", &step)
		}
		if step < n {
			http.Redirect(w, r, fmt.Sprintf("/r%d", step+1), http.StatusFound)
			return
		}
		fmt.Fprint(w, privateRobots)
	}
}

func TestCheckerRedirects(t *testing.T) {
	tests := []struct {
		redirects int
		private   bool
		state     robots.AccessState
	}{
		{1, false, robots.Parsed},
		{5, false, robots.Parsed},
		{6, true, robots.Unavailable},
		{20, true, robots.Unavailable},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.redirects), func(t *testing.T) {
			s := newRobotsServer(t, redirectChain(tt.redirects))
			// The client's CheckRedirect would stop at once: the Checker
			// follows redirects itself.
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
				return errors.New("no redirects")
			}}
			c := &crawl.Checker{Client: client}
			e, err := c.Explain(context.Background(), "MyBot", s.URL+"/private/x")
			if err != nil {
				t.Fatal(err)
			}
			if e.Allowed != tt.private || e.Access.State != tt.state {
				t.Errorf("Explain = %v (%v); want allowed %v, state %v", e.Allowed, e.Access.State, tt.private, tt.state)
			}
			if want := min(tt.redirects, 6); e.Access.Redirects != want {
				t.Errorf("Access.Redirects = %d, want %d", e.Access.Redirects, want)
			}
			if tt.redirects <= 5 {
				if want := fmt.Sprintf("%s/r%d", s.URL, tt.redirects); e.Access.FinalURL != want {
					t.Errorf("Access.FinalURL = %q, want %q", e.Access.FinalURL, want)
				}
			} else if want := "robots.txt unavailable (too many redirects): all allowed"; e.String() != want {
				t.Errorf("Explain = %q, want %q", e, want)
			}
		})
	}
}

func TestCheckerRedirectToOtherHost(t *testing.T) {
	other := newRobotsServer(t, serve(200, "User-agent: *\nDisallow: /other\n"))
	first := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/robots.txt", http.StatusMovedPermanently)
	})
	c := crawl.WithClock(&crawl.Checker{}, newClock().Now)
	ctx := context.Background()
	// The rules of the other host apply to the first origin.
	if got, err := c.Allowed(ctx, "MyBot", first.URL+"/other/page"); err != nil || got {
		t.Errorf("Allowed(first/other/page) = %v, %v; want false", got, err)
	}
	if got, err := c.Allowed(ctx, "MyBot", first.URL+"/open"); err != nil || !got {
		t.Errorf("Allowed(first/open) = %v, %v; want true", got, err)
	}
	f, err := c.File(ctx, first.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Access(); a.URL != first.URL+"/robots.txt" || a.FinalURL != other.URL+"/robots.txt" || a.Redirects != 1 {
		t.Errorf("Access = %+v; want URL on the first host, FinalURL on the other", a)
	}
	if n := first.hits.Load(); n != 1 {
		t.Errorf("first host saw %d robots.txt requests, want 1 (cached under the first origin)", n)
	}
	// The other origin has its own entry: asking about it fetches again.
	if _, err := c.Allowed(ctx, "MyBot", other.URL+"/x"); err != nil {
		t.Fatal(err)
	}
	if n := other.hits.Load(); n != 2 {
		t.Errorf("other host saw %d robots.txt requests, want 2", n)
	}
}

func TestCheckerExpiry(t *testing.T) {
	tests := []struct {
		name         string
		cacheControl string
		fresh        time.Duration // still cached just before this
	}{
		{"no header: 24 hours", "", 24 * time.Hour},
		{"max-age of one hour", "max-age=3600", time.Hour},
		{"max-age with other directives", "public, max-age=7200, must-revalidate", 2 * time.Hour},
		{"max-age=0: the 15 minute floor", "max-age=0", 15 * time.Minute},
		{"max-age below the floor", "max-age=60", 15 * time.Minute},
		{"max-age above 24 hours", "max-age=604800", 24 * time.Hour},
		{"bad max-age", "max-age=soon", 24 * time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
				if tt.cacheControl != "" {
					w.Header().Set("Cache-Control", tt.cacheControl)
				}
				fmt.Fprint(w, privateRobots)
			})
			clk := newClock()
			c := crawl.WithClock(&crawl.Checker{}, clk.Now)
			check := func(wantHits int64) {
				t.Helper()
				if got, err := c.Allowed(context.Background(), "MyBot", s.URL+"/private"); err != nil || got {
					t.Fatalf("Allowed = %v, %v; want false", got, err)
				}
				if n := s.hits.Load(); n != wantHits {
					t.Errorf("after %v: %d requests, want %d", clk.Now().Sub(newClock().Now()), n, wantHits)
				}
			}
			check(1)
			clk.Add(tt.fresh - time.Second)
			check(1)
			clk.Add(time.Second)
			check(2)
			clk.Add(tt.fresh - time.Second)
			check(2)
		})
	}
}

func TestCheckerBodyLimit(t *testing.T) {
	big := strings.Repeat("Disallow: /x\n", 10<<20/13)
	tests := []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"10 MB body", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n"+big)
		}},
		{"10 MB gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipBomb(t, "User-agent: *\nDisallow: /private\n", 10<<20))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, tt.handler)
			for _, c := range []*crawl.Checker{
				{},
				{Client: &http.Client{Transport: &http.Transport{DisableCompression: true}}}, // gunzipped by the Checker
				{Options: robots.Options{MaxBytes: 1 << 20}},
			} {
				f, err := c.File(context.Background(), s.URL+"/")
				if err != nil {
					t.Fatal(err)
				}
				limit := max(c.Options.MaxBytes, robots.DefaultMaxBytes)
				if a := f.Access(); a.Bytes != limit+1 {
					t.Errorf("Access.Bytes = %d, want %d (the limit and one byte)", a.Bytes, limit+1)
				}
				if f.Allowed("MyBot", "/private") {
					t.Errorf("Allowed(/private) = true, want false")
				}
			}
		})
	}
}

// gzipBomb returns head followed by newlines up to size bytes, compressed
// with gzip: about 10 KB for 10 MB.
func gzipBomb(t *testing.T, head string, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(head))
	zw.Write(bytes.Repeat([]byte("\n"), size-len(head)))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > size/100 {
		t.Fatalf("bomb is %d bytes compressed", buf.Len())
	}
	return buf.Bytes()
}

// hangingServer never answers /robots.txt until the test ends.
func hangingServer(t *testing.T) *robotsServer {
	t.Helper()
	stop := make(chan struct{})
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stop:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(stop) }) // runs before s.Close
	return s
}

func TestCheckerCallerContextEnds(t *testing.T) {
	s := hangingServer(t)
	c := &crawl.Checker{}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	got, err := c.Allowed(ctx, "MyBot", s.URL+"/")
	if !errors.Is(err, context.DeadlineExceeded) || got {
		t.Errorf("Allowed = %v, %v; want false and context.DeadlineExceeded", got, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if got, err := c.Allowed(ctx, "MyBot", s.URL+"/"); !errors.Is(err, context.Canceled) || got {
		t.Errorf("Allowed with a cancelled context = %v, %v; want false and context.Canceled", got, err)
	}
}

func TestCheckerFetchTimeout(t *testing.T) {
	s := hangingServer(t)
	c := &crawl.Checker{FetchTimeout: 50 * time.Millisecond}
	e, err := c.Explain(context.Background(), "MyBot", s.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	if want := "robots.txt unreachable (timeout): all disallowed"; e.Allowed || e.String() != want {
		t.Errorf("Explain = %v, %q; want false, %q", e.Allowed, e, want)
	}
	if e.Access.State != robots.Unreachable || e.Access.Failures != 1 {
		t.Errorf("Access = %+v; want unreachable, 1 failure", e.Access)
	}
}

func TestCheckerConnectionRefused(t *testing.T) {
	s := httptest.NewServer(http.NotFoundHandler())
	url := s.URL
	s.Close() // nothing listens on its port now
	c := &crawl.Checker{}
	e, err := c.Explain(context.Background(), "MyBot", url+"/page")
	if err != nil {
		t.Fatal(err)
	}
	if e.Allowed || e.Reason != robots.NoFile || !strings.Contains(e.Access.Err, "refused") {
		t.Errorf("Explain = %v, %v, Access.Err %q; want disallowed, unreachable, connection refused", e.Allowed, e.Reason, e.Access.Err)
	}
}

// loopbackClient sends every request to s, whatever host its URL names.
func loopbackClient(s *httptest.Server) *http.Client {
	addr := s.Listener.Addr().String()
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
	}}
}

func TestCheckerOneEntryPerOrigin(t *testing.T) {
	hosts := make(chan string, 10)
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		hosts <- r.Host
		fmt.Fprint(w, privateRobots)
	})
	c := &crawl.Checker{Client: loopbackClient(s.Server)}
	ctx := context.Background()
	for _, url := range []string{
		"http://BÜCHER.example/private/a",
		"http://bücher.example:80/private/b",
		"http://xn--bcher-kva.example/private/c",
		"HTTP://XN--BCHER-KVA.EXAMPLE/private/d",
		"http://user:pw@bücher.example/private/e",
	} {
		if got, err := c.Allowed(ctx, "MyBot", url); err != nil || got {
			t.Errorf("Allowed(%q) = %v, %v; want false", url, got, err)
		}
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("server saw %d requests for five spellings of one origin, want 1", n)
	}
	if h := <-hosts; h != "xn--bcher-kva.example" {
		t.Errorf("robots.txt asked of host %q, want xn--bcher-kva.example", h)
	}
	// Another port, or another scheme, is another origin.
	c.Allowed(ctx, "MyBot", "http://xn--bcher-kva.example:8080/")
	if n := s.hits.Load(); n != 2 {
		t.Errorf("server saw %d requests after another port, want 2", n)
	}
}

func TestCheckerRedirectToOtherScheme(t *testing.T) {
	s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.com/robots.txt", http.StatusFound)
	})
	e, err := new(crawl.Checker).Explain(context.Background(), "MyBot", s.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	want := `robots.txt unavailable (redirect to "ftp://example.com/robots.txt"): all allowed`
	if !e.Allowed || e.String() != want {
		t.Errorf("Explain = %v, %q; want true, %q", e.Allowed, e, want)
	}
}

func TestCheckerAllowedCachedDoesNotAllocate(t *testing.T) {
	s := newRobotsServer(t, serve(200, privateRobots))
	c := &crawl.Checker{}
	ctx := context.Background()
	if _, err := c.Allowed(ctx, "MyBot", s.URL+"/"); err != nil {
		t.Fatal(err)
	}
	url := s.URL + "/private/page?q=1"
	allocs := testing.AllocsPerRun(100, func() {
		if ok, err := c.Allowed(ctx, "MyBot", url); ok || err != nil {
			t.Fatalf("Allowed = %v, %v; want false", ok, err)
		}
	})
	if allocs > 0 {
		t.Errorf("Allowed on a cached origin made %v allocations, want 0", allocs)
	}
}

// TestCheckerEntry checks that Entry gives what the Checker fetched, with
// the File that File gives, from one fetch, and that the Entry's bytes are
// the caller's own.
func TestCheckerEntry(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		wantBody []byte
		redirect int // redirects before the robots.txt
	}{
		{"200", 200, privateRobots, []byte(privateRobots), 0},
		{"200 empty", 200, "", []byte{}, 0},
		{"404", 404, privateRobots, nil, 0},
		{"503", 503, privateRobots, nil, 0},
		{"200 after a redirect", 200, privateRobots, []byte(privateRobots), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newRobotsServer(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/robots.txt" && tt.redirect > 0 {
					http.Redirect(w, r, "/real-robots.txt", http.StatusFound)
					return
				}
				w.WriteHeader(tt.status)
				fmt.Fprint(w, tt.body)
			})
			c := &crawl.Checker{}
			ctx := context.Background()
			e, f, err := c.Entry(ctx, s.URL+"/page")
			if err != nil {
				t.Fatal(err)
			}
			if e.Status != tt.status || !bytes.Equal(e.Body, tt.wantBody) || (e.Body == nil) != (tt.wantBody == nil) || e.Redirects != tt.redirect {
				t.Errorf("Entry = status %d, body %q, %d redirects; want %d, %q, %d", e.Status, e.Body, e.Redirects, tt.status, tt.wantBody, tt.redirect)
			}
			if a := f.Access(); a.Status != tt.status || a.Bytes != len(tt.wantBody) || a.Fetched != e.Fetched || a.Expires != e.Expires {
				t.Errorf("File's Access = %+v, does not match the Entry %+v", a, e)
			}
			same, err := c.File(ctx, s.URL+"/other")
			if err != nil || same != f {
				t.Errorf("File = %p, %v; want the File Entry gave, %p", same, err, f)
			}
			if len(e.Body) > 0 {
				e.Body[0] = 'X' // the caller's own: the next Entry is unchanged
				again, _, err := c.Entry(ctx, s.URL+"/")
				if err != nil || !bytes.Equal(again.Body, tt.wantBody) {
					t.Errorf("after changing the Entry's body, Entry gives %q, %v; want %q", again.Body, err, tt.wantBody)
				}
			}
			if got := s.hits.Load(); got != 1 {
				t.Errorf("robots.txt fetched %d times, want 1", got)
			}
		})
	}
}

func TestCheckerEntryErrors(t *testing.T) {
	c := &crawl.Checker{}
	if _, f, err := c.Entry(context.Background(), "ftp://example.com/"); !errors.Is(err, robots.ErrBadURL) || f != nil {
		t.Errorf("Entry(ftp URL) = %v, %v; want nil and ErrBadURL", f, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := c.Entry(ctx, "http://127.0.0.1:1/"); !errors.Is(err, context.Canceled) {
		t.Errorf("Entry with a cancelled context: error %v, want context.Canceled", err)
	}
}
