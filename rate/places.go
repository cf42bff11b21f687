package rate

import "math/bits"

// places are where each digit can go in each unit: at[u][d] has bit j set
// when digit d+1 is a candidate of the open cell units[u][j]. The
// techniques past the singles read them instead of the cells, and keep
// them in step with every candidate they remove (drop).
type places struct {
	at [27][9]uint16
	// sized[u][n-2] has bit j set when the open cell units[u][j] has n
	// candidates, n = 2, 3, 4: the cells a naked subset can take.
	sized [27][3]uint16
	todo  [81]uint8 // todo[:n]: the open cells drop left with one candidate
	n     int
	// settled: the position fill read is at the singles' fixed point, and
	// every technique before the one running found nothing in it (the
	// ladder's order). Then a unit or digit that no drop has touched since
	// (touchedUnits, touchedDigits) holds only what the duality of subsets
	// and fish allows (skipSettled).
	settled       bool
	touchedUnits  uint32 // bit u: a cell of unit u lost candidates
	touchedDigits uint16 // bit d: digit d+1 lost a place
}

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

// cellUnits[c] has bit u set for the three units of cell c.
var cellUnits = func() (m [81]uint32) {
	for c := range cellAt {
		for _, at := range cellAt[c] {
			m[c] |= 1 << at.u
		}
	}
	return m
}()

// inUnit reports whether cell c lies in unit u.
func inUnit(u, c int) bool { return int(cellAt[c][u/9].u) == u }

// fill sets w to the places of s.
func (s *state) fill(w *places) {
	w.at, w.sized, w.n = [27][9]uint16{}, [27][3]uint16{}, 0
	w.settled, w.touchedUnits, w.touchedDigits = false, 0, 0
	for c := 0; c < 81; c++ {
		if s.placed[c] {
			continue
		}
		at := &cellAt[c]
		w.size(c, 0, bits.OnesCount16(s.cand[c]))
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			w.at[at[0].u][d] |= at[0].bit
			w.at[at[1].u][d] |= at[1].bit
			w.at[at[2].u][d] |= at[2].bit
		}
	}
}

// size moves the open cell c in w.sized from its units' cells of from
// candidates to those of to (0: in none).
func (w *places) size(c, from, to int) {
	at := &cellAt[c]
	if i := uint(from - 2); i < 3 {
		w.sized[at[0].u][i] &^= at[0].bit
		w.sized[at[1].u][i] &^= at[1].bit
		w.sized[at[2].u][i] &^= at[2].bit
	}
	if i := uint(to - 2); i < 3 {
		w.sized[at[0].u][i] |= at[0].bit
		w.sized[at[1].u][i] |= at[1].bit
		w.sized[at[2].u][i] |= at[2].bit
	}
}

// drop removes the candidates of mask from the open cell c, and from w:
// progress when some went, and ok false when none is left.
func (s *state) drop(w *places, c int, mask uint16) (progress, ok bool) {
	gone := s.cand[c] & mask
	if s.placed[c] || gone == 0 {
		return false, true
	}
	left := s.cand[c] &^ gone
	s.cand[c] = left
	w.size(c, bits.OnesCount16(left|gone), bits.OnesCount16(left))
	s.touched |= cellUnits[c]
	w.touchedUnits |= cellUnits[c]
	w.touchedDigits |= gone
	if left != 0 && left&(left-1) == 0 {
		w.todo[w.n] = uint8(c)
		w.n++
	}
	at := &cellAt[c]
	for m := gone; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		w.at[at[0].u][d] &^= at[0].bit
		w.at[at[1].u][d] &^= at[1].bit
		w.at[at[2].u][d] &^= at[2].bit
	}
	return true, left != 0
}

// lockedAt[kind][m] is where a digit whose places in a unit are m (not 0)
// is locked: for a line (kind 0) the box triple 0-2 that holds them all;
// for a box (kind 1) its row 0-2 or, failing that, its column 3-5; -1 when
// nowhere.
var lockedAt = func() (at [2][512]int8) {
	for m := 1; m < 512; m++ {
		at[0][m], at[1][m] = -1, -1
		for t, tri := range [3]int{0x7, 0x38, 0x1C0} {
			if m&^tri == 0 {
				at[0][m], at[1][m] = int8(t), int8(t)
			}
		}
		if at[1][m] >= 0 {
			continue
		}
		for t, tri := range [3]int{0x49, 0x92, 0x124} {
			if m&^tri == 0 {
				at[1][m] = int8(3 + t)
			}
		}
	}
	return at
}()

// lock is the unit a digit locked in another is removed from, and the
// positions there outside the other.
type lock struct {
	target uint8
	rest   uint16
}

// locks[u][x] is the lock of unit u at lockedAt's place x.
var locks = func() (l [27][6]lock) {
	for u := 0; u < 27; u++ {
		for x := 0; x < 6; x++ {
			var t int
			switch {
			case u < 9 && x < 3: // row u, box triple x
				t = 18 + 3*(u/3) + x
			case u < 18 && x < 3: // column u-9, row triple x
				t = 18 + 3*x + (u-9)/3
			case u >= 18 && x < 3: // box u-18, its row x
				t = 3*((u-18)/3) + x
			case u >= 18: // its column x-3
				t = 9 + 3*((u-18)%3) + x - 3
			default:
				continue
			}
			l[u][x].target = uint8(t)
			for j, c := range units[t] {
				if !inUnit(u, int(c)) {
					l[u][x].rest |= 1 << j
				}
			}
		}
	}
	return l
}()
