package query

import (
	"math/bits"

	"edgrid/canon"
)

// Intercalates and unavoidable sets of four cells are found through the
// dominoes of pairs of lines. Two rows i, j of a grid hold, in each column,
// a vertical domino: the unordered pair of digits {g[i][c], g[j][c]}. An
// intercalate in rows i, j is two columns whose dominoes are the same pair
// (a b over b a): the same pair cannot repeat otherwise, as a column holds a
// digit once. So the intercalates of rows i, j are 9 minus the number of
// distinct dominoes, and no pair repeats more than twice.
//
// Each digit d gets a mask of the 36 unordered pairs of digits that contain
// it (pairMask), so that pairMask[a] & pairMask[b] is the one bit of the pair
// {a, b}. The OR of the nine dominoes' bits has one bit per distinct domino:
// its popcount counts them. A grid's cells are turned into masks once
// (masks, rows 1-6 once a run), and each pair of rows is then nine ANDs,
// eight ORs and a popcount. Columns work the same way with horizontal
// dominoes.

// pairMask[d] has bit k set for each of the 36 pairs {a, b} of digits 1..9,
// numbered k in order, that contains d. Indexed by d&15: the entries 0 and
// 10-15 are 0.
var pairMask = func() [16]uint64 {
	var m [16]uint64
	k := 0
	for a := 1; a <= 9; a++ {
		for b := a + 1; b <= 9; b++ {
			m[a] |= 1 << k
			m[b] |= 1 << k
			k++
		}
	}
	return m
}()

// masks holds pairMask of each cell of a grid, by row and column.
type masks [9][9]uint64

// setRow fills row r of m from row r of g.
func (m *masks) setRow(g *canon.Grid, r int) {
	row := (*[9]uint8)(g[r*9 : r*9+9])
	x := &m[r]
	x[0], x[1], x[2] = pairMask[row[0]&15], pairMask[row[1]&15], pairMask[row[2]&15]
	x[3], x[4], x[5] = pairMask[row[3]&15], pairMask[row[4]&15], pairMask[row[5]&15]
	x[6], x[7], x[8] = pairMask[row[6]&15], pairMask[row[7]&15], pairMask[row[8]&15]
}

// setRows fills rows lo..hi-1 of m from g: setRow written into the loop,
// which is faster than calling it.
func (m *masks) setRows(g *canon.Grid, lo, hi int) {
	for r := lo; r < hi; r++ {
		row := (*[9]uint8)(g[r*9 : r*9+9])
		x := &m[r%9]
		x[0], x[1], x[2] = pairMask[row[0]&15], pairMask[row[1]&15], pairMask[row[2]&15]
		x[3], x[4], x[5] = pairMask[row[3]&15], pairMask[row[4]&15], pairMask[row[5]&15]
		x[6], x[7], x[8] = pairMask[row[6]&15], pairMask[row[7]&15], pairMask[row[8]&15]
	}
}

// bandDistinct returns the distinct vertical dominoes of the three pairs of
// rows of the band whose first row is b (0, 3 or 6).
func (m *masks) bandDistinct(b int) int {
	x, y, z := &m[b%9], &m[(b+1)%9], &m[(b+2)%9]
	xy := x[0]&y[0] | x[1]&y[1] | x[2]&y[2] | x[3]&y[3] | x[4]&y[4] | x[5]&y[5] | x[6]&y[6] | x[7]&y[7] | x[8]&y[8]
	xz := x[0]&z[0] | x[1]&z[1] | x[2]&z[2] | x[3]&z[3] | x[4]&z[4] | x[5]&z[5] | x[6]&z[6] | x[7]&z[7] | x[8]&z[8]
	yz := y[0]&z[0] | y[1]&z[1] | y[2]&z[2] | y[3]&z[3] | y[4]&z[4] | y[5]&z[5] | y[6]&z[6] | y[7]&z[7] | y[8]&z[8]
	return bits.OnesCount64(xy) + bits.OnesCount64(xz) + bits.OnesCount64(yz)
}
