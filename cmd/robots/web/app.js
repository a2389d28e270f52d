// The robots.txt tester: the page's state (draft, crawlers, URLs, live
// site) lives in its URL; every change asks the server's /api/check, and
// the answer is drawn as results, lint findings and, when comparing, the
// verdicts that change from the live file to the draft.
"use strict";

const picks = ["*", "Googlebot", "Bingbot", "GPTBot", "ClaudeBot", "CCBot", "Google-Extended",
  "Applebot", "PerplexityBot", "OAI-SearchBot", "Bytespider", "YandexBot", "DuckDuckBot"];

const sample = `# A draft to start from: edit it, or load the live file of a site.
User-agent: *
Disallow: /private/
Allow: /private/help/

User-agent: Googlebot
Disallow: /search

User-agent: GPTBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`;

const $ = (id) => document.getElementById(id);
const editor = $("editor");
const gutter = $("gutter");
const overlay = $("overlay");
const highlight = $("highlight");
const urlsBox = $("urls");
const liveInput = $("live-url");
const liveStatus = $("live-status");

let agents = [];
let live = null; // {url, status, body}: the live file, as /api/live gave it
let comparing = false;
let findings = []; // of the last answer
let highlighted = 0; // the highlighted line, 0 for none
let timer = 0;
let seq = 0;
let inflight = null;

// el makes an element with a class and text (never parsed as HTML).
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// --- State in the URL -------------------------------------------------

function urlList() {
  return urlsBox.value.split("\n").map((u) => u.trim()).filter((u) => u !== "");
}

function readState() {
  const p = new URLSearchParams(location.search);
  const any = ["robots", "agent", "url", "live"].some((k) => p.has(k));
  editor.value = any ? (p.get("robots") || "") : sample;
  agents = [];
  for (const a of p.getAll("agent")) addAgent(a, false);
  if (agents.length === 0) agents = any ? ["*"] : ["*", "Googlebot", "GPTBot"];
  urlsBox.value = any ? p.getAll("url").join("\n") : "/\n/private/x\n/private/help/faq\n/search?q=robots";
  liveInput.value = p.get("live") || "";
}

function writeState() {
  const p = new URLSearchParams();
  p.set("robots", editor.value);
  for (const a of agents) p.append("agent", a);
  for (const u of urlList()) p.append("url", u);
  if (liveInput.value.trim() !== "") p.set("live", liveInput.value.trim());
  const link = location.pathname + "?" + p.toString();
  try {
    history.replaceState(null, "", link);
  } catch (e) {
    // A link too long for the browser: the page still works.
  }
  $("share-link").href = link;
  $("share-link").textContent = new URL(link, location.href).href.length > 120 ? "link to this test" : new URL(link, location.href).href;
}

// --- The editor -------------------------------------------------------

function metrics() {
  const cs = getComputedStyle(editor);
  return { lh: parseFloat(cs.lineHeight) || 20, pad: parseFloat(cs.paddingTop) || 8, padLeft: parseFloat(cs.paddingLeft) || 8 };
}

function lineCount() {
  let n = 1;
  const v = editor.value;
  for (let i = v.indexOf("\n"); i >= 0; i = v.indexOf("\n", i + 1)) n++;
  return n;
}

let gutterLines = 0;
function drawGutter() {
  const n = lineCount();
  if (n === gutterLines) return;
  gutterLines = n;
  const nums = new Array(n);
  for (let i = 0; i < n; i++) nums[i] = i + 1;
  gutter.textContent = nums.join("\n") + "\n\n";
}

// place puts the overlay's elements at their lines, as the editor scrolls.
function place() {
  const m = metrics();
  gutter.scrollTop = editor.scrollTop;
  for (const d of overlay.children) {
    const n = Number(d.dataset.line);
    if (!n) continue;
    d.style.top = (m.pad + (n - 1) * m.lh - editor.scrollTop) + "px";
    d.style.height = m.lh + "px";
    if (d !== highlight) d.style.left = (m.padLeft - editor.scrollLeft) + "px";
  }
}

