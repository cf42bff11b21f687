package main

import (
	"context"
	"fmt"
	"slices"

	"edgrid/canon"
	"edgrid/scan"
)

// scanGrid writes the clues-clue puzzles of grid (scan.Scanner) to the
// first rows of out, as the grid's digits in the clue cells and 0
// elsewhere, sorted as edgrid scan prints them, and returns how many there
// are. While the scan runs it keeps each puzzle as a mask (16 bytes); out
// is the only array of rows. allowed, when not nil,
// holds 81 cells, nonzero where clues may go (--cells), at least clues of
// them. More puzzles than
// out has room for is an error that says how many room was given for.
func scanGrid(grid canon.Grid, clues int, minimal scan.Minimality, first bool, allowed []uint8, out []canon.Grid) (int64, error) {
	if err := grid.Validate(); err != nil {
		return 0, newRowError(0, err)
	}
	opt := scan.Options{Clues: clues, Minimal: minimal, First: first}
	if allowed != nil {
		var m canon.Mask
		n := 0
		for c, v := range allowed {
			if v != 0 {
				m.Set(c)
				n++
			}
		}
		if n < clues {
			// As edgrid scan --cells: an error, not 0 puzzles.
			return 0, &argError{msg: fmt.Sprintf("cells: %d cells, fewer than clues %d: no puzzle can fit", n, clues)}
		}
		opt.Cells = &m
	}
	var found []canon.Mask
	_, err := scan.NewScanner().Scan(context.Background(), &grid, opt, func(m canon.Mask) error {
		if len(found) == len(out) {
			return &argError{msg: fmt.Sprintf("more than %d puzzles: give room for more", len(out))}
		}
		found = append(found, m)
		return nil
	})
	if err != nil {
		if _, ok := err.(*argError); ok {
			return 0, err
		}
		return 0, &argError{msg: err.Error()}
	}
	// Written straight into out, then sorted there as the puzzles'
	// 81-character lines sort ('.' before digits).
	puzzles := out[:len(found)]
	for i, m := range found {
		puzzles[i] = canon.Grid{}
		for c := range 81 {
			if m.Has(c) {
				puzzles[i][c] = grid[c]
			}
		}
	}
	slices.SortFunc(puzzles, func(a, b canon.Grid) int {
		for c := range 81 {
			if a[c] != b[c] {
				return int(a[c]) - int(b[c])
			}
		}
		return 0
	})
	return int64(len(puzzles)), nil
}
