package rank

import (
	"math/bits"

	"edgrid/canon"
)

// The paper's order inside a group is the order in which a textbook
// dancing-links search over the Sudoku exact cover meets the grids
// (docs/design/numbering.md): items are the 81 cells, then row-digit, column-digit
// and box-digit (enumerate's numbering); the search branches on the item
// with the fewest remaining options, ties to the first; an item's options
// come in list order, option cell*9+d-1; the group's 33 cells are chosen
// first. The search is never run here: a dlxState replays it along one path.
// The options left in a state are the placements no chosen option excludes,
// so candidate digits per cell describe it exactly.

// cellSet is a set of cells, bit c%64 of word c/64.
type cellSet [2]uint64

func (s cellSet) count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

func (s cellSet) and(t cellSet) cellSet { return cellSet{s[0] & t[0], s[1] & t[1]} }

// unitCells[u] are the cells of unit u: rows 0-8, columns 9-17, boxes 18-26.
// unitSets[u] is the same as a cellSet; cellUnits[c] the units of cell c.
var (
	unitCells [27][9]uint8
	unitSets  [27]cellSet
	cellUnits [81][3]uint8
)

func init() {
	for c := range 81 {
		r, col := c/9, c%9
		us := [3]int{r, 9 + col, 18 + r/3*3 + col/3}
		for i, u := range us {
			cellUnits[c][i] = uint8(u)
			unitSets[u][c/64] |= 1 << (c % 64)
		}
	}
	for u := range 27 {
		n := 0
		for c := range 81 {
			if unitSets[u][c/64]&(1<<(c%64)) != 0 {
				unitCells[u][n] = uint8(c)
				n++
			}
		}
	}
}

// dlxState is the state of the dancing-links search after some choices.
type dlxState struct {
	cand  [81]uint16  // digits (bits 1..9) still possible in an open cell; 0 once filled
	plane [10]cellSet // plane[d]: open cells where d is still possible
	used  [27]uint16  // digits placed in each unit
	fixed [81]uint8   // digits chosen so far (0: open)
}

// newDLXState returns the state with the cells of partial chosen (0: open).
// The cells must not clash.
func newDLXState(partial *canon.Grid) dlxState {
	var s dlxState
	for c := range s.cand {
		s.cand[c] = 0x3FE
	}
	for d := 1; d <= 9; d++ {
		s.plane[d] = cellSet{^uint64(0), 1<<17 - 1}
	}
	for c, d := range partial {
		if d != 0 {
			s.place(c, d)
		}
	}
	return s
}

// place chooses the option that puts digit d in cell c.
func (s *dlxState) place(c int, d uint8) {
	s.fixed[c] = d
	for e := s.cand[c]; e != 0; e &= e - 1 {
		x := bits.TrailingZeros16(e)
		s.plane[x][c/64] &^= 1 << (c % 64)
	}
	s.cand[c] = 0
	bit := uint16(1) << d
	for _, u := range cellUnits[c] {
		s.used[u] |= bit
		for _, p := range unitCells[u] {
			if s.cand[p]&bit != 0 {
				s.cand[p] &^= bit
				s.plane[d][p/64] &^= 1 << (p % 64)
			}
		}
	}
}

// allowed returns the digits each cell may hold under the choices made:
// the chosen digit in a chosen cell, any in the others (for
// enumerate.Searcher.RunWithin).
func (s *dlxState) allowed() [81]uint16 {
	var a [81]uint16
	for c, d := range s.fixed {
		a[c] = 0x3FE
		if d != 0 {
			a[c] = 1 << d
		}
	}
	return a
}

// item is an exact-cover item: 0-80 a cell, 81+u*9+d-1 digit d of unit u
// (rows, then columns, then boxes: enumerate's numbering).
type item int

// choose returns the item the search branches on: the first of those with
// the fewest options. The state must have an open cell and, as every state
// on the path of a grid has, no item without options.
func (s *dlxState) choose() (item, int) {
	best, min := item(-1), 10
	for c, m := range s.cand {
		if m != 0 {
			if n := bits.OnesCount16(m); n < min {
				best, min = item(c), n
				if n == 1 {
					return best, 1
				}
			}
		}
	}
	for u := range 27 {
		free := ^s.used[u] & 0x3FE
		for free != 0 {
			d := bits.TrailingZeros16(free)
			free &= free - 1
			if n := s.plane[d].and(unitSets[u]).count(); n < min {
				best, min = item(81+u*9+d-1), n
				if n == 1 {
					return best, 1
				}
			}
		}
	}
	return best, min
}

// options returns the cells and digits of it's options, in list order.
func (s *dlxState) options(it item, out *[9]option) []option {
	o := out[:0]
	if it < 81 {
		for m := s.cand[it]; m != 0; m &= m - 1 {
			o = append(o, option{uint8(it), uint8(bits.TrailingZeros16(m))})
		}
		return o
	}
	u, d := (int(it)-81)/9, uint8((int(it)-81)%9+1)
	for _, c := range unitCells[u] { // ascending cells
		if s.cand[c]&(1<<d) != 0 {
			o = append(o, option{c, d})
		}
	}
	return o
}

// option puts digit d in cell c.
type option struct{ cell, digit uint8 }

// before reports whether o comes before p in an item's list.
func (o option) before(p option) bool {
	return o.cell < p.cell || o.cell == p.cell && o.digit < p.digit
}

// pick returns the option grid g takes for item it.
func pick(it item, g *canon.Grid) option {
	if it < 81 {
		return option{uint8(it), g[it]}
	}
	u, d := (int(it)-81)/9, uint8((int(it)-81)%9+1)
	for _, c := range unitCells[u] {
		if g[c] == d {
			return option{c, d}
		}
	}
	return option{255, d} // not a solution grid
}

// index returns the position of o among opts, or -1.
func index(opts []option, o option) int {
	for i, p := range opts {
		if p == o {
			return i
		}
	}
	return -1
}