// drawNotes writes each line's findings beside it, in the overlay.
function drawNotes() {
  for (const d of [...overlay.querySelectorAll(".note")]) d.remove();
  const lines = editor.value.split("\n");
  const byLine = new Map();
  for (const f of findings) {
    if (!byLine.has(f.line)) byLine.set(f.line, []);
    byLine.get(f.line).push(f);
  }
  const rank = { error: 3, warning: 2, info: 1 };
  for (const [n, fs] of byLine) {
    fs.sort((a, b) => rank[b.severity] - rank[a.severity]);
    const d = el("div", "note " + fs[0].severity);
    d.dataset.line = n;
    d.dataset.severity = fs[0].severity;
    d.append(el("span", "txt", lines[n - 1] || ""));
    let msg = fs[0].severity + ": " + fs[0].message;
    if (fs.length > 1) msg += " (+" + (fs.length - 1) + " more)";
    d.append(el("span", "msg", msg));
    overlay.append(d);
  }
  place();
}

function highlightLine(n) {
  highlighted = n;
  highlight.hidden = !n;
  highlight.dataset.line = n || "";
  if (!n) return;
  const m = metrics();
  const top = (n - 1) * m.lh;
  if (top < editor.scrollTop || top + m.lh > editor.scrollTop + editor.clientHeight - 2 * m.pad) {
    editor.scrollTop = Math.max(0, top - editor.clientHeight / 3);
  }
  // Select the line too, for whoever goes on to edit it.
  const v = editor.value;
  let start = 0;
  for (let i = 1; i < n && start >= 0; i++) start = v.indexOf("\n", start) + 1 || -1;
  if (start >= 0) {
    let end = v.indexOf("\n", start);
    if (end < 0) end = v.length;
    editor.setSelectionRange(start, end);
  }
  place();
  $("editor-box").scrollIntoView({ block: "nearest" });
}

// lineButton is a button that highlights line n of the editor.
function lineButton(n) {
  const b = el("button", "line-link", "line " + n);
  b.type = "button";
  b.dataset.line = n;
  b.setAttribute("aria-label", "Show line " + n + " in the editor");
  b.addEventListener("click", () => highlightLine(n));
  return b;
}

// --- Crawlers ---------------------------------------------------------

function addAgent(a, redraw = true) {
  a = a.trim();
  if (a === "" || agents.some((x) => x.toLowerCase() === a.toLowerCase())) return;
  agents.push(a);
  if (redraw) changed(true);
}

function removeAgent(a) {
  agents = agents.filter((x) => x !== a);
  changed(true);
}

