package usage

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/crawlkit/robots"
	"github.com/crawlkit/robots/internal/fold"
)

// This file reads TDMRep (the W3C TDM Reservation Protocol, community
// group final report, 2024): the origin's /.well-known/tdmrep.json, the
// tdm-reservation and tdm-policy header fields and META tags, and gives
// their one answer by the report's processing priority.

// MaxTDMRepBytes is the most of a tdmrep.json that is read: a larger file
// states nothing. The report's examples are a few hundred bytes; 64 KiB
// holds over a thousand entries.
const MaxTDMRepBytes = 64 << 10

// maxPolicy bounds the length of a tdm-policy URL that is reported.
const maxPolicy = 2048

// A TDMRep is an origin's /.well-known/tdmrep.json, read: its entries, in
// file order. The zero TDMRep, like nil, states nothing. A TDMRep is
// immutable and safe for concurrent use.
type TDMRep struct {
	entries []tdmEntry
	diags   []string
	size    int64
}

// A tdmEntry is one entry of tdmrep.json that has a location.
type tdmEntry struct {
	index       int    // from 1, in the file
	location    string // as written
	reservation int8   // 0, 1, or -1 when unset
	policy      string // as written, "" when absent
	text        string // the entry as written, compacted
}

// ParseTDMRep reads body, a tdmrep.json: a JSON array of objects, each
// with a "location" (a path pattern, matched as robots.txt patterns are),
// a "tdm-reservation" (0 or 1) and an optional "tdm-policy" (a URL). A body
// over MaxTDMRepBytes, or that is not a JSON array, states nothing (a
// UTF-8 byte order mark before it is skipped). An
// entry that is not an object, or has no location string, is skipped; a
// reservation other than the numbers 0 and 1 is unset (the report: other
// values are protocol errors). Each is noted in [TDMRep.Diagnostics]. Keys
// are compared exactly, and unknown keys are ignored.
//
// Reading allocates at most about 100 times the size of body, 6.5 MB for
// the largest, a file of four thousand tiny entries, and the TDMRep keeps
// at most three times its size plus 100 bytes an entry (TestTDMRepMemory
// measures both).
func ParseTDMRep(body []byte) *TDMRep {
	t := &TDMRep{}
	if len(body) > MaxTDMRepBytes {
		t.diag(file, " has over "+strconv.Itoa(MaxTDMRepBytes)+" bytes: it states nothing")
		return t
	}
	// RFC 8259 section 8.1: a parser may ignore a byte order mark.
	body = bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF"))
	var raw []json.RawMessage
	if trimmed := bytes.TrimSpace(body); len(trimmed) == 0 || trimmed[0] != '[' {
		t.diag(file, " is not a JSON array: it states nothing")
		return t
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		t.diag(file, " is not a JSON array ("+err.Error()+"): it states nothing")
		return t
	}
	for i, r := range raw {
		e, ok := t.entry(i+1, r)
		if ok {
			t.entries = append(t.entries, e)
			t.size += int64(len(e.location)+len(e.policy)+len(e.text)) + 80
		}
	}
	return t
}

// entry reads the entry of index i, r.
func (t *TDMRep) entry(i int, r json.RawMessage) (tdmEntry, bool) {
	where := func() string { return "tdmrep.json entry " + strconv.Itoa(i) }
	var obj map[string]json.RawMessage
	if len(r) == 0 || r[0] != '{' || json.Unmarshal(r, &obj) != nil {
		t.diag(where, " is not a JSON object: skipped")
		return tdmEntry{}, false
	}
	e := tdmEntry{index: i, reservation: -1}
	if json.Unmarshal(obj["location"], &e.location) != nil {
		t.diag(where, " has no location string: skipped")
		return tdmEntry{}, false
	}
	res, hasRes := obj["tdm-reservation"]
	switch string(res) {
	case "0":
		e.reservation = 0
	case "1":
		e.reservation = 1
	default:
		if hasRes {
			t.diag(where, ": tdm-reservation "+cut(string(res))+" is not 0 or 1: unset")
		} else {
			t.diag(where, " has no tdm-reservation: unset")
		}
	}
	if p, ok := obj["tdm-policy"]; ok && json.Unmarshal(p, &e.policy) != nil {
		t.diag(where, ": tdm-policy is not a string: ignored")
	}
	var text bytes.Buffer
	if json.Compact(&text, r) == nil {
		e.text = cut(text.String())
	}
	return e, true
}

// TDMRepFromStatus returns the TDMRep of a fetch of tdmrep.json that
// ended with status and body: ParseTDMRep(body) for a 2xx status; for any
// other, or 0 for no response, a TDMRep that states nothing, with a
// diagnostic (the report: failing to provide the file means that the
// origin does not implement the protocol).
func TDMRepFromStatus(status int, body []byte) *TDMRep {
	if status >= 200 && status <= 299 {
		return ParseTDMRep(body)
	}
	t := &TDMRep{}
	if status == 0 {
		t.diag(file, ": no response: it states nothing")
	} else {
		t.diag(file, ": HTTP "+strconv.Itoa(status)+": it states nothing")
	}
	return t
}

// diag notes what of the file was not read: where(), then s. where is
// called only while fewer than MaxListed are noted.
func (t *TDMRep) diag(where func() string, s string) {
	if len(t.diags) < MaxListed {
		s = where() + s
		t.diags = append(t.diags, s)
		t.size += int64(len(s)) + 16
	}
}

