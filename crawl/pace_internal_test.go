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
