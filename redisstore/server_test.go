package redisstore_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// A server is a redis-server process the test started on a loopback port,
// with persistence off. It can be killed, stalled and started again on the
// same port.
type server struct {
	t       testing.TB
	addr    string
	args    []string
	mu      sync.Mutex
	cmd     *exec.Cmd
	log     *bytes.Buffer
	waitErr chan error
}

// startServer starts a redis-server for t, stopped when t ends; extra
// arguments are added to its command line. It skips t when redis-server
// is not installed.
func startServer(t testing.TB, extra ...string) *server {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not found: these tests run a real Redis; install it " +
			"(Debian, Ubuntu: apt-get install -y redis-server) and run them again")
	}
	s, err := launchServer(path, t.TempDir(), extra...)
	if err != nil {
		t.Fatalf("starting redis-server: %v", err)
	}
	s.t = t
	t.Cleanup(s.kill)
	return s
}

// launchServer starts the redis-server at path on a free loopback port,
// with dir as its directory; the caller kills it.
func launchServer(path, dir string, extra ...string) (*server, error) {
	var lastErr error
	// A free port can be taken by someone else between finding it and
	// the server binding it: try a few.
	for try := 0; try < 5; try++ {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		s := &server{
			addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
			args: append([]string{
				"--port", strconv.Itoa(port),
				"--bind", "127.0.0.1",
				"--save", "",
				"--appendonly", "no",
				"--dir", dir,
				"--logfile", "",
			}, extra...),
		}
		s.args = append([]string{path}, s.args...)
		if lastErr = s.start(); lastErr == nil {
			return s, nil
		}
	}
	return nil, lastErr
}

// exampleRedisEnv names the environment variable that gives the Examples
// the address of their Redis, as a user's program might.
const exampleRedisEnv = "REDIS_ADDR"

// runWithRedis runs the tests and Examples of m with a redis-server for
// the Examples, whose address it puts in exampleRedisEnv. Without
// redis-server, as the tests skip, the Examples that need it do not run.
func runWithRedis(m *testing.M) int {
	flag.Parse()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		fmt.Fprintln(os.Stderr, "redis-server not found: ExampleNew does not run (Debian, Ubuntu: apt-get install -y redis-server)")
		skip := flag.Lookup("test.skip")
		if v := skip.Value.String(); v != "" {
			skip.Value.Set(v + "|^ExampleNew$")
		} else {
			skip.Value.Set("^ExampleNew$")
		}
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "redisstore-example-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	s, err := launchServer(path, dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "starting redis-server for the Examples: %v\n", err)
		return 1
	}
	defer s.kill()
	os.Setenv(exampleRedisEnv, s.addr)
	return m.Run()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// start runs the server process and waits until it answers PING.
func (s *server) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cmd := exec.Command(s.args[0], s.args[1:]...)
	log := new(bytes.Buffer)
	cmd.Stdout = log
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		return err
	}
	waitErr := make(chan error, 1)
	go func() { waitErr <- cmd.Wait() }()
	s.cmd, s.log, s.waitErr = cmd, log, waitErr

	client := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
	defer client.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return nil
		}
		select {
		case werr := <-waitErr:
			return fmt.Errorf("redis-server exited (%v): %s", werr, log)
		default:
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-waitErr
			return fmt.Errorf("redis-server did not answer PING: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// restart starts the server again on its port after kill.
func (s *server) restart() {
	s.t.Helper()
	if err := s.start(); err != nil {
		s.t.Fatalf("restarting redis-server: %v", err)
	}
}

// kill ends the server process with SIGKILL, as a crash would, and waits
// for it to exit. Killing a server already killed does nothing.
func (s *server) kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGCONT) // in case it was stalled
	_ = s.cmd.Process.Kill()
	<-s.waitErr
	s.cmd = nil
}

// stall stops the server process with SIGSTOP: it keeps its port and
// accepts connections, but answers nothing until resume.
func (s *server) stall() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		s.t.Fatalf("stalling redis-server: %v", err)
	}
}

func (s *server) resume() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		s.t.Fatalf("resuming redis-server: %v", err)
	}
}

// client returns a client of the server, closed when the test ends. It
// keeps go-redis's defaults, ContextTimeoutEnabled off included, so that
// the tests show the Store bounding its calls by itself.
func (s *server) client() *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.addr})
	s.t.Cleanup(func() { c.Close() })
	return c
}

// patientClient returns a client of the server whose own limits are long:
// 30 seconds to dial, read or write, and ten retries a second apart. A
// Store on it answers within its Timeout only because it bounds its calls
// itself.
func (s *server) patientClient() *redis.Client {
	return s.patientClientWith(false)
}

// patientClientWith is patientClient, made with ContextTimeoutEnabled set
// as ctxTimeouts says: a Store on such a client calls it on the caller's
// goroutine.
func (s *server) patientClientWith(ctxTimeouts bool) *redis.Client {
	c := redis.NewClient(&redis.Options{
		ContextTimeoutEnabled: ctxTimeouts,
		Addr:                  s.addr,
		DialTimeout:           30 * time.Second,
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          30 * time.Second,
		PoolTimeout:           30 * time.Second,
		MaxRetries:            10,
		MinRetryBackoff:       500 * time.Millisecond,
		MaxRetryBackoff:       time.Second,
	})
	s.t.Cleanup(func() { c.Close() })
	return c
}
