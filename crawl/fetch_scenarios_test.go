package crawl_test

// Scenarios of servers that misbehave, on loopback: bodies that stall or
// lie about their length, content codings, credentials in URLs, Host
// headers, stored entries from peers with wrong clocks, odd statuses.

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/crawl"
)

// listenOn returns a TCP listener on ip, a loopback address such as
// "127.0.0.2", on a port of the system's choosing.
func listenOn(t *testing.T, ip string) net.Listener {
	t.Helper()
	l, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// newServerOn is newRobotsServer listening on ip.
func newServerOn(t *testing.T, ip string, handler http.HandlerFunc) *robotsServer {
	t.Helper()
	s := &robotsServer{}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			s.hits.Add(1)
		}
		handler(w, r)
	}))
	s.Listener.Close()
	s.Listener = listenOn(t, ip)
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// rawServer writes, for each request, the bytes its respond function
// gives, as they are: a Content-Length that lies, a body that stops. It
// then reads the connection for the next request, so a response that
// stops short holds the connection open until the client closes it.
type rawServer struct {
	URL     string
	respond func(path string) string

	mu    sync.Mutex
	paths []string
	conns map[net.Conn]bool
}

func newRawServer(t *testing.T, ip string, respond func(path string) string) *rawServer {
	t.Helper()
	l := listenOn(t, ip)
	s := &rawServer{URL: "http://" + l.Addr().String(), respond: respond, conns: map[net.Conn]bool{}}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns[conn] = true
			s.mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.serve(conn)
			}()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		s.mu.Lock()
		for c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		wg.Wait()
	})
	return s
}

func (s *rawServer) serve(conn net.Conn) {
	defer conn.Close()
	br := bufio.NewReader(conn)
	for {
		req, err := http.ReadRequest(br)
		if err != nil {
			return
		}
		s.mu.Lock()
		s.paths = append(s.paths, req.URL.Path)
		s.mu.Unlock()
		io.WriteString(conn, s.respond(req.URL.Path))
	}
}

// requests returns the paths asked for so far.
func (s *rawServer) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string{}, s.paths...)
}

// stalled is the head of a response with the given status line and
// headers that declares a body of 5,000 bytes and sends 15 of them.
func stalled(status string, headers ...string) string {
	h := ""
	for _, v := range headers {
		h += v + "\r\n"
	}
	return "HTTP/1.1 " + status + "\r\n" + h + "Content-Length: 5000\r\n\r\n" + "fifteen bytes.."
}

