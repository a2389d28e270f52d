package crawl

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// schedules returns the origins whose schedules c keeps.
func schedules(c *Checker) map[string]bool {
	c.paces.mu.Lock()
	defer c.paces.mu.Unlock()
	m := map[string]bool{}
	for origin := range c.paces.m {
		m[origin] = true
	}
	return m
}

func TestPaceMemoryBound(t *testing.T) {
	const limit = 10
	ctx := context.Background()
	t.Run("idle origins are dropped first", func(t *testing.T) {
		c := &Checker{Pacing: Pacing{Origins: limit}}
		// An origin whose next slot is an hour off carries a schedule.
		if err := c.wait(ctx, "https://busy.example", time.Hour); err != nil {
			t.Fatal(err)
		}
		// Origins not paced are idle as soon as they are booked.
		for i := range 100 {
			if err := c.wait(ctx, fmt.Sprintf("https://idle%d.example", i), 0); err != nil {
				t.Fatal(err)
			}
		}
		got := schedules(c)
		if len(got) > limit {
			t.Errorf("%d schedules kept, want %d at most", len(got), limit)
		}
		if !got["https://busy.example"] {
			t.Errorf("the schedule of an origin with a slot an hour off was dropped for idle ones")
		}
	})
	t.Run("the nearest slots are dropped when none is idle", func(t *testing.T) {
		c := &Checker{Pacing: Pacing{Origins: limit}}
		for i := range 50 {
			// Each origin's next slot comes later than the previous one's.
			if err := c.wait(ctx, fmt.Sprintf("https://o%d.example", i), time.Hour+time.Duration(i)*time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		got := schedules(c)
		if len(got) > limit {
			t.Errorf("%d schedules kept, want %d at most", len(got), limit)
		}
		if !got["https://o49.example"] || got["https://o0.example"] {
			t.Errorf("kept %v; want the latest slots kept, the earliest dropped", got)
		}
	})
	t.Run("refusals are kept while they count", func(t *testing.T) {
		c := &Checker{Pacing: Pacing{Origins: limit}}
		c.report(ctx, "https://refusing.example", 503, nil)
		for i := range 100 {
			if err := c.wait(ctx, fmt.Sprintf("https://idle%d.example", i), 0); err != nil {
				t.Fatal(err)
			}
		}
		got := schedules(c)
		if len(got) > limit || !got["https://refusing.example"] {
			t.Errorf("kept %d schedules, refusing origin kept: %v; want %d at most, and true", len(got), got["https://refusing.example"], limit)
		}
	})
}

// TestPacingNone checks the negative values of Pacing, which mean none.
func TestPacingNone(t *testing.T) {
	ctx := context.Background()
	t.Run("no Origins bound", func(t *testing.T) {
		for _, tt := range []struct {
			origins, want int
		}{{-1, 2 * DefaultPaceOrigins}, {0, DefaultPaceOrigins}, {5, 5}} {
			c := &Checker{Pacing: Pacing{Origins: tt.origins}}
			for i := range 2 * DefaultPaceOrigins {
				if err := c.wait(ctx, fmt.Sprintf("https://o%d.example", i), time.Hour); err != nil {
					t.Fatal(err)
				}
			}
			if got := len(schedules(c)); got != tt.want {
				t.Errorf("Origins %d: %d schedules with a slot ahead kept of %d, want %d", tt.origins, got, 2*DefaultPaceOrigins, tt.want)
			}
		}
	})
	t.Run("no MaxRetryAfter: the back-off saturates", func(t *testing.T) {
		c := &Checker{Pacing: Pacing{MaxRetryAfter: -1}}
		const origin = "https://refusing.example"
		for range 100 {
			c.report(ctx, origin, 503, nil)
		}
		c.paces.mu.Lock()
		next := c.paces.m[origin].next
		c.paces.mu.Unlock()
		if time.Until(next) < 200*365*24*time.Hour {
			t.Errorf("after 100 refusals with no MaxRetryAfter, the next slot is %v away, want the longest Duration", time.Until(next))
		}
	})
}
