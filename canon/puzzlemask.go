package canon

import "math/bits"

// Mask is a set of cells read as an 81-bit number with cell 0 (r1c1) the most
// significant bit: Mask[0] holds cells 0-63 (cell 0 in bit 63), Mask[1] cells
// 64-80 (cell 64 in bit 16, cell 80 in bit 0). Comparing masks as numbers
// (Less) is comparing their 81-character 0/1 strings.
type Mask [2]uint64

// MaskOf returns the set of cells of p that hold a clue (a nonzero value).
func MaskOf(p *Grid) Mask {
	var m Mask
	for i, d := range p {
		if d != 0 {
			m.Set(i)
		}
	}
	return m
}

// Set adds cell i (0..80) to m.
func (m *Mask) Set(i int) {
	if i < 64 {
		m[0] |= 1 << (63 - i)
	} else {
		m[1] |= 1 << (80 - i)
	}
}

// Has reports whether cell i (0..80) is in m.
func (m Mask) Has(i int) bool {
	if i < 64 {
		return m[0]>>(63-i)&1 != 0
	}
	return m[1]>>(80-i)&1 != 0
}

// Less reports whether a is smaller than b as 81-bit numbers, cell 0 most significant.
func (a Mask) Less(b Mask) bool {
	return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
}

// Count returns the number of cells in m.
func (m Mask) Count() int {
	return bits.OnesCount64(m[0]) + bits.OnesCount64(m[1])
}

// String formats m as 81 characters, '1' for a cell in the set and '0' for the others.
func (m Mask) String() string {
	var b [81]byte
	for i := range b {
		b[i] = '0'
		if m.Has(i) {
			b[i] = '1'
		}
	}
	return string(b[:])
}

// ApplyMask returns the mask of the cells t carries m's cells to (t's relabelling
// plays no part).
func (t *Transform) ApplyMask(m Mask) Mask {
	var h Mask
	for i := range 9 {
		r := int(t.Rows[i])
		for j := range 9 {
			c := int(t.Cols[j])
			src := r*9 + c
			if t.Transpose {
				src = c*9 + r
			}
			if m.Has(src) {
				h.Set(i*9 + j)
			}
		}
	}
	return h
}
