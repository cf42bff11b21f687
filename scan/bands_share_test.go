package scan

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/canon"
)

// bottoms is the grids with g's rows 1-6: every band 3 that completes
// them, at most n, g first.
func bottoms(t *testing.T, g *canon.Grid, n int) []canon.Grid {
	t.Helper()
	var top [81]uint8
	copy(top[:54], g[:54])
	out := []canon.Grid{*g}
	_, err := NewScanner().fast.All(t.Context(), &top, 0, func(s *[81]uint8) error {
		if canon.Grid(*s) != *g && len(out) < n {
			out = append(out, canon.Grid(*s))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// rowsSwapped is g with rows 7-9 in the order rows: the same grid up to
// isomorphism, with the same rows 1-6.
func rowsSwapped(g *canon.Grid, rows [3]int) canon.Grid {
	h := *g
	for i, r := range rows {
		copy(h[9*(6+i):9*(7+i)], g[9*(6+r):9*(7+r)])
	}
	return h
}

// batchScan is ScanBatch's puzzles of each grid, sorted, and its stats.
func batchScan(t *testing.T, gs []canon.Grid, opt Options) ([][]canon.Mask, []Stats) {
	t.Helper()
	got := make([][]canon.Mask, len(gs))
	st, err := NewScanner().ScanBatch(t.Context(), gs, opt, func(i int, m canon.Mask) error {
		got[i] = append(got[i], m)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		sortMasks(got[i])
	}
	return got, st
}

// checkBatch scans gs as a batch and one by one and requires the same
// puzzles for each grid, and no more pairs tested in all (the pairs one
// grid takes from another's pair loop are not tested again); when
// wantShared, every grid but one takes pairs from another.
func checkBatch(t *testing.T, gs []canon.Grid, opt Options, wantShared bool) [][]canon.Mask {
	t.Helper()
	got, st := batchScan(t, gs, opt)
	s := NewScanner()
	var tested, alone int64
	takers := 0
	for i := range gs {
		want, one := scanWith(t, s, &gs[i], opt)
		if !slices.Equal(got[i], want) || st[i].Puzzles != one.Puzzles {
			t.Errorf("grid %d %v, %d clues: the batch gives %d puzzles, alone %d", i, gs[i], opt.Clues, len(got[i]), len(want))
		}
		tested += st[i].Nodes - st[i].Shared
		alone += one.Nodes
		if st[i].Shared > 0 {
			takers++
		}
		if one.Shared != 0 {
			t.Errorf("grid %d alone: %d pairs shared", i, one.Shared)
		}
	}
	if tested > alone {
		t.Errorf("%d clues: the batch tests %d pairs, its grids alone %d", opt.Clues, tested, alone)
	}
	if wantShared && takers != len(gs)-1 {
		t.Errorf("%d clues: %d of %d grids take pairs from another", opt.Clues, takers, len(gs))
	}
	return got
}

// TestScanBatchRows scans the grid with one 17 with rows 7-9 in every order:
// each is the same grid, so each has one 17, the first's with its rows
// moved, and the batch gives what each gives alone.
func TestScanBatchRows(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	var gs []canon.Grid
	orders := [][3]int{{0, 1, 2}, {1, 0, 2}, {2, 1, 0}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}}
	for _, o := range orders {
		gs = append(gs, rowsSwapped(&g, o))
	}
	got := checkBatch(t, gs, Options{Clues: 17, Method: MethodBands}, true)
	for i, o := range orders {
		if len(got[0]) != 1 || len(got[i]) != 1 {
			t.Fatalf("grid %d: %d 17s, the first %d; want one each", i, len(got[i]), len(got[0]))
		}
		var moved canon.Mask
		for c := range 81 {
			if got[0][0].Has(c) {
				r := c / 9
				if r >= 6 {
					r = 6 + slices.Index(o[:], r-6)
				}
				moved.Set(9*r + c%9)
			}
		}
		if got[i][0] != moved {
			t.Errorf("rows %v: the 17 %v; want %v", o, got[i][0], moved)
		}
	}
}

// TestScanBatchBottoms scans random grids with every band 3 that completes
// their rows 1-6, at 16 and 17 clues, and the batch gives each grid's
// puzzles and pairs as its scan alone does; a batch of grids with
// different rows 1-6 shares nothing.
func TestScanBatchBottoms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 47))
	n, clues := 3, []int{16, 17}
	if testing.Short() {
		n, clues = 1, []int{16}
	}
	var tops []canon.Grid
	for tested := 0; tested < n; {
		g := canon.RandomGrid(r)
		gs := bottoms(t, &g, 5)
		if len(gs) < 2 {
			continue
		}
		tested++
		tops = append(tops, g)
		for _, k := range clues {
			checkBatch(t, gs, Options{Clues: k, Method: MethodBands}, true)
		}
	}
	_, st := batchScan(t, tops, Options{Clues: 16, Method: MethodBands})
	for i := range st {
		if st[i].Shared != 0 {
			t.Errorf("grid %d of different rows 1-6: %d pairs shared", i, st[i].Shared)
		}
	}
}

// TestScanBatchCells scans grids with the same rows 1-6 within a mask of
// cells, by both methods: the same puzzles in the batch and alone.
func TestScanBatchCells(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	p, _ := canon.ParsePuzzle("000000041500900000070600000000350600402000000800000000000040080090000300030000000")
	r := rand.New(rand.NewPCG(5, 6))
	mask := around(&p, 29, func() int { return r.IntN(81) })
	gs := append(bottoms(t, &g, 3), rowsSwapped(&g, [3]int{2, 0, 1}))
	for _, m := range []Method{MethodBands, MethodHitting} {
		// A mask can make the grids' lists of rows 1-3 and 4-6 end at
		// different sizes (their fewest clues in a band differ): the
		// puzzles are the same, shared or not.
		got := checkBatch(t, gs, Options{Clues: 17, Method: m, Cells: &mask}, false)
		if len(got[0]) != 1 || got[0][0] != canon.MaskOf(&p) {
			t.Errorf("method %v: %v; want the one 17", m, got[0])
		}
	}
}

// TestScanBatchErrors: a bad grid or options are errors before any work,
// an error from fn stops the batch, and an empty batch is no work.
func TestScanBatchErrors(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	bad := g
	bad[40], bad[41] = bad[41], bad[40]
	s := NewScanner()
	nop := func(int, canon.Mask) error { return nil }
	if _, err := s.ScanBatch(t.Context(), []canon.Grid{g, bad}, Options{Clues: 17}, nop); err == nil {
		t.Error("a batch with an invalid grid: no error")
	}
	if _, err := s.ScanBatch(t.Context(), []canon.Grid{g}, Options{Clues: 0}, nop); err == nil {
		t.Error("0 clues: no error")
	}
	if st, err := s.ScanBatch(t.Context(), nil, Options{Clues: 17}, nop); err != nil || len(st) != 0 {
		t.Errorf("an empty batch: %v, %v", st, err)
	}
	stop := errors.New("stop")
	gs := []canon.Grid{g, rowsSwapped(&g, [3]int{1, 0, 2})}
	calls := 0
	_, err := s.ScanBatch(t.Context(), gs, Options{Clues: 17, Method: MethodBands}, func(int, canon.Mask) error {
		calls++
		return stop
	})
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("fn's error: %v after %d calls; want it after one", err, calls)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.ScanBatch(ctx, gs, Options{Clues: 17}, nop); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled batch: %v", err)
	}
}

