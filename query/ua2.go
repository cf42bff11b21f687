package query

import (
	"math/bits"

	"edgrid/canon"
)

// UA2 is the number of minimal unavoidable sets made of two digits. For each
// of the 36 pairs of digits a, b, the 18 cells holding a or b split into the
// connected components of the graph that links the two cells of each row,
// each column and each box; swapping a and b in one component gives another
// solution grid, and no smaller set of those cells can be swapped, so each
// component is a minimal unavoidable set. Its components of four cells are
// exactly the sets UA4 counts.
var UA2 Invariant = ua2Inv{}

type ua2Inv struct{}

func (ua2Inv) Name() string { return "ua2" }
func (ua2Inv) Definition() string {
	return "minimal unavoidable sets of two digits: components of each digit pair's 18 cells linked by rows, columns and boxes"
}

func (ua2Inv) Value(g *canon.Grid) int {
	n, _ := ua2Components(g)
	return n
}

// ua2Components returns the number of components over all pairs of digits,
// and how many of them have four cells.
//
// A row holds one a and one b, linked, so each component is a set of rows
// (twice as many cells). Within the pair's graph a column links the rows of
// its a and its b, and so does a box.
func ua2Components(g *canon.Grid) (all, four int) {
	// rowIn[d][k] is the row of digit d in column k (k < 9) and in box k-9.
	var rowIn [10][18]uint8
	for r := range 9 {
		for c := range 9 {
			d := g[r*9+c] % 10
			rowIn[d][c] = uint8(r)
			rowIn[d][9+r/3*3+c/3] = uint8(r)
		}
	}
	for a := 1; a <= 9; a++ {
		for b := a + 1; b <= 9; b++ {
			var adj [9]uint16
			ra, rb := &rowIn[a], &rowIn[b]
			for k := range 18 {
				x, y := ra[k]%9, rb[k]%9
				adj[x] |= 1 << y
				adj[y] |= 1 << x
			}
			// Invariant: left holds the rows of the components not yet counted.
			for left := uint16(0x1FF); left != 0; {
				comp := left & -left
				for {
					next := comp
					for m := comp; m != 0; m &= m - 1 {
						next |= adj[bits.TrailingZeros16(m)]
					}
					if next == comp {
						break
					}
					comp = next
				}
				left &^= comp
				all++
				if bits.OnesCount16(comp) == 2 {
					four++
				}
			}
		}
	}
	return all, four
}
