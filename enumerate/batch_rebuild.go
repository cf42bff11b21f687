package enumerate

import (
	"encoding/binary"
	"math/bits"

	"edgrid/band"
	"edgrid/canon"
)

// rebuild fills rows 7-9 of g, whose rows 1-6 and column 1 are set, with
// completion k of row 7 u.Index (Rows7's list, band.Rows8Ways' order), as the
// search found them; false when g has no such completion. It is band3 and
// rows89 for one completion (rows89 keeps its own copy of the filling of
// rows 8-9, in its hot loop).
func rebuild(g *canon.Grid, u UsedRow7, k int) bool {
	var tri, allow [9]uint16
	tri[0] = 1<<g[54] | 1<<g[63] | 1<<g[72]
	for c := 1; c < 9; c++ {
		var m uint16
		for r := range 6 {
			m |= 1 << g[r*9+c]
		}
		tri[c], allow[c] = ^m&0x3FE, 0x3FE
	}
	for st := 0; st < 9; st += 3 {
		if tri[st]&tri[st+1] != 0 || tri[st]&tri[st+2] != 0 || tri[st+1]&tri[st+2] != 0 {
			return false
		}
	}
	var rows [band.MaxRows7]uint64
	if n := band.Rows7(&tri, &allow, g[54], nil, &rows); n != int(u.Count) || int(u.Index) >= n {
		return false
	}
	binary.LittleEndian.PutUint64(g[55:63], rows[u.Index])
	var pair, lo, hi [9]uint16
	for c := range 9 {
		p := tri[c] &^ (1 << g[54+c])
		pair[c], lo[c] = p, p&-p
		hi[c] = p ^ lo[c]
	}
	ways := band.Rows8Ways(band.Stack1Lanes(g[63], lo[1], hi[1], lo[2], hi[2]), lo[3], hi[3], lo[4], hi[4], lo[5], hi[5], pair[6], pair[7], pair[8])
	if bits.OnesCount64(ways) != int(u.Ways) || k >= int(u.Ways) {
		return false
	}
	for range k {
		ways &= ways - 1
	}
	p := uint(bits.TrailingZeros64(ways))
	w := p>>4<<3 | p&7 // bits 4-0: columns 2-6 take hi
	used := uint16(1) << g[63]
	for c := 1; c < 9; c++ {
		m := pair[c] &^ used // columns 7-9: the digit left
		if c < 6 {
			m = lo[c]
			if w>>(5-c)&1 != 0 {
				m = hi[c]
			}
		}
		used |= m
		g[63+c] = uint8(bits.TrailingZeros16(m))
		g[72+c] = uint8(bits.TrailingZeros16(pair[c] &^ m))
	}
	return true
}
