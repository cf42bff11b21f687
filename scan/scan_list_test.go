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

// TestScanFull scans whole grids (long): the grid with the most 17s has
// exactly 29, the list's; the grid with one has exactly that one; and the
// two solutions of a 16-clue puzzle with two solutions have no 16.
func TestScanFull(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-grid scans take minutes")
	}
	byClass, _ := listByClass(t)
	for _, tc := range []struct {
		grid string
		want int
	}{{testGridStrings[0], 29}, {testGridStrings[1], 1}} {
		g, _ := canon.Parse(tc.grid)
		got := scanAll(t, &g, Options{Clues: 17})
		if len(got) != tc.want {
			t.Errorf("%v: %d 17-clue puzzles; want %d", g, len(got), tc.want)
		}
		m, _, _ := canon.Minlex(&g)
		// Every puzzle found is one of the list's, as forms of the class.
		var listForms []canon.Grid
		for _, e := range byClass[m] {
			f, _, _, err := canon.PuzzleMinlex(&e.p, canon.PlainOrder)
			if err != nil {
				t.Fatal(err)
			}
			listForms = append(listForms, f)
		}
		for _, mk := range got {
			p := puzzleOf(&g, mk)
			f, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
			if err != nil {
				t.Fatal(err)
			}
			if len(listForms) > 0 && !slices.Contains(listForms, f) {
				t.Errorf("%v: 17 %v is not in the list", g, p)
			}
		}
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