// file names the file, for diag.
func file() string { return "tdmrep.json" }

// Diagnostics says what of the file was not read, and why. The slice is
// the caller's own.
func (t *TDMRep) Diagnostics() []string {
	if t == nil {
		return nil
	}
	return append([]string(nil), t.diags...)
}

// Size estimates how many bytes t keeps alive, for a cache's bounds.
func (t *TDMRep) Size() int64 {
	if t == nil {
		return 0
	}
	return t.size + 64
}

// match returns the first entry whose location matches url.
func (t *TDMRep) match(url string) (tdmEntry, bool) {
	if t == nil {
		return tdmEntry{}, false
	}
	for _, e := range t.entries {
		if robots.PatternMatches(e.location, url) {
			return e, true
		}
	}
	return tdmEntry{}, false
}

// A tdmLevel is what one level of the processing priority states.
type tdmLevel struct {
	name         string
	reservation  int8 // -1 when unset
	by           []Source
	policy       string // "" when unset
	policySource Source
}

// tdmrep takes the TDMRep statements of in for url, and gives their one
// answer.
func (c *combiner) tdmrep(in Input, target string) {
	file := tdmLevel{name: "tdmrep.json", reservation: -1}
	if in.TDMRep != nil {
		for _, d := range in.TDMRep.diags {
			c.diag(d)
		}
		if e, ok := in.TDMRep.match(target); ok {
			src := Source{From: FromTDMRep, Line: e.index, Text: e.text}
			file.reservation = e.reservation
			if e.reservation >= 0 {
				file.by = []Source{src}
			}
			if e.policy != "" {
				file.policy, file.policySource = e.policy, src
			}
		}
	}
	header := tdmLevel{name: "header fields", reservation: -1}
	if in.Header != nil {
		for i, v := range fold.Values(in.Header, "Tdm-Reservation") {
			src := Source{From: FromHeader, Line: i + 1, Text: "tdm-reservation: " + v}
			c.tdmValue(&header, src, v)
		}
		for i, v := range fold.Values(in.Header, "Tdm-Policy") {
			c.tdmPolicy(&header, Source{From: FromHeader, Line: i + 1, Text: "tdm-policy: " + v}, v)
		}
	}
	meta := tdmLevel{name: "META tags", reservation: -1}
	for _, m := range in.Page.Meta("tdm-reservation") {
		c.tdmValue(&meta, Source{From: FromMeta, Line: m.Line, Text: m.Name + ": " + m.Content}, m.Content)
	}
	for _, m := range in.Page.Meta("tdm-policy") {
		c.tdmPolicy(&meta, Source{From: FromMeta, Line: m.Line, Text: m.Name + ": " + m.Content}, m.Content)
	}

	// The report's "Processing priority": header fields supersede the
	// file, META tags supersede both; a level without a value leaves the
	// one before it.
	final := tdmLevel{reservation: -1}
	for _, l := range []*tdmLevel{&file, &header, &meta} {
		if l.reservation >= 0 {
			if final.reservation >= 0 && final.reservation != l.reservation {
				c.diag("TDMRep: tdm-reservation " + strconv.Itoa(int(l.reservation)) + " of the " + l.name +
					" supersedes " + strconv.Itoa(int(final.reservation)) + " of the " + final.name + " (processing priority)")
			}
			final.name, final.reservation, final.by = l.name, l.reservation, l.by
		}
		if l.policy != "" {
			final.policy, final.policySource = l.policy, l.policySource
		}
	}
	var prefs [uses]Preference
	switch final.reservation {
	case 1:
		prefs[AITrain] = Disallowed
		if p := final.policy; p != "" {
			if u, err := url.Parse(p); err != nil || len(p) > maxPolicy || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
				c.diag(final.policySource.String() + ": not an absolute http(s) URL of at most " + strconv.Itoa(maxPolicy) + " bytes: not reported")
			} else {
				c.policy = p
			}
		}
	case 0:
		prefs[AITrain] = Allowed
	default:
		return
	}
	for _, src := range final.by {
		c.add(src, prefs)
	}
}

// tdmValue takes the tdm-reservation value v of src at level l: 0 or 1,
// with the spaces around it removed. A field that a proxy joined with a
// comma gives several values. Of 0 and 1 at one level, 1 counts.
func (c *combiner) tdmValue(l *tdmLevel, src Source, v string) {
	for _, part := range strings.Split(v, ",") {
		var r int8
		switch strings.TrimSpace(part) {
		case "0":
			r = 0
		case "1":
			r = 1
		default:
			c.diag(cut(src.String()) + ": not 0 or 1: unset")
			continue
		}
		switch {
		case r > l.reservation:
			if l.reservation == 0 {
				c.diag("TDMRep: both 0 and 1 in the " + l.name + ": 1 counts")
			}
			l.reservation, l.by = r, []Source{src}
		case r == l.reservation:
			l.by = appendSource(l.by, src)
		case r < l.reservation:
			c.diag("TDMRep: both 0 and 1 in the " + l.name + ": 1 counts")
		}
	}
}

// tdmPolicy takes the tdm-policy value v of src at level l: the first one
// counts.
func (c *combiner) tdmPolicy(l *tdmLevel, src Source, v string) {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
	case l.policy == "":
		l.policy, l.policySource = v, src
	case l.policy != v:
		c.diag(cut(src.String()) + ": another tdm-policy in the " + l.name + ": the first counts")
	}
}
