package scan

import "math/bits"

// The unavoidable sets of bands 1+2 that meet both bands decide which
// pairs of valid clue sets are valid bands 1+2; the grid's collected sets
// hold few of them. ua12 finds them the way of digit subsets: empty the
// cells of a few digits in bands 1+2 and refill them every other way that
// keeps each row, box and column of bands 1+2 with the same digits (band 3
// is untouched, so each column must keep its digits there); each refill
// differs from the grid in an unavoidable set.

// ua12Digits is the most digits a subset empties: subsets of up to four of
// the nine digits find the small sets, in milliseconds a frame.
const ua12Digits = 5

// ua12Size is the largest set ua12 keeps: a refill that already differs in
// more cells is cut.
const ua12Size = 20

// ua12 returns the minimal sets of frame bands 0 and 1 that meet both,
// found by refilling subsets of 2..ua12Digits digits.
func ua12(f *bandFrame) []cross {
	var r refill
	r.f = f
	for d := range 9 {
		for row := range 6 {
			for c := range 9 {
				if f.g[row*9+c] == uint8(d+1) {
					r.cols[d] |= 1 << c
				}
			}
		}
	}
	for set := uint16(1); set < 1<<9; set++ {
		if n := bits.OnesCount16(set); n < 2 || n > ua12Digits {
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

// refill is the search of ua12 for one subset of digits.
type refill struct {
	f      *bandFrame
	cols   [9]uint16 // cols[d]: the columns of digit d+1 in bands 1+2
	digits []int     // the subset's digits, 0-based
	holes  [6]uint16 // holes[r]: the emptied columns of row r not yet refilled
	diff   uint64    // the refilled cells that differ from the grid (bit row*9+col)
	found  []uint64
}

// subset refills the digits of set.
func (r *refill) subset(set uint16) {
	r.digits = r.digits[:0]
	for d := range 9 {
		if set>>d&1 != 0 {
			r.digits = append(r.digits, d)
		}
	}
	for row := range 6 {
		r.holes[row] = 0
		for c := range 9 {
			if set>>(r.f.g[row*9+c]-1)&1 != 0 {
				r.holes[row] |= 1 << c
			}
		}
	}
	r.diff = 0
	r.place(0, 0, 0, 0)
}

// place puts digit r.digits[i] in row row onward; usedCols and usedBoxes
// hold the columns and boxes (bit band*3+stack) the digit took in the rows
// above. At its top the digits before i fill their six rows.
func (r *refill) place(i, row int, usedCols, usedBoxes uint16) {
	if row == 6 {
		if i+1 == len(r.digits) {
			if r.diff != 0 {
				r.found = append(r.found, r.diff)
			}
			return
		}
		r.place(i+1, 0, 0, 0)
		return
	}
	d := r.digits[i]
	// The digit's columns in bands 1+2 are fixed by band 3: it must take
	// each of them once.
	open := r.holes[row] & r.cols[d] &^ usedCols
	for open != 0 {
		c := bits.TrailingZeros16(open)
		open &= open - 1
		box := uint16(1) << (row/3*3 + c/3)
		if usedBoxes&box != 0 {
			continue
		}
		cell := row*9 + c
		saved := r.diff
		if r.f.g[cell] != uint8(d+1) {
			r.diff |= 1 << cell
			if bits.OnesCount64(r.diff) > ua12Size {
				r.diff = saved
				continue
			}
		}
		r.holes[row] &^= 1 << c
		r.place(i, row+1, usedCols|1<<c, usedBoxes|box)
		r.holes[row] |= 1 << c
		r.diff = saved
	}
}
