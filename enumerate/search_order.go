package enumerate

import (
	"context"
	"time"

	"edgrid/band"
	"edgrid/canon"
)

// GroupInSearchOrder enumerates the minlex grids of the group with the given
// key in the order a textbook dancing-links search meets them, which is the
// paper's order inside a group (docs/numbering.md): the Sudoku exact cover of
// NewSudokuMatrix with the key's 33 cells chosen, branching on the item with
// the fewest options (ties to the first), options in list order. Every
// completion is checked, none pruned, on the calling goroutine; emit
// returning ErrStop ends the search without error.
func GroupInSearchOrder(ctx context.Context, key band.Key, emit Emit) (Stats, error) {
	start := time.Now()
	first := key.Band1()
	ck, err := canon.NewChecker(&first)
	if err != nil {
		return Stats{}, err
	}
	givens := [81]uint8(key.Partial())
	s, err := NewSudokuSolver(&givens)
	if err != nil {
		return Stats{}, err
	}
	var st Stats
	var band2 [27]uint8
	var entry uint32
	band2ok, have := false, false
	var emitErr error
	_, err = s.Search(ctx, 0, func(options []int) bool {
		st.Completions++
		g := canon.Grid(SudokuGrid(options))
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
		st.Grids++
		st.Autos[autos]++
		if emitErr = emit(&g, autos); emitErr != nil {
			return false
		}
		return true
	})
	st.Seconds = time.Since(start).Seconds()
	switch {
	case emitErr == ErrStop:
		return st, nil
	case emitErr != nil:
		return st, emitErr
	}
	return st, err
}
