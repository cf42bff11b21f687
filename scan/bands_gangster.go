package scan

import (
	"cmp"
	"math/bits"
	"slices"
)

// A band's gangster is the set of three digits in each of its columns. Any
// other band with the same gangster can replace it in the grid (each
// column keeps its digits, each box its nine), so the cells where such a
// band differs from the grid's are an unavoidable set inside the band, and
// every unavoidable set inside one band arises so. bandUAs lists them.

// bandUAs returns the minimal unavoidable sets inside band b (27 digits,
// three rows of nine, as a 27-bit mask of local cells row*9+col): the
// minimal differences between b and the other bands of its gangster.
func bandUAs(b *[27]uint8) []uint32 {
	var e gangsterSearch
	e.b = b
	for c := range 9 {
		e.sets[c] = [3]uint8{b[c], b[9+c], b[18+c]}
	}
	e.column(0)
	return minimalBits(e.found)
}

// gangsterSearch fills a band column by column with a permutation of each
// column's three digits, keeping the rows free of repeats.
type gangsterSearch struct {
	b     *[27]uint8
	sets  [9][3]uint8 // the digits of each column, top to bottom in b
	used  [3]uint16   // the digits placed in each row so far
	diff  uint32      // the cells placed so far that differ from b
	found []uint32
}

// perms3 are the six orders of a column's three digits: row r takes digit
// perms3[p][r] of the column.
var perms3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// column places column c onward; at its top, columns 0..c-1 are placed
// with no digit twice in a row, and diff holds where they differ from b.
func (e *gangsterSearch) column(c int) {
	if c == 9 {
		if e.diff != 0 {
			e.found = append(e.found, e.diff)
		}
		return
	}
	set := &e.sets[c]
	for _, p := range perms3 {
		d0, d1, d2 := set[p[0]], set[p[1]], set[p[2]]
		m0, m1, m2 := uint16(1)<<d0, uint16(1)<<d1, uint16(1)<<d2
		if e.used[0]&m0|e.used[1]&m1|e.used[2]&m2 != 0 {
			continue
		}
		saved := e.diff
		for r, d := range [3]uint8{d0, d1, d2} {
			if d != e.b[r*9+c] {
				e.diff |= 1 << (r*9 + c)
			}
		}
		e.used[0] |= m0
		e.used[1] |= m1
		e.used[2] |= m2
		e.column(c + 1)
		e.used[0] &^= m0
		e.used[1] &^= m1
		e.used[2] &^= m2
		e.diff = saved
	}
}

// minimalBits sorts sets of cells (bit masks) by size, drops repeats and
// keeps those with no other set inside them.
func minimalBits[T uint32 | uint64](sets []T) []T {
	slices.SortFunc(sets, func(a, b T) int {
		if ca, cb := bits.OnesCount64(uint64(a)), bits.OnesCount64(uint64(b)); ca != cb {
			return ca - cb
		}
		return cmp.Compare(a, b)
	})
	sets = slices.Compact(sets)
	out := sets[:0]
	for _, s := range sets {
		keep := true
		for _, m := range out {
			if m&^s == 0 {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}
