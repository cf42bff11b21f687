package storage

import (
	"encoding/binary"
	"math/bits"

	"edgrid/canon"
)

// Comparing three rows (27 bytes) of two grids with four 8-byte loads each,
// the last overlapping the third, instead of a call to the runtime's memequal:
// the writer compares bands for every grid.

// eq27 reports whether the 27 bytes at a and b are equal.
func eq27(a, b *[27]uint8) bool {
	le := binary.LittleEndian
	return le.Uint64(a[0:]) == le.Uint64(b[0:]) && le.Uint64(a[8:]) == le.Uint64(b[8:]) &&
		le.Uint64(a[16:]) == le.Uint64(b[16:]) && le.Uint64(a[19:]) == le.Uint64(b[19:])
}

// cmp27 compares the 27 bytes at a and b as bytes.Compare does: big-endian
// words compare as their bytes in order, and the last word, overlapping
// the third, differs only in the bytes after it.
func cmp27(a, b *[27]uint8) int {
	be := binary.BigEndian
	for _, at := range [4]int{0, 8, 16, 19} {
		x, y := be.Uint64(a[at:]), be.Uint64(b[at:])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// firstDiff27 returns the index of the first byte where a and b differ, 27
// when they are equal.
func firstDiff27(a, b *[27]uint8) int {
	le := binary.LittleEndian
	for _, at := range [3]int{0, 8, 16} {
		if x := le.Uint64(a[at:]) ^ le.Uint64(b[at:]); x != 0 {
			return at + bits.TrailingZeros64(x)/8
		}
	}
	if x := le.Uint64(a[19:]) ^ le.Uint64(b[19:]); x != 0 {
		return 19 + bits.TrailingZeros64(x)/8
	}
	return 27
}

// bandOf returns rows 3b+1..3b+3 of g (b = 0, 1, 2) as 27 bytes.
func bandOf(g *canon.Grid, b int) *[27]uint8 { return (*[27]uint8)(g[27*b : 27*b+27]) }
