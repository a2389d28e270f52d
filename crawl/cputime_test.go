package crawl

import (
	"testing"
	"time"
)

// A CPUMeter reports the CPU time of a benchmark's loop per operation, as
// cpu-ns/op, where the system gives it: on a machine shared with other
// work, it counts what the benchmark did, not how long it waited for a
// core.
type CPUMeter struct{ start time.Duration }

// StartCPU starts counting; call it with b.ResetTimer.
func StartCPU() CPUMeter { return CPUMeter{cpuTime()} }

// Report reports the CPU time since StartCPU per operation of b.
func (m CPUMeter) Report(b *testing.B) {
	if m.start == 0 {
		return
	}
	b.ReportMetric(float64(cpuTime()-m.start)/float64(b.N), "cpu-ns/op")
}
