package crawl

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// BenchmarkPaceNewOrigin is what a Wait for an origin the Checker keeps
// no schedule of costs once Pacing.Origins schedules are kept, each with a
// slot an hour off (none idle): making room for one more must cost the
// same with a thousand schedules as with a hundred thousand. It reports
// the CPU time per origin too (cpu-ns/op), steadier than the time on a
// shared machine.
func BenchmarkPaceNewOrigin(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run("origins="+strconv.Itoa(n), func(b *testing.B) {
			c := &Checker{Pacing: Pacing{Origins: n}}
			ctx := context.Background()
			for i := range n {
				if err := c.wait(ctx, "https://o"+strconv.Itoa(i)+".example", time.Hour); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := StartCPU()
			for i := range b.N {
				if err := c.wait(ctx, "https://o"+strconv.Itoa(n+i)+".example", time.Hour); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpu.Report(b)
			if got := len(c.paces.m); got > n {
				b.Fatalf("%d schedules kept, want %d at most", got, n)
			}
		})
	}
}