function drawAgents() {
  const ul = $("agents");
  ul.textContent = "";
  for (const a of agents) {
    const li = el("li", "", a);
    li.dataset.agent = a;
    const b = el("button", "", "×");
    b.type = "button";
    b.setAttribute("aria-label", "Remove " + a);
    b.addEventListener("click", () => {
      const i = agents.indexOf(a);
      removeAgent(a);
      // Keep the focus in the list.
      const next = ul.querySelectorAll("button")[Math.min(i, agents.length - 1)];
      (next || $("agent-input")).focus();
    });
    li.append(b);
    ul.append(li);
  }
  if (agents.length === 0) ul.append(el("li", "empty", "none: add a crawler"));
  for (const b of $("picks").children) {
    const on = agents.some((x) => x.toLowerCase() === b.dataset.agent.toLowerCase());
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

function drawPicks() {
  const box = $("picks");
  for (const a of picks) {
    const b = el("button", "", a);
    b.type = "button";
    b.dataset.agent = a;
    b.title = a === "*" ? "crawlers without a group of their own" : "test " + a;
    b.addEventListener("click", () => {
      if (agents.some((x) => x.toLowerCase() === a.toLowerCase())) {
        agents = agents.filter((x) => x.toLowerCase() !== a.toLowerCase());
        changed(true);
      } else {
        addAgent(a);
      }
    });
    box.append(b);
  }
}

// --- Checking ---------------------------------------------------------

function pending(on) {
  document.documentElement.dataset.pending = on ? "true" : "false";
}

// changed schedules a check: at once, or after a pause in typing.
function changed(now) {
  drawAgents();
  drawGutter();
  drawNotes();
  pending(true);
  $("ai-box").dataset.pending = "true";
  clearTimeout(timer);
  timer = setTimeout(check, now ? 0 : 250);
}

async function check() {
  timer = 0; // a check scheduled after this one keeps the page pending
  checkAI();
  writeState();
  const my = ++seq;
  if (inflight) inflight.abort();
  inflight = new AbortController();
  const urls = urlList();
  let hint = "";
  if (agents.length === 0) hint = "add a crawler";
  else if (urls.length === 0) hint = "add URLs to test";
  const req = { robots: editor.value, agents: agents.length ? agents : ["*"], urls, live: null };
  if (comparing && live) req.live = { status: live.status, body: live.body };
  let data;
  try {
    const resp = await fetch("/api/check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(req),
      signal: inflight.signal,
    });
    data = await resp.json();
    if (!resp.ok) throw new Error(data.error || resp.statusText);
  } catch (e) {
    if (my !== seq) return;
    // What the last answer showed no longer answers what the page holds:
    // show no verdicts, findings or changes, only the error.
    findings = [];
    draw({ findings: [], unlisted: 0, notes: [], groups: [], results: [], live: null }, "");
    $("findings-count").textContent = "";
    $("summary").textContent = "— " + (e.name === "AbortError" ? "cancelled" : "error: " + e.message);
    if (!timer) pending(false);
    return;
  }
  if (my !== seq) return;
  if (hint) {
    data.results = [];
    data.live = null;
  }
  draw(data, hint);
  if (!timer) pending(false);
}

function draw(data, hint) {
  if (data.findings) {
    findings = data.findings;
    drawFindings(data);
    drawNotes();
  }
  $("notes").textContent = (data.notes || []).join("; ");
  const groups = new Map((data.groups || []).map((g) => [g.agent, g]));
  const changes = new Map();
  if (data.live) for (const c of data.live.changes) changes.set(c.agent + "\n" + c.url, c);

  const tbody = $("results");
  tbody.textContent = "";
  let disallowed = 0;
  for (const r of data.results) {
    const tr = el("tr", "result");
    const verdict = r.allowed ? "allowed" : "disallowed";
    if (!r.allowed) disallowed++;
    tr.dataset.agent = r.agent;
    tr.dataset.url = r.url;
    tr.dataset.verdict = verdict;
    tr.dataset.line = r.rule ? String(r.rule.line) : "";
    tr.dataset.reason = r.reason;
    tr.append(el("td", "url", r.url), el("td", "agent", r.agent));
    const v = el("td");
    v.append(el("span", "verdict " + verdict, verdict));
    if (changes.has(r.agent + "\n" + r.url)) {
      tr.classList.add("changed");
      v.append(el("span", "badge", "changed from live"));
    }
    tr.append(v, why(r, groups.get(r.agent)));
    tbody.append(tr);
  }
  $("summary").textContent = hint ? "— " + hint :
    "— " + data.results.length + " checked, " + disallowed + " disallowed";
  drawCompare(data.live);
}

// why says what decided a result: the line (a button that shows it), or
// why no line did, with the group that applies.
function why(r, g) {
  const td = el("td", "why");
  if (r.rule) {
    td.append(lineButton(r.rule.line), document.createTextNode(" " + r.explanation.replace(/^line \d+: /, "")));
  } else {
    td.append(document.createTextNode(r.explanation));
    if (g) td.append(el("span", "group", g.text.replace(/^agent [^:]*: /, "")));
  }
  // The Content-Signal and Content-Usage preferences, when the server
  // gives them.
  const prefs = [];
  for (const [key, name] of [["content_signal", "Content-Signal"], ["content_usage", "Content-Usage"]]) {
    const obj = r[key];
    if (obj && Object.keys(obj).length) {
      prefs.push(name + ": " + Object.entries(obj).map(([k, v]) => k + "=" + v).join(", "));
    }
  }
  if (prefs.length) td.append(el("span", "prefs", prefs.join("; ")));
  return td;
}

function drawFindings(data) {
  const ul = $("findings");
  ul.textContent = "";
  for (const f of data.findings) {
    const li = el("li", "finding");
    li.dataset.line = f.line;
    li.dataset.severity = f.severity;
    li.dataset.code = f.code;
    li.append(el("span", "sev " + f.severity, f.severity), lineButton(f.line), document.createTextNode(" " + f.message));
    ul.append(li);
  }
  let count = data.findings.length ? "— " + data.findings.length : "— none";
  if (data.unlisted) count += " (and " + data.unlisted + " more on the lines of what is not a robots.txt)";
  $("findings-count").textContent = count;
}

function drawCompare(c) {
  const box = $("compare");
  box.hidden = !comparing;
  if (!comparing) return;
  const ul = $("changes");
  ul.textContent = "";
  if (!c) {
    $("compare-summary").textContent = live ? "" : "— load the live file first";
    return;
  }
  $("compare-summary").textContent = c.changes.length === 0 ?
    "— no verdict changes (" + c.checked + " checked)" :
    "— " + c.changes.length + " of " + c.checked + " verdicts change";
  for (const ch of c.changes) {
    const li = el("li", "change");
    const from = ch.old.allowed ? "allowed" : "disallowed";
    const to = ch.new.allowed ? "allowed" : "disallowed";
    li.dataset.agent = ch.agent;
    li.dataset.url = ch.url;
    li.dataset.liveVerdict = from;
    li.dataset.draftVerdict = to;
    li.dataset.line = ch.new.rule ? String(ch.new.rule.line) : "";
    li.append(el("strong", "", ch.agent + " " + ch.url + ": " + from + " → " + to));
    li.append(el("span", "side", "live: " + ch.old.explanation));
    const draft = el("span", "side", "draft: ");
    if (ch.new.rule) draft.append(lineButton(ch.new.rule.line), document.createTextNode(" " + ch.new.explanation.replace(/^line \d+: /, "")));
    else draft.append(document.createTextNode(ch.new.explanation));
    li.append(draft);
    ul.append(li);
  }
}

// --- AI crawlers -----------------------------------------------------

let aiSeq = 0;
let aiInflight = null;

// checkAI asks /api/ai what the draft says to the AI crawlers of the
// ai.robots.txt list, and draws the table. The box's data-pending is
// "false" once it shows the answer to the latest draft.
async function checkAI() {
  const box = $("ai-box");
  box.dataset.pending = "true";
  const my = ++aiSeq;
  if (aiInflight) aiInflight.abort();
  aiInflight = new AbortController();
  let data;
  try {
    const resp = await fetch("/api/ai", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ robots: editor.value, paths: ["/"] }),
      signal: aiInflight.signal,
    });
    data = await resp.json();
    if (!resp.ok) throw new Error(data.error || resp.statusText);
  } catch (e) {
    if (my !== aiSeq) return;
    drawAI(null);
    $("ai-summary").textContent = "— " + (e.name === "AbortError" ? "cancelled" : "error: " + e.message);
    if (!timer) box.dataset.pending = "false";
    return;
  }
  if (my !== aiSeq) return;
  drawAI(data);
  if (!timer) box.dataset.pending = "false";
}

