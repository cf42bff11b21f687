package query

import (
	"math/bits"

	"edgrid/canon"
)

// runCache is what the runners of one worker share over a run: the values
// of intercalates and ua4, which come from the same dominoes.
//
// Over a run it goes by pairs of columns (pairs.go): the horizontal
// dominoes of rows 1-6 in each of the 36 pairs of columns are ORed once a
// run, row 7's are added once for the grids that share it (they come one
// after another), and each grid adds rows 8 and 9 and counts. The pairs of
// columns of one stack give ua4's intercalates in two boxes of a stack; the
// pairs of rows of each band give the rest of ua4 (bands 1 and 2 once a
// run).
type runCache struct {
	need  uint8 // needIC | needUA4: what compute fills
	valid bool  // ic and ua4 hold the current run's values
	ic    []int
	ua4   []int
	m     masks
	// Band 1 is the group's: its dominoes are kept for the group's runs.
	group int
	acc3  [36]uint64 // horizontal dominoes of rows 1-3
	top1  int        // distinct vertical dominoes of band 1's pairs of rows
	acc6  [36]uint64
	acc7  [36]uint64

	// The numbers of minimal unavoidable sets of each size of the run's
	// grids, for the ua<n> invariants (scan.go).
	uaValid bool
	ua      [][13]int
}

const (
	needIC  = 1 << iota // intercalates
	needUA4             // ua4
)

// colPairs lists the 36 pairs of columns, the 9 inside a stack first.
var colPairs = func() [36][2]uint8 {
	var p [36][2]uint8
	k := 0
	for s := 0; s < 9; s += 3 {
		for _, q := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
			p[k] = [2]uint8{uint8(s + q[0]), uint8(s + q[1])}
			k++
		}
	}
	for c := range 9 {
		for d := c + 1; d < 9; d++ {
			if c/3 != d/3 {
				p[k] = [2]uint8{uint8(c), uint8(d)}
				k++
			}
		}
	}
	return p
}()

// values returns the cache holding r's values of what need says, computing
// them unless r's worker already did for this run. own is the runner's
// cache for runs that carry none (outside a query).
func (r *Run) values(own *runCache, need uint8) *runCache {
	c := r.cache
	if c == nil {
		c = own
		c.need, c.valid = need, false
	}
	if !c.valid {
		c.compute(r)
		c.valid = true
	}
	return c
}

// compute fills ic and ua4 (as need says) for the grids of r.
func (c *runCache) compute(r *Run) {
	n := len(r.Grids)
	if n == 0 {
		return
	}
	if cap(c.ic) < n {
		c.ic, c.ua4 = make([]int, n), make([]int, n)
	}
	c.ic, c.ua4 = c.ic[:n], c.ua4[:n]
	np := 36
	if c.need&needIC == 0 {
		np = 9
	}
	m := &c.m
	if r.Group != c.group || c.group == 0 {
		c.group = r.Group
		m.setRows(&r.Grids[0], 0, 3)
		c.top1 = m.bandDistinct(0)
		for k, p := range colPairs {
			a, b := p[0]%9, p[1]%9
			c.acc3[k] = m[0][a]&m[0][b] | m[1][a]&m[1][b] | m[2][a]&m[2][b]
		}
	}
	m.setRows(&r.Grids[0], 3, 6)
	top := 0
	ua4 := c.need&needUA4 != 0
	if ua4 {
		top = c.top1 + m.bandDistinct(3)
	}
	for k, p := range colPairs[:np] {
		a, b := p[0]%9, p[1]%9
		c.acc6[k] = c.acc3[k] | m[3][a]&m[3][b] | m[4][a]&m[4][b] | m[5][a]&m[5][b]
	}
	var row7 [9]uint8
	for i := range r.Grids {
		g := &r.Grids[i]
		// Grids sharing a row 7 come one after another.
		if i == 0 || [9]uint8(g[54:63]) != row7 {
			row7 = [9]uint8(g[54:63])
			m.setRow(g, 6)
			c.addRow7(&m[6], np)
		}
		stack, cross, band3 := c.rows89(g, np == 9, ua4)
		c.ic[i] = 36*9 - stack - cross
		c.ua4[i] = 18*9 - (top + band3 + stack)
	}
}

// addRow7 sets acc7 to acc6 with the horizontal dominoes of row 7 (masks
// z) added, for the pairs of columns up to n (9 or 36).
func (c *runCache) addRow7(z *[9]uint64, n int) {
	a6, a7 := &c.acc6, &c.acc7
	z0, z1, z2, z3, z4, z5, z6, z7, z8 := z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7], z[8]
	a7[0] = a6[0] | z0&z1
	a7[1] = a6[1] | z0&z2
	a7[2] = a6[2] | z1&z2
	a7[3] = a6[3] | z3&z4
	a7[4] = a6[4] | z3&z5
	a7[5] = a6[5] | z4&z5
	a7[6] = a6[6] | z6&z7
	a7[7] = a6[7] | z6&z8
	a7[8] = a6[8] | z7&z8
	if n == 9 {
		return
	}
	a7[9] = a6[9] | z0&z3
	a7[10] = a6[10] | z0&z4
	a7[11] = a6[11] | z0&z5
	a7[12] = a6[12] | z0&z6
	a7[13] = a6[13] | z0&z7
	a7[14] = a6[14] | z0&z8
	a7[15] = a6[15] | z1&z3
	a7[16] = a6[16] | z1&z4
	a7[17] = a6[17] | z1&z5
	a7[18] = a6[18] | z1&z6
	a7[19] = a6[19] | z1&z7
	a7[20] = a6[20] | z1&z8
	a7[21] = a6[21] | z2&z3
	a7[22] = a6[22] | z2&z4
	a7[23] = a6[23] | z2&z5
	a7[24] = a6[24] | z2&z6
	a7[25] = a6[25] | z2&z7
	a7[26] = a6[26] | z2&z8
	a7[27] = a6[27] | z3&z6
	a7[28] = a6[28] | z3&z7
	a7[29] = a6[29] | z3&z8
	a7[30] = a6[30] | z4&z6
	a7[31] = a6[31] | z4&z7
	a7[32] = a6[32] | z4&z8
	a7[33] = a6[33] | z5&z6
	a7[34] = a6[34] | z5&z7
	a7[35] = a6[35] | z5&z8
}