// TestBandsValidMemo scans grids one after another with one scanner, which
// keeps the valid sets of a band whose digits and allowed cells are those
// of the grid before, and with a new scanner each: the same puzzles and
// pairs, with and without a mask, across clue counts.
func TestBandsValidMemo(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[1])
	p, _ := canon.ParsePuzzle("000000041500900000070600000000350600402000000800000000000040080090000300030000000")
	r := rand.New(rand.NewPCG(7, 8))
	mask := around(&p, 29, func() int { return r.IntN(81) })
	low := bottoms(t, &g, 2)
	swapped := rowsSwapped(&g, [3]int{1, 2, 0})
	other := canon.RandomGrid(r)
	cases := []struct {
		g    *canon.Grid
		opt  Options
		want int
	}{
		{&g, Options{Clues: 17, Method: MethodBands, Cells: &mask}, 1},
		{&g, Options{Clues: 16, Method: MethodBands}, 0},
		{&low[len(low)-1], Options{Clues: 17, Method: MethodBands, Cells: &mask}, -1},
		{&swapped, Options{Clues: 16, Method: MethodBands}, 0},
		{&other, Options{Clues: 16, Method: MethodBands}, 0},
		{&g, Options{Clues: 17, Method: MethodBands, Cells: &mask}, 1},
		{&g, Options{Clues: 18, Method: MethodBands, Cells: &mask}, -1},
	}
	s := NewScanner()
	for i, c := range cases {
		got, st := scanWith(t, s, c.g, c.opt)
		want, one := scanWith(t, NewScanner(), c.g, c.opt)
		if !slices.Equal(got, want) || st.Nodes != one.Nodes {
			t.Errorf("case %d: %d puzzles, %d pairs after the grids before; %d and %d alone", i, len(got), st.Nodes, len(want), one.Nodes)
		}
		if c.want >= 0 && len(got) != c.want {
			t.Errorf("case %d: %d puzzles; want %d", i, len(got), c.want)
		}
	}
}
