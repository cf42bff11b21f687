package generate

import (
	"context"
	"testing"
)

var sinkClues int

// BenchmarkUnit makes one unit a loop: a top-down puzzle (rated) from a
// grid of each distribution, and a controlled-bias grid's attempts.
func BenchmarkUnit(b *testing.B) {
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"top-down/backtrack", Options{Over: OverBacktrack}},
		{"top-down/grids", Options{Over: OverGrids}},
		{"top-down/classes", Options{Over: OverClasses}},
		{"controlled-bias/backtrack", Options{Method: ControlledBias, Over: OverBacktrack}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g, err := New(bc.opt, testRanker(b))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var out []Puzzle
			for i := 0; i < b.N; i++ {
				if out, err = g.Unit(context.Background(), uint64(i), out[:0]); err != nil {
					b.Fatal(err)
				}
				for _, p := range out {
					if p.Clues < 17 {
						b.Fatal(p.Clues)
					}
					sinkClues += p.Clues
				}
			}
		})
	}
}