// whole is a complete response with a body.
func whole(status, body string, headers ...string) string {
	h := ""
	for _, v := range headers {
		h += v + "\r\n"
	}
	return "HTTP/1.1 " + status + "\r\n" + h + "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// TestCheckerStalledBody: the status and what was read decide a fetch,
// never the rest of a body that does not come. Each of these once waited
// for the rest until FetchTimeout and became "timeout", unreachable.
func TestCheckerStalledBody(t *testing.T) {
	// The limit and a few bytes of robots.txt, then more that never comes.
	past := privateRobots + strings.Repeat("#", robots.DefaultMaxBytes+10-len(privateRobots))
	tests := []struct {
		name    string
		respond func(path string) string
		timeout time.Duration // FetchTimeout
		state   robots.AccessState
		private bool // /private/x allowed
		explain string
		bytes   int
		backoff time.Duration // for unreachable: Expires - Fetched
		prompt  bool          // answered well within FetchTimeout
		closes  bool          // the server closes the connection after respond
		paths   string        // the requests the server saw, when set
	}{
		{
			name:    "404 declaring 5000 bytes, sending 15",
			respond: func(string) string { return stalled("404 Not Found") },
			timeout: 10 * time.Second, state: robots.Unavailable, private: true,
			explain: "robots.txt unavailable (HTTP 404): all allowed", prompt: true,
		},
		{
			name: "301 with a stalled body",
			respond: func(path string) string {
				if path == "/robots.txt" {
					return stalled("301 Moved Permanently", "Location: /moved.txt")
				}
				return whole("200 OK", privateRobots)
			},
			timeout: 10 * time.Second, state: robots.Parsed, private: false,
			explain: "line 2: Disallow: /private", bytes: len(privateRobots), prompt: true,
			paths: "[/robots.txt /moved.txt]",
		},
		{
			name: "200 stalling past the read limit",
			respond: func(string) string {
				return "HTTP/1.1 200 OK\r\nContent-Length: 2000000\r\n\r\n" + past
			},
			timeout: 10 * time.Second, state: robots.Parsed, private: false,
			explain: "line 2: Disallow: /private", bytes: robots.DefaultMaxBytes + 1, prompt: true,
		},
		{
			name:    "503 with Retry-After: 7200",
			respond: func(string) string { return stalled("503 Service Unavailable", "Retry-After: 7200") },
			timeout: 10 * time.Second, state: robots.Unreachable, private: false,
			explain: "robots.txt unreachable (HTTP 503): all disallowed", backoff: 2 * time.Hour, prompt: true,
		},
		{
			// What was read may end before a rule that mattered: the file
			// could not be fetched, as RFC 9309 section 2.3.1.4 says.
			name:    "200 stalling before the limit",
			respond: func(string) string { return stalled("200 OK") },
			timeout: 300 * time.Millisecond, state: robots.Unreachable, private: false,
			explain: "robots.txt unreachable (timeout): all disallowed", backoff: time.Minute,
		},
		{
			name: "200 cut short by the server",
			respond: func(string) string {
				return "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nConnection: close\r\n\r\nUser-agent: *\n"
			},
			timeout: 10 * time.Second, state: robots.Unreachable, private: false,
			explain: "robots.txt unreachable (reading the body: unexpected EOF): all disallowed", backoff: time.Minute,
			closes: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s *rawServer
			if tt.closes {
				s = newClosingServer(t, "127.0.0.2", tt.respond(""))
			} else {
				s = newRawServer(t, "127.0.0.2", tt.respond)
			}
			clk := newClock()
			c := crawl.WithClock(&crawl.Checker{FetchTimeout: tt.timeout}, clk.Now)
			start := time.Now()
			e, err := c.Explain(context.Background(), "MyBot", s.URL+"/private/x")
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			a := e.Access
			if a.State != tt.state || e.Allowed != tt.private || e.String() != tt.explain || a.Bytes != tt.bytes {
				t.Errorf("Explain = %v, %q, %v, %d bytes; want %v, %q, %v, %d bytes",
					e.Allowed, e, a.State, a.Bytes, tt.private, tt.explain, tt.state, tt.bytes)
			}
			if tt.backoff != 0 {
				if got := a.Expires.Sub(a.Fetched); got != tt.backoff {
					t.Errorf("fetched again after %v, want %v", got, tt.backoff)
				}
			}
			if got := fmt.Sprint(s.requests()); tt.paths != "" && got != tt.paths {
				t.Errorf("the server saw %s, want %s", got, tt.paths)
			}
			if tt.prompt && took > tt.timeout/2 {
				t.Errorf("answered after %v, want well within FetchTimeout %v", took, tt.timeout)
			}
		})
	}
}

// newClosingServer answers every connection with response and closes it.
func newClosingServer(t *testing.T, ip, response string) *rawServer {
	t.Helper()
	l := listenOn(t, ip)
	s := &rawServer{URL: "http://" + l.Addr().String()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			http.ReadRequest(bufio.NewReader(conn))
			io.WriteString(conn, response)
			conn.Close()
		}
	}()
	t.Cleanup(func() { l.Close(); <-done })
	return s
}

