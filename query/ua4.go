package query

import "edgrid/canon"

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

// ua4Runner reads runCache (dominoes.go).
type ua4Runner struct{ own runCache }

func (x *ua4Runner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needUA4).ua4)
}
