package solve

import (
	"fmt"
	"strings"
)

// MaxNumber is the largest number a rules file can write: 'Z' = 35.
const MaxNumber = 35

// Rules is a board and its regions. Positions are numbered row by row,
// r*Cols + c from 0. A region holds each number at most once; one with
// exactly Max cells therefore holds each number exactly once.
type Rules struct {
	Rows, Cols int      // vertical and horizontal size
	Max        int      // numbers run 1..Max
	Board      []int8   // per position: -1 not a cell, 0 empty, else the given
	Regions    []Region // the constraint regions
}

// Region is a set of cells no number may repeat in.
type Region struct {
	Name  string // "row 5", "region 3 (line 40)": used in error messages
	Cells []int  // positions, ascending
}

// Classic returns the rules of 9x9 Sudoku with no givens. Its regions come
// in the order rows, columns, boxes, which makes NewSolver build the Sudoku
// exact cover the paper's numbering is defined by (docs/design/numbering.md).
func Classic() *Rules {
	r := &Rules{Rows: 9, Cols: 9, Max: 9, Board: make([]int8, 81)}
	units := []struct {
		name string
		pos  func(k, j int) int // the j-th cell of unit k
	}{
		{"row", func(k, j int) int { return k*9 + j }},
		{"column", func(k, j int) int { return j*9 + k }},
		{"box", func(k, j int) int { return (k/3*3+j/3)*9 + k%3*3 + j%3 }},
	}
	for _, u := range units {
		for k := 0; k < 9; k++ {
			reg := Region{Name: fmt.Sprintf("%s %d", u.name, k+1)}
			for j := 0; j < 9; j++ {
				reg.Cells = append(reg.Cells, u.pos(k, j))
			}
			r.Regions = append(r.Regions, reg)
		}
	}
	return r
}

// numberChar writes number v as a rules file does: 1-9, then A=10 ... Z=35.
func numberChar(v int) byte {
	if v <= 9 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}

// Format writes values (one per position, as Solve's visit gets them) in
// the board's layout: one row a line, '.' for 0, 'x' for a position that is
// not a cell.
func (r *Rules) Format(values []uint8) string {
	var b strings.Builder
	for row := 0; row < r.Rows; row++ {
		for col := 0; col < r.Cols; col++ {
			p := row*r.Cols + col
			switch {
			case r.Board[p] < 0:
				b.WriteByte('x')
			case p < len(values) && values[p] > 0:
				b.WriteByte(numberChar(int(values[p])))
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Givens returns the board's givens as Solve takes them: one value per
// position, 0 where nothing is given.
func (r *Rules) Givens() []uint8 {
	g := make([]uint8, len(r.Board))
	for p, v := range r.Board {
		if v > 0 {
			g[p] = uint8(v)
		}
	}
	return g
}

// String writes r as a rules file that ParseRules reads back.
func (r *Rules) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n%d\n%d\n%d\n", r.Rows, r.Cols, r.Max, len(r.Regions))
	vals := make([]uint8, len(r.Board))
	for p, v := range r.Board {
		if v > 0 {
			vals[p] = uint8(v)
		}
	}
	b.WriteString(r.Format(vals))
	for _, reg := range r.Regions {
		fmt.Fprintf(&b, "# %s\n", reg.Name)
		in := make([]bool, len(r.Board))
		for _, p := range reg.Cells {
			in[p] = true
		}
		for p := range r.Board {
			switch {
			case in[p]:
				b.WriteByte('+')
			case r.Board[p] < 0:
				b.WriteByte('x')
			default:
				b.WriteByte('.')
			}
			if p%r.Cols == r.Cols-1 {
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}