// compressed returns body in the content coding named.
func compressed(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	var err error
	switch coding {
	case "gzip":
		w, err = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	case "zlib":
		w, err = zlib.NewWriterLevel(&buf, zlib.BestCompression)
	case "raw deflate":
		w, err = flate.NewWriter(&buf, flate.BestCompression)
	default:
		t.Fatalf("no coding %q", coding)
	}
	if err != nil {
		t.Fatal(err)
	}
	w.Write(body)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCheckerContentCodings: gzip and deflate are decoded within the
// read limit; a coding the Checker did not ask for is not read as text.
func TestCheckerContentCodings(t *testing.T) {
	disallowAll := []byte("User-agent: *\nDisallow: /\n")
	bomb := append(append([]byte{}, disallowAll...), bytes.Repeat([]byte("\n"), 10<<20)...)
	limit := robots.DefaultMaxBytes + 1
	tests := []struct {
		name     string
		encoding string // Content-Encoding
		body     []byte
		state    robots.AccessState
		bytes    int
		err      string
	}{
		{"deflate, zlib-wrapped", "deflate", compressed(t, "zlib", disallowAll), robots.Parsed, len(disallowAll), ""},
		{"deflate, raw", "deflate", compressed(t, "raw deflate", disallowAll), robots.Parsed, len(disallowAll), ""},
		{"deflate, upper case", "DEFLATE", compressed(t, "zlib", disallowAll), robots.Parsed, len(disallowAll), ""},
		{"gzip", "gzip", compressed(t, "gzip", disallowAll), robots.Parsed, len(disallowAll), ""},
		{"x-gzip", "x-gzip", compressed(t, "gzip", disallowAll), robots.Parsed, len(disallowAll), ""},
		{"identity", "identity", disallowAll, robots.Parsed, len(disallowAll), ""},
		{"10 MB deflate bomb", "deflate", compressed(t, "zlib", bomb), robots.Parsed, limit, ""},
		{"10 MB raw deflate bomb", "deflate", compressed(t, "raw deflate", bomb), robots.Parsed, limit, ""},
		{"br", "br", []byte("\x1b\x19\x00\x00\x04User-agent: *"), robots.Unreachable, 0, `content coding "br"`},
		{"zstd", "zstd", []byte("\x28\xb5\x2f\xfd not text"), robots.Unreachable, 0, `content coding "zstd"`},
		{"unknown coding", "x-custom", disallowAll, robots.Unreachable, 0, `content coding "x-custom"`},
		{"two codings", "deflate, gzip", compressed(t, "gzip", compressed(t, "zlib", disallowAll)), robots.Unreachable, 0, `content coding "deflate, gzip"`},
		{"corrupt deflate", "deflate", []byte("User-agent: *\nDisallow: /\n"), robots.Unreachable, 0, ""},
		{"corrupt gzip", "gzip", []byte("\x1f\x8b\x08\x00garbage"), robots.Unreachable, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			accept := make(chan string, 1)
			s := newServerOn(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) {
				accept <- r.Header.Get("Accept-Encoding")
				w.Header().Set("Content-Encoding", tt.encoding)
				w.Write(tt.body)
			})
			// The Transport of net/http decompresses only the gzip it asks
			// for itself; the Checker asks, and decodes, on its own.
			for _, c := range []*crawl.Checker{{}, {Client: &http.Client{Transport: &http.Transport{DisableCompression: true}}}} {
				e, err := c.Explain(context.Background(), "MyBot", s.URL+"/page")
				if err != nil {
					t.Fatal(err)
				}
				if got := <-accept; got != "gzip, deflate" {
					t.Errorf("Accept-Encoding = %q, want %q", got, "gzip, deflate")
				}
				a := e.Access
				if e.Allowed || a.State != tt.state || a.Bytes != tt.bytes {
					t.Errorf("Explain = %v, %q, %v, %d bytes; want disallowed, %v, %d bytes", e.Allowed, e, a.State, a.Bytes, tt.state, tt.bytes)
				}
				if tt.err != "" && a.Err != tt.err {
					t.Errorf("Access.Err = %q, want %q", a.Err, tt.err)
				}
				if tt.state == robots.Parsed && e.Reason != robots.RuleMatched {
					t.Errorf("Explain = %q, want the file's rule", e)
				}
			}
		})
	}
}

