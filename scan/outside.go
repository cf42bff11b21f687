package scan

import "math/bits"

// outsideAt is the number of clues left at which a deep node also takes
// the families of one set fewer (outside). With three clues left it ends
// about nine in ten of the nodes that pass the families' check, which
// would otherwise each place their last two clues on every cell of a set;
// with more clues left the same check ends many more nodes but costs
// more than the nodes it saves (the nodes it ends are the ones the
// children's own check ends cheaply).
const outsideAt = 3

// outside narrows the cells the clues left may take by the untouched
// families of m-1 sets, with m clues left: each of a family's sets needs
// its own clue, so at least m-1 of the clues lie in its union U and at
// most one outside it. That one must hit every unhit deep set with no
// open cell in U, so it lies in the open cells all those sets share, and
// the clues lie in U and those cells. The families are alive (family i at
// bit i%64 of word i/64; only the words w with bit w of nz set) with
// their unions in us, taken one after another, each on the cells the
// ones before left; family first, when it is among them, is taken before
// the others. outside returns the dead cells (dead0: cells 0 to 63,
// dead1: cell 64+i at bit i) with every cell outside those narrowings
// added, and reports false, with the family that ended it, when for some
// family the unhit sets outside it share no open cell.
func outside(us *[famWords * 64]cells, alive *famBits, nz uint64, dead0, dead1 uint64, d *deepSets, unhit *[2]uint64, first int) (uint64, uint64, bool, int) {
	a0, a1 := ^dead0, ^dead1&(1<<(81-64)-1)
	ok := true
	if nz>>(first>>6)&1 == 1 && alive[first>>6]>>(first&63)&1 == 1 {
		if a0, a1, ok = outsideOf(&us[first], a0, a1, d, unhit); !ok {
			return dead0, dead1, false, first
		}
	}
	for ; nz != 0; nz &= nz - 1 {
		w := bits.TrailingZeros64(nz)
		for x := alive[w]; x != 0; x &= x - 1 {
			i := w<<6 | bits.TrailingZeros64(x)
			if i == first {
				continue // taken above
			}
			if a0, a1, ok = outsideOf(&us[i], a0, a1, d, unhit); !ok {
				return dead0, dead1, false, i
			}
		}
	}
	return ^a0, ^a1 & (1<<(81-64) - 1), true, first
}

// outsideOf is outside's step for one family of union u: the cells left
// a0, a1 narrowed to u's and those every unhit set without a cell of u
// shares, or false when those share none.
func outsideOf(u *cells, a0, a1 uint64, d *deepSets, unhit *[2]uint64) (uint64, uint64, bool) {
	in0, in1 := a0&u[0], a1&u[1]
	c0, c1 := d.holders(in0, in1) // the sets with a cell left in u
	x0, x1 := unhit[0]&^c0, unhit[1]&^c1
	if x0|x1 == 0 {
		return a0, a1, true // every unhit set has a cell left in u
	}
	o0, o1 := d.shared(x0, x1, a0, a1)
	if o0|o1 == 0 {
		return a0, a1, false
	}
	return in0 | o0, in1 | o1, true
}