// prefsText writes the preferences of a crawler, as the results do.
function prefsText(c) {
  const out = [];
  for (const [key, name] of [["content_signal", "Content-Signal"], ["content_usage", "Content-Usage"]]) {
    const obj = c[key];
    if (obj && Object.keys(obj).length) out.push(name + ": " + Object.entries(obj).map(([k, v]) => k + "=" + v).join(", "));
  }
  return out.join("; ");
}

function drawAI(data) {
  const rows = $("ai-rows");
  const list = $("ai-contradictions");
  const notes = $("ai-notes");
  rows.textContent = "";
  list.textContent = "";
  notes.textContent = "";
  $("ai-list").textContent = "";
  if (!data) return;
  $("ai-list").textContent = "The " + data.list.crawlers + " crawlers of " + data.list.name + " (snapshot of " +
    data.list.date + "), each with its purpose as the list describes it; run 'robots help ai' for the rules.";
  const odd = new Set(data.contradictions.map((c) => c.token));
  for (const c of data.contradictions) {
    const li = el("li", "contradiction");
    li.dataset.token = c.token;
    li.dataset.kind = c.kind;
    li.dataset.lines = c.lines.join(",");
    li.append(document.createTextNode(c.message + " "));
    for (const n of c.lines) li.append(lineButton(n));
    list.append(li);
  }
  let allowed = 0;
  for (const c of data.crawlers) {
    const p = c.paths[0];
    if (p.allowed) allowed++;
    const tr = el("tr", "ai-row");
    if (odd.has(c.token)) tr.classList.add("contradiction");
    tr.dataset.token = c.token;
    tr.dataset.purpose = c.purpose;
    tr.dataset.valid = c.valid_token ? "true" : "false";
    tr.dataset.verdict = p.allowed ? "allowed" : "disallowed";
    tr.dataset.line = p.line === null ? "" : String(p.line);
    const name = el("td", "token", c.token);
    if (!c.valid_token) name.append(el("span", "badge", "not a product token"));
    const v = el("td", "why");
    v.append(el("span", "verdict " + tr.dataset.verdict, tr.dataset.verdict));
    if (p.line !== null) v.append(document.createTextNode(" "), lineButton(p.line));
    tr.append(name, el("td", "purpose", c.purpose), el("td", "operator", c.operator), v, el("td", "prefs", prefsText(c)));
    rows.append(tr);
  }
  for (const n of data.notes) notes.append(el("li", "", n));
  $("ai-summary").textContent = "— " + allowed + " of " + data.crawlers.length + " may fetch /, " +
    data.contradictions.length + (data.contradictions.length === 1 ? " contradiction" : " contradictions");
}

