package scan

import (
	"bytes"
	"slices"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// transposed returns the mirror image of g in its main diagonal.
func transposed(g *canon.Grid) canon.Grid {
	var t canon.Grid
	for r := range 9 {
		for c := range 9 {
			t[9*c+r] = g[9*r+c]
		}
	}
	return t
}

// PuzzleForms gives each puzzle's minlex form once, sorted; a puzzle and
// its mirror image, of the mirrored grid, have one form.
func TestPuzzleForms(t *testing.T) {
	g := gridkit.RandomGrids(1, 4, 11)[0]
	var a, b canon.Mask
	for c := range 81 {
		if c%3 == 0 {
			a.Set(c)
		}
		if c%4 == 1 {
			b.Set(c)
		}
	}
	forms, err := PuzzleForms(&g, []canon.Mask{a, b, a})
	if err != nil || len(forms) != 2 || !slices.IsSortedFunc(forms, bytes.Compare) || bytes.Equal(forms[0], forms[1]) {
		t.Fatalf("PuzzleForms of a, b, a: %q, %v; want two forms, sorted", forms, err)
	}
	for _, m := range []canon.Mask{a, b} {
		var p canon.Grid
		for c := range 81 {
			if m.Has(c) {
				p[c] = g[c]
			}
		}
		f, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
		if err != nil || !slices.ContainsFunc(forms, func(x []byte) bool { return bytes.Equal(x, canon.AppendPuzzle(nil, &f, '.')) }) {
			t.Errorf("the form of %v is not among %q (%v)", m, forms, err)
		}
	}
	gt := transposed(&g)
	var mt canon.Mask
	for c := range 81 {
		if a.Has(c) {
			mt.Set(9*(c%9) + c/9)
		}
	}
	mirrored, err := PuzzleForms(&gt, []canon.Mask{mt})
	if err != nil || len(mirrored) != 1 || !slices.ContainsFunc(forms, func(x []byte) bool { return bytes.Equal(x, mirrored[0]) }) {
		t.Errorf("the mirrored puzzle's form %q (%v) is not among %q", mirrored, err, forms)
	}
	if got, err := PuzzleForms(&g, nil); err != nil || len(got) != 0 {
		t.Errorf("PuzzleForms of no puzzles: %q, %v", got, err)
	}
	bad := g
	bad[0] = 12
	if _, err := PuzzleForms(&bad, []canon.Mask{a}); err == nil {
		t.Error("a grid with a cell of 12: no error")
	}
}
