package solve

import "math/bits"

// Fast keeps, for each digit and band, the cells of the band where the digit
// is still possible, as 27 bits: bit r*9+c is row r (0-2) of the band, column
// c (0-8). A minirow is the three cells of one row of the band inside one box:
// minirow (r, x) is bits r*9+x*3 .. r*9+x*3+2. A digit occupies exactly one
// minirow in each row and each box of a band, so the minirows it uses form a
// permutation matrix of the 3x3 matrix (row, box); the tables below turn that
// fact into word operations.

const (
	fastAll27 = 1<<27 - 1   // every cell of a band
	fastCol0  = 0o001001001 // the cells of column 0 of a band; times a 9-bit column set, those columns
)

// fastPerms are the six permutation matrices of the 3x3 (row, box) minirow
// matrix, bit r*3+x for minirow (r, x).
var fastPerms = func() (p [6]uint16) {
	k := 0
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				if a != b && b != c && a != c {
					p[k] = 1<<a | 1<<(3+b) | 1<<(6+c)
					k++
				}
			}
		}
	}
	return p
}()

// fastMinirowCells expands a 9-bit minirow matrix (bit r*3+x) to the cells of
// those minirows.
func fastMinirowCells(m uint) uint32 {
	var cells uint32
	for r := range 3 {
		for x := range 3 {
			if m>>(r*3+x)&1 != 0 {
				cells |= 7 << (r*9 + x*3)
			}
		}
	}
	return cells
}

// fastShrink maps 9 cells (a row of a band, or a 9-bit minirow matrix read
// as three groups of three) to three bits, bit x set when group x is not
// empty. Applied to a band row it gives the minirows of the row; applied to a
// minirow matrix it gives the rows that hold a marked minirow.
var fastShrink = func() (t [512]uint8) {
	for p := range t {
		for x := range 3 {
			if p>>(x*3)&7 != 0 {
				t[p] |= 1 << x
			}
		}
	}
	return t
}()

// fastLocked holds, for a 9-bit matrix m of the minirows where a digit is
// possible in a band, the minirows that lie on some permutation matrix
// inside m (any; 0 when there is none, and the band cannot hold the digit),
// their cells (keep), the minirows that lie on every such permutation
// (forced: the digit is in that minirow), and how many permutations there
// are (perms). This is locked candidates of both kinds (pointing and
// claiming) inside a band, carried to their conclusion. The same table
// serves a stack: there the matrix is (band, column of the stack), and a
// digit takes one column of the stack in each band.
var fastLocked = func() (t [512]struct{ keep, forced, any, perms uint32 }) {
	for m := range t {
		any, all := uint16(0), uint16(0x1ff)
		for _, p := range fastPerms {
			if uint16(m)&p == p {
				any |= p
				all &= p
				t[m].perms++
			}
		}
		if any == 0 {
			all = 0
		}
		t[m].keep = fastMinirowCells(uint(any))
		t[m].forced = uint32(all)
		t[m].any = uint32(any)
	}
	return t
}()

// fastColumns holds, for the 9-bit set of columns where a digit is possible
// in a band (bit c), the cells of the other two bands the digit keeps (keep:
// every column that is the only one of its box loses the digit in the other
// bands, since the box must hold it there) and the minirows of the boxes with
// a single column (single: a forced minirow there is a solved cell).
var fastColumns = func() (t [512]struct{ keep, single uint32 }) {
	for cols := range t {
		keep := uint32(fastAll27)
		var single uint32
		for x := range 3 {
			c := cols >> (x * 3) & 7
			if bits.OnesCount(uint(c)) == 1 {
				keep &^= fastCol0 << (x*3 + bits.TrailingZeros(uint(c)))
				single |= 1<<x | 1<<(3+x) | 1<<(6+x)
			}
		}
		t[cols].keep = keep
		t[cols].single = single
	}
	return t
}()

// fastCellsOf maps a 9-bit minirow matrix to the cells of its minirows.
var fastCellsOf = func() (t [512]uint32) {
	for m := range t {
		t[m] = fastMinirowCells(uint(m))
	}
	return t
}()

// fastPeers[i] is the band mask that keeps cell i and drops its row and box
// peers in the band: what placing a digit in cell i leaves of that digit.
var fastPeers = func() (t [32]uint32) {
	for i := range 27 {
		r, c := i/9, i%9
		var peers uint32
		for j := range 27 {
			if j/9 == r || j%9/3 == c/3 {
				peers |= 1 << j
			}
		}
		t[i] = fastAll27&^peers | 1<<i
	}
	return t
}()
