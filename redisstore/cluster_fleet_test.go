package redisstore_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlkit/robots/crawl"
	"github.com/crawlkit/robots/redisstore"
)

// crawlWalk is a fleet child's crawl of spec.Origins: origin i is asked
// for at spec.Start plus i times spec.Every, by one of spec.Workers
// goroutines, which checks its /private then its /public. Every child
// walks the same origins at the same times, as crawlers given the same
// links would: each origin is missed by the whole fleet at once.
func crawlWalk(ctx context.Context, checker *crawl.Checker, spec childSpec) []callReport {
	var (
		mu    sync.Mutex
		calls []callReport
		next  atomic.Int64
		wg    sync.WaitGroup
	)
	for w := 0; w < spec.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(spec.Origins) {
					return
				}
				time.Sleep(time.Until(spec.Start.Add(time.Duration(i) * spec.Every)))
				for _, path := range []string{"/private", "/public"} {
					r := callReport{Origin: spec.Origins[i], Path: path, Start: time.Now()}
					e, err := checker.Explain(ctx, "MyBot", spec.Origins[i]+path)
					r.End = time.Now()
					r.Allowed, r.Stored = e.Allowed, e.Access.Stored
					if err != nil {
						r.Err = err.Error()
					}
					mu.Lock()
					calls = append(calls, r)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return calls
}

// manyOrigins serves the robotsBody at n origins, each on a loopback
// address of its own (127.0.1.1 onwards), and counts each one's robots.txt
// fetches.
type manyOrigins struct {
	urls    []string
	mu      sync.Mutex
	fetches map[string]int // by origin URL
}

func newManyOrigins(t *testing.T, n int) *manyOrigins {
	t.Helper()
	m := &manyOrigins{fetches: map[string]int{}}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		m.mu.Lock()
		m.fetches["http://"+r.Host]++
		m.mu.Unlock()
		fmt.Fprint(w, robotsBody)
	})}
	for i := 0; i < n; i++ {
		ip := fmt.Sprintf("127.0.%d.%d", 1+i/250, 1+i%250)
		l, err := net.Listen("tcp", ip+":0")
		if err != nil {
			t.Fatalf("listening on %s: %v", ip, err)
		}
		go srv.Serve(l)
		m.urls = append(m.urls, "http://"+l.Addr().String())
	}
	t.Cleanup(func() { srv.Close() })
	return m
}

// TestFleetClusterFailover runs a fleet of 8 crawler processes of 4
// goroutines each over a Redis Cluster of three primaries with a replica
// each (cluster-node-timeout 2 s), walking 200 origins, one every 40 ms,
// all the fleet asking for each at once; 3 s in, the primary that serves
// the most of the origins asked for next is killed with SIGKILL, and its
// replica takes over. Throughout, every call answers right, with no
// error; a fleet whose crawlers waited for the Store to come back makes at
// most 2 fetches of any origin (one, or two when a lease the failover lost
// is taken again), and no call takes over 5 s: a Checker waits
// crawl.DefaultOutageWait at most for the Store, and its fetches are on
// loopback.
func TestFleetClusterFailover(t *testing.T) {
	if testing.Short() {
		t.Skip("a fleet over a Redis Cluster takes some 20 s")
	}
	c := startCluster(t)
	const (
		crawlers = 8
		n        = 200
		every    = 40 * time.Millisecond
		killAt   = 3 * time.Second
	)
	origins := newManyOrigins(t, n)
	start := time.Now().Add(2 * time.Second) // the children are up by then
	spec := childSpec{Cluster: c.addrs(), Origins: origins.urls, Start: start, Every: every, Workers: 4, Close: true}
	children := make([]*child, crawlers)
	for i := range children {
		s := spec
		s.Name = fmt.Sprintf("crawler%d", i+1)
		children[i] = startChild(t, s)
	}
	for _, ch := range children {
		ch.waitCalling(t)
	}
	// The primary serving the most origins asked for in the 2 s after
	// the kill: the failover's worst for the fleet.
	first := int(killAt / every)
	count := map[*server]int{}
	var victim *server
	store := redisstore.New(nil, nil)
	for _, u := range origins.urls[first : first+int(2*time.Second/every)] {
		p := c.primaryOf(store.Key(u))
		if count[p]++; victim == nil || count[p] > count[victim] {
			victim = p
		}
	}
	time.Sleep(time.Until(start.Add(killAt)))
	victim.kill()
	killed := time.Now()
	took := c.promoted(victim, killed, 30*time.Second)

	var (
		longest time.Duration
		calls   int
		stats   crawl.Stats
	)
	for _, ch := range children {
		r := ch.wait(t) // fails t on an error or a wrong answer
		calls += len(r.Calls)
		for _, call := range r.Calls {
			longest = max(longest, call.took())
		}
		st := r.Stats
		stats.FromStore += st.FromStore
		stats.FromFetch += st.FromFetch
		stats.OutageWaits += st.OutageWaits
		stats.OutageWaitTime += st.OutageWaitTime
		stats.OutageFetches += st.OutageFetches
		stats.LeaseWaits += st.LeaseWaits
	}
	origins.mu.Lock()
	defer origins.mu.Unlock()
	total, most := 0, 0
	var over []string
	for _, u := range origins.urls {
		f := origins.fetches[u]
		total += f
		most = max(most, f)
		if f > 2 {
			over = append(over, fmt.Sprintf("%s: %d", u, f))
		}
	}
	sort.Strings(over)
	t.Logf("%d crawlers, %d calls over %d origins; primary %s killed %v in, replica serving %v later; "+
		"%d robots.txt fetches (at most %d of one origin), longest call %v; "+
		"the fleet's answers from the Store %d, from fetches %d; %d outage waits of %v on average, %d fetches without the Store",
		crawlers, calls, n, victim.addr, killAt, took.Round(time.Millisecond), total, most, longest.Round(time.Millisecond),
		stats.FromStore, stats.FromFetch, stats.OutageWaits, avg(stats.OutageWaitTime, stats.OutageWaits), stats.OutageFetches)
	if len(over) > 0 {
		t.Errorf("%d origins fetched more than twice: %s", len(over), strings.Join(over, ", "))
	}
	if longest > 5*time.Second {
		t.Errorf("the longest call took %v, want at most 5 s", longest)
	}
}

func avg(d time.Duration, n int64) time.Duration {
	if n == 0 {
		return 0
	}
	return (d / time.Duration(n)).Round(time.Millisecond)
}
