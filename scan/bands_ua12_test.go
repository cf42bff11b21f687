package scan

import (
	"context"
	"math/bits"
	"slices"
	"testing"

	"edgrid/internal/testkit/gridkit"
	"edgrid/solve"
)

// TestUA12 checks ua12 against the solver: for every subset of 2 to
// 5 digits, and again of 2 to ua12Digits, the cells of those digits in bands 1+2 are emptied
// and every solution of the rest listed; the solutions' differences from
// the grid of at most ua12Size cells, reduced to the minimal ones that meet
// both bands, are what ua12 gives, in every frame of random grids.
func TestUA12(t *testing.T) {
	fast := solve.NewFast()
	for gi, g := range gridkit.RandomGrids(2, 3, 4) {
		gg := [81]uint8(g)
		for _, digits := range []int{5, ua12Digits} {
			testUA12Grid(t, fast, gi, &gg, digits)
		}
	}
}

// testUA12Grid is TestUA12 on grid gi, g, for subsets of up to digits
// digits.
func testUA12Grid(t *testing.T, fast *solve.Fast, gi int, gg *[81]uint8, digits int) {
	ctx := context.Background()
	for dir := range 2 {
		for b := range 3 {
			f := makeFrame(gg, dir == 1, [3]int{(b + 1) % 3, (b + 2) % 3, b})
			var found []uint64
			for set := uint16(1); set < 1<<9; set++ {
				if n := bits.OnesCount16(set); n < 2 || n > digits {
					continue
				}
				p := f.g
				for c := range 54 {
					if set>>(p[c]-1)&1 != 0 {
						p[c] = 0
					}
				}
				_, err := fast.All(ctx, &p, 1<<20, func(sol *[81]uint8) error {
					var d uint64
					for c := range 54 {
						if sol[c] != f.g[c] {
							d |= 1 << c
						}
					}
					if d != 0 && bits.OnesCount64(d) <= ua12Size {
						found = append(found, d)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			var want []cross
			for _, k := range minimalBits(found) {
				if p0, p1 := uint32(k&(1<<27-1)), uint32(k>>27); p0 != 0 && p1 != 0 {
					want = append(want, cross{p0, p1})
				}
			}
			got := ua12(&f, digits)
			if len(want) == 0 || !slices.Equal(got, want) {
				t.Fatalf("grid %d, %d digits, direction %d, band 3 %d: %d sets, the solver's %d", gi, digits, dir, b, len(got), len(want))
			}
		}
	}
}
