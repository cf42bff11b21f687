package scan

import (
	"math/bits"
	"slices"
)

// The unavoidable sets of bands 1+2 that meet both bands decide which
// pairs of valid clue sets are valid bands 1+2; the grid's collected sets
// hold few of them. ua12 finds them the way of digit subsets: empty the
// cells of a few digits in bands 1+2 and refill them every other way that
// keeps each row, box and column of bands 1+2 with the same digits (band 3
// is untouched, so each column must keep its digits there); each refill
// differs from the grid in an unavoidable set.

// ua12Digits is the most digits a subset empties. Subsets of up to five
// digits find most small sets in about 2 ms a frame; six find about three
// times as many and halve the pairs that reach band 3 at 17 clues, for
// about 12 ms a frame, which pays at 17 clues and not at 16.
const ua12Digits = 6

// ua12DigitsFor is the most digits a subset empties in a scan for k clues.
func ua12DigitsFor(k int) int {
	if k >= 17 {
		return ua12Digits
	}
	return 5
}

// ua12Size is the largest set ua12 keeps: a refill that already differs in
// more cells is cut.
const ua12Size = 20

// ua12 returns the minimal sets of frame bands 0 and 1 that meet both,
// found by refilling subsets of 2..digits digits (at most ua12Digits).
func ua12(f *bandFrame, digits int) []cross {
	digits = min(digits, ua12Digits)
	var r refill
	r.layouts(f)
	for set := uint16(1); set < 1<<9; set++ {
		if n := bits.OnesCount16(set); n < 2 || n > digits {
			continue
		}
		r.subset(set)
	}
	// Minimal, over both bands as one 54-cell set.
	keys := minimalBits(r.found)
	out := make([]cross, 0, len(keys))
	for _, k := range keys {
		p0, p1 := uint32(k&(1<<27-1)), uint32(k>>27)
		if p0 != 0 && p1 != 0 {
			out = append(out, cross{p0, p1})
		}
	}
	return out
}

// layoutsPerDigit is the number of ways a digit may lie in bands 1+2 with
// band 3 fixed: in each stack, which of its two columns there is band 1's
// (2 x 2 x 2), times the rows of its three cells in each band (3! x 3!).
const layoutsPerDigit = 288

// refill is the search of ua12. A refill puts each digit of the subset in
// one of its layouts (one cell a row and a box, in its own six columns of
// bands 1+2), the layouts disjoint and so covering the subset's cells.
type refill struct {
	home   [9]uint64                  // home[d]: the cells of digit d+1 (bit row*9+col)
	layout [9][layoutsPerDigit]uint64 // every layout of each digit
	cand   [ua12Digits][]uint64       // the layouts of the subset's digits inside its cells
	buf    [ua12Digits][layoutsPerDigit]uint64
	homes  [ua12Digits]uint64
	least  [ua12Digits + 1]int // least[i]: the fewest cells digits i.. of the subset take between them
	n      int
	cells  uint64 // the subset's cells
	found  []uint64
}

// layouts lists every layout of each digit of frame f's bands 0 and 1.
func (r *refill) layouts(f *bandFrame) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for d := range 9 {
		// cols[k]: the two columns of the digit in stack k, band 1's first.
		var cols [3][2]int
		r.home[d] = 0
		for cell := range 54 {
			if f.g[cell] != uint8(d+1) {
				continue
			}
			r.home[d] |= 1 << cell
			c := cell % 9
			cols[c/3][cell/27] = c
		}
		n := 0
		for swap := range 8 {
			var in [2][3]int // in[band][stack]: the digit's column there
			for k := range 3 {
				b1 := swap >> k & 1
				in[0][k], in[1][k] = cols[k][b1], cols[k][1-b1]
			}
			for _, p1 := range perms {
				for _, p2 := range perms {
					var m uint64
					for k := range 3 {
						m |= 1 << (p1[k]*9 + in[0][k])
						m |= 1 << ((3+p2[k])*9 + in[1][k])
					}
					r.layout[d][n] = m
					n++
				}
			}
		}
	}
}

// subset refills the digits of set.
func (r *refill) subset(set uint16) {
	var cells uint64
	for d := range 9 {
		if set>>d&1 != 0 {
			cells |= r.home[d]
		}
	}
	r.n = 0
	for d := range 9 {
		if set>>d&1 == 0 {
			continue
		}
		c := r.buf[r.n][:0]
		// A refill that leaves a digit home is one of a smaller subset.
		for _, m := range r.layout[d] {
			if m&^cells == 0 && m != r.home[d] {
				c = append(c, m)
			}
		}
		if len(c) == 0 {
			return
		}
		r.cand[r.n], r.homes[r.n] = c, r.home[d]
		r.n++
	}
	// The digits with the fewest layouts first: they branch least.
	for i := 1; i < r.n; i++ {
		for j := i; j > 0 && len(r.cand[j]) < len(r.cand[j-1]); j-- {
			r.cand[j], r.cand[j-1] = r.cand[j-1], r.cand[j]
			r.homes[j], r.homes[j-1] = r.homes[j-1], r.homes[j]
		}
	}
	slices.Sort(r.cand[r.n-1])
	r.cells = cells
	r.least[r.n] = 0
	for i := r.n - 1; i >= 0; i-- {
		fewest := 54
		for _, m := range r.cand[i] {
			fewest = min(fewest, bits.OnesCount64(m&^r.homes[i]))
		}
		r.least[i] = r.least[i+1] + fewest
	}
	if r.least[0] > ua12Size {
		return
	}
	r.place(0, 0, 0)
}

// place gives digit i of the subset onward a layout disjoint from used,
// diff holding the cells the digits before i moved to.
func (r *refill) place(i int, used, diff uint64) {
	if i == r.n-1 {
		// The last digit takes the cells left, if they are one of its
		// layouts.
		rest := r.cells &^ used
		if _, ok := slices.BinarySearch(r.cand[i], rest); ok {
			if d := diff | rest&^r.homes[i]; bits.OnesCount64(d) <= ua12Size {
				r.found = append(r.found, d)
			}
		}
		return
	}
	for _, m := range r.cand[i] {
		if m&used != 0 {
			continue
		}
		d := diff | m&^r.homes[i]
		if bits.OnesCount64(d)+r.least[i+1] > ua12Size {
			continue
		}
		r.place(i+1, used|m, d)
	}
}
