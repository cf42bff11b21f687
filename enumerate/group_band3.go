package enumerate

import (
	"edgrid/band"
	"encoding/binary"
	"math/bits"
)

// Band 3 once bands 1 and 2 are filled.
//
// Each column then has three digits left for rows 7-9, its triple (column 1's
// are the key's cells 55, 64, 73). If the triples of a stack's three columns
// overlap, that stack's box cannot be completed and the band 2 has no
// completion. If they are disjoint in every stack, every box of band 3 gets
// nine distinct digits whatever order each column puts its triple in, so only
// the rows constrain band 3:
//
//   - row 7 takes one digit of each triple, all distinct: listed by rows7
//     (at most 72), by stacks rather than cell by cell;
//   - each column then has a pair left, and each digit lies in exactly two
//     pairs (it is missing from two of rows 8-9's columns... once in each of
//     rows 8 and 9), so the pairs, as edges between digits, form cycles.
//     Choosing which digit of one column goes to row 8 forces its whole
//     cycle, so rows 8-9 are exactly the 2^(cycles-1) orientations, column
//     1's cycle being fixed by the key. No dead ends. rows89 finds them by
//     checking the 32 choices of columns 2-6 at once.
//
// Both come out ascending (descending when s.desc) without sorting.

// band3 enumerates the completions of the current bands 1-2 in ascending order
// (descending when s.desc).
func (s *bitSearch) band3() {
	g := &s.g
	var tri [9]uint16
	tri[0] = 1<<g[54] | 1<<g[63] | 1<<g[72]
	for c := 1; c < 9; c++ {
		tri[c] = ^s.units[9+c] & 0x3FE
	}
	for st := 0; st < 9; st += 3 {
		if tri[st]&tri[st+1] != 0 || tri[st]&tri[st+2] != 0 || tri[st+1]&tri[st+2] != 0 {
			return
		}
	}
	var rows [band.MaxRows7]uint64
	n := min(s.rows7(&tri, &rows), band.MaxRows7)
	if s.desc {
		for i := n - 1; i >= 0 && !s.stopped; i-- {
			s.r7, s.n7 = uint8(i), uint8(n)
			binary.LittleEndian.PutUint64(g[55:63], rows[i])
			s.rows89(&tri)
			s.rowDone()
		}
		return
	}
	for i := 0; i < n && !s.stopped; i++ {
		s.r7, s.n7 = uint8(i), uint8(n)
		binary.LittleEndian.PutUint64(g[55:63], rows[i])
		s.rows89(&tri)
		s.rowDone()
	}
}

// rowDone records the row 7 just searched in s.usedRows when some of its
// completions were kept (s.used, which a batch's emit sets).
func (s *bitSearch) rowDone() {
	if s.used != 0 {
		s.usedRows = append(s.usedRows, UsedRow7{Index: s.r7, Count: s.n7, Ways: uint8(bits.OnesCount64(s.ways)), Grids: s.used})
		s.used = 0
	}
}

// rows7 lists the rows 7 that complete rows 1-6 within s.allow, ascending,
// into rows and returns how many (Rows7).
func (s *bitSearch) rows7(tri *[9]uint16, rows *[band.MaxRows7]uint64) int {
	var allow [9]uint16
	for c := 1; c < 9; c++ {
		allow[c] = s.allow[row7At+c]
	}
	return band.Rows7(tri, &allow, s.g[54], nil, rows)
}

// rows89 emits every completion of rows 8 and 9 given rows 1-7, ascending
// (descending when s.desc).
//
// The completions are band.Rows8Ways; way w = 8*w1 + w2 is bit 16*w1 + w2 of
// valid.
func (s *bitSearch) rows89(tri *[9]uint16) {
	g := &s.g
	var pair, lo, hi [9]uint16
	for c := range 9 {
		p := tri[c] &^ (1 << g[54+c])
		pair[c], lo[c] = p, p&-p
		hi[c] = p ^ lo[c]
	}
	m1 := band.Stack1Lanes(g[63], lo[1], hi[1], lo[2], hi[2])
	valid := band.Rows8Ways(m1, lo[3], hi[3], lo[4], hi[4], lo[5], hi[5], pair[6], pair[7], pair[8])
	s.ways = valid
	for valid != 0 && !s.stopped {
		var p uint
		if s.desc {
			p = uint(63 - bits.LeadingZeros64(valid))
		} else {
			p = uint(bits.TrailingZeros64(valid))
		}
		valid &^= 1 << p
		s.way = uint8(p)
		// Way p's row 8: columns 2-6 from its bits, columns 7-9 the rest.
		w := p>>4<<3 | p&7 // bits 4-0: columns 2-6 take hi
		used := uint16(1) << g[63]
		for c := 1; c < 6; c++ {
			m := lo[c]
			if w>>(5-c)&1 != 0 {
				m = hi[c]
			}
			used |= m
			g[63+c] = uint8(bits.TrailingZeros16(m))
			g[72+c] = uint8(bits.TrailingZeros16(pair[c] &^ m))
		}
		for c := 6; c < 9; c++ {
			m := pair[c] &^ used
			g[63+c] = uint8(bits.TrailingZeros16(m))
			g[72+c] = uint8(bits.TrailingZeros16(pair[c] &^ m))
		}
		if s.allowRows89 && !s.rows89Allowed() {
			continue
		}
		s.leaf()
	}
}

// row7At+c is the free-cell index of row 7's column c (c = 1..8, columns
// 2-9); rows 8 and 9 follow 8 and 16 further on.
const row7At = band2End - 1

// rows89Allowed reports whether rows 8-9 keep to s.allow.
func (s *bitSearch) rows89Allowed() bool {
	for c := 1; c < 9; c++ {
		if s.allow[row7At+8+c]&(1<<s.g[63+c]) == 0 || s.allow[row7At+16+c]&(1<<s.g[72+c]) == 0 {
			return false
		}
	}
	return true
}

// markUsed notes that the completion the search is at was kept: a bit of s.used.
func (s *bitSearch) markUsed() {
	s.used |= 1 << bits.OnesCount64(s.ways&(1<<s.way-1))
}

// curPlace returns the Place of the completion the search is at: the row 7 of
// band3's loop and the way of rows89's.
func (s *bitSearch) curPlace() Place {
	return makePlace(int(s.r7), int(s.n7), bits.OnesCount64(s.ways&(1<<s.way-1)), bits.OnesCount64(s.ways))
}