// TestNoCredentialInErrors: a password in a URL never shows in an error
// or an explanation.
func TestNoCredentialInErrors(t *testing.T) {
	const secret = "s3cret-pw"
	s := newServerOn(t, "127.0.0.4", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "ftp://bot:"+secret+"@example.com/robots.txt", http.StatusFound)
		case "/other/robots.txt":
			fmt.Fprint(w, privateRobots)
		default:
			fmt.Fprint(w, "page")
		}
	})
	host := strings.TrimPrefix(s.URL, "http://")
	// A second origin whose robots.txt redirects to a URL with a password.
	s2 := newServerOn(t, "127.0.0.5", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "http://bot:"+secret+"@"+host+"/other/robots.txt", http.StatusFound)
			return
		}
		fmt.Fprint(w, "page")
	})
	host2 := strings.TrimPrefix(s2.URL, "http://")
	checker := &crawl.Checker{}
	client := &http.Client{Transport: &crawl.Transport{Checker: checker, Agent: "MyBot"}}
	ctx := context.Background()

	var texts []string
	add := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", what)
			return
		}
		texts = append(texts, what+": "+err.Error())
	}
	// Refused by the Transport.
	_, err := client.Get("http://bot:" + secret + "@" + host2 + "/private/page")
	add("Transport refusal", err)
	var de *crawl.DisallowedError
	if !errors.As(err, &de) {
		t.Fatalf("Get error %v is not a DisallowedError", err)
	}
	texts = append(texts, "DisallowedError.URL: "+de.URL, "DisallowedError.Explanation: "+fmt.Sprintf("%+v", de.Explanation))
	if want := "http://bot:xxxxx@" + host2 + "/private/page"; de.URL != want {
		t.Errorf("DisallowedError.URL = %q, want %q", de.URL, want)
	}
	// Bad URLs, from the Checker and from robots.
	for i, bad := range []string{
		"ftp://bot:" + secret + "@example.com/",
		"http://bot:" + secret + "@exa mple.com/",
		"http://bot:" + secret + "@example.com:99999/",
		"http://bot:" + secret + "@[::1/",
		"bot:" + secret + "@example.com/x",
		"//bot:" + secret + "@example.com/x",
	} {
		_, err := checker.Allowed(ctx, "MyBot", bad)
		add(fmt.Sprintf("Allowed of bad URL %d", i), err)
		_, err = robots.URLFor(bad)
		add(fmt.Sprintf("URLFor of bad URL %d", i), err)
		// What the Transport returns, inside the *url.Error of net/http,
		// when net/http could parse the URL and asked it.
		var ue *url.Error
		if _, err = client.Get(bad); errors.As(err, &ue) && errors.Is(err, robots.ErrBadURL) {
			add(fmt.Sprintf("Transport, bad URL %d", i), ue.Err)
		}
	}
	// A Host header with a password in it.
	req, err := http.NewRequest(http.MethodGet, s.URL+"/open", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "bot:" + secret + "@" + host
	var ue *url.Error
	if _, err := client.Do(req); !errors.Is(err, robots.ErrBadURL) || !errors.As(err, &ue) {
		t.Errorf("Do with a Host holding a password: %v, want ErrBadURL", err)
	} else {
		add("Transport, Host with a password", ue.Err)
	}
	// A redirect that cannot be followed, and one that can, with a password.
	e, err := checker.Explain(ctx, "MyBot", s.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	texts = append(texts, "redirect to ftp: "+e.String(), fmt.Sprintf("%+v", e.Access))
	if want := `robots.txt unavailable (redirect to "ftp://bot:xxxxx@example.com/robots.txt"): all allowed`; e.String() != want {
		t.Errorf("Explain = %q, want %q", e, want)
	}
	e, err = checker.Explain(ctx, "MyBot", s2.URL+"/private/x")
	if err != nil {
		t.Fatal(err)
	}
	texts = append(texts, fmt.Sprintf("followed redirect: %+v", e.Access))
	if want := "http://bot:xxxxx@" + host + "/other/robots.txt"; e.Allowed || e.Access.FinalURL != want {
		t.Errorf("Explain = %v, FinalURL %q; want disallowed, %q", e.Allowed, e.Access.FinalURL, want)
	}
	for _, text := range texts {
		if strings.Contains(text, secret) {
			t.Errorf("the password shows in %s", text)
		}
	}
}

// TestTransportChecksHostHeader: a crawler that resolves names itself
// sends the request to an address and names the host in the Host header;
// the robots.txt of that host decides.
func TestTransportChecksHostHeader(t *testing.T) {
	open := newHostServer(t, "127.0.0.6", "")
	closed := newHostServer(t, "127.0.0.7", privateRobots)
	openHost := strings.TrimPrefix(open.URL, "http://")
	closedHost := strings.TrimPrefix(closed.URL, "http://")
	client := &http.Client{Transport: &crawl.Transport{Checker: &crawl.Checker{}, Agent: "MyBot"}}

	get := func(urlHost, hostHeader string) error {
		req, err := http.NewRequest(http.MethodGet, "http://"+urlHost+"/private/page", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = hostHeader
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	// To the open server's address, for the closed host: refused.
	err := get(openHost, closedHost)
	var de *crawl.DisallowedError
	if !errors.As(err, &de) {
		t.Errorf("GET open address, Host %s: error %v, want a DisallowedError", closedHost, err)
	} else if want := "http://" + closedHost + "/private/page"; de.URL != want || de.Explanation.Access.URL != "http://"+closedHost+"/robots.txt" {
		t.Errorf("DisallowedError URL %q, robots.txt %q; want %q and the closed host's", de.URL, de.Explanation.Access.URL, want)
	}
	if n := open.hitsOf("/private/page"); n != 0 {
		t.Errorf("the open server saw %d requests for the closed host's page, want 0", n)
	}
	// To the closed server's address, for the open host: sent.
	if err := get(closedHost, openHost); err != nil {
		t.Errorf("GET closed address, Host %s: %v; want it sent", openHost, err)
	}
	if n := closed.hitsOf("/private/page"); n != 1 {
		t.Errorf("the closed server saw %d requests for the open host's page, want 1", n)
	}
	// The same Host as the URL's, spelt otherwise: one origin.
	if err := get(closedHost, strings.ToUpper(closedHost)); !errors.Is(err, crawl.ErrDisallowed) {
		t.Errorf("GET closed address, same Host: %v, want ErrDisallowed", err)
	}
	if o, c := open.hits.Load(), closed.hits.Load(); o != 1 || c != 1 {
		t.Errorf("robots.txt fetched %d times from the open server, %d from the closed; want 1 and 1", o, c)
	}
}

// newHostServer is a pageServer listening on ip.
func newHostServer(t *testing.T, ip, robotsTxt string) *pageServer {
	p := &pageServer{pages: map[string]int{}}
	p.robotsServer = newServerOn(t, ip, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robotsTxt)
			return
		}
		p.mu.Lock()
		p.pages[r.URL.Path]++
		p.mu.Unlock()
		fmt.Fprint(w, "page")
	})
	return p
}

