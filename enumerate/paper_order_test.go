package enumerate

import (
	"context"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// The paper numbers the grids of a group in the order its dancing-links
// search meets them, which is not ascending (docs/numbering.md): a textbook
// DLX over the Sudoku exact cover (items: cells, then row-digit, column-digit
// and box-digit, each in index order; branching on the item with the fewest
// options, ties to the first; options in list order) with group 1's 33 cells
// given meets method.md's grid 1 first among the minlex completions. This
// engine follows those conventions, so its first minlex completion must be
// that grid.
func TestPaperGrid1IsFirstInDLXOrder(t *testing.T) {
	grp, err := band.ByNumber(1)
	if err != nil {
		t.Fatal(err)
	}
	givens := [81]uint8(grp.Key.Partial())
	s, err := NewSudokuSolver(&givens)
	if err != nil {
		t.Fatal(err)
	}
	var first canon.Grid
	seen := 0
	_, err = s.Search(context.Background(), 0, func(options []int) bool {
		seen++
		g := canon.Grid(SudokuGrid(options))
		for c, d := range givens {
			if d != 0 {
				g[c] = d
			}
		}
		if canon.IsMinlex(&g) {
			first = g
			return false
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if first.String() != grpPaper1 {
		t.Fatalf("first minlex completion in DLX order: %s (after %d completions); want the paper's grid 1 %s", first.String(), seen, grpPaper1)
	}
	t.Logf("the paper's grid 1 is completion %d of group 1 in DLX order", seen)
}
