package crawl

import "time"

// WithClock sets the clock of c, which tests move by hand, and returns c.
func WithClock(c *Checker, now func() time.Time) *Checker {
	c.clock = now
	return c
}

// WithLeaseTTL sets how long c's leases last unless renewed, and returns
// c.
func WithLeaseTTL(c *Checker, ttl time.Duration) *Checker {
	c.leaseLife = ttl
	return c
}

// ReportEvery is how often, at most, StoreError gets one distinct error
// of one origin.
const ReportEvery = reportEvery
