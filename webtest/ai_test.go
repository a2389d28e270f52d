package webtest

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/ailist"
)

// An aiRow is what a row of the page's table of AI crawlers says.
type aiRow struct {
	Token   string `json:"token"`
	Purpose string `json:"purpose"`
	Valid   string `json:"valid"`
	Verdict string `json:"verdict"`
	Line    string `json:"line"`
}

// aiIdle waits until the table of AI crawlers answers the latest draft.
func (b *browser) aiIdle() {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[bool](`document.getElementById("ai-box").dataset.pending === "false"`,
			chromedp.WithPollingTimeout(20*time.Second))(ctx, t)
		return err
	}))
}

func (b *browser) aiRows() []aiRow {
	b.t.Helper()
	return eval[[]aiRow](b, `[...document.querySelectorAll("#ai-rows tr.ai-row")].map(r => ({
		token: r.dataset.token, purpose: r.dataset.purpose, valid: r.dataset.valid, verdict: r.dataset.verdict, line: r.dataset.line}))`)
}

// wantAI returns the rows the library gives for body: each crawler of the
// list, with the name as Google's rules read it, at /.
func wantAI(body string) []aiRow {
	f := robots.Parse([]byte(body))
	var out []aiRow
	for _, c := range ailist.Crawlers() {
		agent := c.Token
		valid := robots.ValidProductToken(agent)
		if !valid && robots.ProductToken(agent) != "" {
			agent = robots.ProductToken(agent)
		}
		x := f.Explain(agent, "/")
		r := aiRow{Token: c.Token, Purpose: string(c.Purpose), Valid: strconv.FormatBool(valid), Verdict: "allowed"}
		if !x.Allowed {
			r.Verdict = "disallowed"
		}
		if x.Reason == robots.RuleMatched || x.Reason == robots.IndexPageRule {
			r.Line = strconv.Itoa(x.Rule.Line)
		}
		out = append(out, r)
	}
	return out
}

// cliContradictions returns the "token kind" of the contradictions that
// "robots ai -json" finds in body, run as a process.
func cliContradictions(t *testing.T, body string) []string {
	t.Helper()
	cmd := exec.Command(tool, "ai", "-json", "-")
	cmd.Stdin = strings.NewReader(body)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("robots ai: %v", err)
	}
	var rep struct {
		Contradictions []struct{ Token, Kind string }
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatal(err)
	}
	var cs []string
	for _, c := range rep.Contradictions {
		cs = append(cs, c.Token+" "+c.Kind)
	}
	return cs
}

// TestAITable opens the table of AI crawlers for a draft: each row says
// what the library says for the crawler's name as Google reads it, the
// contradictions are those of "robots ai", a line button shows its line in
// the editor, and an edit of the draft redraws the table.
func TestAITable(t *testing.T) {
	base := serve(t)
	b := newBrowser(t, 1280, 900)
	body, err := os.ReadFile("../testdata/ai-crawlers.txt")
	if err != nil {
		t.Fatal(err)
	}
	draft := string(body)
	b.open(base + "?" + url.Values{"robots": {draft}, "agent": {"GPTBot"}, "url": {"/"}}.Encode())
	b.do(chromedp.Click(chromedp.CSS(`#ai-box summary`)))
	b.aiIdle()
	if open := eval[bool](b, `document.getElementById("ai-box").open`); !open {
		t.Fatal("the AI crawlers box does not open")
	}
	checkAI := func(what, draft string) {
		t.Helper()
		want, got := wantAI(draft), b.aiRows()
		if len(want) != len(got) {
			t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
		}
		for i := range want {
			if want[i] != got[i] {
				t.Errorf("%s: row %d is %+v, want %+v", what, i, got[i], want[i])
			}
		}
		wantC := cliContradictions(t, draft)
		gotC := eval[[]string](b, `[...document.querySelectorAll("#ai-contradictions li")].map(li => li.dataset.token + " " + li.dataset.kind)`)
		if !slices.Equal(wantC, gotC) {
			t.Errorf("%s: contradictions %q, robots ai finds %q", what, gotC, wantC)
		}
		summary := eval[string](b, `document.getElementById("ai-summary").textContent`)
		if !strings.HasSuffix(summary, strconv.Itoa(len(wantC))+" contradictions") {
			t.Errorf("%s: summary %q, want %d contradictions", what, summary, len(wantC))
		}
	}
	checkAI("the draft", draft)
	// By hand: GPTBot is shut out by line 12, CCBot is let in by line 5
	// while line 4 says ai-train=no; AI2Bot is no product token.
	rows := map[string]aiRow{}
	for _, r := range b.aiRows() {
		rows[r.Token] = r
	}
	if r := rows["GPTBot"]; r.Verdict != "disallowed" || r.Line != "12" || r.Purpose != "training" {
		t.Errorf("GPTBot: %+v", r)
	}
	if r := rows["AI2Bot"]; r.Valid != "false" || r.Verdict != "disallowed" {
		t.Errorf("AI2Bot: %+v", r)
	}
	ccbot := `#ai-contradictions li[data-token="CCBot"]`
	if lines := eval[string](b, `document.querySelector(`+strconv.Quote(ccbot)+`).dataset.lines`); lines != "5,4" {
		t.Errorf("CCBot's contradiction is on lines %q, want 5,4", lines)
	}

	// Its line 4 button shows the Content-Signal line in the editor.
	b.do(chromedp.Click(chromedp.CSS(ccbot + ` button.line-link[data-line="4"]`)))
	hl := eval[map[string]string](b, `({line: document.getElementById("highlight").dataset.line,
		selected: editor.value.slice(editor.selectionStart, editor.selectionEnd)})`)
	if hl["line"] != "4" || hl["selected"] != "Content-Signal: search=yes, ai-train=no" {
		t.Errorf("after clicking line 4: %v", hl)
	}

	// Shut CCBot out too, typing at the end of the draft: the table
	// follows.
	b.do(chromedp.Evaluate[chromedp.Void](`editor.setSelectionRange(editor.value.length, editor.value.length)`),
		chromedp.SendKeys(chromedp.ID("editor"), "\nUser-agent: CCBot\nDisallow: /\n"))
	b.idle()
	b.aiIdle()
	edited := eval[string](b, `editor.value`)
	if !strings.HasSuffix(edited, "User-agent: CCBot\nDisallow: /\n") {
		t.Fatalf("the editor holds %q", edited)
	}
	checkAI("the edited draft", edited)
	if n := eval[int](b, `document.querySelectorAll(`+strconv.Quote(ccbot)+`).length`); n != 0 {
		t.Error("CCBot's contradiction is still shown once it is shut out")
	}
}

// TestAITablePhoneWidth checks that the open table fits a phone's width.
func TestAITablePhoneWidth(t *testing.T) {
	base := serve(t)
	b := newPhone(t)
	body, err := os.ReadFile("../testdata/ai-crawlers.txt")
	if err != nil {
		t.Fatal(err)
	}
	b.open(base + "?" + url.Values{"robots": {string(body)}}.Encode())
	b.do(chromedp.Click(chromedp.CSS(`#ai-box summary`)))
	b.aiIdle()
	if n := len(b.aiRows()); n != len(ailist.Crawlers()) {
		t.Fatalf("%d rows", n)
	}
	fit := pageFit(b)
	if fit["scroll"] > fit["inner"] || fit["widest"] > fit["inner"]+0.5 {
		t.Errorf("at phone width: %v (scrollWidth and the widest element must fit innerWidth)", fit)
	}
}
