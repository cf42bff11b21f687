package scan

import "math/bits"

// withinStep is how many families within takes before it first checks
// whether the cells left still hit every unhit set; it checks again each
// time the families taken double (8, 16, ...): most nodes that fail the
// check fail it on their first few families.
const withinStep = 4

// within narrows the cells the clues left may take. With as many clues
// left as a family has sets, each of them lies in one of its sets (the
// sets are disjoint, and each needs a clue): all the clues left lie in
// the union of every untouched family of that size. us are the unions of
// the families; the untouched ones are those of alive (family i at bit
// i%64 of word i/64; only the words w with bit w of nz set) that are not
// in touched. within returns the dead cells (dead0: cells 0 to 63, dead1:
// cell 64+i at bit i) with every cell outside those unions added, and
// reports false when some deep set of unhit (d's sets that the clues
// miss) holds none of the cells left, since no clue could then hit it, or
// when the clues left cannot hit them all (coversUnit with m clues left).
// The words go in registers, which the arrays would not.
func within(us *[famWords * 64]cells, alive *famBits, nz uint64, touched *famBits, dead0, dead1 uint64, d *deepSets, unhit *[2]uint64, m int) (uint64, uint64, bool) {
	// The open cells as two words, so that they stay in registers.
	a0, a1 := ^dead0, ^dead1&(1<<(81-64)-1)
	k := 0
	if wideWords {
		// The words that hold an untouched family, all at once.
		nz = andNotMask(alive, touched, nz)
	}
	for ; nz != 0; nz &= nz - 1 {
		w := bits.TrailingZeros64(nz)
		for x := alive[w] &^ touched[w]; x != 0; x &= x - 1 {
			u := &us[w<<6|bits.TrailingZeros64(x)]
			a0 &= u[0]
			a1 &= u[1]
			if k++; k&(k-1) == 0 && k >= withinStep && !d.covers(a0, a1, unhit) {
				return dead0, dead1, false
			}
		}
	}
	if k == 0 {
		d.unit = -1
		return dead0, dead1, true
	}
	if !d.coversUnit(a0, a1, unhit, m) {
		return dead0, dead1, false
	}
	return ^a0, ^a1, true
}

// coversUnit is covers for a node's last check, which also chooses the
// set its children branch on: when every set is covered, d.unit is the
// first set of unhit with exactly one open cell, else the first with
// two, else the first with three, else -1. The fewer a set's open cells,
// the fewer children (a set with one is a clue every puzzle below has).
// The counts are kept bit-sliced, one set per bit: the sets with at least
// one, two, three and four open cells. With m clues left, it also reports
// false when the cells that the sets with one open cell force cannot be
// completed to m clues that hit every set (forced).
func (d *deepSets) coversUnit(open0, open1 uint64, unhit *[2]uint64, m int) bool {
	if d.missedAgain(open0, open1, unhit) {
		return false
	}
	var c0, c1, t0, t1, h0, h1, q0, q1 uint64
	if wideCount {
		// The sets with no, one, two and three open cells, counted eight
		// sets at a time; the bit slices follow from them.
		z0, z1, e0, e1, f0, f1, g0, g1 := countWide(&d.setW, open0, open1)
		c0, c1 = ^z0, ^z1
		t0, t1 = c0&^e0, c1&^e1
		h0, h1 = t0&^f0, t1&^f1
		q0, q1 = h0&^g0, h1&^g1
	} else {
		// One loop a word: a loop over both words costs the plain build
		// about 2% (tuning grids at K = 16).
		for x := open0; x != 0; x &= x - 1 {
			cc := &d.cell[bits.TrailingZeros64(x)]
			q0 |= h0 & cc[0]
			q1 |= h1 & cc[1]
			h0 |= t0 & cc[0]
			h1 |= t1 & cc[1]
			t0 |= c0 & cc[0]
			t1 |= c1 & cc[1]
			c0 |= cc[0]
			c1 |= cc[1]
		}
		for x := open1; x != 0; x &= x - 1 {
			cc := &d.cell[64+bits.TrailingZeros64(x)]
			q0 |= h0 & cc[0]
			q1 |= h1 & cc[1]
			h0 |= t0 & cc[0]
			h1 |= t1 & cc[1]
			t0 |= c0 & cc[0]
			t1 |= c1 & cc[1]
			c0 |= cc[0]
			c1 |= cc[1]
		}
	}
	if m0, m1 := unhit[0]&^c0, unhit[1]&^c1; m0|m1 != 0 {
		d.miss = first2([2]uint64{m0, m1})
		return false
	}
	d.unit = -1
	if u0, u1 := unhit[0]&^t0, unhit[1]&^t1; u0|u1 != 0 {
		d.unit = first2([2]uint64{u0, u1})
		if !d.forced(open0, open1, unhit, u0, u1, m) {
			return false
		}
	} else if u0, u1 := unhit[0]&^h0, unhit[1]&^h1; u0|u1 != 0 {
		d.unit = first2([2]uint64{u0, u1})
	} else if u0, u1 := unhit[0]&^q0, unhit[1]&^q1; u0|u1 != 0 {
		d.unit = first2([2]uint64{u0, u1})
	}
	return true
}

