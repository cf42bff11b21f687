package scan

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// keepMissing and its wide form keep exactly the sets without the cell, in
// order, for every length around the sixteen-set steps.
func TestKeepMissing(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var dst []uint32
	for n := range 70 {
		sets := make([]uint32, n)
		for i := range sets {
			sets[i] = r.Uint32() & (1<<27 - 1)
		}
		for _, c := range []uint{0, 5, 26} {
			var want []uint32
			for _, u := range sets {
				if u>>c&1 == 0 {
					want = append(want, u)
				}
			}
			if got := keepMissing(nil, sets, c); !slices.Equal(got, want) {
				t.Fatalf("keepMissing of %d sets, cell %d: %v; want %v", n, c, got, want)
			}
			dst = keepMissingWide(dst, sets, c)
			if !slices.Equal(dst, want) {
				t.Fatalf("keepMissingWide of %d sets, cell %d: %v; want %v", n, c, dst, want)
			}
		}
	}
}
