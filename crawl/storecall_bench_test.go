package crawl

import (
	"context"
	"testing"
)

// BenchmarkStoreCall measures what storeCall adds to a Store call that
// answers at once (a Store in memory): for a Store that is not Bounded,
// its goroutine, channel and timer; for a Bounded one, a
// context.WithTimeout on the caller's goroutine and the guard against
// panics; beside a bare context.WithTimeout (issue 23 weighs them).
func BenchmarkStoreCall(b *testing.B) {
	c := &Checker{}
	c.init()
	ctx := context.Background()
	get := func(ctx context.Context) (int, error) { return 1, ctx.Err() }
	b.Run("storeCall", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := storeCall(ctx, c, "https://example.com", "get", get); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("storeCall Bounded", func(b *testing.B) {
		c := &Checker{}
		c.init()
		c.bounded.store = true
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := storeCall(ctx, c, "https://example.com", "get", get); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("WithTimeout on the caller's goroutine", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			ctx, cancel := context.WithTimeout(ctx, storeTimeout)
			_, err := get(ctx)
			cancel()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
