package main

import (
	"context"

	"edgrid/canon"
	"edgrid/solve"
)

// canonRows writes each puzzle's minlex form in order o and its automorphism
// count (canon.PuzzleCanon). Puzzles need not be valid; cells must be 0-9.
func canonRows(puzzles []canon.Grid, o canon.PuzzleOrder, forms []canon.Grid, autos []int32, workers int) error {
	return forRows(len(puzzles), workers, puzzleCanons, func(pc *canon.PuzzleCanon, i int) error {
		p := puzzles[i]
		f, a, _, err := pc.Minlex(&p, o)
		if err != nil {
			return err
		}
		forms[i], autos[i] = f, int32(a)
		return nil
	})
}

// patternRows writes the minlex form of each puzzle's clue pattern, 1 for a
// clue and 0 for an empty cell, and the pattern's automorphism count.
func patternRows(puzzles []canon.Grid, forms []canon.Grid, autos []int32, workers int) error {
	return forRows(len(puzzles), workers, puzzleCanons, func(pc *canon.PuzzleCanon, i int) error {
		p := puzzles[i]
		if err := checkPuzzle(&p); err != nil {
			return err
		}
		m, a, _ := pc.Pattern(canon.MaskOf(&p))
		var f canon.Grid
		for c := range f {
			if m.Has(c) {
				f[c] = 1
			}
		}
		forms[i], autos[i] = f, int32(a)
		return nil
	})
}

// puzzleCanons are the puzzle canonicalizers of canonRows' and patternRows'
// workers.
var puzzleCanons = newStatePool(func() *canon.PuzzleCanon { return new(canon.PuzzleCanon) })

// solvers are the solvers of solveRows' workers.
var solvers = newStatePool(solve.NewFast)

// solveRows writes the number of solutions of each puzzle, counted up to
// limit (limit <= 0: all), and its lexicographically smallest solution, or
// zeros when it has none. Givens that repeat a digit in a unit are an error,
// as for edgrid solve.
func solveRows(puzzles []canon.Grid, limit int64, counts []int64, sols []canon.Grid, workers int) error {
	ctx := context.Background()
	return forRows(len(puzzles), workers, solvers, func(f *solve.Fast, i int) error {
		p := [81]uint8(puzzles[i])
		if err := checkPuzzle((*canon.Grid)(&p)); err != nil {
			return err
		}
		if err := solve.CheckGivens(&p); err != nil {
			return err
		}
		var sol [81]uint8
		var n int64
		var err error
		switch {
		case limit == 1:
			var ok bool
			if ok, err = f.First(ctx, &p, &sol); ok {
				n = 1
			}
		case limit == 2:
			// Unique writes the solution only when there is one; a puzzle
			// with several needs First for the smallest.
			if n, err = f.Unique(ctx, &p, &sol); err == nil && n == 2 {
				_, err = f.First(ctx, &p, &sol)
			}
		default:
			if n, err = f.Count(ctx, &p, limit); err == nil && n > 0 {
				_, err = f.First(ctx, &p, &sol)
			}
		}
		counts[i], sols[i] = n, canon.Grid(sol)
		return err
	})
}
