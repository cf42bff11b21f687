package scan

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit"
	"edgrid/solve"
)

// load17 reads the 17-clue list from the repository's testdata.
func load17(t testing.TB) []canon.Grid {
	t.Helper()
	ps := testkit.Puzzles(t, "puzzles2_17_clue", canon.ParsePuzzle)
	if len(ps) != 49158 {
		t.Fatalf("%d puzzles in the 17-clue list; want 49158", len(ps))
	}
	return ps
}

// solution is the unique solution of puzzle p.
func solution(t testing.TB, p *canon.Grid) canon.Grid {
	t.Helper()
	var sol [81]uint8
	n, err := solve.NewFast().Unique(context.Background(), (*[81]uint8)(p), &sol)
	if err != nil || n != 1 {
		t.Fatalf("%v: %d solutions, %v; want 1", p, n, err)
	}
	return canon.Grid(sol)
}

// around is the clue cells of p and cells from next, until size of them.
func around(p *canon.Grid, size int, next func() int) canon.Mask {
	mask := canon.MaskOf(p)
	for mask.Count() < size {
		mask.Set(next())
	}
	return mask
}

// listCase draws a puzzle of list at random and returns it, its
// solution, and its clue cells with random cells added, size in all.
func listCase(t testing.TB, list []canon.Grid, r *rand.Rand, size int) (canon.Grid, canon.Grid, canon.Mask) {
	t.Helper()
	p := list[r.IntN(len(list))]
	return p, solution(t, &p), around(&p, size, func() int { return r.IntN(81) })
}

// scanAll collects the clue masks a scan reports, sorted. A scan that
// either method can make (at most MaxBandClues clues, not First) with
// MethodAuto runs by both, which must report the same puzzles.
func scanAll(t testing.TB, g *canon.Grid, opt Options) []canon.Mask {
	t.Helper()
	if opt.Method != MethodAuto || opt.Clues > MaxBandClues || opt.First {
		got, _ := scanWith(t, NewScanner(), g, opt)
		return got
	}
	opt.Method = MethodHitting
	hit, _ := scanWith(t, NewScanner(), g, opt)
	opt.Method = MethodBands
	bands, _ := scanWith(t, NewScanner(), g, opt)
	if !slices.Equal(hit, bands) {
		t.Errorf("%v, %d clues, cells %v: the band method found %d puzzles, hitting-set search %d",
			g, opt.Clues, opt.Cells, len(bands), len(hit))
	}
	return hit
}

