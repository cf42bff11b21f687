package rate

import "math/bits"

// state is a position of the ladder: the candidates of every cell, one bit
// a digit (bit 0 for 1). A placed cell keeps its digit's bit alone, so that
// a unit's bits always show where each digit can be or is.
type state struct {
	cand   [81]uint16
	placed [81]bool
	done   [27]uint16 // done[u]: the digits placed in unit u
	open   int        // cells not placed
	// touched has bit u set for each unit u that may hold a hidden single
	// or a digit without a place: every unit a cell of which lost
	// candidates since hiddenSingles last looked at it. The other units
	// have neither.
	touched uint32
}

// allUnits has a bit for each of the 27 units.
const allUnits = 1<<27 - 1

// all9 is the candidate set of every digit.
const all9 = 0x1FF

// units are the 27 rows, columns and boxes, rows first, as cell numbers.
var units = func() (u [27][9]uint8) {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			u[i][j] = uint8(9*i + j)
			u[9+i][j] = uint8(9*j + i)
			u[18+i][j] = uint8(27*(i/3) + 3*(i%3) + 9*(j/3) + j%3)
		}
	}
	return u
}()

// load sets s to the puzzle p (values 0-9, checked by the caller); false
// means two givens clash or an open cell has no candidate.
func (s *state) load(p *[81]uint8) bool {
	var done [27]uint16
	clash := false
	for c, v := range p {
		if v == 0 {
			continue
		}
		bit := uint16(1) << (v - 1)
		for _, at := range &cellAt[c] {
			clash = clash || done[at.u]&bit != 0
			done[at.u] |= bit
		}
	}
	if clash {
		return false
	}
	s.open, s.done, s.touched = 81, done, allUnits
	for c, v := range p {
		if v != 0 {
			s.cand[c], s.placed[c] = 1<<(v-1), true
			s.open--
			continue
		}
		at := &cellAt[c]
		m := all9 &^ (done[at[0].u] | done[at[1].u] | done[at[2].u])
		if m == 0 {
			return false
		}
		s.cand[c], s.placed[c] = m, false
	}
	return true
}

// mark records digit bit as placed in the units of cell c.
func (s *state) mark(c int, bit uint16) {
	at := &cellAt[c]
	s.done[at[0].u] |= bit
	s.done[at[1].u] |= bit
	s.done[at[2].u] |= bit
}

// solution writes the digits of a solved state.
func (s *state) solution(sol *[81]uint8) {
	for c, m := range s.cand {
		sol[c] = uint8(bits.TrailingZeros16(m) + 1)
	}
}
