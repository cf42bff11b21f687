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

// intercalatesRunner counts the pairs of rows 1-6 once a run, and the pairs
// of row 7 with rows 1-6 once for grids that share their row 7 (consecutive
// in a run); each grid then adds the pairs of rows 8 and 9.
type intercalatesRunner struct {
	m     masks
	top   int      // distinct dominoes over the pairs of rows 1-6
	row7  [9]uint8 // the row 7 of above7
	above int      // distinct dominoes of row 7 with rows 1-6
}

func (x *intercalatesRunner) Values(r *Run, out []int) {
	if len(r.Grids) == 0 {
		return
	}
	m := &x.m
	m.setRows(&r.Grids[0], 0, 6)
	x.top = 0
	for i := 1; i < 6; i++ {
		x.top += m.distinctAbove(i)
	}
	have7 := false
	for k := range r.Grids {
		g := &r.Grids[k]
		// Grids sharing a row 7 come one after another.
		if !have7 || [9]uint8(g[54:63]) != x.row7 {
			x.row7 = [9]uint8(g[54:63])
			m.setRow(g, 6)
			x.above = m.distinctAbove(6)
			have7 = true
		}
		m.setRow(g, 7)
		m.setRow(g, 8)
		out[k] = 36*9 - (x.top + x.above + m.distinctAbove(7) + m.distinctAbove(8))
	}
}
