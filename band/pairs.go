package band

import (
	"context"
	"fmt"
	"math/bits"

	"edgrid/canon"
)

// Bands 1+2 are the first six rows of a grid: two bands, the second filled
// under the first. Two of them are the same, essentially, when one becomes
// the other by relabelling the digits, ordering the rows within each band,
// swapping the bands, ordering the stacks and the columns within each stack
// (no transposition: six rows are not six columns). The band method runs over
// them (its *entries*), and its authors give their number, 983,959,110
// (docs/results/pairs.md); CountPairs counts them a band class at a time.
//
// The count. Every 6x9 rectangle with valid bands completes to a grid (the
// digits each column lacks are a 3-regular bipartite graph of digits and
// columns, which three rows colour), so the pairs are the orbits of those
// rectangles. Each orbit holds a rectangle whose first band is the minimal
// form B of the lesser of its two bands' classes; S is the set of such
// rectangles, the second band's class c2 at least B's class c1. A rectangle X
// of S stands for 1/|orbit ∩ S| of its orbit, and
//
//	|orbit(X) ∩ S| = |{g : gX in S}| / |Stab(X)| = 6|A| (1 + [c2 = c1]) / |Stab(X)|,
//
// A the maps (column map and relabelling, with a row order) that fix B: the
// elements taking X into S keep B in place and order band 2's rows freely (6
// |A| of them) or, when c2 = c1, also swap the bands, band 2 onto B (as many
// again). Band 2's rows are taken in the order of their first digits (a
// sixth of the rectangles, the same orbits and stabilizers), so that
//
//	pairs of class c1 = 1/(2|A|) × Σ over those X of |Stab(X)| × (2 - [c2 = c1]),
//
// an integer: CountPairs fails if the sum does not divide. Stab(X) is the
// maps of A that take band 2's rows onto themselves, and, when c2 = c1, the
// maps that take band 2 onto B's rows and B onto band 2's: one of them from
// canon.BandTransform, the others it composed with A.

// NumPairs is the number of essentially different bands 1+2 that the band
// method's authors report; TestCountPairs checks it (docs/results/pairs.md).
const NumPairs = 983_959_110

// PairClass is the count of essentially different bands 1+2 whose lesser
// band is of one class.
type PairClass struct {
	Class       int    // 0..415, canon.BandForms' order
	Autos       int    // the maps (rows, columns, digits) of the class's minimal form onto itself
	Completions uint64 // the ways to fill rows 4-6 under the minimal form
	Pairs       uint64 // essentially different bands 1+2 whose lesser band is of this class
}

// bandMap is a column map (stacks kept together) with a relabelling; row
// orders do not matter where bands are compared as sets of rows.
type bandMap struct {
	cols [9]uint8
	lab  [10]uint8
}

// bandRows is a band as three rows of digits.
type bandRows [3][9]uint8

// image is m applied to b: row i of the result is row i of b, its columns
// mapped and its digits relabelled.
func (m *bandMap) image(b *bandRows) bandRows {
	var out bandRows
	for i := range 3 {
		for j := range 9 {
			out[i][j] = m.lab[b[i][m.cols[j]]]
		}
	}
	return out
}

// mapsOnto reports whether m takes the rows of a onto those of b, in any
// order: sameRows of m's image of a and b, a cell at a time, so that most
// maps fail on their first cells.
func (m *bandMap) mapsOnto(a, b *bandRows) bool {
	for i := range 3 {
		d := m.lab[a[i][m.cols[0]]]
		k := 0
		for k < 3 && b[k][0] != d {
			k++
		}
		if k == 3 {
			return false
		}
		for j := 1; j < 9; j++ {
			if m.lab[a[i][m.cols[j]]] != b[k][j] {
				return false
			}
		}
	}
	return true
}

// sameRows reports whether a holds the rows of b, in any order.
func sameRows(a, b *bandRows) bool {
	for i := range 3 {
		k := 0
		for k < 3 && b[k][0] != a[i][0] {
			k++
		}
		if k == 3 || b[k] != a[i] {
			return false
		}
	}
	return true
}

