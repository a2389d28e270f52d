package redisstore_test

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// clusterNodeTimeout is the cluster-node-timeout of the Clusters the tests
// start: a primary that does not answer for that long is failed over to
// its replica.
const clusterNodeTimeout = 2 * time.Second

// A cluster is a Redis Cluster the test started: three primaries and a
// replica of each, six redis-server processes on loopback ports.
type cluster struct {
	t     testing.TB
	nodes []*server
}

// startCluster starts a Redis Cluster of three primaries with a replica
// each, stopped when t ends, and waits until every node reports it ok. It
// skips t when redis-server or redis-cli is not installed.
func startCluster(t testing.TB) *cluster {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not found: these tests run a real Redis; install it " +
			"(Debian, Ubuntu: apt-get install -y redis-server) and run them again")
	}
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		t.Skip("redis-cli not found: it makes the test's Redis Cluster (Debian, Ubuntu: apt-get install -y redis-tools)")
	}
	c := &cluster{t: t}
	for i := 0; i < 6; i++ {
		bus, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		s, err := launchServer(path, t.TempDir(),
			"--cluster-enabled", "yes",
			"--cluster-port", strconv.Itoa(bus),
			"--cluster-node-timeout", strconv.Itoa(int(clusterNodeTimeout/time.Millisecond)),
			"--cluster-config-file", "nodes.conf")
		if err != nil {
			t.Fatalf("starting redis-server %d of the cluster: %v", i+1, err)
		}
		s.t = t
		t.Cleanup(s.kill)
		c.nodes = append(c.nodes, s)
	}
	args := []string{"--cluster", "create"}
	args = append(args, c.addrs()...)
	args = append(args, "--cluster-replicas", "1", "--cluster-yes")
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	c.waitOK(30 * time.Second)
	return c
}

// addrs returns the addresses of the nodes.
func (c *cluster) addrs() []string {
	var addrs []string
	for _, s := range c.nodes {
		addrs = append(addrs, s.addr)
	}
	return addrs
}

// alive returns the nodes that have not been killed.
func (c *cluster) alive() []*server {
	var alive []*server
	for _, s := range c.nodes {
		s.mu.Lock()
		if s.cmd != nil {
			alive = append(alive, s)
		}
		s.mu.Unlock()
	}
	return alive
}

// info returns a field of CLUSTER INFO from node s, "" when s does not
// answer.
func (s *server) clusterInfo(field string) string {
	client := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	info, err := client.ClusterInfo(ctx).Result()
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), field+":"); ok {
			return v
		}
	}
	return ""
}

// waitOK waits until every live node says the cluster is ok, with three
// primaries serving all 16384 slots, each with a replica in sync.
func (c *cluster) waitOK(within time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(within)
	for {
		ok := true
		for _, s := range c.alive() {
			if s.clusterInfo("cluster_state") != "ok" || s.clusterInfo("cluster_slots_ok") != "16384" {
				ok = false
			}
		}
		if ok && c.replicasInSync() {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the cluster was not ok within %v", within)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// replicasInSync reports whether every live replica's link to its primary
// is up.
func (c *cluster) replicasInSync() bool {
	for _, s := range c.alive() {
		client := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		info, err := client.Info(ctx, "replication").Result()
		cancel()
		client.Close()
		if err != nil {
			return false
		}
		if strings.Contains(info, "role:slave") && !strings.Contains(info, "master_link_status:up") {
			return false
		}
	}
	return true
}

// primaryOf returns the node that serves key as its primary.
func (c *cluster) primaryOf(key string) *server {
	c.t.Helper()
	client := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.addrs()})
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	slot, err := client.ClusterKeySlot(ctx, key).Result()
	if err != nil {
		c.t.Fatal(err)
	}
	slots, err := client.ClusterSlots(ctx).Result()
	if err != nil {
		c.t.Fatal(err)
	}
	for _, r := range slots {
		if int64(r.Start) <= slot && slot <= int64(r.End) {
			for _, s := range c.nodes {
				if s.addr == r.Nodes[0].Addr {
					return s
				}
			}
		}
	}
	c.t.Fatalf("no primary serves slot %d of %q", slot, key)
	return nil
}

// promoted waits until a live node serves the slots of dead, a primary
// that was killed, with all the cluster's slots covered, and returns how
// long that took from killed.
func (c *cluster) promoted(dead *server, killed time.Time, within time.Duration) time.Duration {
	c.t.Helper()
	deadline := killed.Add(within)
	for {
		if c.servedWithout(dead) {
			return time.Since(killed)
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("no replica took over from %s within %v of the kill", dead.addr, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// servedWithout reports whether every live node says the cluster is ok
// and that no slot is served by dead.
func (c *cluster) servedWithout(dead *server) bool {
	for _, s := range c.alive() {
		if s.clusterInfo("cluster_state") != "ok" {
			return false
		}
		client := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		slots, err := client.ClusterSlots(ctx).Result()
		cancel()
		client.Close()
		if err != nil {
			return false
		}
		for _, r := range slots {
			if r.Nodes[0].Addr == dead.addr {
				return false
			}
		}
	}
	return true
}
