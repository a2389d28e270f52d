// Package webtest drives the robots.txt tester page ("robots serve") in a
// real headless Chromium, as a person would: the tool runs as a real
// process, the page talks to it over loopback, and the live files come from
// httptest servers on other loopback addresses.
//
// It is a module of its own because chromedp needs a newer Go than the
// root module's floor. The tests skip only when Chromium is missing;
// .ci/run installs it and fails on that skip.
package webtest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/crawlkit/robots"
)

// tool is the robots binary, built once by TestMain.
var tool string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "webtest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tool = filepath.Join(dir, "robots")
	build := exec.Command("go", "build", "-o", tool, "github.com/crawlkit/robots/cmd/robots")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the robots tool:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// chromium returns the path of the browser, or skips the test when there
// is none.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no Chromium: install it (apt-get install -y chromium) to run the browser tests")
	return ""
}

// serve runs "robots serve -addr 127.0.0.1:0" as a process and returns the
// URL it prints. The process is interrupted at the end of the test, which
// checks that it exits with status 0.
func serve(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(tool, "serve", "-addr", "127.0.0.1:0", "-timeout", "5s")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil || stderr.Len() > 0 {
				t.Errorf("robots serve ended with %v, stderr %q", err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("robots serve did not stop within 10s of an interrupt")
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("robots serve printed %q, then %v; stderr %q", line, err, stderr.String())
	}
	m := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/) in a browser`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("robots serve printed %q, want the URL to open", line)
	}
	go io.Copy(io.Discard, stdout)
	return m[1]
}

// site serves h on the loopback address ip, another host than the
// tester's, and returns its URL.
func site(t *testing.T, ip string, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

// A browser is a tab of a headless Chromium of its own.
type browser struct {
	t   *testing.T
	ctx context.Context
}

// newBrowser starts Chromium with a fresh profile and a window of the
// given size.
func newBrowser(t *testing.T, width, height int) *browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first call starts the browser; it must have no deadline.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	b := &browser{t: t, ctx: ctx}
	b.do(chromedp.EmulateViewport(int64(width), int64(height)))
	return b
}

// do runs the actions, each step within 30 seconds.
func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval evaluates the JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// idle waits until the page has the answer to its latest change.
func (b *browser) idle() {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[bool](`document.documentElement.dataset.pending === "false"`,
			chromedp.WithPollingTimeout(20*time.Second))(ctx, t)
		return err
	}))
}

// open loads the page at u and waits for its results.
func (b *browser) open(u string) {
	b.t.Helper()
	b.do(chromedp.Navigate(u), chromedp.WaitVisible(chromedp.ID("editor")))
	b.idle()
}

// A result is what a result element of the page says.
type result struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"`
	Verdict string `json:"verdict"`
	Line    string `json:"line"`
}

func (b *browser) results() []result {
	b.t.Helper()
	return eval[[]result](b, `[...document.querySelectorAll("[data-verdict].result")].map(r => ({
		agent: r.dataset.agent, url: r.dataset.url, verdict: r.dataset.verdict, line: r.dataset.line}))`)
}

// want returns the results the library gives for body: each URL for each
// agent.
func want(body string, agents, urls []string) []result {
	f := robots.Parse([]byte(body))
	var out []result
	for _, u := range urls {
		for _, a := range agents {
			x := f.Explain(a, u)
			r := result{Agent: a, URL: u, Verdict: "allowed"}
			if !x.Allowed {
				r.Verdict = "disallowed"
			}
			if x.Reason == robots.RuleMatched || x.Reason == robots.IndexPageRule {
				r.Line = strconv.Itoa(x.Rule.Line)
			}
			out = append(out, r)
		}
	}
	return out
}

func diffResults(t *testing.T, what string, want, got []result) {
	t.Helper()
	if len(want) != len(got) {
		t.Errorf("%s: %d results, want %d:\n got %+v\nwant %+v", what, len(got), len(want), got, want)
		return
	}
	for i := range want {
		if want[i] != got[i] {
			t.Errorf("%s: result %d is %+v, want %+v", what, i, got[i], want[i])
		}
	}
}

const draft = `User-agent: *
Disallow: /private/
Allow: /private/help/

User-agent: Googlebot
Disallow: /search
Dissallow: /tmp/

User-agent: GPTBot
Disallow: /
`

