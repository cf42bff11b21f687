package scan

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"edgrid/canon"
)

// bandScan is every puzzle of k clues of g by the band method, sorted.
func bandScan(t testing.TB, g *canon.Grid, k int) []canon.Mask {
	t.Helper()
	got, _ := scanWith(t, NewScanner(), g, Options{Clues: k, Method: MethodBands})
	return got
}

// TestBandsWholeGrids scans whole grids by the band method: the grid with
// one 17 has exactly that one, the two solutions of a 16-clue puzzle with
// two solutions have no 16, and whole list grids give exactly the list's
// 17s for their class (whole list grids take from seconds to minutes: two
// of them).
func TestBandsWholeGrids(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	want, _ := canon.ParsePuzzle("000000041500900000070600000000350600402000000800000000000040080090000300030000000")
	if got := bandScan(t, &g, 17); len(got) != 1 || got[0] != canon.MaskOf(&want) {
		t.Errorf("%v: 17s %v; want exactly %v", g, got, want)
	}
	p, _ := canon.ParsePuzzle("5.2...4.....71...3..............46...7.2......1.......6....2.......3..1.4........")
	var sols []canon.Grid
	if _, err := NewScanner().fast.All(t.Context(), (*[81]uint8)(&p), 0, func(s *[81]uint8) error {
		sols = append(sols, canon.Grid(*s))
		return nil
	}); err != nil || len(sols) != 2 {
		t.Fatalf("the 16-clue puzzle: %d solutions, %v; want 2", len(sols), err)
	}
	for _, s := range sols {
		if got := bandScan(t, &s, 16); len(got) != 0 {
			t.Errorf("%v: %d 16-clue puzzles; want none", s, len(got))
		}
	}

	if os.Getenv("EDGRID_CENSUS") == "" {
		return // whole list grids take from seconds to many minutes: EDGRID_CENSUS=1
	}
	byClass, order := listByClass(t)
	n := 2
	r := rand.New(rand.NewPCG(47, 17))
	for tested := 0; tested < n; {
		es := byClass[order[r.IntN(len(order))]]
		if len(es) > 2 {
			continue // grids with many 17s have long scans; TestScanMost17s covers them in masks
		}
		tested++
		g := es[0].s
		back := es[0].t.Invert()
		var want []canon.Mask
		for _, e := range es {
			toG := canon.Compose(back, e.t)
			q := toG.Apply(&e.p)
			want = append(want, canon.MaskOf(&q))
		}
		sortMasks(want)
		if got := bandScan(t, &g, 17); !slices.Equal(got, want) {
			t.Errorf("%v: the band method found %d 17s; the list has %d", g, len(got), len(want))
		}
	}
}

// TestBandsRandomGrids scans random grids whole by the band method: every
// 17 found is in the list (which is complete), and no grid has a 16.
func TestBandsRandomGrids(t *testing.T) {
	if os.Getenv("EDGRID_CENSUS") == "" {
		t.Skip("whole random grids take from seconds to minutes: set EDGRID_CENSUS=1")
	}
	list := map[canon.Grid]bool{}
	for _, p := range load17(t) {
		f, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
		if err != nil {
			t.Fatal(err)
		}
		list[f] = true
	}
	n := 2
	r := rand.New(rand.NewPCG(16, 17))
	for range n {
		g := canon.RandomGrid(r)
		for _, m := range bandScan(t, &g, 17) {
			p := puzzleOf(&g, m)
			f, _, _, err := canon.PuzzleMinlex(&p, canon.PlainOrder)
			if err != nil {
				t.Fatal(err)
			}
			if !list[f] {
				t.Errorf("%v: 17 %v is not in the list", g, p)
			}
		}
		if got := bandScan(t, &g, 16); len(got) != 0 {
			t.Errorf("%v: %d 16-clue puzzles; want none", g, len(got))
		}
	}
}

// TestBandsOptions checks the band method's limits and that MethodAuto
// takes it where documented.
func TestBandsOptions(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	nop := func(canon.Mask) error { return nil }
	for _, opt := range []Options{{Clues: MaxBandClues + 1, Method: MethodBands}, {Clues: 17, Method: 7}} {
		if _, err := NewScanner().Scan(context.Background(), &g, opt, nop); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	for _, tc := range []struct {
		opt  Options
		want bool
	}{
		{Options{Clues: 17}, true},
		{Options{Clues: 16}, true},
		{Options{Clues: 15}, false},
		{Options{Clues: 18}, false},
		{Options{Clues: 16, First: true}, false},
		{Options{Clues: 17, Method: MethodHitting}, false},
		{Options{Clues: 12, Method: MethodBands}, true},
	} {
		t.Run(fmt.Sprintf("%+v", tc.opt), func(t *testing.T) {
			if got := tc.opt.bands(); got != tc.want {
				t.Errorf("%+v: band method %v; want %v", tc.opt, got, tc.want)
			}
		})
	}
}
