package scan

import (
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/canon"
)

// listEntry is a puzzle of the 17-clue list with its solution and the
// transform that takes the solution to its minlex form.
type listEntry struct {
	p, s canon.Grid
	t    canon.Transform
}

// listByClass groups the 17-clue list by the minlex form of the puzzles'
// solutions, keeping the classes with one automorphism (where the list's
// puzzles carry over to any grid of the class in exactly one way).
func listByClass(t testing.TB) (map[canon.Grid][]listEntry, []canon.Grid) {
	t.Helper()
	byClass := map[canon.Grid][]listEntry{}
	var order []canon.Grid
	for _, p := range load17(t) {
		s := solution(t, &p)
		m, autos, tr := canon.Minlex(&s)
		if autos != 1 {
			continue
		}
		if _, ok := byClass[m]; !ok {
			order = append(order, m)
		}
		byClass[m] = append(byClass[m], listEntry{p, s, tr})
	}
	return byClass, order
}

// TestScanListGrids takes grids of the 17-clue list and, in a mask of all
// the list's 17s for the grid's class (carried to the grid's frame) and
// four more cells, finds exactly those 17s: the scan misses none of them
// and, the list being complete, finds no other.
func TestScanListGrids(t *testing.T) {
	byClass, order := listByClass(t)
	r := rand.New(rand.NewPCG(17, 49158))
	n := 100
	if testing.Short() {
		n = 8
	}
	tested := 0
	for _, i := range r.Perm(len(order)) {
		if tested == n {
			break
		}
		es := byClass[order[i]]
		if len(es) > 4 {
			continue // a large mask costs nearly a whole scan; TestScanFull covers such grids
		}
		tested++
		g := es[0].s
		back := es[0].t.Invert()
		var want []canon.Mask
		var mask canon.Mask
		for _, e := range es {
			toG := canon.Compose(back, e.t)
			p := toG.Apply(&e.p)
			m := canon.MaskOf(&p)
			want = append(want, m)
			mask[0] |= m[0]
			mask[1] |= m[1]
		}
		for k := 0; k < 4; {
			if c := r.IntN(81); !mask.Has(c) {
				mask.Set(c)
				k++
			}
		}
		sortMasks(want)
		got := scanAll(t, &g, Options{Clues: 17, Cells: &mask})
		if !slices.Equal(got, want) {
			t.Errorf("%v: %d 17s in the mask; the list has %d", g, len(got), len(want))
		}
	}
}

// TestScanMost17s checks the grid with the most 17s, 29: each of the
// list's 29 puzzles for it (carried to its frame), in a mask of its cells
// and four more, comes back with exactly the list's 17s inside the mask.
// (A whole scan of this grid takes many minutes.)
func TestScanMost17s(t *testing.T) {
	byClass, _ := listByClass(t)
	g, err := canon.Parse(testGridStrings[0])
	if err != nil {
		t.Fatal(err)
	}
	m, _, tr := canon.Minlex(&g)
	es := byClass[m]
	if len(es) != 29 {
		t.Fatalf("the list has %d 17s for %v; want 29", len(es), g)
	}
	back := tr.Invert()
	var list []canon.Mask
	for _, e := range es {
		toG := canon.Compose(back, e.t)
		p := toG.Apply(&e.p)
		if sol := solution(t, &p); sol != g {
			t.Fatalf("a list puzzle carried to the grid's frame solves to %v", sol)
		}
		list = append(list, canon.MaskOf(&p))
	}
	r := rand.New(rand.NewPCG(29, 17))
	for _, pm := range list {
		mask := pm
		for k := 0; k < 4; {
			if c := r.IntN(81); !mask.Has(c) {
				mask.Set(c)
				k++
			}
		}
		var want []canon.Mask
		for _, q := range list {
			if q[0]&^mask[0]|q[1]&^mask[1] == 0 {
				want = append(want, q)
			}
		}
		sortMasks(want)
		if got := scanAll(t, &g, Options{Clues: 17, Cells: &mask}); !slices.Equal(got, want) {
			t.Errorf("mask %v: %d 17s; the list has %d inside it", mask, len(got), len(want))
		}
	}
}

// TestScanFull scans whole grids (long): the grid with one 17 has exactly
// that one, and the two solutions of a 16-clue puzzle with two solutions
// have no 16.
func TestScanFull(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-grid scans take minutes")
	}
	g, _ := canon.Parse(testGridStrings[1])
	want, _ := canon.ParsePuzzle("000000041500900000070600000000350600402000000800000000000040080090000300030000000")
	if got := scanAll(t, &g, Options{Clues: 17}); len(got) != 1 || got[0] != canon.MaskOf(&want) {
		t.Errorf("%v: 17s %v; want exactly %v", g, got, want)
	}
	p, _ := canon.ParsePuzzle("5.2...4.....71...3..............46...7.2......1.......6....2.......3..1.4........")
	var sols []canon.Grid
	_, err := NewScanner().fast.All(t.Context(), (*[81]uint8)(&p), 0, func(s *[81]uint8) error {
		sols = append(sols, canon.Grid(*s))
		return nil
	})
	if err != nil || len(sols) != 2 {
		t.Fatalf("the 16-clue puzzle: %d solutions, %v; want 2", len(sols), err)
	}
	for _, s := range sols {
		if got := scanAll(t, &s, Options{Clues: 16}); len(got) != 0 {
			t.Errorf("%v: %d 16-clue puzzles; want none", s, len(got))
		}
	}
}

// puzzleOf is g's digits in the cells of m.
func puzzleOf(g *canon.Grid, m canon.Mask) canon.Grid {
	var p canon.Grid
	for c := range 81 {
		if m.Has(c) {
			p[c] = g[c]
		}
	}
	return p
}
