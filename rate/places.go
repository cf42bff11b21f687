package rate

import "math/bits"

// places are where each digit can go in each unit: places[u][d] has bit j
// set when digit d+1 is a candidate of the open cell units[u][j]. The
// techniques past the singles read them instead of the cells, and keep
// them in step with every candidate they remove (drop).
type places [27][9]uint16

// cellAt are the three units of each cell (row, column, box) and the
// cell's position bit in each.
var cellAt = func() (at [81][3]struct {
	u   uint8
	bit uint16
}) {
	for u := range units {
		for j, c := range units[u] {
			k := u / 9
			at[c][k].u, at[c][k].bit = uint8(u), 1<<j
		}
	}
	return at
}()

// inUnit reports whether cell c lies in unit u.
func inUnit(u, c int) bool { return int(cellAt[c][u/9].u) == u }

// fill sets w to the places of s.
func (s *state) fill(w *places) {
	*w = places{}
	for c := 0; c < 81; c++ {
		if s.placed[c] {
			continue
		}
		at := &cellAt[c]
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			w[at[0].u][d] |= at[0].bit
			w[at[1].u][d] |= at[1].bit
			w[at[2].u][d] |= at[2].bit
		}
	}
}

// drop removes the candidates of mask from the open cell c, and from w:
// progress when some went, and ok false when none is left.
func (s *state) drop(w *places, c int, mask uint16) (progress, ok bool) {
	gone := s.cand[c] & mask
	if s.placed[c] || gone == 0 {
		return false, true
	}
	s.cand[c] &^= gone
	at := &cellAt[c]
	for m := gone; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		w[at[0].u][d] &^= at[0].bit
		w[at[1].u][d] &^= at[1].bit
		w[at[2].u][d] &^= at[2].bit
	}
	return true, s.cand[c] != 0
}
