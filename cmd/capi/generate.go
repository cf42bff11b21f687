package main

import (
	"context"
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/generate"
	"edgrid/rate"
)

// maxGenerate bounds edgrid_generate's count.
const maxGenerate = 10_000_000

// raters are the raters of rateRows' workers.
var raters = newStatePool(rate.New)

// rateRows writes each puzzle's guess count and grade code (1 simple .. 5
// expert). A puzzle without a unique solution is bad input.
func rateRows(puzzles []canon.Grid, guesses []int64, grades []int32, workers int) error {
	ctx := context.Background()
	return forRows(len(puzzles), workers, raters, func(r *rate.Rater, i int) error {
		p := [81]uint8(puzzles[i])
		if err := checkPuzzle((*canon.Grid)(&p)); err != nil {
			return err
		}
		rt, err := r.Rate(ctx, &p)
		switch {
		case errors.Is(err, rate.ErrNoSolution):
			return errors.New("no solution")
		case errors.Is(err, rate.ErrMultiple):
			return errors.New("more than one solution")
		case err != nil:
			return err
		}
		guesses[i], grades[i] = rt.Guesses, int32(rt.Grade())
		return nil
	})
}

// generateOptions reads edgrid_generate's codes into generate's options.
func generateOptions(method, over, minClues, maxClues, minimal, minGrade, maxGrade int, seed uint64) (generate.Options, error) {
	o := generate.Options{Method: generate.Method(method), Over: generate.Over(over), MinClues: minClues, MaxClues: maxClues,
		Minimal: minimal != 0, MinGrade: rate.Grade(minGrade), MaxGrade: rate.Grade(maxGrade), Seed: seed}
	if method < 0 || method > 1 || over < 0 || over > 2 {
		return o, &argError{msg: fmt.Sprintf("method %d, over %d: want method 0 (top-down) or 1 (controlled-bias), over 0 (grids), 1 (classes) or 2 (backtrack)", method, over)}
	}
	if _, err := generate.New(o, nil); err != nil {
		return o, &argError{msg: err.Error()}
	}
	return o, nil
}

// generateRows makes n puzzles under o, the first n of the run (units in
// order), and writes each one's givens, solution, clue count, guesses and
// grade code.
func generateRows(o generate.Options, n int, puzzles, solutions []canon.Grid, clues []int32, guesses []int64, grades []int32, workers int) error {
	if n < 0 || n > maxGenerate {
		return &argError{msg: fmt.Sprintf("%d puzzles: want 0..%d", n, maxGenerate)}
	}
	if n == 0 {
		return nil
	}
	r, err := ranker()
	if err != nil {
		return err
	}
	i := 0
	return generate.Run(context.Background(), o, r, workers, func(p *generate.Puzzle) (bool, error) {
		puzzles[i], solutions[i] = canon.Grid(p.Givens), canon.Grid(p.Solution)
		clues[i], guesses[i], grades[i] = int32(p.Clues), p.Rating.Guesses, int32(p.Rating.Grade())
		i++
		return i < n, nil
	})
}
