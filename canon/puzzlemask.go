package canon

import (
	"cmp"
	"encoding/binary"
	"math/bits"
)

// Mask is a set of cells read as an 81-bit number with cell 0 (r1c1) the most
// significant bit: Mask[0] holds cells 0-63 (cell 0 in bit 63), Mask[1] cells
// 64-80 (cell 64 in bit 16, cell 80 in bit 0). Comparing masks as numbers
// (Less) is comparing their 81-character 0/1 strings.
type Mask [2]uint64

// MaskOf returns the set of cells of p that hold a clue (a nonzero value).
func MaskOf(p *Grid) Mask {
	// Eight cells at a time, without a branch a cell: each byte's high bit
	// says whether it is nonzero, and one multiplication gathers the eight
	// bits into a byte, the first cell highest (clueByte).
	var m Mask
	for i := 0; i < 64; i += 8 {
		m[0] |= clueByte(binary.LittleEndian.Uint64(p[i:])) << (56 - i)
	}
	m[1] = clueByte(binary.LittleEndian.Uint64(p[64:]))<<9 | clueByte(binary.LittleEndian.Uint64(p[72:]))<<1
	if p[80] != 0 {
		m[1] |= 1
	}
	return m
}

// clueByte is the byte whose bit 7-k says whether byte k of x (its k-th
// lowest) is nonzero. The high bit of each byte of t is that byte's; the
// multiplication moves bit 8k of t>>7 to bit 63-k, and no two of its
// products land on the same bit, so nothing carries.
func clueByte(x uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := ((x & low7) + low7 | x) & high
	return (t >> 7) * 0x8040201008040201 >> 56
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

// Compare orders a and b as Less does: -1 if a is smaller, +1 if larger, 0
// if they are the same set; for slices.SortFunc and the like.
func (a Mask) Compare(b Mask) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
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