// scanWith collects the clue masks scanner s reports, sorted, and its
// stats.
func scanWith(t testing.TB, s *Scanner, g *canon.Grid, opt Options) ([]canon.Mask, Stats) {
	t.Helper()
	var got []canon.Mask
	st, err := s.Scan(context.Background(), g, opt, func(m canon.Mask) error {
		got = append(got, m)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sortMasks(got)
	return got, st
}

func sortMasks(ms []canon.Mask) {
	slices.SortFunc(ms, func(a, b canon.Mask) int {
		switch {
		case a.Less(b):
			return -1
		case b.Less(a):
			return 1
		}
		return 0
	})
}

// bruteForce lists the k-subsets of mask whose clues have one solution
// (and, with minimal, need every clue), trying every subset with the
// solver alone.
func bruteForce(g *canon.Grid, mask canon.Mask, k int, minimal bool) []canon.Mask {
	var cellsIn []int
	for c := range 81 {
		if mask.Has(c) {
			cellsIn = append(cellsIn, c)
		}
	}
	f := solve.NewFast()
	ctx := context.Background()
	var out []canon.Mask
	idx := make([]int, k)
	var rec func(from, depth int)
	rec = func(from, depth int) {
		if depth == k {
			var p [81]uint8
			var m canon.Mask
			for _, i := range idx {
				c := cellsIn[i]
				p[c] = g[c]
				m.Set(c)
			}
			if n, _ := f.Count(ctx, &p, 2); n != 1 {
				return
			}
			if minimal {
				for _, i := range idx {
					c := cellsIn[i]
					p[c] = 0
					n, _ := f.Count(ctx, &p, 2)
					p[c] = g[c]
					if n == 1 {
						return
					}
				}
			}
			out = append(out, m)
			return
		}
		for i := from; i <= len(cellsIn)-(k-depth); i++ {
			idx[depth] = i
			rec(i+1, depth+1)
		}
	}
	rec(0, 0)
	sortMasks(out)
	return out
}

// TestScanAgainstBruteForce restricts the scan to a puzzle's clue cells
// plus a few random cells, and compares it with every subset of that mask
// tried by the solver: the same puzzles for 17 clues, and for 18 clues
// both minimal only and all.
func TestScanAgainstBruteForce(t *testing.T) {
	list := load17(t)
	r := rand.New(rand.NewPCG(3, 5))
	cases := 6
	if testing.Short() {
		cases = 3
	}
	for range cases {
		p, g, mask := listCase(t, list, r, 22)
		for _, tc := range []struct {
			k   int
			min Minimality
		}{{17, MinimalAuto}, {16, MinimalAuto}, {18, MinimalOnly}, {18, MinimalAny}} {
			t.Run(fmt.Sprintf("%d/%v", tc.k, tc.min), func(t *testing.T) {
				want := bruteForce(&g, mask, tc.k, tc.min == MinimalOnly)
				got := scanAll(t, &g, Options{Clues: tc.k, Cells: &mask, Minimal: tc.min})
				if !slices.Equal(got, want) {
					t.Errorf("%v, cells %v, %d clues, minimality %d: scan found %d puzzles, brute force %d",
						g, mask, tc.k, tc.min, len(got), len(want))
				}
				if tc.k == 17 && !slices.Contains(got, canon.MaskOf(&p)) {
					t.Errorf("%v: the list's 17 %v not found", g, p)
				}
			})
		}
	}
}

// TestScanSingle17 checks the grid the list gives exactly one 17 for: in
// a mask of that puzzle's cells and twelve more, the scan finds it and no
// other.
func TestScanSingle17(t *testing.T) {
	g, err := canon.Parse(testGridStrings[1])
	if err != nil {
		t.Fatal(err)
	}
	p, err := canon.ParsePuzzle("000000041500900000070600000000350600402000000800000000000040080090000300030000000")
	if err != nil {
		t.Fatal(err)
	}
	if s := solution(t, &p); s != g {
		t.Fatalf("the puzzle's solution is %v; want %v", s, g)
	}
	r := rand.New(rand.NewPCG(1, 2))
	mask := around(&p, 29, func() int { return r.IntN(81) })
	got := scanAll(t, &g, Options{Clues: 17, Cells: &mask})
	if len(got) != 1 || got[0] != canon.MaskOf(&p) {
		t.Errorf("17s in %v: %v; want exactly %v", mask, got, canon.MaskOf(&p))
	}
}

// TestScanFirst stops at the first puzzle.
func TestScanFirst(t *testing.T) {
	list := load17(t)
	p := list[100]
	g := solution(t, &p)
	c := -7
	mask := around(&p, 24, func() int { c += 7; return c % 81 })
	all := scanAll(t, &g, Options{Clues: 18, Cells: &mask, Minimal: MinimalAny})
	if len(all) < 2 {
		t.Fatalf("%d 18-clue puzzles in the mask; the test wants several", len(all))
	}
	got := scanAll(t, &g, Options{Clues: 18, Cells: &mask, Minimal: MinimalAny, First: true})
	if len(got) != 1 || !slices.Contains(all, got[0]) {
		t.Errorf("First: %v; want one of the %d puzzles", got, len(all))
	}
}

// TestScanErrors checks bad grids and options, a callback's error and a
// cancelled context.
func TestScanErrors(t *testing.T) {
	g, _ := canon.Parse(testGridStrings[0])
	s := NewScanner()
	ctx := context.Background()
	nop := func(canon.Mask) error { return nil }
	for _, opt := range []Options{{Clues: 0}, {Clues: 82}, {Clues: 17, MaxUASize: 3}, {Clues: 17, MaxUASize: 40}, {Clues: 17, Minimal: 9}} {
		if _, err := s.Scan(ctx, &g, opt, nop); err == nil {
			t.Errorf("options %+v: no error", opt)
		}
	}
	bad := g
	bad[0], bad[1] = bad[1], bad[0]
	if _, err := s.Scan(ctx, &bad, Options{Clues: 17}, nop); err == nil || !strings.Contains(err.Error(), "column 1 has two") {
		t.Errorf("invalid grid: %v; want an error naming the column", err)
	}
	if _, err := Unavoidable(&bad, 12); err == nil {
		t.Error("Unavoidable of an invalid grid: no error")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Scan(cctx, &g, Options{Clues: 17}, nop); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v; want context.Canceled", err)
	}
	// A callback's error stops the scan and comes back.
	p := load17(t)[7]
	sg := solution(t, &p)
	stop := errors.New("stop here")
	mask := canon.MaskOf(&p)
	if _, err := s.Scan(ctx, &sg, Options{Clues: 17, Cells: &mask}, func(canon.Mask) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("callback error: %v; want it back", err)
	}
	// The scanner still works after all that.
	if got := scanAll(t, &sg, Options{Clues: 17, Cells: &mask}); len(got) != 1 {
		t.Errorf("after errors: %d puzzles; want 1", len(got))
	}
}

// TestUASize checks the sets a scan starts from: the size asked for, else
// 12 cells up to 16 clues or for a scan that stops at its first puzzle,
// and 14 for a whole scan of more clues.
func TestUASize(t *testing.T) {
	for _, c := range []struct {
		opt  Options
		want int
	}{
		{Options{Clues: 16}, DefaultUASize},
		{Options{Clues: 17}, LargeUASize},
		{Options{Clues: 25, Minimal: MinimalAny}, LargeUASize},
		{Options{Clues: 17, First: true}, DefaultUASize},
		{Options{Clues: 17, MaxUASize: 9}, 9},
		{Options{Clues: 16, MaxUASize: 16}, 16},
	} {
		t.Run(fmt.Sprintf("%+v", c.opt), func(t *testing.T) {
			if got := c.opt.UASize(); got != c.want {
				t.Errorf("%+v: UASize %d; want %d", c.opt, got, c.want)
			}
		})
	}
}

// TestScanProgress checks Options.Progress: called once for each multiple
// of 4,096 nodes that the scan passes, at or just after it, with the nodes
// so far, never more than the scan's count.
func TestScanProgress(t *testing.T) {
	list := load17(t)
	p := list[7]
	g := solution(t, &p)
	c := -5
	mask := around(&p, 44, func() int { c += 5; return c % 81 })
	var seen []int64
	st, err := NewScanner().Scan(context.Background(), &g, Options{Clues: 18, Cells: &mask, Minimal: MinimalAny,
		Progress: func(n int64) { seen = append(seen, n) }}, func(canon.Mask) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	// The last multiple may be passed at a node counted without the check
	// (the last clues are placed directly) with no check after it.
	if st.Nodes < 10*4096 || int64(len(seen)) < st.Nodes/4096-1 || int64(len(seen)) > st.Nodes/4096 {
		t.Fatalf("%d nodes, %d progress calls", st.Nodes, len(seen))
	}
	for i, n := range seen {
		if n < int64(i+1)*4096 || n >= int64(i+2)*4096 || n > st.Nodes {
			t.Fatalf("progress call %d: %d nodes after %v (scan %d)", i+1, n, seen[:i], st.Nodes)
		}
	}
}
