package enumerate

import (
	"context"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// placeOracle finds where g sits among the completions of its rows 1-6 by
// brute force: every row 7 that takes one of each column's three digits
// left (rows 7-9 of g) with all nine distinct, in lexicographic order; then
// every row 8 that takes one of each column's two digits left with r8c1 as
// in g, rows 8 and 9 both with nine distinct digits, in lexicographic order.
func placeOracle(g *canon.Grid) (row, rows, comp, comps int) {
	var left [9][]uint8 // each column's digits of rows 7-9, ascending
	for c := range 9 {
		left[c] = []uint8{g[54+c], g[63+c], g[72+c]}
		slices.Sort(left[c])
	}
	distinct := func(r []uint8) bool {
		var seen uint16
		for _, d := range r {
			seen |= 1 << d
		}
		return seen == 0x3FE
	}
	var rows7 [][]uint8
	r := make([]uint8, 9)
	r[0] = g[54]
	var walk7 func(c int)
	walk7 = func(c int) {
		if c == 9 {
			if distinct(r) {
				rows7 = append(rows7, slices.Clone(r))
			}
			return
		}
		for _, d := range left[c] {
			r[c] = d
			walk7(c + 1)
		}
	}
	walk7(1)
	row = slices.IndexFunc(rows7, func(x []uint8) bool { return slices.Equal(x, g[54:63]) })
	rows = len(rows7)

	var rows8 [][]uint8
	r8, r9 := make([]uint8, 9), make([]uint8, 9)
	var walk8 func(c int)
	walk8 = func(c int) {
		if c == 9 {
			if r8[0] == g[63] && distinct(r8) && distinct(r9) {
				rows8 = append(rows8, slices.Clone(r8))
			}
			return
		}
		var pair []uint8
		for _, d := range left[c] {
			if d != g[54+c] {
				pair = append(pair, d)
			}
		}
		for i, d := range pair {
			r8[c], r9[c] = d, pair[1-i]
			walk8(c + 1)
		}
	}
	walk8(0)
	comp = slices.IndexFunc(rows8, func(x []uint8) bool { return slices.Equal(x, g[63:72]) })
	comps = len(rows8)
	return
}

// TestPlaceOracle checks the Place of every grid of two groups, one dense
// and one sparse, against placeOracle, and that it fits its own grid and
// not, but for the fingerprint's collisions, another.
func TestPlaceOracle(t *testing.T) {
	for _, n := range []int{1800, 3150} {
		grp, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		var gs []canon.Grid
		var ps []Place
		_, err = GroupPlaced(context.Background(), grp.Key, Options{}, func(g *canon.Grid, _ int, p Place) error {
			if len(gs) < 3000 {
				gs = append(gs, *g)
				ps = append(ps, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		misfits := 0
		for i := range gs {
			g, p := &gs[i], ps[i]
			row, rows, comp, comps := placeOracle(g)
			r, nr := p.Row7()
			k, nk := p.Completion()
			if !p.Known() || r != row || nr != rows || k != comp || nk != comps {
				t.Fatalf("group %d, grid %s: Place row 7 %d of %d, completion %d of %d (known %v); want %d of %d, %d of %d",
					n, g.String(), r, nr, k, nk, p.Known(), row, rows, comp, comps)
			}
			if !p.Fits(g) {
				t.Fatalf("group %d, grid %s: its Place does not fit it", n, g.String())
			}
			if i > 0 && p.Fits(&gs[i-1]) {
				misfits++
			}
			if i > 0 && [27]uint8(g[27:54]) == [27]uint8(gs[i-1][27:54]) {
				// In a run, SameRow7 tells whether row 7 is shared.
				same := [9]uint8(g[54:63]) == [9]uint8(gs[i-1][54:63])
				if p.SameRow7(ps[i-1]) != same {
					t.Fatalf("group %d, grid %s: SameRow7 %v, grids share row 7 %v", n, g.String(), p.SameRow7(ps[i-1]), same)
				}
			}
		}
		// The fingerprint has 11 bits: a few collisions in 3,000 at most.
		if misfits > 10 {
			t.Errorf("group %d: %d Places fit the grid before theirs", n, misfits)
		}
		if (Place{}).Known() || (Place{}).Fits(&gs[0]) || (Place{}).SameRow7(Place{}) {
			t.Error("the zero Place is known or fits")
		}
	}
}
