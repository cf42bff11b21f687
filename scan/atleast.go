package scan

import (
	"context"
	"fmt"
	"math"

	"edgrid/canon"
	"edgrid/solve"
)

// PuzzlesAtLeast returns a lower bound on the number of k-clue puzzles of
// g, minimal or not, and the clue count m it rests on: clues are taken
// out of the full grid in cell order while the solution stays unique,
// which leaves a minimal puzzle of m clues, and every k-cell set holding
// those m cells is a puzzle too, so g has at least C(81-m, k-m) of them
// (0 when k < m). It costs one solver call a cell: a scan can say at once
// that it will list millions of puzzles. An invalid grid or k outside
// 1..81 is an error.
func PuzzlesAtLeast(ctx context.Context, g *canon.Grid, k int) (bound float64, m int, err error) {
	if err := g.Validate(); err != nil {
		return 0, 0, fmt.Errorf("scan: %w", err)
	}
	if k < 1 || k > 81 {
		return 0, 0, fmt.Errorf("scan: %d clues is outside 1..81", k)
	}
	p := [81]uint8(*g)
	f := solve.NewFast()
	m = 81
	for c := range 81 {
		d := p[c]
		p[c] = 0
		n, err := f.Count(ctx, &p, 2)
		if err != nil {
			return 0, 0, err
		}
		if n == 1 {
			m--
		} else {
			p[c] = d
		}
	}
	if k < m {
		return 0, m, nil
	}
	return choose(81-m, k-m), m, nil
}

// choose is the binomial coefficient C(n, r) as a float64.
func choose(n, r int) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	return math.Round(math.Exp(lg(n) - lg(r) - lg(n-r)))
}
