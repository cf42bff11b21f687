package canon

// MaxAutomorphisms is the largest automorphism count a grid can have (the
// grid of 648; docs/design/method.md, the facts).
const MaxAutomorphisms = 648

// otherBands[b] are the two bands other than b, in ascending order.
var otherBands = [3][2]int{{1, 2}, {0, 2}, {0, 1}}

// scan holds the state of one minlex search over a grid.
//
// A candidate is a group element that puts some band (of g or of its
// transpose) on top in minimal form. The top band's row order and column map
// come from the band tables; the relabelling is forced by row 1 reading
// 123456789; and rows 4-9 are then forced too, because their column-1 digits
// are distinct: band 2 is the band holding the smallest of them and each band's
// rows go in ascending column-1 order. So candidates differ only in rows 4-9,
// and the group elements that produce the minimum are exactly the
// automorphisms (times one element taking g to its minlex form).
type scan struct {
	g     *Grid // the grid
	gt    Grid  // its transpose, once hasT
	hasT  bool
	best  [6]uint64
	have  bool // best holds rows 4-9 of some candidate (or of the grid, when checking)
	check bool // stop at the first candidate smaller than best
	autos int
	win   Transform
	// all, when set, collects every group element that gives the minimum
	// (PuzzleKey uses them); the search itself never sets it.
	all *[]Transform
}

// Minlex returns the minlex representative of g (the smallest grid it can be
// transformed into), its number of automorphisms (1..648), and a transform
// that maps g to it. g must be a valid solution grid (Validate, Parse); it
// panics with Validate's message otherwise.
func Minlex(g *Grid) (Grid, int, Transform) {
	m, autos, tr, err := TryMinlex(g)
	if err != nil {
		panic("canon: Minlex: not a solution grid: " + err.Error())
	}
	return m, autos, tr
}

// TryMinlex is Minlex for a grid that may not be a valid solution grid:
// instead of panicking it returns Validate's error, which says what is
// wrong and where. A valid grid is checked once, as Minlex checks it.
func TryMinlex(g *Grid) (Grid, int, Transform, error) {
	if !isSolution(g) {
		return Grid{}, 0, Transform{}, g.Validate()
	}
	s := scan{g: g}
	s.run()
	return s.win.Apply(g), s.autos, s.win, nil
}

// IsMinlex reports whether g is its own minlex representative, which a grid
// that is not a valid solution grid never is. It rejects most grids after a
// few cells.
func IsMinlex(g *Grid) bool {
	ok, _ := CheckMinlex(g)
	return ok
}

// CheckMinlex is IsMinlex that also counts the automorphisms of a minlex grid;
// autos is 0 when g is not minlex.
func CheckMinlex(g *Grid) (minlex bool, autos int) {
	for j := range 9 {
		if g[j] != uint8(j+1) {
			return false, 0
		}
	}
	if g[9] != 4 || g[27] != 2 {
		return false, 0
	}
	// Only grids that start as a minlex grid does get this far; the band
	// lookups below need a solution grid.
	if !isSolution(g) {
		return false, 0
	}
	t := tables()
	// Band 1 must be a minimal band form already.
	idx, sw := t.index((*[9]uint8)(g[0:9]), (*[9]uint8)(g[9:18]), (*[9]uint8)(g[18:27]))
	c1 := t.entry[idx] >> 16
	if sw || int(t.formIndex[c1]) != idx {
		return false, 0
	}
	var s scan
	s.check = true
	s.have = true
	s.g = g
	var es [6]uint32
	es[0] = c1 << 16 // band 1 is its own form: transform 0, the identity
	for ob := 1; ob < 6; ob++ {
		if es[ob] = s.bandEntry(t, ob); es[ob]>>16 < c1 {
			return false, 0
		}
	}
	for i := range 6 {
		s.best[i] = packRow(g[27+i*9 : 36+i*9])
	}
	if !s.tryFrom(t, c1, &es) {
		return false, 0
	}
	return true, s.autos
}

func packRow(r []uint8) uint64 {
	var v uint64
	for _, d := range r[:9] {
		v = v<<4 | uint64(d)
	}
	return v
}

// transpose fills the transpose of s.g, once.
func (s *scan) transpose() {
	if s.hasT {
		return
	}
	for i := range 9 {
		for j := range 9 {
			s.gt[j*9+i] = s.g[i*9+j]
		}
	}
	s.hasT = true
}

// grid returns the grid (o = 0) or its transpose (o = 1, after transpose).
// It does not store a pointer into s, which would move s to the heap.
func (s *scan) grid(o int) *Grid {
	if o == 0 {
		return s.g
	}
	return &s.gt
}

// run finds the minimum over all candidates. The six bands' table indexes
// are worked out before any entry is read, so that the six reads, which
// miss the cache for a grid not seen lately (the table is 10 MB), overlap.
func (s *scan) run() {
	t := tables()
	var idx [6]int
	var sw [6]bool
	G := s.g
	for b := range 3 {
		o := b * 27
		idx[b], sw[b] = t.index((*[9]uint8)(G[o:o+9]), (*[9]uint8)(G[o+9:o+18]), (*[9]uint8)(G[o+18:o+27]))
	}
	for st := range 3 {
		idx[3+st], sw[3+st] = t.stackIndex(G, st)
	}
	var es [6]uint32
	for ob := range 6 {
		es[ob] = t.entry[idx[ob]]
	}
	m := uint32(noClass)
	for ob := range 6 {
		es[ob] = t.swapped(es[ob], sw[ob])
		m = min(m, es[ob]>>16)
	}
	s.tryFrom(t, m, &es)
}

