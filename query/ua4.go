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
func (ua4Inv) Value(g *canon.Grid) int {
	var m masks
	m.setRows(g, 0, 9)
	d := 0
	for b := 0; b < 9; b += 3 {
		d += m.bandDistinct(b)
	}
	for s := 0; s < 9; s += 3 {
		d += m.stackDistinct(s, 0, 9)
	}
	return 18*9 - d
}

func (ua4Inv) NewRunner() Runner { return &ua4Runner{} }

// ua4Runner does rows 1-6 once a run: the pairs of rows in bands 1 and 2,
// and the horizontal dominoes of rows 1-6 in each pair of columns of a
// stack.
type ua4Runner struct {
	m     masks
	top   int       // distinct dominoes of the row pairs of bands 1 and 2
	stack [9]uint64 // horizontal dominoes of rows 1-6: per stack, columns 12, 13, 23
}

func (x *ua4Runner) Values(r *Run, out []int) {
	if len(r.Grids) == 0 {
		return
	}
	m := &x.m
	m.setRows(&r.Grids[0], 0, 6)
	x.top = m.bandDistinct(0) + m.bandDistinct(3)
	for s := 0; s < 9; s += 3 {
		x.stack[s], x.stack[s+1], x.stack[s+2] = m.stackOr(s, 0, 6)
	}
	for k := range r.Grids {
		g := &r.Grids[k]
		m.setRow(g, 6)
		m.setRow(g, 7)
		m.setRow(g, 8)
		d := x.top + m.bandDistinct(6)
		for s := 0; s < 9; s += 3 {
			xy, xz, yz := m.stackOr(s, 6, 9)
			d += bits.OnesCount64(x.stack[s]|xy) + bits.OnesCount64(x.stack[s+1]|xz) + bits.OnesCount64(x.stack[s+2]|yz)
		}
		out[k] = 18*9 - d
	}
}
