package solve

import (
	"context"
	"testing"
)

// fastSink keeps benchmark results alive.
var fastSink int64

// BenchmarkFast solves every puzzle of each shared set, proving it unique
// (Unique, limit 2), counting its solutions without a limit (Count) or
// finding its smallest solution (First), and reports puzzles per second.
func BenchmarkFast(b *testing.B) {
	ctx := context.Background()
	for _, set := range fastSets {
		b.Run(set.name, func(b *testing.B) {
			ps := fastLoadSet(b, set.file)
			f := NewFast()
			var sol [81]uint8
			b.Run("unique", func(b *testing.B) {
				b.ReportAllocs()
				var total int64
				for b.Loop() {
					for i := range ps {
						n, err := f.Unique(ctx, &ps[i], &sol)
						if n != 1 || err != nil {
							b.Fatalf("puzzle %d: %d solutions, %v; want 1", i, n, err)
						}
						total += n
					}
				}
				fastSink = total
				b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
			})
			b.Run("count", func(b *testing.B) {
				b.ReportAllocs()
				var total int64
				for b.Loop() {
					for i := range ps {
						n, err := f.Count(ctx, &ps[i], 0)
						if n != 1 || err != nil {
							b.Fatalf("puzzle %d: %d solutions, %v; want 1", i, n, err)
						}
						total += n
					}
				}
				fastSink = total
				b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
			})
			b.Run("first", func(b *testing.B) {
				b.ReportAllocs()
				var total int64
				for b.Loop() {
					for i := range ps {
						ok, err := f.First(ctx, &ps[i], &sol)
						if !ok || err != nil {
							b.Fatalf("puzzle %d: no solution, %v", i, err)
						}
						total += int64(sol[0])
					}
				}
				fastSink = total
				b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
			})
		})
	}
}

// BenchmarkFastCountGroup1 counts the 11,297,664 completions of group 1 and
// reports completions per second.
func BenchmarkFastCountGroup1(b *testing.B) {
	p := fastParse(b, fastGroup1)
	f := NewFast()
	ctx := context.Background()
	b.ReportAllocs()
	var total int64
	for b.Loop() {
		n, err := f.Count(ctx, &p, 0)
		if n != 11297664 || err != nil {
			b.Fatalf("group 1: %d completions, %v; want 11297664", n, err)
		}
		total += n
	}
	fastSink = total
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "completions/s")
}
