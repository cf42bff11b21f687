package scan

import (
	"slices"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// Totals count grids, grids with puzzles and the grids by puzzles over
// parts, and list the puzzles sorted, each once.
func TestTotals(t *testing.T) {
	gs := gridkit.RandomGrids(2, 8, 3)
	var a, b canon.Mask
	for c := range 17 {
		a.Set(c)
		b.Set(80 - c)
	}
	p1 := &Part{Group: 1, Grids: 10, Found: []Found{
		{Ordinal: 2, Grid: gs[0], Puzzles: []canon.Mask{a, b}},
		{Ordinal: 5, Grid: gs[1], Puzzles: []canon.Mask{a}},
	}}
	p2 := &Part{Group: 2, Grids: 4, Found: []Found{{Ordinal: 1, Grid: gs[0], Puzzles: []canon.Mask{b}}}}
	for _, list := range []bool{false, true} {
		tt := NewTotals(list)
		tt.Add(p1)
		tt.Add(p2)
		tt.Sort()
		if tt.Grids != 14 || tt.WithPuzzles != 3 || tt.Puzzles() != 4 {
			t.Errorf("list %v: %d grids, %d with puzzles, %d puzzles; want 14, 3, 4", list, tt.Grids, tt.WithPuzzles, tt.Puzzles())
		}
		if got, want := tt.Counts(), []int{0, 1, 2}; !slices.Equal(got, want) {
			t.Errorf("list %v: counts %v; want %v", list, got, want)
		}
		if tt.PerGrid[0] != 11 || tt.PerGrid[1] != 2 || tt.PerGrid[2] != 1 {
			t.Errorf("list %v: per grid %v; want 0:11 1:2 2:1", list, tt.PerGrid)
		}
		if !list {
			if len(tt.List) != 0 {
				t.Errorf("not listing: %d puzzles kept", len(tt.List))
			}
			continue
		}
		want := []string{
			string(AppendPuzzle(nil, &gs[0], a)), string(AppendPuzzle(nil, &gs[0], b)), string(AppendPuzzle(nil, &gs[1], a)),
		}
		slices.Sort(want)
		if !slices.Equal(tt.List, want) {
			t.Errorf("list %q; want %q (gs[0]'s b once)", tt.List, want)
		}
	}
}
