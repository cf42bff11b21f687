package rate

import (
	"context"
	"testing"
)

var sinkGuesses int64

// BenchmarkRate rates every puzzle of each test set, a pass a loop.
func BenchmarkRate(b *testing.B) {
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"} {
		ps := loadSet(b, set)
		b.Run(set, func(b *testing.B) {
			r := New()
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