// setText replaces the text of a textarea or input by typing it.
func setText(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Evaluate[chromedp.Void](`document.getElementById(`+strconv.Quote(sel)+`).value = ""`),
		chromedp.SendKeys(chromedp.ID(sel), text),
	)
}

func TestTypeDraft(t *testing.T) {
	base := serve(t)
	b := newBrowser(t, 1280, 900)
	b.open(base)
	if n := len(b.results()); n == 0 {
		t.Fatal("the page opens with no results for its sample")
	}

	// Type a draft, pick crawlers from the list and add one by name,
	// type URLs.
	b.do(
		setText("editor", draft),
		chromedp.Click(chromedp.CSS(`#picks button[data-agent="GPTBot"]`)), // on in the sample: off
		chromedp.Click(chromedp.CSS(`#picks button[data-agent="Bingbot"]`)),
		chromedp.SendKeys(chromedp.ID("agent-input"), "CCBot\r"),
		setText("urls", "/private/x\n/private/help/faq\nhttps://example.com/tmp/a\n/search?q=1\n"),
	)
	b.idle()
	agents := eval[[]string](b, `[...document.querySelectorAll("#agents li[data-agent]")].map(li => li.dataset.agent)`)
	if want := []string{"*", "Googlebot", "Bingbot", "CCBot"}; fmt.Sprint(agents) != fmt.Sprint(want) {
		t.Fatalf("crawlers %q, want %q", agents, want)
	}
	urls := []string{"/private/x", "/private/help/faq", "https://example.com/tmp/a", "/search?q=1"}
	got := b.results()
	diffResults(t, "typed draft", want(draft, agents, urls), got)
	// And by hand: the misspelt line still decides for Googlebot.
	for _, r := range got {
		if r.Agent == "Googlebot" && r.URL == "https://example.com/tmp/a" && (r.Verdict != "disallowed" || r.Line != "7") {
			t.Errorf("Googlebot %s: %s by line %q, want disallowed by line 7", r.URL, r.Verdict, r.Line)
		}
		if r.Agent == "CCBot" && r.URL == "/private/help/faq" && (r.Verdict != "allowed" || r.Line != "3") {
			t.Errorf("CCBot %s: %s by line %q, want allowed by line 3", r.URL, r.Verdict, r.Line)
		}
	}

	// Clicking the deciding line highlights it in the editor and selects
	// its text.
	b.do(chromedp.Click(chromedp.CSS(`tr.result[data-agent="Googlebot"][data-url="https://example.com/tmp/a"] button.line-link`)))
	hl := eval[map[string]string](b, `({line: document.getElementById("highlight").dataset.line,
		hidden: String(document.getElementById("highlight").hidden),
		selected: editor.value.slice(editor.selectionStart, editor.selectionEnd)})`)
	if hl["line"] != "7" || hl["hidden"] != "false" || hl["selected"] != "Dissallow: /tmp/" {
		t.Errorf("after clicking line 7: highlight %v", hl)
	}
	// The highlight sits on line 7 of the editor as drawn.
	if off := eval[float64](b, `(() => {
		const cs = getComputedStyle(editor);
		const top = document.getElementById("highlight").getBoundingClientRect().top - editor.getBoundingClientRect().top;
		return top - (parseFloat(cs.paddingTop) + 6 * parseFloat(cs.lineHeight) - editor.scrollTop);
	})()`); off < -1 || off > 1 {
		t.Errorf("the highlight is %vpx off line 7", off)
	}

	// The lint finding is listed and drawn beside its line.
	findings := eval[[]map[string]string](b, `[...document.querySelectorAll("li.finding")].map(li => ({...li.dataset}))`)
	if len(findings) != 1 || findings[0]["line"] != "7" || findings[0]["code"] != "accepted-misspelling" || findings[0]["severity"] != "warning" {
		t.Errorf("findings %v, want the misspelling on line 7", findings)
	}
	note := eval[map[string]string](b, `(() => { const n = document.querySelector("#overlay .note");
		return n ? {line: n.dataset.line, text: n.textContent, visible: String(n.getBoundingClientRect().height > 0)} : {}; })()`)
	if note["line"] != "7" || !strings.Contains(note["text"], "misspelt key") || note["visible"] != "true" {
		t.Errorf("the note beside line 7: %v", note)
	}

	// From the keyboard: a line button of a finding, then Enter.
	b.do(chromedp.Focus(chromedp.CSS(`li.finding button.line-link`)), chromedp.SendKeys(chromedp.CSS(`li.finding button.line-link`), "\r"))
	if line := eval[string](b, `document.getElementById("highlight").dataset.line`); line != "7" {
		t.Errorf("Enter on the finding's line button highlights line %q", line)
	}
	// Every field has a label, every control is a button or a field.
	if unlabeled := eval[[]string](b, `[...document.querySelectorAll("input, textarea")].filter(e => e.labels.length === 0).map(e => e.id)`); len(unlabeled) > 0 {
		t.Errorf("fields without a label: %q", unlabeled)
	}

	// The state is in the URL: opened in another browser, it shows the
	// same results with no click.
	link := eval[string](b, `location.href`)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("robots") != draft || fmt.Sprint(q["agent"]) != fmt.Sprint(agents) || fmt.Sprint(q["url"]) != fmt.Sprint(urls) {
		t.Errorf("the page's URL %s does not hold its state", link)
	}
	other := newBrowser(t, 1280, 900)
	other.open(link)
	diffResults(t, "the page's own link, in another browser", got, other.results())
	if text := eval[string](other, `editor.value`); text != draft {
		t.Errorf("the link's editor holds %q", text)
	}
}

