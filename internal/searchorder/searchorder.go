// Package searchorder enumerates a group's minlex grids in the order a
// textbook dancing-links search meets them: the paper's order inside a group
// (docs/design/numbering.md). It checks every completion, prunes nothing, and runs
// on one goroutine, so it is far slower than package enumerate; the tests of
// enumerate and rank use it as an independent reference.
package searchorder

import (
	"context"
	"errors"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/solve"
)

// ErrStop, returned by emit, ends Group without an error.
var ErrStop = errors.New("searchorder: stop")

// Group passes the minlex grids of the group with the given key to emit in
// the order of the Sudoku exact cover's search (solve.NewSudoku: branching on
// the item with the fewest options, ties to the first, options in list
// order) with the key's 33 cells given, and returns how many grids and
// completions it met. An error from emit other than ErrStop ends the search
// and is returned.
func Group(ctx context.Context, key band.Key, emit func(g *canon.Grid, autos int) error) (grids, completions int64, err error) {
	first := key.Band1()
	ck, err := canon.NewChecker(&first)
	if err != nil {
		return 0, 0, err
	}
	givens := [81]uint8(key.Partial())
	var (
		g        canon.Grid
		band2    [27]uint8
		entry    uint32
		band2ok  bool
		have     bool
		emitErr  error
		searcher = solve.NewSudoku()
	)
	_, err = searcher.SolveSudoku(ctx, &givens, 0, func(values []uint8) bool {
		completions++
		copy(g[:], values)
		if !have || [27]uint8(g[27:54]) != band2 {
			band2, have = [27]uint8(g[27:54]), true
			entry, band2ok = ck.Band2(&band2)
		}
		if !band2ok {
			return true
		}
		ok, autos := ck.Check(&g, entry)
		if !ok {
			return true
		}
		grids++
		if emitErr = emit(&g, autos); emitErr != nil {
			return false
		}
		return true
	})
	switch {
	case emitErr == ErrStop:
		return grids, completions, nil
	case emitErr != nil:
		return grids, completions, emitErr
	}
	return grids, completions, err
}
