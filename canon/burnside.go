package canon

import (
	"fmt"
	"math/big"
)

// GroupOrder is the number of the Sudoku symmetries with relabelling: the
// 3,359,232 row, column, band, stack and transposition moves times the 9!
// relabellings of the digits (docs/design/method.md).
const GroupOrder = 1218998108160

// Burnside returns the sum over the grids counted by autos (autos[a] grids
// with a automorphisms) of GroupOrder / a: the number of all solution grids
// that the classes of those grids hold. Every automorphism count divides
// the group order, so the sum is exact; a histogram with grids of 0
// automorphisms, or of a count that does not divide GroupOrder, is an
// error.
func Burnside(autos *[MaxAutomorphisms + 1]int64) (*big.Int, error) {
	sum, term := new(big.Int), new(big.Int)
	for a, n := range autos {
		switch {
		case n == 0:
			continue
		case n < 0:
			return nil, fmt.Errorf("canon: %d grids with %d automorphisms", n, a)
		case a == 0 || GroupOrder%int64(a) != 0:
			return nil, fmt.Errorf("canon: %d grids with %d automorphisms, which does not divide the group order", n, a)
		}
		term.SetInt64(GroupOrder / int64(a))
		sum.Add(sum, term.Mul(term, big.NewInt(n)))
	}
	return sum, nil
}
