package scan

import (
	"math/bits"

	"edgrid/canon"
)

// uaSearch finds every solution grid within max cells of a grid g whose
// difference from g can be minimal, digit by digit: each digit 1..9 either
// keeps its nine cells of g or moves to another template (nine cells, one
// in each row, column and box) in cells no kept digit holds. A digit that
// moves leaves cells behind (vacated until a later digit takes them) and
// takes cells that were not its own; the grid's distance from g is the
// number of cells digits took. Each grid found adds the cells where it
// differs from g to found. A branch ends with a grid as soon as the digits
// moved so far close up (digit).
type uaSearch struct {
	pos      [10][9]uint8    // pos[d][r]: the column of digit d in row r of g
	digAt    [9][9]uint8     // digAt[r][c]: the digit of g in row r, column c
	rowOfCol [10][9]uint8    // rowOfCol[d][c]: the row of digit d in column c
	rowOfBox [10][3][3]uint8 // rowOfBox[d][b][k]: the row of digit d in band b, stack k
	max      int             // the largest distance searched

	// loses[d][b][c]: the rows that can no longer hold digit d in its own
	// cell once d takes column c in band b: the row whose own cell is in
	// column c and the row of band b whose own cell is in c's stack.
	loses [10][3][9]uint16

	// The state after digits 1..d-1, per row as 9-bit column sets.
	blocked [9]uint16       // cells held: by a kept digit or taken by a moved one
	taken   [9]uint16       // cells taken by moved digits
	vacant  [9]uint16       // cells of moved digits that no digit has taken yet
	nvacant int             // cells in vacant
	size    int             // cells taken so far that are not the taker's own
	diff    cells           // those cells
	lost    [10]uint16      // lost[e]: the rows where moved digits took a later digit e's own cell
	forced  int             // the least the later digits' moves cost: the sum of cost[e][lost[e]]
	cost    [10]*[512]uint8 // cost[e]: digit e's table of moveCosts

	col   [10][9]uint8 // col[d]: the template being built for digit d
	found []cells
}

func (s *uaSearch) init(g *canon.Grid, max int) {
	for c, d := range g {
		s.pos[d][c/9] = uint8(c % 9)
		s.digAt[c/9][c%9] = d
		s.rowOfCol[d][c%9] = uint8(c / 9)
		s.rowOfBox[d][c/27][c%9/3] = uint8(c / 9)
	}
	for d := 1; d <= 9; d++ {
		for b := range 3 {
			for c := range 9 {
				s.loses[d][b][c] = 1<<s.rowOfCol[d][c] | 1<<s.rowOfBox[d][b][c/3]
			}
		}
	}
	s.max = max
	for d := 1; d <= 9; d++ {
		s.cost[d] = moveCost(&s.pos[d])
	}
}

// digit decides digits d..9 given the state for digits below d. Invariant:
// size + max(nvacant, forced) <= max: every vacant cell must still be taken
// by a later digit, and every later digit that lost cells must move to a
// template that differs from its own in at least those rows (moveCost),
// each cell they take costing one.
func (s *uaSearch) digit(d int) {
	if s.size > 0 && s.nvacant == 0 {
		// The digits moved so far close up: with the later digits kept,
		// they give a grid (no cell is vacant, so no later digit lost one
		// either). A later move would only add cells of later digits to
		// this difference, which is unavoidable, so none of those grids
		// has a minimal difference: the branch ends here. At d == 10
		// nothing is vacant (every row holds nine digits), so every grid
		// that moved a digit is recorded here.
		s.found = append(s.found, s.diff)
		return
	}
	if d == 10 {
		return
	}
	// d keeps its cells unless a moved digit took one.
	if s.lost[d] == 0 {
		saved := s.blocked
		for r := range 9 {
			s.blocked[r] |= 1 << s.pos[d][r]
		}
		s.digit(d + 1)
		s.blocked = saved
	}
	s.forced -= int(s.cost[d][s.lost[d]])
	s.template(d, 0, 0, 0, 0, 0, s.lost[d])
	s.forced += int(s.cost[d][s.lost[d]])
}

