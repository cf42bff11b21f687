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
// means two givens clash or an open cell has no candidate. Both passes run
// without a branch a cell: whether a cell is given is not predictable.
func (s *state) load(p *[81]uint8) bool {
	var done [27]uint16
	var clash uint16
	for c, v := range p {
		bit := uint16(1) << v >> 1 // 0 for an empty cell
		at := &cellAt[c]
		clash |= (done[at[0].u] | done[at[1].u] | done[at[2].u]) & bit
		done[at[0].u] |= bit
		done[at[1].u] |= bit
		done[at[2].u] |= bit
	}
	if clash != 0 {
		return false
	}
	s.done, s.touched = done, allUnits
	open := 81
	var dead uint16 // bit 15 set once a cell has no candidate (m-1 wraps)
	for c, v := range p {
		at := &cellAt[c]
		m := all9 &^ (done[at[0].u] | done[at[1].u] | done[at[2].u])
		given := uint16(1) << v >> 1
		placed := 0
		if given != 0 {
			m, placed = given, 1
		}
		dead |= m - 1
		s.cand[c], s.placed[c] = m, given != 0
		open -= placed
	}
	s.open = open
	return dead&0x8000 == 0
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
