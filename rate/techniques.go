package rate

import (
	"math/bits"

	"edgrid/internal/houses"
)

// Each technique applies itself everywhere it can in one pass and reports
// progress (a digit placed or a candidate removed) and ok (false: the
// position is a contradiction). A pass is valid as a whole: what one
// deduction found stays true after another, since candidates only go.

// nakedSingles places every open cell with one candidate, until none is
// left: the cells with one candidate now, then each peer that a placement
// leaves with one.
func (s *state) nakedSingles() (progress, ok bool) {
	var todo [81]uint8
	n := 0
	for c := 0; c < 81; c++ {
		if m := s.cand[c]; !s.placed[c] && m&(m-1) == 0 {
			todo[n] = uint8(c)
			n++
		}
	}
	for n > 0 {
		n--
		c := todo[n]
		m := s.cand[c]
		if m == 0 {
			return progress, false
		}
		s.placed[c] = true
		s.open--
		progress = true
		for _, p := range &houses.Peers[c] {
			q := s.cand[p]
			if q&m == 0 {
				continue
			}
			q &^= m
			s.cand[p] = q
			if q == 0 {
				return progress, false
			}
			if q&(q-1) == 0 && !s.placed[p] {
				todo[n] = p
				n++
			}
		}
	}
	return progress, true
}

// hiddenSingles places each digit that has one place left in a unit; a
// digit with none is a contradiction.
func (s *state) hiddenSingles() (progress, ok bool) {
	for u := range units {
		cells := &units[u]
		var once, twice, done uint16
		for _, c := range cells {
			m := s.cand[c]
			twice |= once & m
			once |= m
			if s.placed[c] {
				done |= m
			}
		}
		if once != all9 {
			return progress, false
		}
		// A placed digit is once in the unit, at its cell: nothing to do.
		for single := once &^ twice &^ done; single != 0; single &= single - 1 {
			bit := single & -single
			for _, c := range cells {
				if s.cand[c]&bit == 0 {
					continue
				}
				if !s.placed[c] {
					if !s.place(int(c), bit) {
						return progress, false
					}
					progress = true
				}
				break
			}
		}
	}
	return progress, true
}

// lockedCandidates removes a digit from the rest of a line when its open
// places in a box all lie on that line (pointing), and from the rest of a
// box when its open places on a line all lie in that box (claiming).
func (s *state) lockedCandidates() (progress, ok bool) {
	for u := 0; u < 27; u++ {
		// across[d]: the lines (for a box, rows in bits 0-8 and columns
		// in 9-17) or the boxes (for a line) of digit d's open places.
		var across [9]uint32
		for _, c := range &units[u] {
			if s.placed[c] {
				continue
			}
			var at uint32
			if u >= 18 {
				at = 1<<(c/9) | 1<<(9+c%9)
			} else {
				at = 1 << (c/27*3 + c%9/3)
			}
			for m := s.cand[c]; m != 0; m &= m - 1 {
				across[bits.TrailingZeros16(m)] |= at
			}
		}
		for d, w := range across {
			var target int
			rows, cols := w&0x1FF, w>>9
			switch {
			case w == 0:
				continue
			case u >= 18 && rows&(rows-1) == 0:
				target = bits.TrailingZeros32(rows)
			case u >= 18 && cols&(cols-1) == 0:
				target = 9 + bits.TrailingZeros32(cols)
			case u < 18 && w&(w-1) == 0:
				target = 18 + bits.TrailingZeros32(w)
			default:
				continue
			}
			bit := uint16(1) << d
			for _, c := range &units[target] {
				if inUnit(u, int(c)) {
					continue
				}
				p, ok := s.eliminate(int(c), bit)
				progress = progress || p
				if !ok {
					return progress, false
				}
			}
		}
	}
	return progress, true
}

// inUnit reports whether cell c lies in unit u.
func inUnit(u, c int) bool {
	switch {
	case u < 9:
		return c/9 == u
	case u < 18:
		return c%9 == u-9
	}
	b := u - 18
	return c/27 == b/3 && c%9/3 == b%3
}

