package query

import (
	"fmt"

	"edgrid/canon"
)

// The band forms of a grid are a multi-valued invariant: six numbers, the
// form (1..416, the position of its minimal form in canon.BandForms) of
// each band and stack of the class's minlex grid. They are reported as six
// invariants, band1, band2, band3 (rows 1-3, 4-6, 7-9) and stack1, stack2,
// stack3 (columns 1-3, 4-6, 7-9, read top to bottom as the rows of a band),
// so that each has its own histogram and expressions can name each one.
// band1 is the form of the group's first band.

// Band returns the invariant bandK (k = 1..3) or stackK (k = 4..6 for
// stack 1..3).
func Band(k int) (Invariant, error) {
	if k < 1 || k > 6 {
		return nil, fmt.Errorf("query: band invariant %d: want 1..6", k)
	}
	return bandInvariant{k - 1}, nil
}

// bandInvariant is band k+1 (k < 3) or stack k-2.
type bandInvariant struct{ k int }

func (b bandInvariant) Name() string {
	if b.k < 3 {
		return fmt.Sprintf("band%d", b.k+1)
	}
	return fmt.Sprintf("stack%d", b.k-2)
}

func (b bandInvariant) Definition() string {
	if b.k < 3 {
		return fmt.Sprintf("band form (1..416) of rows %d-%d of the minlex grid", 3*b.k+1, 3*b.k+3)
	}
	return fmt.Sprintf("band form (1..416) of columns %d-%d of the minlex grid", 3*b.k-8, 3*b.k-6)
}

func (b bandInvariant) Value(g *canon.Grid) int {
	m := *g
	if !canon.IsMinlex(g) {
		m, _, _ = canon.Minlex(g)
	}
	return b.form(&m)
}

// form returns the form number of band or stack k of g.
func (b bandInvariant) form(g *canon.Grid) int {
	var rows [27]uint8
	if b.k < 3 {
		rows = [27]uint8(g[27*b.k : 27*b.k+27])
	} else {
		c := 3 * (b.k - 3)
		for r := range 9 {
			rows[r], rows[9+r], rows[18+r] = g[r*9+c], g[r*9+c+1], g[r*9+c+2]
		}
	}
	c, err := canon.BandClass(&rows)
	if err != nil {
		return 0 // not a band of a solution grid: no form
	}
	return c + 1
}

func (b bandInvariant) NewRunner() Runner { return &bandRunner{b: b} }

// bandRunner reads the forms of minlex grids: band 1's once a group, band
// 2's once a run.
type bandRunner struct {
	b     bandInvariant
	group int
	form1 int
}

func (x *bandRunner) Values(r *Run, out []int) {
	if len(r.Grids) == 0 {
		return
	}
	switch x.b.k {
	case 0:
		if r.Group != x.group || x.form1 == 0 {
			x.group, x.form1 = r.Group, x.b.form(&r.Grids[0])
		}
		fill(out, x.form1)
	case 1:
		fill(out, x.b.form(&r.Grids[0]))
	default:
		for i := range r.Grids {
			out[i] = x.b.form(&r.Grids[i])
		}
	}
}

func fill(out []int, v int) {
	for i := range out {
		out[i] = v
	}
}
