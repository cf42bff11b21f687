package canon

import (
	"fmt"
	"math/rand/v2"
)

// Transform is an element of the symmetry group: an optional transposition,
// then a row and a column permutation, then a relabelling of the digits.
// Applied to g it gives h with
//
//	h[i][j] = Digits[s[Rows[i]][Cols[j]]], s = g transposed if Transpose, else g.
//
// Rows and Cols must keep bands and stacks together (Valid checks it);
// Digits[0] is 0 so that empty cells stay empty.
type Transform struct {
	Transpose bool
	Rows      [9]uint8
	Cols      [9]uint8
	Digits    [10]uint8
}

// Identity is the transform that leaves every grid as it is.
func Identity() Transform {
	var t Transform
	for i := range 9 {
		t.Rows[i], t.Cols[i] = uint8(i), uint8(i)
	}
	for d := range 10 {
		t.Digits[d] = uint8(d)
	}
	return t
}

// Apply returns t applied to g. t should be Valid; Apply panics, naming the
// problem, if a row or column index of t is above 8 or a cell of g above 9
// (an empty cell, 0, stays empty).
func (t *Transform) Apply(g *Grid) Grid {
	for i := range 9 {
		if t.Rows[i] > 8 || t.Cols[i] > 8 {
			panic(fmt.Sprintf("canon: Transform.Apply: Rows %v, Cols %v: an index above 8", t.Rows, t.Cols))
		}
	}
	var h Grid
	for i := range 9 {
		r := int(t.Rows[i])
		for j := range 9 {
			c := int(t.Cols[j])
			src := r*9 + c
			if t.Transpose {
				src = c*9 + r
			}
			d := g[src]
			if d > 9 {
				panic(fmt.Sprintf("canon: Transform.Apply: cell %d (%s) holds %d, not 0-9", src+1, CellName(src), d))
			}
			h[i*9+j] = t.Digits[d]
		}
	}
	return h
}

// Compose returns the transform that applies b first and then a.
func Compose(a, b Transform) Transform {
	var t Transform
	t.Transpose = a.Transpose != b.Transpose
	for i := range 9 {
		if a.Transpose {
			// a reads the columns of b's result: its row map goes through b's columns.
			t.Rows[i] = b.Cols[a.Rows[i]]
			t.Cols[i] = b.Rows[a.Cols[i]]
		} else {
			t.Rows[i] = b.Rows[a.Rows[i]]
			t.Cols[i] = b.Cols[a.Cols[i]]
		}
	}
	for d := range 10 {
		t.Digits[d] = a.Digits[b.Digits[d]]
	}
	return t
}

// Invert returns the transform that undoes t.
func (t Transform) Invert() Transform {
	var u Transform
	u.Transpose = t.Transpose
	var ri, ci [9]uint8
	for i := range 9 {
		ri[t.Rows[i]] = uint8(i)
		ci[t.Cols[i]] = uint8(i)
	}
	if t.Transpose {
		u.Rows, u.Cols = ci, ri
	} else {
		u.Rows, u.Cols = ri, ci
	}
	for d := range 10 {
		u.Digits[t.Digits[d]] = uint8(d)
	}
	return u
}

// Valid reports why t is not a group element: a row or column map that is not
// a permutation keeping bands (stacks) together, or digits that are not a
// permutation of 1..9 fixing 0. It returns nil for a valid transform.
func (t *Transform) Valid() error {
	for name, p := range map[string]*[9]uint8{"Rows": &t.Rows, "Cols": &t.Cols} {
		var seen [9]bool
		for i, v := range p {
			if v > 8 || seen[v] {
				return fmt.Errorf("canon: %s is not a permutation of 0..8", name)
			}
			seen[v] = true
			if int(v)/3 != int(p[i/3*3])/3 {
				return fmt.Errorf("canon: %s splits a band or stack at position %d", name, i)
			}
		}
	}
	var seen [10]bool
	for d, v := range t.Digits {
		if v > 9 || seen[v] || (d == 0) != (v == 0) {
			return fmt.Errorf("canon: Digits is not a permutation of 1..9 fixing 0")
		}
		seen[v] = true
	}
	return nil
}

// RandomTransform draws a uniformly random element of the full group from r.
func RandomTransform(r *rand.Rand) Transform {
	t := Transform{Transpose: r.IntN(2) == 1}
	randomLines(r, &t.Rows)
	randomLines(r, &t.Cols)
	p := r.Perm(9)
	for d := 1; d <= 9; d++ {
		t.Digits[d] = uint8(p[d-1] + 1)
	}
	return t
}

// randomLines fills p with a random permutation of 0..8 that keeps the three
// blocks of three together.
func randomLines(r *rand.Rand, p *[9]uint8) {
	blocks := r.Perm(3)
	for b := range 3 {
		in := r.Perm(3)
		for k := range 3 {
			p[b*3+k] = uint8(blocks[b]*3 + in[k])
		}
	}
}
