package solve

import (
	"context"
	"edgrid/internal/testkit"
	"testing"
)

// loadPuzzles reads a puzzle set of the repository's testdata.
func loadPuzzles(b *testing.B, name string) [][81]uint8 {
	return testkit.Puzzles(b, name, ParsePuzzle)
}

var sinkCount int64

// BenchmarkSolve solves every puzzle of each set with one Solver, first
// solution only ("solve") and proving uniqueness ("unique", limit 2).
func BenchmarkSolve(b *testing.B) {
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"} {
		for _, mode := range []struct {
			name  string
			limit int64
		}{{"solve", 1}, {"unique", 2}} {
			b.Run(set+"/"+mode.name, func(b *testing.B) {
				ps := loadPuzzles(b, set)
				s := NewSudoku()
				ctx := context.Background()
				b.ReportAllocs()
				b.ResetTimer()
				var total int64
				for b.Loop() {
					for i := range ps {
						n, err := s.SolveSudoku(ctx, &ps[i], mode.limit, nil)
						if err != nil || n != 1 {
							b.Fatalf("puzzle %d: %d solutions, %v", i, n, err)
						}
						total += n
					}
				}
				sinkCount = total
				b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