// bandEntry looks up band ob: 0-2 the horizontal bands, 3-5 the stacks (read
// in place, without the transpose).
func (s *scan) bandEntry(t *bandTables, ob int) uint32 {
	if ob >= 3 {
		return t.lookupStack(s.g, ob-3)
	}
	G := s.g
	b := ob * 27
	return t.lookup((*[9]uint8)(G[b:b+9]), (*[9]uint8)(G[b+9:b+18]), (*[9]uint8)(G[b+18:b+27]))
}

// tryFrom tries every candidate that puts a band of class m (entries es) on
// top. It returns false as soon as, when checking, a candidate smaller than
// best turns up.
func (s *scan) tryFrom(t *bandTables, m uint32, es *[6]uint32) bool {
	stab := t.stab[m]
	for ob, e := range es {
		if e>>16 != m {
			continue
		}
		if ob >= 3 {
			s.transpose()
		}
		if !s.tryAll(t, ob/3, ob%3, e, stab) {
			return false
		}
	}
	return true
}

// tryAll tries every way of putting band b of orientation o, whose table entry
// is e, on top in minimal form: its transform to the form followed by each
// element of the form's stabilizer.
func (s *scan) tryAll(t *bandTables, o, b int, e uint32, stab []uint16) bool {
	tr := &t.transforms[e&0xFFFF]
	for _, k := range stab {
		st := &t.transforms[k]
		// Apply tr (band -> minimal form), then st (form -> itself).
		var R [3]uint8
		var C [9]uint8
		for i := range 3 {
			R[i] = tr.rows[st.rows[i]]
		}
		for j := range 9 {
			C[j] = tr.cols[st.cols[j]]
		}
		if !s.try(o, b, &R, &C) {
			return false
		}
	}
	return true
}

// try builds the candidate that puts rows R of band b of orientation o on top
// with column map C, and compares its rows 4-9 with best. It returns false only
// when checking and the candidate is smaller.
func (s *scan) try(o, b int, R *[3]uint8, C *[9]uint8) bool {
	G := s.grid(o)
	var D [10]uint8
	top := (3*b + int(R[0])) * 9
	for j := range 9 {
		D[G[top+int(C[j])]] = uint8(j + 1)
	}
	// Order rows 4-9 by their column-1 digit (distinct inside a band, and
	// across the two bands too, since they share column 1).
	c0 := int(C[0])
	var ord [6]uint8
	var first [2]uint8
	for k, x := range otherBands[b] {
		r0, r1, r2 := 3*x, 3*x+1, 3*x+2
		k0, k1, k2 := D[G[r0*9+c0]], D[G[r1*9+c0]], D[G[r2*9+c0]]
		n0 := b2i(k0 > k1) + b2i(k0 > k2)
		n1 := b2i(k1 > k0) + b2i(k1 > k2)
		n2 := b2i(k2 > k0) + b2i(k2 > k1)
		ord[3*k+n0], ord[3*k+n1], ord[3*k+n2] = uint8(r0), uint8(r1), uint8(r2)
		first[k] = min(k0, k1, k2)
	}
	if first[1] < first[0] {
		ord[0], ord[1], ord[2], ord[3], ord[4], ord[5] = ord[3], ord[4], ord[5], ord[0], ord[1], ord[2]
	}
	// Invariant: rows 4..3+i of the candidate equal those of best.
	for i := range 6 {
		r := int(ord[i]) * 9
		var v uint64
		for j := range 9 {
			v = v<<4 | uint64(D[G[r+int(C[j])]])
		}
		if s.have && v > s.best[i] {
			return true
		}
		if !s.have || v < s.best[i] {
			if s.check {
				return false
			}
			s.best[i] = v
			for i2 := i + 1; i2 < 6; i2++ {
				r := int(ord[i2]) * 9
				var v uint64
				for j := range 9 {
					v = v<<4 | uint64(D[G[r+int(C[j])]])
				}
				s.best[i2] = v
			}
			s.have = true
			s.autos = 1
			s.record(o, b, R, C, &D, &ord)
			return true
		}
	}
	s.autos++
	if s.all != nil {
		var t Transform
		fillTransform(&t, o, b, R, C, &D, &ord)
		*s.all = append(*s.all, t)
	}
	return true
}

func (s *scan) record(o, b int, R *[3]uint8, C *[9]uint8, D *[10]uint8, ord *[6]uint8) {
	fillTransform(&s.win, o, b, R, C, D, ord)
	if s.all != nil {
		*s.all = append((*s.all)[:0], s.win)
	}
}

// fillTransform writes into w the group element of a candidate (see try).
func fillTransform(w *Transform, o, b int, R *[3]uint8, C *[9]uint8, D *[10]uint8, ord *[6]uint8) {
	w.Transpose = o == 1
	for i := range 3 {
		w.Rows[i] = uint8(3*b) + R[i]
	}
	copy(w.Rows[3:], ord[:])
	w.Cols = *C
	w.Digits = *D
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