// screenshot writes the page as a PNG to docs/tester.png, for the README,
// when UPDATE_SCREENSHOT is set.
func screenshot(t *testing.T, b *browser) {
	t.Helper()
	b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, paletted(img)); err != nil {
		t.Fatal(err)
	}
	if out.Len() > 300<<10 {
		t.Fatalf("the screenshot is %d bytes, over 300 KiB", out.Len())
	}
	if err := os.WriteFile("../docs/tester.png", out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote ../docs/tester.png, %d bytes (%d as Chromium wrote it)", out.Len(), len(shot))
}

// paletted returns img drawn with its 256 most frequent colors: a page's
// screenshot has few colors beside the anti-aliasing of its text, and a
// paletted PNG of it is a third of the size.
func paletted(img image.Image) *image.Paletted {
	count := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			count[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	colors := make([]color.RGBA, 0, len(count))
	for c := range count {
		colors = append(colors, c)
	}
	sort.Slice(colors, func(i, j int) bool {
		a, b := colors[i], colors[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a.R < b.R || a.R == b.R && (a.G < b.G || a.G == b.G && (a.B < b.B || a.B == b.B && a.A < b.A))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range colors[:min(len(colors), 256)] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	draw.Draw(out, b, img, b.Min, draw.Src)
	return out
}

func TestShareLink(t *testing.T) {
	base := serve(t)
	b := newBrowser(t, 1280, 900)
	body := "User-agent: *\nDisallow: /a\n\nUser-agent: Bingbot\nAllow: /a/b\nDisallow: /c$\n"
	agents := []string{"Bingbot", "*", "ClaudeBot"}
	urls := []string{"/a/b", "/c", "/c/d", "/café?x=1 2"}
	q := url.Values{"robots": {body}, "agent": agents, "url": urls}
	// Percent-encoded, with %20 for spaces, as a person writes a link.
	link := base + "?" + strings.ReplaceAll(q.Encode(), "+", "%20")
	b.open(link)
	got := b.results()
	diffResults(t, "share link", want(body, agents, urls), got)
	if n := eval[int](b, `document.querySelectorAll("tr.result[data-verdict='disallowed']").length`); n != 3 {
		t.Errorf("%d disallowed results, want 3", n)
	}
	// The page writes its state back: the same link, encoded its way.
	again, err := url.Parse(eval[string](b, `location.href`))
	if err != nil {
		t.Fatal(err)
	}
	if back := again.Query(); back.Get("robots") != body || fmt.Sprint(back["agent"]) != fmt.Sprint(agents) || fmt.Sprint(back["url"]) != fmt.Sprint(urls) {
		t.Errorf("the page rewrote its link as %s", again)
	}
}

func TestLiveAndCompare(t *testing.T) {
	const liveBody = "User-agent: *\nDisallow: /old/\n\nUser-agent: GPTBot\nDisallow: /\n"
	final := site(t, "127.0.0.3", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, liveBody)
	}))
	origin := site(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, final+"/robots.txt", http.StatusMovedPermanently)
	}))
	missing := site(t, "127.0.0.4", http.NotFoundHandler())
	base := serve(t)
	b := newBrowser(t, 1280, 900)
	agents := []string{"*", "Googlebot", "GPTBot", "ClaudeBot"}
	urls := []string{"/old/a", "/new/a", "/private/x", "/tmp/a"}
	q := url.Values{"robots": {"User-agent: *\nDisallow: /\n"}, "agent": agents, "url": urls}
	b.open(base + "?" + q.Encode())

	// Load live: the status, redirects and size are shown, the file is in
	// the editor, and the results are its own.
	b.do(setText("live-url", origin+"/some/page"), chromedp.Click(chromedp.ID("load-live")))
	b.idle()
	status := eval[map[string]string](b, `({...document.getElementById("live-status").dataset, text: document.getElementById("live-status").textContent})`)
	if status["status"] != "200" || status["redirects"] != "1" || status["bytes"] != strconv.Itoa(len(liveBody)) ||
		status["finalUrl"] != final+"/robots.txt" || status["state"] != "parsed" {
		t.Errorf("live status %v", status)
	}
	for _, s := range []string{"HTTP 200", "1 redirect", strconv.Itoa(len(liveBody)) + " bytes", final + "/robots.txt"} {
		if !strings.Contains(status["text"], s) {
			t.Errorf("the live status %q does not say %q", status["text"], s)
		}
	}
	if text := eval[string](b, `editor.value`); text != liveBody {
		t.Errorf("the editor holds %q after load live, want the live file", text)
	}
	diffResults(t, "the live file", want(liveBody, agents, urls), b.results())

	// Edit the draft, then compare with live: the verdicts that change.
	const edited = `User-agent: *
Disallow: /new/
Disallow: /private/
Allow: /private/help/

User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /

User-agent: Googlebot
Dissallow: /tmp/
Disallow: /new/
`
	b.do(setText("editor", edited), chromedp.Click(chromedp.ID("compare-live")))
	b.idle()
	b.do(chromedp.WaitVisible(chromedp.ID("compare")))
	changes := eval[[]map[string]string](b, `[...document.querySelectorAll("li.change")].map(li => ({...li.dataset}))`)
	var wantChanges []string
	lf, df := robots.Parse([]byte(liveBody)), robots.Parse([]byte(edited))
	for _, a := range agents {
		for _, u := range urls {
			if lf.Allowed(a, u) != df.Allowed(a, u) {
				wantChanges = append(wantChanges, fmt.Sprintf("%s %s %v -> %v", a, u, lf.Allowed(a, u), df.Allowed(a, u)))
			}
		}
	}
	var gotChanges []string
	for _, c := range changes {
		gotChanges = append(gotChanges, fmt.Sprintf("%s %s %v -> %v", c["agent"], c["url"], c["liveVerdict"] == "allowed", c["draftVerdict"] == "allowed"))
	}
	// By hand: 3 for *, 3 for Googlebot (its own group now), none for
	// GPTBot, 3 for ClaudeBot (now in GPTBot's group).
	if fmt.Sprint(gotChanges) != fmt.Sprint(wantChanges) || len(wantChanges) != 9 {
		t.Errorf("changes from live:\n got %q\nwant %q", gotChanges, wantChanges)
	}
	if n := eval[int](b, `document.querySelectorAll("tr.result.changed").length`); n != len(wantChanges) {
		t.Errorf("%d results marked changed, want %d", n, len(wantChanges))
	}
	if text := eval[string](b, `editor.value`); text != edited {
		t.Errorf("compare with live changed the editor to %q", text)
	}
	if os.Getenv("UPDATE_SCREENSHOT") != "" {
		// The README's picture: a deciding line highlighted, the lint
		// finding beside its line, the comparison with live.
		b.do(chromedp.EmulateViewport(1280, 1100),
			chromedp.Click(chromedp.CSS(`tr.result[data-agent="Googlebot"][data-url="/tmp/a"] button.line-link`)))
		screenshot(t, b)
	}

	// Stop comparing: the panel goes.
	b.do(chromedp.Click(chromedp.ID("stop-compare")))
	b.idle()
	if hidden := eval[bool](b, `document.getElementById("compare").hidden`); !hidden {
		t.Error("the comparison is still shown after Stop comparing")
	}

	// A site without a robots.txt: the status says so, and the draft
	// stays in the editor.
	b.do(setText("live-url", missing), chromedp.Click(chromedp.ID("load-live")))
	b.idle()
	status = eval[map[string]string](b, `({...document.getElementById("live-status").dataset, text: document.getElementById("live-status").textContent})`)
	if status["status"] != "404" || status["state"] != "unavailable" || !strings.Contains(status["text"], "every URL is allowed") {
		t.Errorf("live status for a 404: %v", status)
	}
	if text := eval[string](b, `editor.value`); text != edited {
		t.Errorf("the editor holds %q after loading a 404, want the draft", text)
	}
	// A scheme the tester does not fetch: an error, shown.
	b.do(setText("live-url", "ftp://example.com/"), chromedp.Click(chromedp.ID("load-live")))
	b.idle()
	if text := eval[string](b, `document.getElementById("live-status").textContent`); !strings.Contains(text, "not an http(s) URL") {
		t.Errorf("live status for ftp: %q", text)
	}
}

