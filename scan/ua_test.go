package scan

import (
	"context"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
	"edgrid/solve"
)

// testGrids are the grids the tests share: two of the 17-clue list's grids
// (the one with 29 puzzles and one with a single puzzle) and random ones.
var testGridStrings = []string{
	"562389471849716253137425896358194627974263185216857349691542738725638914483971562",
	"286537941541982736379614258917358624452176893863429517625743189194865372738291465",
}

func testGrids(t testing.TB, random int) []canon.Grid {
	t.Helper()
	var gs []canon.Grid
	for _, s := range testGridStrings {
		g, err := canon.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	r := rand.New(rand.NewPCG(7, 11))
	for range random {
		gs = append(gs, canon.RandomGrid(r))
	}
	return gs
}

// emptied is g with the cells of s made empty.
func emptied(g *canon.Grid, s canon.Mask) [81]uint8 {
	p := [81]uint8(*g)
	for c := range 81 {
		if s.Has(c) {
			p[c] = 0
		}
	}
	return p
}

// TestUnavoidableSets checks every set reported against the solver: the
// grid with the set emptied has a second solution, and with any one cell
// of it kept has only g.
func TestUnavoidableSets(t *testing.T) {
	f := solve.NewFast()
	ctx := context.Background()
	for _, g := range testGrids(t, 3) {
		sets, err := Unavoidable(&g, 12)
		if err != nil {
			t.Fatal(err)
		}
		if len(sets) < 50 {
			t.Errorf("%v: %d unavoidable sets of size <= 12; a grid has hundreds", g, len(sets))
		}
		for _, s := range sets {
			p := emptied(&g, s)
			if n, _ := f.Count(ctx, &p, 2); n != 2 {
				t.Fatalf("%v: set %v: %d solutions with it emptied; want 2 (unavoidable)", g, s, n)
			}
			for c := range 81 {
				if !s.Has(c) {
					continue
				}
				q := p
				q[c] = g[c]
				if n, _ := f.Count(ctx, &q, 2); n != 1 {
					t.Fatalf("%v: set %v without cell %d: %d solutions; want 1 (minimal)", g, s, c, n)
				}
			}
		}
	}
}

// digitSetOracle finds the minimal unavoidable sets of g with at most
// maxSize cells whose digits are among at most maxDigits digits, without
// the template search: for each set of digits it empties their cells,
// lists every completion with the solver, and keeps the minimal
// differences from g.
func digitSetOracle(t *testing.T, g *canon.Grid, maxDigits, maxSize int) map[canon.Mask]bool {
	t.Helper()
	f := solve.NewFast()
	var diffs []cells
	for set := 1; set < 1<<9; set++ {
		if n := popcount9(set); n < 2 || n > maxDigits {
			continue
		}
		p := [81]uint8(*g)
		for c, d := range p {
			if set>>(d-1)&1 != 0 {
				p[c] = 0
			}
		}
		_, err := f.All(context.Background(), &p, 0, func(sol *[81]uint8) error {
			var d cells
			for c := range 81 {
				if sol[c] != g[c] {
					d.set(c)
				}
			}
			if n := d.count(); n > 0 && n <= maxSize {
				diffs = append(diffs, d)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	out := map[canon.Mask]bool{}
	for _, s := range minimal(diffs) {
		out[s.mask()] = true
	}
	return out
}

func popcount9(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestUnavoidableComplete compares Unavoidable with the digit-set oracle
// on the sets of at most four digits: the same sets, none missing.
func TestUnavoidableComplete(t *testing.T) {
	grids := testGrids(t, 2)
	if testing.Short() {
		grids = grids[:2]
	}
	for _, g := range grids {
		sets, err := Unavoidable(&g, 12)
		if err != nil {
			t.Fatal(err)
		}
		want := digitSetOracle(t, &g, 4, 12)
		got := map[canon.Mask]bool{}
		for _, s := range sets {
			digits := map[uint8]bool{}
			for c := range 81 {
				if s.Has(c) {
					digits[g[c]] = true
				}
			}
			if len(digits) <= 4 {
				got[s] = true
			}
		}
		for s := range want {
			if !got[s] {
				t.Errorf("%v: minimal unavoidable set %v (size %d) missing", g, s, s.Count())
			}
		}
		for s := range got {
			if !want[s] {
				t.Errorf("%v: set %v (size %d) is not a minimal difference of the oracle", g, s, s.Count())
			}
		}
		if len(want) < 100 {
			t.Errorf("%v: oracle found only %d sets", g, len(want))
		}
	}
}