// rows89 counts, for grid g of the run whose row 7 is in acc7 and c.m[6],
// the distinct horizontal dominoes of all nine rows in the pairs of
// columns of one stack and, unless stackOnly, of two stacks; and with
// wantBand3 the distinct vertical dominoes of band 3's pairs of rows. Rows 8
// and 9 stay in registers (or the stack), never stored as masks; the pairs
// are written out, as the loop over them was the query's hottest.
func (c *runCache) rows89(g *canon.Grid, stackOnly, wantBand3 bool) (stack, cross, band3 int) {
	a := &c.acc7
	x0, x1, x2 := pairMask[g[63]&15], pairMask[g[64]&15], pairMask[g[65]&15]
	x3, x4, x5 := pairMask[g[66]&15], pairMask[g[67]&15], pairMask[g[68]&15]
	x6, x7, x8 := pairMask[g[69]&15], pairMask[g[70]&15], pairMask[g[71]&15]
	y0, y1, y2 := pairMask[g[72]&15], pairMask[g[73]&15], pairMask[g[74]&15]
	y3, y4, y5 := pairMask[g[75]&15], pairMask[g[76]&15], pairMask[g[77]&15]
	y6, y7, y8 := pairMask[g[78]&15], pairMask[g[79]&15], pairMask[g[80]&15]
	if wantBand3 {
		z := &c.m[6]
		zx := z[0]&x0 | z[1]&x1 | z[2]&x2 | z[3]&x3 | z[4]&x4 | z[5]&x5 | z[6]&x6 | z[7]&x7 | z[8]&x8
		zy := z[0]&y0 | z[1]&y1 | z[2]&y2 | z[3]&y3 | z[4]&y4 | z[5]&y5 | z[6]&y6 | z[7]&y7 | z[8]&y8
		xy := x0&y0 | x1&y1 | x2&y2 | x3&y3 | x4&y4 | x5&y5 | x6&y6 | x7&y7 | x8&y8
		band3 = bits.OnesCount64(zx) + bits.OnesCount64(zy) + bits.OnesCount64(xy)
	}
	stack = bits.OnesCount64(a[0]|x0&x1|y0&y1) + bits.OnesCount64(a[1]|x0&x2|y0&y2) + bits.OnesCount64(a[2]|x1&x2|y1&y2) +
		bits.OnesCount64(a[3]|x3&x4|y3&y4) + bits.OnesCount64(a[4]|x3&x5|y3&y5) + bits.OnesCount64(a[5]|x4&x5|y4&y5) +
		bits.OnesCount64(a[6]|x6&x7|y6&y7) + bits.OnesCount64(a[7]|x6&x8|y6&y8) + bits.OnesCount64(a[8]|x7&x8|y7&y8)
	if stackOnly {
		return stack, 0, band3
	}
	cross = bits.OnesCount64(a[9]|x0&x3|y0&y3) + bits.OnesCount64(a[10]|x0&x4|y0&y4) + bits.OnesCount64(a[11]|x0&x5|y0&y5) +
		bits.OnesCount64(a[12]|x0&x6|y0&y6) + bits.OnesCount64(a[13]|x0&x7|y0&y7) + bits.OnesCount64(a[14]|x0&x8|y0&y8) +
		bits.OnesCount64(a[15]|x1&x3|y1&y3) + bits.OnesCount64(a[16]|x1&x4|y1&y4) + bits.OnesCount64(a[17]|x1&x5|y1&y5) +
		bits.OnesCount64(a[18]|x1&x6|y1&y6) + bits.OnesCount64(a[19]|x1&x7|y1&y7) + bits.OnesCount64(a[20]|x1&x8|y1&y8) +
		bits.OnesCount64(a[21]|x2&x3|y2&y3) + bits.OnesCount64(a[22]|x2&x4|y2&y4) + bits.OnesCount64(a[23]|x2&x5|y2&y5) +
		bits.OnesCount64(a[24]|x2&x6|y2&y6) + bits.OnesCount64(a[25]|x2&x7|y2&y7) + bits.OnesCount64(a[26]|x2&x8|y2&y8) +
		bits.OnesCount64(a[27]|x3&x6|y3&y6) + bits.OnesCount64(a[28]|x3&x7|y3&y7) + bits.OnesCount64(a[29]|x3&x8|y3&y8) +
		bits.OnesCount64(a[30]|x4&x6|y4&y6) + bits.OnesCount64(a[31]|x4&x7|y4&y7) + bits.OnesCount64(a[32]|x4&x8|y4&y8) +
		bits.OnesCount64(a[33]|x5&x6|y5&y6) + bits.OnesCount64(a[34]|x5&x7|y5&y7) + bits.OnesCount64(a[35]|x5&x8|y5&y8)
	return stack, cross, band3
}
