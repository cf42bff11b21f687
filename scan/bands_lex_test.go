package scan

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortLex checks sortLex against the lexicographic order of the sets'
// ascending cells, compared cell by cell.
func TestSortLex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sets := make([]uint32, 2000)
	for i := range sets {
		for range 1 + r.IntN(8) {
			sets[i] |= 1 << r.IntN(27)
		}
	}
	seq := func(x uint32) []int {
		var s []int
		for ; x != 0; x &= x - 1 {
			s = append(s, bits.TrailingZeros32(x))
		}
		return s
	}
	// A set after its own extensions, as sortLex puts them: compare
	// the sequences with a missing cell counting as past every cell.
	lexCmp := func(a, b uint32) int {
		sa, sb := seq(a), seq(b)
		for i := 0; ; i++ {
			switch {
			case i == len(sa) && i == len(sb):
				return 0
			case i == len(sa):
				return 1
			case i == len(sb):
				return -1
			case sa[i] != sb[i]:
				return sa[i] - sb[i]
			}
		}
	}
	// Short lists take another way than long ones: both.
	for _, n := range []int{len(sets), 300} {
		got := slices.Clone(sets[:n])
		sortLex(got, nil)
		w := slices.Clone(sets[:n])
		slices.SortFunc(w, lexCmp)
		if !slices.Equal(got, w) {
			t.Fatalf("%d sets: sortLex differs from the order of the cell sequences", n)
		}
	}
}
