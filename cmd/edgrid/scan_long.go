package main

import (
	"context"
	"fmt"

	"edgrid/canon"
	"edgrid/scan"
)

// maxKnownMinimal is the most clues of any minimal puzzle known: a scan
// for minimal puzzles of more clues searches a grid whole for something
// nobody has found.
const maxKnownMinimal = 40

// manyPuzzles is the lower bound on a grid's puzzles from which a scan
// that lists them says it is long.
const manyPuzzles = 1e6

// longNote says why a scan of g with opt will be long, or "" when nothing
// shows it: minimal puzzles of more clues than any known, or more puzzles,
// minimal or not, than anyone reads (scan.PuzzlesAtLeast).
func longNote(ctx context.Context, g *canon.Grid, opt *scan.Options) string {
	switch {
	case opt.NoneMinimal():
		return ""
	case opt.ReportsMinimal():
		if opt.Clues > maxKnownMinimal {
			return fmt.Sprintf("edgrid scan: note: no minimal puzzle of more than %d clues is known; a scan for minimal puzzles of %d clues may not end (--all lists every puzzle)",
				maxKnownMinimal, opt.Clues)
		}
		return ""
	case opt.First:
		return "" // the first of many puzzles comes at once
	}
	b, m, err := scan.PuzzlesAtLeast(ctx, g, opt.Clues)
	if err != nil || b < manyPuzzles {
		return ""
	}
	return fmt.Sprintf("edgrid scan: note: this grid has at least %.3g puzzles of %d clues (every %d-cell set holding one of its %d-clue puzzles is one); the scan will be long, and a list of them holds them all in memory (--count only counts)",
		b, opt.Clues, opt.Clues, m)
}
