package canon

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Grid is a Sudoku grid: 81 cells, row-major (cell 0 is r1c1, cell 80 r9c9),
// each holding a digit 1..9. A zero cell is empty; Validate rejects it.
type Grid [81]uint8

// String formats g as 81 digits, the form Parse reads; an empty cell prints
// as '.'. It has a value receiver, so a Grid prints so as a value as well as
// through a pointer.
func (g Grid) String() string {
	var b [81]byte
	for i, d := range g {
		if d == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}

// AppendText appends the 81 digits of g to dst without allocating; the hot
// output paths use it instead of String.
func (g *Grid) AppendText(dst []byte) []byte {
	n := len(dst)
	dst = slices.Grow(dst, 81)[:n+81]
	out := dst[n : n+81]
	// Eight cells at a time: '0' added to each byte of a word, each byte
	// modulo 256 (the high bits kept out of the sum, so that no byte
	// carries into the next), as '0'+d is for any byte d.
	const high = 0x8080808080808080
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(g[i:])
		binary.LittleEndian.PutUint64(out[i:], (x&^high+0x3030303030303030)^(x&high))
	}
	out[80] = '0' + g[80]
	return dst
}

// CellName names cell i (0..80) as "r5c5".
func CellName(i int) string { return fmt.Sprintf("r%dc%d", i/9+1, i%9+1) }

// ParseError reports a line that is not a grid. Line is 0 when the text did not
// come from a numbered line; Cell is 1-based (1..81) or 0 when the error is not
// about one cell.
type ParseError struct {
	Line int
	Cell int
	Msg  string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Cell > 0 {
		fmt.Fprintf(&b, "cell %d (%s): ", e.Cell, CellName(e.Cell-1))
	}
	b.WriteString(e.Msg)
	return b.String()
}

// UnitError reports a digit that a row, column or box holds twice.
type UnitError struct {
	Line  int    // 0 when unknown
	Unit  string // "row 4", "column 2", "box 5"
	Digit uint8
	Cells [2]int // 0-based cells holding Digit
}

func (e *UnitError) Error() string {
	prefix := ""
	if e.Line > 0 {
		prefix = fmt.Sprintf("line %d: ", e.Line)
	}
	return fmt.Sprintf("%s%s has two %ds (%s, %s)", prefix, e.Unit, e.Digit, CellName(e.Cells[0]), CellName(e.Cells[1]))
}

// Parse reads a solution grid from 81 characters '1'..'9'; surrounding
// whitespace is ignored. The grid must be valid (see Validate).
func Parse(s string) (Grid, error) { return ParseLine(0, s) }

// ParseLine is Parse for line number line of some input; errors name the line.
func ParseLine(line int, s string) (Grid, error) {
	var g Grid
	s = strings.TrimSpace(s)
	n := 0
	for _, r := range s {
		if n < 81 && (r < '1' || r > '9') {
			return g, &ParseError{Line: line, Cell: n + 1, Msg: fmt.Sprintf("%q is not a digit 1-9", r)}
		}
		if n < 81 {
			g[n] = uint8(r - '0')
		}
		n++
	}
	if n != 81 {
		return g, &ParseError{Line: line, Msg: fmt.Sprintf("%d cells, want 81", n)}
	}
	if err := g.Validate(); err != nil {
		err.(*UnitError).Line = line
		return g, err
	}
	return g, nil
}

// Validate reports the first unit (rows first, then columns, then boxes) that
// holds a digit twice, or a cell that is not 1..9, as an error; nil means g is
// a solution grid.
func (g *Grid) Validate() error {
	// Fast path: a solution grid fills all 27 units. Only a bad grid takes
	// the slow path, which finds the first problem for the message.
	if isSolution(g) {
		return nil
	}
	for i, d := range g {
		if d < 1 || d > 9 {
			return &ParseError{Cell: i + 1, Msg: fmt.Sprintf("%d is not a digit 1-9", d)}
		}
	}
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < 9; u++ {
			var seen [10]int
			for k := 0; k < 9; k++ {
				c := unitCell(kind, u, k)
				d := g[c]
				if seen[d] != 0 {
					return &UnitError{Unit: fmt.Sprintf("%s %d", unitKinds[kind], u+1), Digit: d, Cells: [2]int{seen[d] - 1, c}}
				}
				seen[d] = c + 1
			}
		}
	}
	return nil
}

var unitKinds = [3]string{"row", "column", "box"}

// unitCell is the k-th cell (0..8) of unit u of the given kind (0 row, 1 column, 2 box).
func unitCell(kind, u, k int) int {
	switch kind {
	case 0:
		return u*9 + k
	case 1:
		return k*9 + u
	default:
		return (u/3*3+k/3)*9 + u%3*3 + k%3
	}
}

// Less reports whether a is smaller than b read as 81-digit numbers, cell 0 most significant.
func Less(a, b *Grid) bool { return compare(a, b) < 0 }

func compare(a, b *Grid) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
