package scan

import (
	"bytes"
	"slices"

	"edgrid/canon"
)

// PuzzleForms returns the minlex forms (canon.PuzzleMinlex, plain order) of
// the puzzles of g with clues ms, as 81-character strings with '.' for an
// empty cell, sorted, each once: puzzles that g's automorphisms map onto
// each other have one form. A cell of g outside 0-9 is an error.
func PuzzleForms(g *canon.Grid, ms []canon.Mask) ([][]byte, error) {
	forms := make([][]byte, 0, len(ms))
	for _, m := range ms {
		var p canon.Grid
		for c := range 81 {
			if m.Has(c) {
				p[c] = g[c]
			}
		}
		f, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
		if err != nil {
			return nil, err
		}
		forms = append(forms, canon.AppendPuzzle(nil, &f, '.'))
	}
	slices.SortFunc(forms, bytes.Compare)
	return slices.CompactFunc(forms, bytes.Equal), nil
}
