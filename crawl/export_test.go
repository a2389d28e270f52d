package crawl

import "time"

// WithClock sets the clock of c, which tests move by hand, and returns c.
func WithClock(c *Checker, now func() time.Time) *Checker {
	c.clock = now
	return c
}
