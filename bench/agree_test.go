package bench

import (
	"testing"
)

// TestAnswers checks, on every query workload, that each library's two ways
// of answering (per-URL group lookup and group looked up once) agree, and
// logs how the libraries' answers differ from each other (see go test -v).
// Differences between libraries are not failures: they follow different
// rules.
func TestAnswers(t *testing.T) {
	inputs := []inputFile{fileInput("realistic_5k"), fileInput("big_500k"), scaleInput}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			body := in.body(t)
			t.Log(queryReport(t, body, loadTargets(t)))
		})
	}
}

// TestWorstCase checks the worst-case workload's answer: the pattern needs a
// 'b' that the path lacks, so the path is allowed.
func TestWorstCase(t *testing.T) {
	f := parseCrawlkit(worstBody)
	if got := f.Allowed(agent, worstPath); !got {
		t.Errorf("crawlkit: Allowed(%q, 2,000 'a's) = %v, want true", agent, got)
	}
	r := parseTemoto(t, worstBody)
	if got := r.TestAgent(worstPath, agent); !got {
		t.Errorf("temoto: TestAgent(2,000 'a's, %q) = %v, want true", agent, got)
	}
}

// TestScaleFile checks the generated file: the number of rules crawlkit reads
// from it, and that it is big enough to need a raised parse limit.
func TestScaleFile(t *testing.T) {
	body := scaleFile()
	if len(body) <= 500*1024 {
		t.Errorf("generated file is %d bytes, want more than the default 500 KiB limit", len(body))
	}
	g := parseCrawlkit(body).Group("*")
	if got := len(g.Rules()); got != scaleRules {
		t.Errorf("len(Group(\"*\").Rules()) = %d, want %d", got, scaleRules)
	}
}