// nakedSubset finds k open cells of a unit with k candidates between them
// and removes those candidates from the unit's other cells.
func (s *state) nakedSubset(k int) (progress, ok bool) {
	for u := range units {
		var pick [9]uint8 // the open cells that can be in a subset
		n, open := 0, 0
		for _, c := range &units[u] {
			if s.placed[c] {
				continue
			}
			open++
			if w := bits.OnesCount16(s.cand[c]); w >= 2 && w <= k {
				pick[n] = c
				n++
			}
		}
		if open <= k || n < k {
			continue
		}
		for cb := (combo{n: n, k: k}); cb.next(); {
			idx := cb.idx[:k]
			var union uint16
			for _, i := range idx {
				union |= s.cand[pick[i]]
			}
			if bits.OnesCount16(union) != k {
				continue
			}
			for _, c := range &units[u] {
				in := false
				for _, i := range idx {
					in = in || pick[i] == c
				}
				if in {
					continue
				}
				p, good := s.eliminate(int(c), union)
				progress = progress || p
				if !good {
					return progress, false
				}
			}
		}
	}
	return progress, true
}

// hiddenSubset finds k digits of a unit with k open places between them
// and removes the other candidates of those places.
func (s *state) hiddenSubset(k int) (progress, ok bool) {
	for u := range units {
		var where [9]uint16 // where[d]: the open places of digit d, as unit positions
		open := 0
		for j, c := range &units[u] {
			if s.placed[c] {
				continue
			}
			open++
			for m := s.cand[c]; m != 0; m &= m - 1 {
				where[bits.TrailingZeros16(m)] |= 1 << j
			}
		}
		if open <= k {
			continue
		}
		var pick [9]int
		n := 0
		for d, w := range where {
			if c := bits.OnesCount16(w); c >= 2 && c <= k {
				pick[n] = d
				n++
			}
		}
		if n < k {
			continue
		}
		for cb := (combo{n: n, k: k}); cb.next(); {
			var union, digits uint16
			for _, i := range cb.idx[:k] {
				union |= where[pick[i]]
				digits |= 1 << pick[i]
			}
			if bits.OnesCount16(union) != k {
				continue
			}
			for m := union; m != 0; m &= m - 1 {
				p, good := s.eliminate(int(units[u][bits.TrailingZeros16(m)]), all9&^digits)
				progress = progress || p
				if !good {
					return progress, false
				}
			}
		}
	}
	return progress, true
}

// fish finds, for a digit, k rows whose open places lie in k columns between
// them and removes the digit from those columns' other rows; and the same
// with rows and columns exchanged (k = 2 x-wing, 3 swordfish, 4 jellyfish).
func (s *state) fish(k int) (progress, ok bool) {
	for d := 0; d < 9; d++ {
		bit := uint16(1) << d
		for byCols := 0; byCols < 2; byCols++ {
			var lines [9]uint16 // lines[i]: the cross positions of the digit's open places on line i
			for c := 0; c < 81; c++ {
				if s.placed[c] || s.cand[c]&bit == 0 {
					continue
				}
				i, j := c/9, c%9
				if byCols == 1 {
					i, j = j, i
				}
				lines[i] |= 1 << j
			}
			var pick [9]int
			n := 0
			for i, w := range lines {
				if c := bits.OnesCount16(w); c >= 2 && c <= k {
					pick[n] = i
					n++
				}
			}
			if n < k {
				continue
			}
			for cb := (combo{n: n, k: k}); cb.next(); {
				var union, base uint16
				for _, i := range cb.idx[:k] {
					union |= lines[pick[i]]
					base |= 1 << pick[i]
				}
				if bits.OnesCount16(union) != k {
					continue
				}
				for i := 0; i < 9; i++ {
					if base&(1<<i) != 0 {
						continue
					}
					for m := union & lines[i]; m != 0; m &= m - 1 {
						j := bits.TrailingZeros16(m)
						c := 9*i + j
						if byCols == 1 {
							c = 9*j + i
						}
						p, good := s.eliminate(c, bit)
						progress = progress || p
						if !good {
							return progress, false
						}
					}
				}
			}
		}
	}
	return progress, true
}

// combo steps through the k-subsets of 0..n-1 in increasing order, as
// ascending indices in idx[:k], without allocating (k <= 4).
type combo struct {
	idx  [4]int
	n, k int
	on   bool
}

// next moves to the next subset and reports false after the last.
func (c *combo) next() bool {
	if !c.on {
		if c.k > c.n {
			return false
		}
		for i := 0; i < c.k; i++ {
			c.idx[i] = i
		}
		c.on = true
		return true
	}
	// Raise the last index that can rise, and reset those after it.
	i := c.k - 1
	for i >= 0 && c.idx[i] == c.n-c.k+i {
		i--
	}
	if i < 0 {
		return false
	}
	c.idx[i]++
	for j := i + 1; j < c.k; j++ {
		c.idx[j] = c.idx[j-1] + 1
	}
	return true
}