// belowRow[r] is the set of rows below row r.
var belowRow = [9]uint16{0x1fe, 0x1fc, 0x1f8, 0x1f0, 0x1e0, 0x1c0, 0x180, 0x100, 0}

// stackCols are the columns of each set of stacks (bit k: stack k).
var stackCols = [8]uint16{0, 0007, 0070, 0077, 0700, 0707, 0770, 0777}

// template places digit d in rows r..8, having placed it in rows 0..r-1
// in columns cols (stacks: the stacks used in r's band so far) at cost
// moved (cells taken that are not d's own), left the change in vacant
// cells (d's own cells it leaves, less the vacant ones it takes). The rows
// in must below r can no longer hold d in its own cell: that cell
// was taken, or its column or stack is used. The later digits' forced cost
// is s.forced with d's own share taken out.
//
// Bound: each row in must costs one more cell, and leaves its own cell
// vacant unless that was taken; a later move can fill one vacant cell at
// the cost of one. So the rest costs at least max(vacant, moves+forced),
// and size + moved + that stays <= max.
func (s *uaSearch) template(d, r int, cols uint16, stacks uint8, moved, left int, must uint16) {
	if r == 9 {
		if moved > 0 {
			s.apply(d, moved)
		}
		return
	}
	if r%3 == 0 {
		stacks = 0
	}
	own := s.pos[d][r]
	below := belowRow[r]
	opts := 0x1ff &^ (s.blocked[r] | cols | stackCols[stacks])
	// The row's and the digit's tables, indexed once.
	vacant, ownTaken := s.vacant[r], s.taken[r]>>own&1 != 0
	digAt, loses := &s.digAt[r], &s.loses[d][r/3]
	lostRows, base := s.lost[d], s.size+s.nvacant
	for opts != 0 {
		c := uint8(bits.TrailingZeros16(opts)) % 9 // at most 8: the % drops the bounds checks
		opts &= opts - 1
		m, l, mu := moved, left, must
		e := uint8(0) // a later digit whose cell d takes
		if c != own {
			m++
			if vacant>>c&1 != 0 {
				l-- // fills a vacant cell: one fewer to fill later
			} else if x := digAt[c]; int(x) > d {
				e = x
			}
			if !ownTaken {
				l++ // d's own cell becomes vacant
			}
			// The row whose own cell is in column c, and the row of r's
			// band whose own cell is in c's stack, can no longer have it.
			mu |= loses[c]
		}
		f := s.forced
		if e != 0 {
			lost := s.lost[e]
			f += int(s.cost[e][lost|1<<r]) - int(s.cost[e][lost])
		}
		mu &= below
		// size + m + max(nvacant + l + new vacant, moves + forced) <= max
		if m+max(base+l+bits.OnesCount16(mu&^lostRows), s.size+bits.OnesCount16(mu)+f) > s.max {
			continue
		}
		s.col[d][r] = c
		if e != 0 {
			forced := s.forced
			s.lost[e] |= 1 << r
			s.forced = f
			s.template(d, r+1, cols|1<<c, stacks|1<<(c/3), m, l, mu)
			s.lost[e] &^= 1 << r
			s.forced = forced
			continue
		}
		s.template(d, r+1, cols|1<<c, stacks|1<<(c/3), m, l, mu)
	}
}

// apply moves digit d to the template in s.col[d] (at cost moved), searches
// the digits after it, and restores the state.
func (s *uaSearch) apply(d, moved int) {
	blocked, taken, vacant, nvacant, size, diff := s.blocked, s.taken, s.vacant, s.nvacant, s.size, s.diff
	for r := range 9 {
		c, own := s.col[d][r], s.pos[d][r]
		s.blocked[r] |= 1 << c
		s.taken[r] |= 1 << c
		if c == own {
			continue
		}
		s.diff.set(r*9 + int(c))
		if s.vacant[r]>>c&1 != 0 {
			s.vacant[r] &^= 1 << c
			s.nvacant--
		}
		if taken[r]>>own&1 == 0 {
			s.vacant[r] |= 1 << own
			s.nvacant++
		}
	}
	s.size += moved
	s.digit(d + 1)
	s.blocked, s.taken, s.vacant, s.nvacant, s.size, s.diff = blocked, taken, vacant, nvacant, size, diff
}