// --- The live file ----------------------------------------------------

// loadLive fetches the live robots.txt of the site named in the form;
// into the editor too when intoEditor.
async function loadLive(intoEditor) {
  let u = liveInput.value.trim();
  if (u === "") {
    liveStatus.className = "live-status error";
    liveStatus.textContent = "Give the address of a site, such as https://example.com";
    liveInput.focus();
    return false;
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(u)) {
    u = "https://" + u;
    liveInput.value = u;
  }
  liveStatus.className = "live-status";
  liveStatus.textContent = "Fetching the robots.txt of " + u + " …";
  pending(true);
  let data;
  try {
    const resp = await fetch("/api/live", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: u }),
    });
    data = await resp.json();
    if (!resp.ok) throw new Error(data.error || resp.statusText);
  } catch (e) {
    liveStatus.className = "live-status error";
    liveStatus.textContent = "Could not load: " + e.message;
    pending(false);
    return false;
  }
  const f = data.fetch;
  live = { url: u, status: f.status, body: data.body };
  const ds = liveStatus.dataset;
  ds.status = f.status;
  ds.redirects = f.redirects;
  ds.bytes = f.bytes;
  ds.finalUrl = f.final_url;
  ds.state = f.state;
  let text = data.summary;
  if (data.cut) text += " (cut at the parse limit)";
  if (intoEditor && f.state === "parsed") {
    editor.value = data.text;
    editor.scrollTop = 0;
    highlightLine(0);
    text += " — in the editor";
  } else if (intoEditor) {
    text += " — the editor is unchanged";
  }
  liveStatus.textContent = text;
  changed(true);
  return true;
}

// --- Wiring -----------------------------------------------------------

function init() {
  drawPicks();
  readState();
  editor.addEventListener("input", () => changed(false));
  editor.addEventListener("scroll", place);
  urlsBox.addEventListener("input", () => changed(false));
  liveInput.addEventListener("change", () => writeState());
  new ResizeObserver(place).observe(editor);
  $("agent-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("agent-input");
    for (const a of input.value.split(/[\s,]+/)) addAgent(a, false);
    input.value = "";
    changed(true);
  });
  $("live-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    loadLive(true);
  });
  $("compare-live").addEventListener("click", async () => {
    if (await loadLive(false)) {
      comparing = true;
      changed(true);
      $("compare").hidden = false;
    }
  });
  $("stop-compare").addEventListener("click", () => {
    comparing = false;
    changed(true);
    $("compare-live").focus();
  });
  $("copy-link").addEventListener("click", async () => {
    writeState();
    try {
      await navigator.clipboard.writeText(location.href);
      $("copied").textContent = "copied";
    } catch (e) {
      $("copied").textContent = "copy the link beside";
    }
  });
  changed(true);
}

init();
