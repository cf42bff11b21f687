package rate

import (
	"math/bits"

	"edgrid/internal/houses"
)

// state is a position of the ladder: the candidates of every cell, one bit
// a digit (bit 0 for 1). A placed cell keeps its digit's bit alone, so that
// a unit's bits always show where each digit can be or is.
type state struct {
	cand   [81]uint16
	placed [81]bool
	done   [27]uint16 // done[u]: the digits placed in unit u
	open   int        // cells not placed
}

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
// means two givens clash.
func (s *state) load(p *[81]uint8) bool {
	for c := range s.cand {
		s.cand[c], s.placed[c] = all9, false
	}
	s.open, s.done = 81, [27]uint16{}
	for c, v := range p {
		if v != 0 && !s.place(c, 1<<(v-1)) {
			return false
		}
	}
	return true
}

// place puts the digit of bit in cell c and removes it from c's peers;
// false means a contradiction: c could not hold it, or a peer is left
// without candidates (a placed peer held the same digit).
func (s *state) place(c int, bit uint16) bool {
	if s.placed[c] || s.cand[c]&bit == 0 {
		return s.placed[c] && s.cand[c] == bit
	}
	s.cand[c], s.placed[c] = bit, true
	s.open--
	s.mark(c, bit)
	for _, p := range &houses.Peers[c] {
		if s.cand[p]&bit != 0 {
			s.cand[p] &^= bit
			if s.cand[p] == 0 {
				return false
			}
		}
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
