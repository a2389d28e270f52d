//go:build linux || darwin

package crawl

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system, or
// 0 where it cannot tell.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