// newPhone starts a browser that emulates a phone 390 by 844 CSS pixels
// wide, at 3 device pixels a CSS pixel, with touch.
func newPhone(t *testing.T) *browser {
	t.Helper()
	b := newBrowser(t, 390, 844)
	b.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
	return b
}

// pageFit measures the page: the viewport's width ("inner"), the
// document's scroll width ("scroll"), and the right edge of its widest
// element outside code blocks, which scroll on their own ("widest").
func pageFit(b *browser) map[string]float64 {
	return eval[map[string]float64](b, `(() => {
		let widest = 0;
		for (const e of document.body.querySelectorAll("*")) {
			const r = e.getBoundingClientRect();
			if (r.width > 0 && e.closest(".code") === null) widest = Math.max(widest, r.right);
		}
		return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth, widest};
	})()`)
}

// TestPhoneWidth checks that the page fits a phone's width: nothing wider
// than the screen, so no sideways scrolling.
func TestPhoneWidth(t *testing.T) {
	base := serve(t)
	b := newPhone(t)
	long := "/" + strings.Repeat("very-long-segment/", 12) + "page.html?with=a&long=query"
	q := url.Values{"robots": {draft}, "agent": {"Googlebot", "GPTBot", "*"}, "url": {"/private/x", long}}
	b.open(base + "?" + q.Encode())
	if n := len(b.results()); n != 6 {
		t.Fatalf("%d results at phone width, want 6", n)
	}
	fit := pageFit(b)
	if fit["inner"] != 390 || fit["scroll"] > fit["inner"] || fit["widest"] > fit["inner"]+0.5 {
		t.Errorf("at phone width: %v (scrollWidth and the widest element must fit innerWidth)", fit)
	}
	if display := eval[string](b, `getComputedStyle(document.querySelector("tr.result")).display`); display != "block" {
		t.Errorf("results at phone width are drawn as %q, want stacked blocks", display)
	}
}

