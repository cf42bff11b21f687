package query

import "edgrid/canon"

// Intercalates is the number of intercalates: 2x2 latin subsquares a b / b a
// in any two rows and two columns. A grid has at most 72 (method.md).
var Intercalates RunInvariant = intercalatesInv{}

type intercalatesInv struct{}

func (intercalatesInv) Name() string { return "intercalates" }
func (intercalatesInv) Definition() string {
	return "2x2 latin subsquares a b / b a in any two rows and any two columns"
}

// Value counts, for each of the 36 pairs of rows, the columns whose
// vertical dominoes repeat (pairs.go).
func (intercalatesInv) Value(g *canon.Grid) int {
	var m masks
	m.setRows(g, 0, 9)
	d := 0
	for r := 1; r < 9; r++ {
		d += m.distinctAbove(r)
	}
	return 36*9 - d
}

func (intercalatesInv) NewRunner() Runner { return &intercalatesRunner{} }

// intercalatesRunner reads runCache (dominoes.go).
type intercalatesRunner struct{ own runCache }

func (x *intercalatesRunner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needIC).ic)
}
