package canon

import "fmt"

// Checker decides minlex for many grids that share a first band, as the
// enumerator produces them: band 1's class is looked up once, band 2's once per
// band 2 (Band2), and Check does the rest.
type Checker struct {
	t      *bandTables
	class1 uint32
}

// NewChecker prepares a Checker for grids whose first band is band1, which must
// be a minimal band form (rows 1-3 of some minlex grid).
func NewChecker(band1 *[27]uint8) (*Checker, error) {
	if err := validBand(band1); err != nil {
		return nil, err
	}
	t := tables()
	idx, sw := t.index((*[9]uint8)(band1[0:9]), (*[9]uint8)(band1[9:18]), (*[9]uint8)(band1[18:27]))
	c := t.entry[idx] >> 16
	if sw || int(t.formIndex[c]) != idx {
		return nil, fmt.Errorf("canon: band %v is not a minimal band form", band1)
	}
	return &Checker{t: t, class1: c}, nil
}

// Band2 looks up band 2 (rows 4-6, 27 cells). ok is false when its form is
// smaller than band 1's, and then no grid with this band 2 is minlex. The
// entry is passed to Check. The rows must form a valid band: Band2 and
// Check are the enumerator's inner loop and check nothing (their callers
// build bands and grids that are valid by construction); use CheckMinlex
// for a grid from elsewhere.
func (c *Checker) Band2(rows *[27]uint8) (entry uint32, ok bool) {
	e := c.t.lookup((*[9]uint8)(rows[0:9]), (*[9]uint8)(rows[9:18]), (*[9]uint8)(rows[18:27]))
	return e, e>>16 >= c.class1
}

// Check is CheckMinlex for a grid whose band 1 is the Checker's and whose band 2
// has the given entry from Band2; g's column 1 must already be in the order a
// minlex grid needs (the enumerator's groups guarantee it).
func (c *Checker) Check(g *Grid, band2 uint32) (minlex bool, autos int) {
	t := c.t
	// Every band must have a form at least band 1's; look them all up before
	// trying candidates, since a smaller one rejects at once. The stacks are
	// read in place: the grid is only copied and transposed for a tie.
	var entries [6]uint32
	entries[0] = uint32(c.class1) << 16 // band 1 is its own form: transform 0, the identity
	entries[1] = band2
	entries[2] = t.lookup((*[9]uint8)(g[54:63]), (*[9]uint8)(g[63:72]), (*[9]uint8)(g[72:81]))
	if entries[2]>>16 < c.class1 {
		return false, 0
	}
	ties := 0
	for st := range 3 {
		e := t.lookupStack(g, st)
		if e>>16 < c.class1 {
			return false, 0
		}
		entries[3+st] = e
	}
	for _, e := range entries[1:] {
		if e>>16 == c.class1 {
			ties++
		}
	}
	stab := t.stab[c.class1]
	// With no tie and no symmetry of band 1, the only candidate is band 1
	// with the identity, which gives g itself (its rows 4-9 are in minlex
	// order): one automorphism, nothing to build.
	if ties == 0 && len(stab) == 1 {
		return true, 1
	}
	s := scan{check: true, have: true, g: g}
	for i := range 6 {
		s.best[i] = packRow(g[27+i*9 : 36+i*9])
	}
	if !s.tryFrom(t, c.class1, &entries) {
		return false, 0
	}
	return true, s.autos
}

// validBand reports the first cell of a band whose digit is out of range or
// repeats one in its row, column or box.
func validBand(b *[27]uint8) error {
	var rows [3]uint16
	var cols [9]uint16
	var boxes [3]uint16
	for c, d := range b {
		i, j := c/9, c%9
		bit := uint16(1) << d
		if d < 1 || d > 9 || rows[i]&bit != 0 || cols[j]&bit != 0 || boxes[j/3]&bit != 0 {
			return fmt.Errorf("canon: band cell %d (%s) holds %d, which is not 1-9 or repeats in its row, column or box", c+1, CellName(c), d)
		}
		rows[i] |= bit
		cols[j] |= bit
		boxes[j/3] |= bit
	}
	return nil
}
