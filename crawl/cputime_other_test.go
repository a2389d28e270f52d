//go:build !(linux || darwin)

package crawl

import "time"

// cpuTime returns 0: this system's CPU time is not read.
func cpuTime() time.Duration { return 0 }
