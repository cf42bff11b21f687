package canon

import "math/rand/v2"

// RandomGrid returns a valid solution grid drawn from r by randomized
// backtracking. It is not uniformly distributed over all grids, but every grid
// can come out; tests and benchmarks use it.
func RandomGrid(r *rand.Rand) Grid {
	var g Grid
	var rows, cols, boxes [9]uint16
	var fill func(cell int) bool
	fill = func(cell int) bool {
		if cell == 81 {
			return true
		}
		i, j := cell/9, cell%9
		b := i/3*3 + j/3
		free := ^(rows[i] | cols[j] | boxes[b]) & 0x3FE
		start := r.IntN(9)
		for k := range 9 {
			d := uint8((start+k)%9 + 1)
			if free&(1<<d) == 0 {
				continue
			}
			g[cell] = d
			rows[i] |= 1 << d
			cols[j] |= 1 << d
			boxes[b] |= 1 << d
			if fill(cell + 1) {
				return true
			}
			rows[i] &^= 1 << d
			cols[j] &^= 1 << d
			boxes[b] &^= 1 << d
		}
		return false
	}
	fill(0)
	// Mix the digits and lines too so that no cell pattern is favoured.
	t := RandomTransform(r)
	return t.Apply(&g)
}
