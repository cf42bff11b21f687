package canon

// Automorphisms returns every element of the symmetry group, relabelling
// included, that maps g to itself, the identity first; there are as many as
// Minlex counts (1..648). It fails with Validate's error when g is not a
// valid solution grid.
func Automorphisms(g *Grid) ([]Transform, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	// The scan collects every element taking g to its minlex form m; each
	// followed by the inverse of the first is an automorphism of g, and
	// all of them are.
	var all []Transform
	sc := scan{g: g, all: &all}
	sc.run()
	back := all[0].Invert()
	out := make([]Transform, 0, len(all))
	out = append(out, Identity())
	for _, t := range all[1:] {
		out = append(out, Compose(back, t))
	}
	return out, nil
}

// Positions returns the places of g's bands and stacks that t, an
// automorphism of a grid, moves each of them to: 0-2 the bands, 3-5 the
// stacks. A transposition sends bands to stacks and stacks to bands.
func (t *Transform) Positions() [6]int {
	// Band i of the result is made of band Rows[3i]/3 of the source (a
	// stack of the grid when t transposes it), stack j of stack Cols[3j]/3
	// (a band when it transposes).
	var to [6]int
	for i := range 3 {
		rb, cb := int(t.Rows[3*i]/3), int(t.Cols[3*i]/3)
		if t.Transpose {
			to[3+rb], to[cb] = i, 3+i
		} else {
			to[rb], to[3+cb] = i, 3+i
		}
	}
	return to
}

// PositionOrbits returns the number of orbits of the automorphisms auts
// (Automorphisms) on a grid's three bands and three stacks: 6 for a grid
// with none but the identity. It is the number of ways, up to the grid's
// symmetry, to take one band or stack of the grid as the band method's band
// 3 (docs/design/scan.md, "Entries: what a group run shares").
func PositionOrbits(auts []Transform) int {
	var parent [6]int
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	n := 6
	for i := range auts {
		for from, to := range auts[i].Positions() {
			if a, b := find(from), find(to); a != b {
				parent[a] = b
				n--
			}
		}
	}
	return n
}