// TestErrorClearsResults: when the server refuses a check (here, more URLs
// than it takes), the page shows the error and no verdicts: the results of
// the previous input no longer answer what is on the page.
func TestErrorClearsResults(t *testing.T) {
	base := serve(t)
	b := newBrowser(t, 1280, 900)
	body := "User-agent: *\nDisallow: /a\nDissallow: /c\n"
	q := url.Values{"robots": {body}, "agent": {"*"}, "url": {"/a", "/b"}}
	b.open(base + "?" + q.Encode())
	diffResults(t, "before", want(body, []string{"*"}, []string{"/a", "/b"}), b.results())
	if n := eval[int](b, `document.querySelectorAll("#overlay .note").length`); n != 1 {
		t.Fatalf("%d lint notes before, want 1 (the misspelt Dissallow)", n)
	}

	// 1,001 URLs, one more than a check takes, and a draft with a finding.
	var many strings.Builder
	for i := 0; i <= 1000; i++ {
		fmt.Fprintf(&many, "/p%d\n", i)
	}
	b.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const e = document.getElementById("editor");
		e.value = "Disallow: /x\n" + e.value;
		const u = document.getElementById("urls");
		u.value = ` + strconv.Quote(many.String()) + `;
		u.dispatchEvent(new Event("input"));
	})()`))
	b.idle()
	if got := eval[string](b, `document.getElementById("summary").textContent`); !strings.Contains(got, "1001 URLs") {
		t.Errorf("summary %q, want the server's error about 1001 URLs", got)
	}
	if got := b.results(); len(got) != 0 {
		t.Errorf("after an error, %d results still shown: %+v", len(got), got)
	}
	if n := eval[int](b, `document.querySelectorAll("#overlay .note, #findings li").length`); n != 0 {
		t.Errorf("after an error, %d lint findings still shown", n)
	}
}
