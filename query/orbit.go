package query

import "edgrid/canon"

// orbitSet decides whether a band is of one given class, the class of the
// first band of a group, without the band tables' lookup: it holds the
// patterns of all the bands of that class. A band's pattern is its rows 2
// and 3 relabelled so that row 1 would read 0 1 ... 8 (each digit replaced
// by its column in row 1), packed four bits a cell. Relabelling removes the
// digits' names, and the set holds the pattern of every row order and column
// map of the class's minimal form, so a band is of the class exactly when
// its pattern, with its rows in any order, is in the set.
//
// The set is open addressing over a power of two of slots, at most half
// full: a slot holds the pattern's two words, the first with bit 63 set. In
// front of it a filter of 2^16 bits, one for each value of the pattern's
// top hash bits, small enough to stay in the first-level cache, turns away
// nearly 9 of 10 patterns of other classes.
type orbitSet struct {
	slots  []uint64 // 2 words a slot
	shift  uint
	filter [1 << 16 / 64]uint64
}

// orbitSlots is the number of slots: 7,776 patterns at most (band maps)
// fill under half of them.
const orbitSlots = 1 << 14

// newOrbitSet returns the set of the patterns of the class of band b.
func newOrbitSet(b *[27]uint8) *orbitSet {
	s := &orbitSet{slots: make([]uint64, 2*orbitSlots), shift: 64 - 14}
	for _, ro := range rowOrders {
		for ci := range colMaps {
			m := bandMap{rows: ro, cols: colMaps[ci]}
			y := m.apply(b)
			w1, w2 := bandPattern((*[9]uint8)(y[0:9]), (*[9]uint8)(y[9:18]), (*[9]uint8)(y[18:27]))
			s.insert(w1, w2)
		}
	}
	return s
}

// hash mixes a pattern's words: w1 takes bits 0-35 and bit 63, w2 shifted
// bits 28-63, and the multiplication carries every bit into the top ones.
func (s *orbitSet) hash(w1, w2 uint64) uint64 {
	return (w1 ^ w2<<28) * 0x9E3779B97F4A7C15
}

func (s *orbitSet) slot(w1, w2 uint64) uint64 { return s.hash(w1, w2) >> s.shift }

func (s *orbitSet) insert(w1, w2 uint64) {
	w1 |= 1 << 63
	h := s.hash(w1, w2) >> 48
	s.filter[h/64] |= 1 << (h % 64)
	mask := uint64(len(s.slots)/2 - 1)
	for i := s.slot(w1, w2); ; i = (i + 1) & mask {
		switch {
		case s.slots[2*i] == 0:
			s.slots[2*i], s.slots[2*i+1] = w1, w2
			return
		case s.slots[2*i] == w1 && s.slots[2*i+1] == w2:
			return
		}
	}
}

// has reports whether the pattern w1, w2 (from bandPattern) is in the set.
func (s *orbitSet) has(w1, w2 uint64) bool {
	w1 |= 1 << 63
	if h := s.hash(w1, w2) >> 48; s.filter[h/64]&(1<<(h%64)) == 0 {
		return false
	}
	mask := uint64(len(s.slots)/2 - 1)
	for i := s.slot(w1, w2); ; i = (i + 1) & mask {
		k := s.slots[2*i]
		if k == w1 && s.slots[2*i+1] == w2 {
			return true
		}
		if k == 0 {
			return false
		}
	}
}

// bandPattern returns the pattern of the band with rows a, b, c.
func bandPattern(a, b, c *[9]uint8) (w1, w2 uint64) {
	var lab [16]uint8
	for j, d := range a {
		lab[d&15] = uint8(j)
	}
	for j := range 9 {
		w1 |= uint64(lab[b[j]&15]) << (4 * j)
		w2 |= uint64(lab[c[j]&15]) << (4 * j)
	}
	return w1, w2
}

// rowsPattern returns the pattern of the band made by rows r, r+1, r+2 of g.
func rowsPattern(g *canon.Grid, r int) (w1, w2 uint64) {
	return bandPattern((*[9]uint8)(g[r*9:r*9+9]), (*[9]uint8)(g[r*9+9:r*9+18]), (*[9]uint8)(g[r*9+18:r*9+27]))
}
