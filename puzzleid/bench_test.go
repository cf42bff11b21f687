package puzzleid

import (
	"context"
	"testing"
)

var sinkID ID

// BenchmarkID names puzzles of the shared sets end to end: check, solve,
// the solution's minlex grid and key, its lexicographic number.
func BenchmarkID(b *testing.B) {
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465"} {
		b.Run(set, func(b *testing.B) {
			ps := loadSet(b, set)
			n := namer(b)
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				id, err := n.ID(ctx, &ps[i%len(ps)])
				if err != nil {
					b.Fatal(err)
				}
				sinkID = id
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