// covers reports whether every deep set in unhit holds one of the cells
// open0 (cells 0 to 63) and open1 (cell 64+i at bit i). It tries first
// the set that failed last (d.miss): the set that ends one node often ends
// its siblings.
func (d *deepSets) covers(open0, open1 uint64, unhit *[2]uint64) bool {
	if d.missedAgain(open0, open1, unhit) {
		return false
	}
	c0, c1 := d.holders(open0, open1)
	if m0, m1 := unhit[0]&^c0, unhit[1]&^c1; m0|m1 != 0 {
		d.miss = first2([2]uint64{m0, m1})
		return false
	}
	return true
}

// forced reports whether the m clues left can still hit every set of
// unhit from the open cells, as far as the sets ones (each with exactly
// one open cell) tell: their open cells F are clues, so there must be at
// most m of them; with m, they hit every set; with m-1, the sets they
// miss share an open cell, for the last clue.
func (d *deepSets) forced(open0, open1 uint64, unhit *[2]uint64, ones0, ones1 uint64, m int) bool {
	var f0, f1 uint64
	for w, x := range [2]uint64{ones0, ones1} {
		for ; x != 0; x &= x - 1 {
			u := &d.sets[w<<6|bits.TrailingZeros64(x)]
			f0 |= u[0] & open0
			f1 |= u[1] & open1
		}
	}
	f := bits.OnesCount64(f0) + bits.OnesCount64(f1)
	switch {
	case f < m-1:
		return true
	case f > m:
		return false
	}
	c0, c1 := d.holders(f0, f1) // the sets that F hits
	x0, x1 := unhit[0]&^c0, unhit[1]&^c1
	switch {
	case x0|x1 == 0:
		return true
	case f == m:
		return false
	}
	r0, r1 := d.shared(x0, x1, open0, open1) // the cells that every set F misses holds
	return r0|r1 != 0
}

// shared is the cells of open0 (cells 0 to 63) and open1 (cell 64+i at
// bit i) that every deep set of x0, x1 holds.
func (d *deepSets) shared(x0, x1, open0, open1 uint64) (uint64, uint64) {
	for ; x0 != 0; x0 &= x0 - 1 {
		u := &d.sets[bits.TrailingZeros64(x0)]
		open0, open1 = open0&u[0], open1&u[1]
	}
	for ; x1 != 0; x1 &= x1 - 1 {
		u := &d.sets[64+bits.TrailingZeros64(x1)]
		open0, open1 = open0&u[0], open1&u[1]
	}
	return open0, open1
}

// holders is the set of deep sets that hold one of the cells cells0
// (cells 0 to 63) and cells1 (cell 64+i at bit i), as two words.
func (d *deepSets) holders(cells0, cells1 uint64) (uint64, uint64) {
	var c0, c1 uint64
	for x := cells0; x != 0; x &= x - 1 {
		cc := &d.cell[bits.TrailingZeros64(x)]
		c0, c1 = c0|cc[0], c1|cc[1]
	}
	for x := cells1; x != 0; x &= x - 1 {
		cc := &d.cell[64+bits.TrailingZeros64(x)]
		c0, c1 = c0|cc[0], c1|cc[1]
	}
	return c0, c1
}

// missedAgain reports whether the set that failed last (d.miss) is still
// unhit and holds none of the open cells.
func (d *deepSets) missedAgain(open0, open1 uint64, unhit *[2]uint64) bool {
	i := d.miss
	u := &d.sets[i]
	return unhit[i>>6]>>(i&63)&1 == 1 && u[0]&open0|u[1]&open1 == 0
}
