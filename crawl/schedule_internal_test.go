package crawl

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A sched is a schedule as a test sets it: its next slot is next from the
// test's time, and it has refusals in a row and users.
type sched struct {
	origin          string
	next            time.Duration
	refusals, users int
}

// kept returns the origins whose schedules p keeps, sorted, and checks
// that p's map and ring agree.
func kept(t *testing.T, p *paces) []string {
	t.Helper()
	var got []string
	for i, s := range p.ring {
		if s.at != i || p.m[s.origin] != s {
			t.Errorf("the ring's schedule %d (%s) says it is at %d, and the map has %p for it, not %p", i, s.origin, s.at, p.m[s.origin], s)
		}
		got = append(got, s.origin)
	}
	if len(p.m) != len(p.ring) {
		t.Errorf("%d schedules in the map, %d in the ring", len(p.m), len(p.ring))
	}
	slices.Sort(got)
	return got
}

func TestScheduleEviction(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		limit int
		have  []sched
		want  []string // kept once "new" has been added at t0
	}{
		{"room left", 4, []sched{{"a", -time.Hour, 0, 0}, {"b", time.Hour, 0, 0}}, []string{"b", "new"}},
		{"an idle one goes first", 3, []sched{{"a", time.Hour, 0, 0}, {"b", 2 * time.Hour, 0, 0}, {"c", -time.Second, 0, 0}}, []string{"a", "b", "new"}},
		{"a slot that has just come is idle", 3, []sched{{"a", time.Hour, 0, 0}, {"b", 2 * time.Hour, 0, 0}, {"c", 0, 0, 0}}, []string{"a", "b", "new"}},
		{"none idle: the nearest slot goes", 3, []sched{{"a", 2 * time.Hour, 0, 0}, {"b", time.Hour, 0, 0}, {"c", 3 * time.Hour, 0, 0}}, []string{"a", "c", "new"}},
		{"refusals count paceIdle past the slot", 3, []sched{{"a", -time.Minute, 1, 0}, {"b", 5 * time.Minute, 0, 0}, {"c", time.Hour, 0, 0}}, []string{"a", "c", "new"}},
		{"refusals paceIdle past their slot are idle", 3, []sched{{"a", -paceIdle, 2, 0}, {"b", 5 * time.Minute, 0, 0}, {"c", time.Hour, 0, 0}}, []string{"b", "c", "new"}},
		{"in use, idle or not, is passed over", 3, []sched{{"a", -time.Hour, 0, 1}, {"b", time.Minute, 0, 1}, {"c", time.Hour, 0, 0}}, []string{"a", "b", "new"}},
		{"all in use: the bound is exceeded", 2, []sched{{"a", time.Hour, 0, 1}, {"b", -time.Hour, 0, 1}}, []string{"a", "b", "new"}},
		{"no bound keeps all that carry", -1, []sched{{"a", time.Hour, 0, 0}, {"b", 2 * time.Hour, 0, 0}, {"c", 3 * time.Hour, 0, 0}}, []string{"a", "b", "c", "new"}},
		{"no bound drops idle ones", -1, []sched{{"a", -time.Second, 0, 0}, {"b", -time.Second, 0, 0}}, []string{"new"}},
		{"a bound of zero keeps the new one only", 0, []sched{{"a", time.Hour, 0, 0}}, []string{"new"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &paces{m: map[string]*pace{}}
			for _, h := range tt.have {
				s := &pace{origin: h.origin, at: len(p.ring), next: t0.Add(h.next), refusals: h.refusals, users: h.users}
				p.ring = append(p.ring, s)
				p.m[h.origin] = s
			}
			if s := p.get("new", tt.limit, t0); s.origin != "new" || !s.next.IsZero() || s.turn == nil {
				t.Errorf("get made %+v, want a new schedule", s)
			}
			if diff := cmp.Diff(tt.want, kept(t, p)); diff != "" {
				t.Errorf("schedules kept (-want +got):\n%s", diff)
			}
			if s := p.get("a", tt.limit, t0); len(tt.have) > 0 && slices.Contains(tt.want, "a") && s != p.m["a"] {
				t.Errorf("get of a kept schedule made a new one")
			}
		})
	}
}

// TestScheduleBound adds many origins, each with its slot an hour after
// the last one's: the schedules kept never exceed the bound, the newest
// are kept, and one in use is never dropped.
func TestScheduleBound(t *testing.T) {
	const limit, n = 1000, 100_000
	t0 := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	p := &paces{}
	busy := p.get("busy", limit, t0)
	busy.users = 1
	for i := range n {
		now := t0.Add(time.Duration(i) * time.Second)
		s := p.get("o"+strconv.Itoa(i), limit, now)
		s.next = now.Add(time.Hour)
		if len(p.ring) > limit {
			t.Fatalf("after %d origins, %d schedules kept, want %d at most", i+1, len(p.ring), limit)
		}
	}
	got := kept(t, p)
	if !slices.Contains(got, "busy") || !slices.Contains(got, "o"+strconv.Itoa(n-1)) {
		t.Errorf("the schedule in use, or the newest, was dropped")
	}
	// The window picks the nearest slots of the few it looks at: what it
	// keeps is the newest schedules, most of them among the newest
	// thousands.
	recent := 0
	for _, o := range got {
		if i, err := strconv.Atoi(o[1:]); err == nil && i >= n-3*limit {
			recent++
		}
	}
	if recent < limit*9/10 {
		t.Errorf("%d of the %d schedules kept are of the newest %d origins, want 90%% at least", recent, len(got), 3*limit)
	}
}
