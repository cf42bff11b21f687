package scan

import "context"

// shrink returns a minimal unavoidable set inside u, an unavoidable set of
// the grid (the cells where a second solution differs from it). A second
// solution the solver finds may differ from the grid in half the cells: a
// set that large is hit by nearly every clue set and teaches little, while
// the minimal sets inside it are what later candidates miss.
//
// The cells of u are decided one at a time: given as a clue, the grid with
// the undecided cells of u and the kept ones empty either still has another
// solution, whose difference replaces u (it can only be smaller), or is
// unique, and the cell is kept. What is left when every cell is decided is
// unavoidable (the grid without it has another solution) and minimal (each
// cell kept was needed with a subset of the others empty, so with them too).
func (s *bandScanner) shrink(ctx context.Context, u cells) (cells, error) {
	var q, other [81]uint8
	var kept cells
	open := u
	for {
		c := open.andNot(kept).first()
		if c == 81 {
			return open, nil
		}
		q = s.g
		for m := open; !m.empty(); {
			d := m.first()
			m.clear(d)
			q[d] = 0
		}
		q[c] = s.g[c]
		n, err := s.fast.Other(ctx, &q, &s.g, &other)
		if err != nil {
			return u, err
		}
		if n < 2 {
			kept.set(c)
			continue
		}
		var d cells
		for m := open; !m.empty(); {
			e := m.first()
			m.clear(e)
			if other[e] != s.g[e] {
				d.set(e)
			}
		}
		open = d
	}
}
