package redisstore

import "time"

// WithClock sets the clock of s, from which Put and Get count expiries,
// and returns s: the tests count from a fixed time, as the Checker's clock
// they set does.
func WithClock(s *Store, now func() time.Time) *Store {
	s.now = now
	return s
}
