package bench

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
	"github.com/temoto/robotstxt"
)

// The libraries compared, by the name used in benchmark names (lib=NAME).
const (
	crawlkit = "crawlkit" // github.com/crawlkit/robots, this repository
	temoto   = "temoto"   // github.com/temoto/robotstxt, the one colly uses
)

// parseCrawlkit parses the whole body: the limit is raised to the body's
// length so that files beyond the default 500 KiB are read whole, as the
// other libraries read them.
func parseCrawlkit(body []byte) *robots.File {
	return robots.Options{MaxBytes: len(body)}.Parse(body)
}

func parseTemoto(tb testing.TB, body []byte) *robotstxt.RobotsData {
	tb.Helper()
	r, err := robotstxt.FromBytes(body)
	if err != nil {
		tb.Fatalf("temoto: FromBytes: %v", err)
	}
	return r
}

// answers holds one library's answers to the query workload.
type answers struct {
	lib     string
	allowed []bool
}

func (a answers) count() int {
	n := 0
	for _, ok := range a.allowed {
		if ok {
			n++
		}
	}
	return n
}

// crawlkitAnswers answers every URL of t with File.Allowed and with
// Group.Allowed, and reports an error if the two ever disagree: the
// documentation promises they are the same.
func crawlkitAnswers(tb testing.TB, f *robots.File, t targets) answers {
	tb.Helper()
	g := f.Group(agent)
	a := answers{lib: crawlkit}
	for i, u := range t.urls {
		viaFile, viaGroup := f.Allowed(agent, u), g.Allowed(u)
		if viaFile != viaGroup {
			tb.Errorf("crawlkit: File.Allowed(%q, %q) = %v, but Group.Allowed = %v", agent, u, viaFile, viaGroup)
		}
		if viaPath := g.Allowed(t.paths[i]); viaPath != viaGroup {
			tb.Errorf("crawlkit: Group.Allowed(%q) = %v, but Group.Allowed(%q) = %v", t.paths[i], viaPath, u, viaGroup)
		}
		a.allowed = append(a.allowed, viaFile)
	}
	return a
}

// temotoAnswers answers every path of t with TestAgent and with
// FindGroup+Test, and reports an error if the two ever disagree.
func temotoAnswers(tb testing.TB, r *robotstxt.RobotsData, t targets) answers {
	tb.Helper()
	g := r.FindGroup(agent)
	a := answers{lib: temoto}
	for _, p := range t.paths {
		viaAgent, viaGroup := r.TestAgent(p, agent), g.Test(p)
		if viaAgent != viaGroup {
			tb.Errorf("temoto: TestAgent(%q, %q) = %v, but FindGroup.Test = %v", p, agent, viaAgent, viaGroup)
		}
		a.allowed = append(a.allowed, viaAgent)
	}
	return a
}

// compareAnswers describes how the libraries' answers to the same targets
// differ: how many each allows, how many differ, and the first few
// differences, each with the rule this library says decided it. The
// libraries follow different rules (RFC 9309 versus older conventions), so a
// difference is reported, not failed.
func compareAnswers(f *robots.File, t targets, all ...answers) string {
	var sb strings.Builder
	for _, a := range all {
		fmt.Fprintf(&sb, "%s allows %d of %d; ", a.lib, a.count(), len(a.allowed))
	}
	base := all[0]
	for _, other := range all[1:] {
		var differ []int
		for i := range base.allowed {
			if base.allowed[i] != other.allowed[i] {
				differ = append(differ, i)
			}
		}
		fmt.Fprintf(&sb, "%s and %s differ on %d", base.lib, other.lib, len(differ))
		for n, i := range differ {
			if n == 5 {
				fmt.Fprintf(&sb, "\n\t... and %d more", len(differ)-n)
				break
			}
			fmt.Fprintf(&sb, "\n\t%s: %s=%v (%s), %s=%v", t.urls[i], base.lib, base.allowed[i],
				f.Explain(agent, t.urls[i]), other.lib, other.allowed[i])
		}
	}
	return sb.String()
}
