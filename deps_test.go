package robots_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// heavyDeps are packages a program that only parses must not link: the
// root package does no I/O and encodes nothing, and the crawl package
// holds everything that needs them.
var heavyDeps = []string{"net/http", "crypto/tls", "encoding/json", "compress/gzip"}

// TestRootDependencies checks the dependency list of the root package, as
// go list -deps gives it: none of heavyDeps, and nothing of this module
// but the root itself. .ci/run makes the same check.
func TestRootDependencies(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(goTool); err != nil {
		goTool = "go"
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps .: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/crawlkit/robots") || !slices.Contains(deps, "strings") {
		t.Fatalf("go list -deps . lists %d packages, without the root package or strings: %q", len(deps), deps)
	}
	for _, d := range heavyDeps {
		if slices.Contains(deps, d) {
			t.Errorf("the root package depends on %s", d)
		}
	}
	for _, d := range deps {
		if strings.HasPrefix(d, "github.com/crawlkit/robots/") && !strings.HasPrefix(d, "github.com/crawlkit/robots/internal/") {
			t.Errorf("the root package depends on %s, a package of its own module", d)
		}
	}
}
