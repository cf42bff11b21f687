package query

import "edgrid/canon"

// stackPatterns finds the patterns (orbitSet) of the three stacks of the
// grids of a run, doing what rows 1-6 decide once a run.
//
// A stack's pattern relabels its second and third columns by the row in
// which its first column holds each digit. In a run, rows 1-6 are fixed, so
// the first column's rows 1-6 are, and only the three digits it misses there
// (its triple) move between rows 7-9 from grid to grid. The second and third
// columns miss triples disjoint from it (a stack's three triples fill its
// box of band 3), so they hold the first column's triple in rows 1-6, in
// rows fixed for the run, and in rows 7-9 digits whose relabelling is fixed
// for the run. A grid then needs the rows of the first column's triple and
// six relabelled digits per stack.
type stackPatterns struct {
	st [3]stackRun
}

// stackRun is what a run fixes of one stack.
type stackRun struct {
	lab  [16]uint8 // row of each digit in the first column; the triple's are set per grid
	base [2]uint64 // the second and third columns' fixed cells, relabelled
	// The rows (0..5) in which the second and third columns hold the
	// first column's triple, and those digits.
	at    [2][3]uint8
	digit [2][3]uint8
}

// start prepares for the grids of the run whose first grid is g.
func (p *stackPatterns) start(g *canon.Grid) {
	for s := range 3 {
		x := &p.st[s]
		c := 3 * s
		var inTop uint16
		x.lab = [16]uint8{}
		for r := range 6 {
			d := g[r*9+c] & 15
			x.lab[d] = uint8(r)
			inTop |= 1 << d
		}
		for k := range 2 {
			x.base[k] = 0
			n := 0
			for r := range 6 {
				d := g[r*9+c+1+k] & 15
				if inTop&(1<<d) != 0 {
					x.base[k] |= uint64(x.lab[d]) << (4 * r)
				} else if n < 3 {
					x.at[k][n], x.digit[k][n] = uint8(r), d
					n++
				}
			}
		}
	}
}

// pattern returns the pattern of stack s of g, a grid of the run.
func (p *stackPatterns) pattern(g *canon.Grid, s int) (w1, w2 uint64) {
	x := &p.st[s]
	c := 3 * s
	x.lab[g[54+c]&15] = 6
	x.lab[g[63+c]&15] = 7
	x.lab[g[72+c]&15] = 8
	l := &x.lab
	w1 = x.base[0] | uint64(l[x.digit[0][0]&15])<<(4*(x.at[0][0]&15)) | uint64(l[x.digit[0][1]&15])<<(4*(x.at[0][1]&15)) |
		uint64(l[x.digit[0][2]&15])<<(4*(x.at[0][2]&15)) |
		uint64(l[g[55+c]&15])<<24 | uint64(l[g[64+c]&15])<<28 | uint64(l[g[73+c]&15])<<32
	w2 = x.base[1] | uint64(l[x.digit[1][0]&15])<<(4*(x.at[1][0]&15)) | uint64(l[x.digit[1][1]&15])<<(4*(x.at[1][1]&15)) |
		uint64(l[x.digit[1][2]&15])<<(4*(x.at[1][2]&15)) |
		uint64(l[g[56+c]&15])<<24 | uint64(l[g[65+c]&15])<<28 | uint64(l[g[74+c]&15])<<32
	return w1, w2
}