// colMaps lists the 1,296 column maps that keep stacks together.
func colMaps() [][9]uint8 {
	perms := [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out [][9]uint8
	for _, sp := range perms {
		for w := range 216 {
			ws := [3]int{w / 36, w / 6 % 6, w % 6}
			var c [9]uint8
			for s := range 3 {
				for k := range 3 {
					c[s*3+k] = sp[s]*3 + perms[ws[s]][k]
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// automorphisms lists the maps that take b onto itself as a set of rows,
// the identity first: each column map with, for each row of b as the new
// first row, the relabelling that row forces.
func automorphisms(b *bandRows) []bandMap {
	out := []bandMap{}
	for _, c := range colMaps() {
		for r := range 3 {
			m := bandMap{cols: c}
			for j := range 9 {
				m.lab[b[r][c[j]]] = b[0][j]
			}
			img := m.image(b)
			if sameRows(&img, b) {
				if m.cols == [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8} && r == 0 {
					out = append([]bandMap{m}, out...)
				} else {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// CountPairs counts the essentially different bands 1+2 whose lesser band
// is of class c (0..415): it fills rows 4-6 under the class's minimal form
// every way, its rows in the order of their first digits. It takes about a
// second; ctx stops it between completions.
func CountPairs(ctx context.Context, c int) (PairClass, error) {
	if c < 0 || c >= canon.NumBandForms {
		return PairClass{}, fmt.Errorf("band class %d: want 0..%d", c, canon.NumBandForms-1)
	}
	p := newPairCounter(c)
	if err := p.fill(ctx, 0); err != nil {
		return PairClass{}, err
	}
	if p.err != nil {
		return PairClass{}, p.err
	}
	den := 2 * uint64(len(p.autos))
	if p.sum%den != 0 {
		return PairClass{}, fmt.Errorf("band class %d: the weighted sum %d is not a multiple of %d: the stabilizers are wrong", c, p.sum, den)
	}
	return PairClass{Class: c, Autos: len(p.autos), Completions: 6 * p.leaves, Pairs: p.sum / den}, nil
}

// newPairCounter readies the count of class c.
func newPairCounter(c int) *pairCounter {
	form := canon.BandForms()[c]
	p := &pairCounter{class: c}
	for i := range 27 {
		p.b[i/9][i%9] = form[i]
	}
	p.autos = automorphisms(&p.b)
	for j := range 9 {
		for i := range 3 {
			p.col[j] |= 1 << p.b[i][j]
		}
	}
	return p
}

// pairCounter fills band 2 under b a cell at a time: column 1 first, its
// digits ascending, then the other cells row by row.
type pairCounter struct {
	class  int
	b      bandRows
	autos  []bandMap
	x      bandRows
	col    [9]uint16 // digits used in each column
	row    [3]uint16 // digits used in each row of band 2
	box    [3]uint16 // digits used in each box of band 2
	leaves uint64
	sum    uint64
	err    error
	// visit, when set, is called with each completion of a class not
	// below B's instead of adding it to sum (the tests' hook).
	visit func(c2 int, tr *[3]uint8, cols *[9]uint8)
}

// cellAt is the cell (row of band 2, column) filled at depth d.
func cellAt(d int) (int, int) {
	if d < 3 {
		return d, 0
	}
	d -= 3
	return d / 8, d%8 + 1
}

// fill tries every digit in the cell of depth d.
func (p *pairCounter) fill(ctx context.Context, d int) error {
	if d == 27 {
		p.leaf()
		return nil
	}
	if d == 3 {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	i, j := cellAt(d)
	free := ^(p.col[j] | p.row[i] | p.box[j/3]) & 0x3FE
	if d > 0 && d < 3 {
		// Column 1 ascending: band 2's rows in the order of their first digits.
		free &^= 1<<(p.x[i-1][0]+1) - 1
	}
	for ; free != 0; free &= free - 1 {
		v := uint8(bits.TrailingZeros16(free))
		bit := uint16(1) << v
		p.x[i][j] = v
		p.col[j] |= bit
		p.row[i] |= bit
		p.box[j/3] |= bit
		err := p.fill(ctx, d+1)
		p.col[j] &^= bit
		p.row[i] &^= bit
		p.box[j/3] &^= bit
		if err != nil {
			return err
		}
	}
	return nil
}

// leaf adds a completed band 2 to the weighted sum.
func (p *pairCounter) leaf() {
	p.leaves++
	var rows [27]uint8
	for i := range 27 {
		rows[i] = p.x[i/9][i%9]
	}
	c2, tr, cols, err := canon.BandTransform(&rows)
	if err != nil {
		p.err = fmt.Errorf("band class %d: a completion is not a band: %v", p.class, err)
		return
	}
	if c2 < p.class {
		return
	}
	if p.visit != nil {
		p.visit(c2, &tr, &cols)
		return
	}
	stab := p.stabilizer(c2, &tr, &cols)
	if c2 > p.class {
		stab *= 2
	}
	p.sum += stab
}

// stabilizer is the number of maps of bands 1+2 that take the rectangle of B
// and band 2 (p.x, of class c2 >= B's) onto itself; tr and cols are the
// transform canon.BandTransform gives for band 2.
func (p *pairCounter) stabilizer(c2 int, tr *[3]uint8, cols *[9]uint8) uint64 {
	stab := uint64(1)
	for k := 1; k < len(p.autos); k++ {
		if p.autos[k].mapsOnto(&p.x, &p.x) {
			stab++
		}
	}
	if c2 != p.class {
		return stab
	}
	// Band 2 is of B's class: h0 takes it onto B, and a∘h0 for a in A
	// are all the maps that do; those that also take B onto band 2 swap
	// the bands of X into itself.
	var h0 bandMap
	h0.cols = *cols
	for j := range 9 {
		h0.lab[p.x[tr[0]][cols[j]]] = uint8(j + 1)
	}
	for _, a := range p.autos {
		var h bandMap
		for j := range 9 {
			h.cols[j] = h0.cols[a.cols[j]]
		}
		for d := 1; d <= 9; d++ {
			h.lab[d] = a.lab[h0.lab[d]]
		}
		if h.mapsOnto(&p.b, &p.x) {
			stab++
		}
	}
	return stab
}
