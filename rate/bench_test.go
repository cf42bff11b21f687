package rate

import (
	"context"
	"testing"
)

var sinkGuesses int64

// BenchmarkRate rates every puzzle of each test set (qqwing_graded: 100
// puzzles of each of qqwing's grades), a pass a loop.
func BenchmarkRate(b *testing.B) {
	for _, set := range tableSets {
		b.Run(set, func(b *testing.B) {
			ps := tablePuzzles(b, set)
			r := New()
			b.ResetTimer()
			b.ReportAllocs()
			b.ReportMetric(float64(len(ps)), "puzzles/op")
			for i := 0; i < b.N; i++ {
				for j := range ps {
					rt, err := r.Rate(context.Background(), &ps[j])
					if err != nil {
						b.Fatal(err)
					}
					sinkGuesses += rt.Guesses
				}
			}
		})
	}
}
