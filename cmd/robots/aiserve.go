package main

import (
	"context"
	"io"
	"net/http"
	"strings"
)

// The tester page's table of AI crawlers: POST /api/ai answers for the
// draft what "robots ai -json" answers for a file.

// maxAIPaths bounds the paths of a /api/ai request.
const maxAIPaths = 20

// An aiRequest is the body of a /api/ai request.
type aiRequest struct {
	Robots string   `json:"robots"`
	Paths  []string `json:"paths"`
}

func (sv *server) handleAI(w http.ResponseWriter, r *http.Request) {
	var req aiRequest
	if err := readRequest(w, r, maxCheckRequest(sv.limit), &req); err != nil {
		writeErr(w, err)
		return
	}
	rep, err := sv.ai(r.Context(), req)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeAnswer(w, rep)
}

// ai answers a /api/ai request: the report of "robots ai" for the draft,
// its source "draft".
func (sv *server) ai(ctx context.Context, req aiRequest) (*aiReport, error) {
	if len(req.Paths) > maxAIPaths {
		return nil, badRequest("%d paths: give at most %d", len(req.Paths), maxAIPaths)
	}
	paths := []string{}
	for _, p := range req.Paths {
		switch {
		case len(p) > maxURLBytes:
			return nil, badRequest("a path of %d bytes: give at most %d", len(p), maxURLBytes)
		case !strings.HasPrefix(p, "/"):
			return nil, badRequest("%q is not a path: give one starting with /", p)
		}
		paths = append(paths, p)
	}
	if len(paths) == 0 {
		paths = append(paths, "/")
	}
	// The draft is read as ai reads standard input.
	e := &env{stdin: strings.NewReader(req.Robots), stderr: io.Discard, cmd: "serve"}
	s, err := e.load(ctx, "-", sv.opts)
	if err != nil {
		return nil, err
	}
	rep := aiCheck(s.file, paths)
	rep.Source = "draft"
	rep.Notes = append(bodyWarnings(s), rep.Notes...)
	// The preferences of a group are repeated for each crawler it applies
	// to: bound the answer as a check's.
	size := 0
	for _, c := range rep.Crawlers {
		size += 256 + len(c.Operator)
		for _, p := range c.Paths {
			size += 64 + 2*len(p.Path)
		}
		for _, m := range []map[string]string{c.ContentSignal, c.ContentUsage} {
			for k, v := range m {
				size += 2*(len(k)+len(v)) + 8 // as JSON escapes at worst
			}
		}
	}
	if size > maxAnswer {
		return nil, badRequest("the answer would be larger than %d bytes: the draft's Content-Signal and Content-Usage lines are too long to repeat for each crawler", maxAnswer)
	}
	return &rep, nil
}
