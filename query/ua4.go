package query

import (
	"math/bits"

	"edgrid/canon"
)

// UA4 is the number of unavoidable sets of four cells: two rows, two columns,
// digits a b / b a, the four cells in at most two boxes, so that swapping a
// and b in them gives another solution grid. A grid has at most 36, and
// none has 35 (docs/design/method.md).
var UA4 RunInvariant = ua4Inv{}

type ua4Inv struct{}

func (ua4Inv) Name() string { return "ua4" }
func (ua4Inv) Definition() string {
	return "unavoidable sets of four cells: a b / b a in two rows and two columns, within two boxes"
}

// Value counts the intercalates in two rows of one band and those in two
// columns of one stack. Those are exactly the ones within two boxes (in
// four boxes otherwise), and none is both: its four cells would share a box.
// It goes band by band: the band's three pairs of rows, and its rows'
// horizontal dominoes added to the nine pairs of columns of a stack. Each
// domino's bit is one lookup in pairBit: one load where the masks of its
// two cells cost two and an AND, and the masks need not be stored first.
func (ua4Inv) Value(g *canon.Grid) int {
	var s0, s1, s2, s3, s4, s5, s6, s7, s8 uint64 // the stacks' pairs of columns
	d := 0
	t := &pairBit
	for b := 0; b < 81; b += 27 {
		x, y, z := (*[9]uint8)(g[b:b+9]), (*[9]uint8)(g[b+9:b+18]), (*[9]uint8)(g[b+18:b+27])
		for _, r := range [3]*[9]uint8{x, y, z} {
			s0 |= t[r[0]&15][r[1]&15]
			s1 |= t[r[0]&15][r[2]&15]
			s2 |= t[r[1]&15][r[2]&15]
			s3 |= t[r[3]&15][r[4]&15]
			s4 |= t[r[3]&15][r[5]&15]
			s5 |= t[r[4]&15][r[5]&15]
			s6 |= t[r[6]&15][r[7]&15]
			s7 |= t[r[6]&15][r[8]&15]
			s8 |= t[r[7]&15][r[8]&15]
		}
		var xy, xz, yz uint64
		for c := range 9 {
			xy |= t[x[c]&15][y[c]&15]
			xz |= t[x[c]&15][z[c]&15]
			yz |= t[y[c]&15][z[c]&15]
		}
		d += bits.OnesCount64(xy) + bits.OnesCount64(xz) + bits.OnesCount64(yz)
	}
	d += bits.OnesCount64(s0) + bits.OnesCount64(s1) + bits.OnesCount64(s2) + bits.OnesCount64(s3) + bits.OnesCount64(s4) +
		bits.OnesCount64(s5) + bits.OnesCount64(s6) + bits.OnesCount64(s7) + bits.OnesCount64(s8)
	return 18*9 - d
}

// pairBit[a][b] is pairMask[a] & pairMask[b]: the bit of the pair {a, b}
// of two different digits (0 for a digit with itself or out of 1..9).
var pairBit = func() (t [16][16]uint64) {
	for a := range 16 {
		for b := range 16 {
			if a != b {
				t[a][b] = pairMask[a] & pairMask[b]
			}
		}
	}
	return t
}()

func (ua4Inv) NewRunner() Runner { return &ua4Runner{} }

// ua4Runner reads runCache (dominoes.go).
type ua4Runner struct{ own runCache }

func (x *ua4Runner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needUA4).ua4)
}