// countingTransport is a real http.Transport that records the paths of
// the requests it sends.
type countingTransport struct {
	http.Transport
	mu    sync.Mutex
	paths []string
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.mu.Lock()
	t.paths = append(t.paths, req.URL.Path)
	t.mu.Unlock()
	return t.Transport.RoundTrip(req)
}

func (t *countingTransport) sent() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string{}, t.paths...)
}

// TestTransportFetchesThroughBase: with no Client of its own, a Checker
// asked by a Transport fetches robots.txt through the Transport's Base,
// with its proxy and TLS settings.
func TestTransportFetchesThroughBase(t *testing.T) {
	s := newPageServer(t, privateRobots, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "page") })
	tests := []struct {
		name    string
		checker *crawl.Checker
		want    string // what Base sent
	}{
		{"Checker without a Client", &crawl.Checker{}, "[/robots.txt /open]"},
		{"Checker with its own Client", &crawl.Checker{Client: &http.Client{}}, "[/open]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := &countingTransport{}
			defer base.CloseIdleConnections()
			client := &http.Client{Transport: &crawl.Transport{Checker: tt.checker, Agent: "MyBot", Base: base}}
			resp, err := client.Get(s.URL + "/open")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := fmt.Sprint(base.sent()); got != tt.want {
				t.Errorf("Base sent %s, want %s", got, tt.want)
			}
		})
	}
}

// TestCheckerStatusOutOfRange: a status no HTTP server sends is
// unreachable, everything disallowed, not an allowance.
func TestCheckerStatusOutOfRange(t *testing.T) {
	for _, status := range []int{600, 999, 99} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			var url string
			if status >= 100 {
				url = newServerOn(t, "127.0.0.10", serve(status, "User-agent: *\nAllow: /\n")).URL
			} else { // net/http does not write such a status
				url = newRawServer(t, "127.0.0.10", func(string) string {
					return whole(fmt.Sprintf("%03d Odd", status), "")
				}).URL
			}
			clk := newClock()
			c := crawl.WithClock(&crawl.Checker{}, clk.Now)
			e, err := c.Explain(context.Background(), "MyBot", url+"/page")
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("robots.txt unreachable (HTTP %d): all disallowed", status)
			if e.Allowed || e.Access.State != robots.Unreachable || e.String() != want || e.Access.Failures != 1 {
				t.Errorf("Explain = %v, %q, %+v; want disallowed, %q, 1 failure", e.Allowed, e, e.Access, want)
			}
		})
	}
}
