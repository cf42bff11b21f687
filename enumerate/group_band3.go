package enumerate

import (
	"math/bits"
	"slices"
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
//   - row 7 takes one digit of each triple, all distinct (searched);
//   - each column then has a pair left, and each digit lies in exactly two
//     pairs (it is missing from two of rows 8-9's columns... once in each of
//     rows 8 and 9), so the pairs, as edges between digits, form cycles.
//     Choosing which digit of one column goes to row 8 forces its whole
//     cycle, so rows 8-9 are exactly the 2^(cycles-1) orientations, column
//     1's cycle being fixed by the key. No dead ends.
//
// Rows 8 are sorted before they are emitted, so completions stay ascending
// (reversed when s.desc).

// band3 enumerates the completions of the current bands 1-2 in ascending order.
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
	if s.desc {
		s.row7Desc(&tri)
		return
	}
	// Row 7, cells 55..63 (columns 2-9): one digit of each triple, all distinct.
	var avail [9]uint16
	used := uint16(1) << g[54]
	c := 1
	avail[1] = tri[1] &^ used & s.allow[row7At+1]
	// Invariant: columns 1..c-1 of row 7 are set, distinct, each from its
	// triple; used holds their digits; avail[c] the digits left to try at c.
	for c >= 1 {
		a := avail[c]
		if a == 0 || s.stopped {
			c--
			if c >= 1 {
				used &^= 1 << g[54+c]
			}
			continue
		}
		avail[c] = a & (a - 1)
		d := uint8(bits.TrailingZeros16(a))
		g[54+c] = d
		if c == 8 {
			s.rows89(&tri)
			continue
		}
		used |= 1 << d
		c++
		avail[c] = tri[c] &^ used & s.allow[row7At+c]
	}
}

// rows89 emits every completion of rows 8 and 9 given rows 1-7, ascending.
func (s *bitSearch) rows89(tri *[9]uint16) {
	g := &s.g
	var pair [9]uint16
	for c := range 9 {
		pair[c] = tri[c] &^ (1 << g[54+c])
	}
	// cols[d] are the two columns whose pairs hold digit d.
	var cols [10][2]int8
	var seen [10]uint8
	for c := range 9 {
		for p := pair[c]; p != 0; p &= p - 1 {
			d := bits.TrailingZeros16(p)
			cols[d][seen[d]] = int8(c)
			seen[d]++
		}
	}
	// Orient column 0's cycle as the key says, then find the other cycles.
	var row8 [9]uint8
	var done uint16
	orient := func(c int, d uint8) {
		// Walk the cycle: column c gives d to row 8 and its other digit e
		// to row 9, so the other column holding e must give e to row 8.
		for done&(1<<c) == 0 {
			done |= 1 << c
			row8[c] = d
			e := uint8(bits.TrailingZeros16(pair[c] &^ (1 << d)))
			nc := int(cols[e][0])
			if nc == c {
				nc = int(cols[e][1])
			}
			c, d = nc, e
		}
	}
	orient(0, g[63])
	var starts [4]int
	n := 0
	for c := 1; c < 9; c++ {
		if done&(1<<c) == 0 {
			starts[n] = c
			n++
			orient(c, uint8(bits.TrailingZeros16(pair[c])))
		}
	}
	// Each other cycle has two orientations: the one just set and its flip.
	var cands [16]uint64
	for m := 0; m < 1<<n; m++ {
		r := row8
		for i := range n {
			if m&(1<<i) != 0 {
				flip(&r, &pair, &cols, starts[i])
			}
		}
		var v uint64
		for c := 1; c < 9; c++ {
			v = v<<4 | uint64(r[c])
		}
		cands[m] = v
	}
	k := 1 << n
	// Insertion sort: at most 16 rows.
	for i := 1; i < k; i++ {
		for j := i; j > 0 && cands[j] < cands[j-1]; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	if s.desc {
		slices.Reverse(cands[:k])
	}
	for i := 0; i < k && !s.stopped; i++ {
		v := cands[i]
		for c := 8; c >= 1; c-- {
			d := uint8(v & 15)
			v >>= 4
			g[63+c] = d
			g[72+c] = uint8(bits.TrailingZeros16(pair[c] &^ (1 << d)))
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

// flip swaps rows 8 and 9 along the cycle through column c.
func flip(r *[9]uint8, pair *[9]uint16, cols *[10][2]int8, c int) {
	start := c
	for {
		e := uint8(bits.TrailingZeros16(pair[c] &^ (1 << r[c]))) // the row-9 digit
		r[c] = e
		nc := int(cols[e][0])
		if nc == c {
			nc = int(cols[e][1])
		}
		c = nc
		if c == start {
			return
		}
	}
}
