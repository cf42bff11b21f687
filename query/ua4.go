package query

import (
	"math/bits"

	"edgrid/canon"
)

// UA4 is the number of unavoidable sets of four cells: two rows, two columns,
// digits a b / b a, the four cells in at most two boxes, so that swapping a
// and b in them gives another solution grid. A grid has at most 36, and
// none has 35 (method.md).
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
// horizontal dominoes added to the nine pairs of columns of a stack.
func (ua4Inv) Value(g *canon.Grid) int {
	var s0, s1, s2, s3, s4, s5, s6, s7, s8 uint64 // the stacks' pairs of columns
	d := 0
	for b := 0; b < 81; b += 27 {
		var m [27]uint64
		for i, v := range (*[27]uint8)(g[b : b+27]) {
			m[i] = pairMask[v&15]
		}
		for k := 0; k < 27; k += 9 {
			x := (*[9]uint64)(m[k : k+9])
			s0 |= x[0] & x[1]
			s1 |= x[0] & x[2]
			s2 |= x[1] & x[2]
			s3 |= x[3] & x[4]
			s4 |= x[3] & x[5]
			s5 |= x[4] & x[5]
			s6 |= x[6] & x[7]
			s7 |= x[6] & x[8]
			s8 |= x[7] & x[8]
		}
		x, y, z := (*[9]uint64)(m[0:9]), (*[9]uint64)(m[9:18]), (*[9]uint64)(m[18:27])
		xy := x[0]&y[0] | x[1]&y[1] | x[2]&y[2] | x[3]&y[3] | x[4]&y[4] | x[5]&y[5] | x[6]&y[6] | x[7]&y[7] | x[8]&y[8]
		xz := x[0]&z[0] | x[1]&z[1] | x[2]&z[2] | x[3]&z[3] | x[4]&z[4] | x[5]&z[5] | x[6]&z[6] | x[7]&z[7] | x[8]&z[8]
		yz := y[0]&z[0] | y[1]&z[1] | y[2]&z[2] | y[3]&z[3] | y[4]&z[4] | y[5]&z[5] | y[6]&z[6] | y[7]&z[7] | y[8]&z[8]
		d += bits.OnesCount64(xy) + bits.OnesCount64(xz) + bits.OnesCount64(yz)
	}
	d += bits.OnesCount64(s0) + bits.OnesCount64(s1) + bits.OnesCount64(s2) + bits.OnesCount64(s3) + bits.OnesCount64(s4) +
		bits.OnesCount64(s5) + bits.OnesCount64(s6) + bits.OnesCount64(s7) + bits.OnesCount64(s8)
	return 18*9 - d
}

func (ua4Inv) NewRunner() Runner { return &ua4Runner{} }

// ua4Runner reads runCache (dominoes.go).
type ua4Runner struct{ own runCache }

func (x *ua4Runner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needUA4).ua4)
}
