package scan

import (
	"cmp"
	"math/bits"

	"edgrid/canon"
)

// cells is a set of cells with cell i at bit i%64 of word i/64, so that
// bits.TrailingZeros walks a set in ascending cell order. canon.Mask, the
// form of the API, has cell 0 as its most significant bit instead.
type cells [2]uint64

func (s cells) has(c int) bool        { return s[c>>6]>>(c&63)&1 != 0 }
func (s cells) and(t cells) cells     { return cells{s[0] & t[0], s[1] & t[1]} }
func (s cells) or(t cells) cells      { return cells{s[0] | t[0], s[1] | t[1]} }
func (s cells) andNot(t cells) cells  { return cells{s[0] &^ t[0], s[1] &^ t[1]} }
func (s cells) empty() bool           { return s[0]|s[1] == 0 }
func (s cells) meets(t cells) bool    { return s[0]&t[0]|s[1]&t[1] != 0 }
func (s cells) subsetOf(t cells) bool { return s[0]&^t[0]|s[1]&^t[1] == 0 }
func (s cells) count() int            { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s *cells) set(c int)            { s[c>>6] |= 1 << (c & 63) }
func (s *cells) clear(c int)          { s[c>>6] &^= 1 << (c & 63) }

// compare orders sets as the numbers s[0], s[1] (word 0 first): -1, 0 or
// +1, for sorting.
func (s cells) compare(t cells) int {
	if c := cmp.Compare(s[0], t[0]); c != 0 {
		return c
	}
	return cmp.Compare(s[1], t[1])
}

// allCells is the set of all 81 cells.
func allCells() cells { return cells{^uint64(0), 1<<17 - 1} }

// complement is the set of the cells not in s.
func (s cells) complement() cells { return allCells().andNot(s) }

// first is the smallest cell of s, 81 when s is empty.
func (s cells) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return 81
}

// mask is s as a canon.Mask.
func (s cells) mask() canon.Mask {
	var m canon.Mask
	for w := range 2 {
		for x := s[w]; x != 0; x &= x - 1 {
			m.Set(w<<6 | bits.TrailingZeros64(x))
		}
	}
	return m
}

// fromMask is m as a set of cells.
func fromMask(m canon.Mask) cells {
	var s cells
	for c := range 81 {
		if m.Has(c) {
			s.set(c)
		}
	}
	return s
}
