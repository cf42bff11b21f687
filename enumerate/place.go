package enumerate

import (
	"encoding/binary"

	"edgrid/canon"
)

// A Place locates a grid among the completions of its rows 1-6, in the terms
// the storage codec records them: which of the rows 7 that Rows7 lists for
// rows 1-6 it has (Row7), and which of that row 7's completions, the ways
// band.Rows8Ways finds in ascending order, are its rows 8-9 (Completion). The
// search finds both on its way to the grid, so a writer given the Place need
// not look for them again.
//
// Only this package makes Places: GroupPlaced passes each grid's with it, and
// Batch.Places makes a batch's from its rows 7 (UsedRow7, which say the same
// a row 7 at a time). The zero Place is unknown (Known reports false), as for
// grids from elsewhere. A Place GroupPlaced passes carries a fingerprint of
// its grid's rows 7-9, so that one passed with another grid is caught (Fits)
// but for one chance in 2,047; a Batch's Places, which stay with their
// grids, carry none, and Fits reports false for them.
type Place struct{ v uint32 }

// Bit layout of Place.v: row-7 index, row-7 count - 1, completion index,
// completion count - 1, the fingerprint, and the bit that marks a known Place.
const (
	placeRowShift   = 0
	placeRowsShift  = 7
	placeCompShift  = 14
	placeCompsShift = 17
	placePrintShift = 20 // 11 bits
	placeKnown      = 1 << 31
)

// makePlace packs a Place without a fingerprint; row < rows <= band.MaxRows7,
// comp < comps <= 8.
func makePlace(row, rows, comp, comps int) Place {
	return Place{placeKnown | uint32(row)<<placeRowShift | uint32(rows-1)<<placeRowsShift |
		uint32(comp)<<placeCompShift | uint32(comps-1)<<placeCompsShift}
}

// withPrint returns p with the fingerprint of its grid g.
func (p Place) withPrint(g *canon.Grid) Place {
	p.v |= fingerprint(g) << placePrintShift
	return p
}

// fingerprint hashes rows 7-9 of g to 11 bits, never 0: a Place without a
// fingerprint fits no grid.
func fingerprint(g *canon.Grid) uint32 {
	le := binary.LittleEndian
	h := le.Uint64(g[55:]) ^ le.Uint64(g[64:])*0x9E3779B97F4A7C15 ^ le.Uint64(g[73:])*0xC2B2AE3D27D4EB4F
	f := uint32((h * 0xFF51AFD7ED558CCD) >> 53)
	if f == 0 {
		f = 1
	}
	return f
}

// Fits reports whether p is known and may be g's: its fingerprint is that of
// g's rows 7-9 (false for a Batch's Places, which have none).
func (p Place) Fits(g *canon.Grid) bool {
	return p.Known() && p.v>>placePrintShift&0x7FF == fingerprint(g)
}

// Known reports whether p was set by the search (GroupPlaced), rather than
// being the zero Place.
func (p Place) Known() bool { return p.v&placeKnown != 0 }

// Row7 returns the index of the grid's row 7 among the rows Rows7 lists for
// its rows 1-6, and how many there are (0, 0 for an unknown Place).
func (p Place) Row7() (index, count int) {
	if !p.Known() {
		return 0, 0
	}
	return int(p.v >> placeRowShift & 127), int(p.v>>placeRowsShift&127) + 1
}

// Completion returns the index of the grid's rows 8-9 among the completions
// of its rows 1-7, ascending, and how many there are (1 to 8; 0, 0 for an
// unknown Place).
func (p Place) Completion() (index, count int) {
	if !p.Known() {
		return 0, 0
	}
	return int(p.v >> placeCompShift & 7), int(p.v>>placeCompsShift&7) + 1
}

// SameRow7 reports whether p and q are known and place their grids on the
// same row 7 (index and count) with as many completions: for grids of one
// run (rows 1-6 the same), whether they share row 7.
func (p Place) SameRow7(q Place) bool {
	const m = placeKnown | 127<<placeRowShift | 127<<placeRowsShift | 7<<placeCompsShift
	return p.v&m == q.v&m && p.Known()
}
