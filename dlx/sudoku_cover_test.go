package dlx

import "fmt"

// The Sudoku exact cover, the tests' main problem: 324 primary items and
// 729 options (the same cover as package solve builds from its classic rules).
//
//	items   0- 80: cell r*9+c holds a digit
//	items  81-161: row r holds digit d      (81 + r*9 + d-1)
//	items 162-242: column c holds digit d   (162 + c*9 + d-1)
//	items 243-323: box b holds digit d      (243 + b*9 + d-1), b = r/3*3 + c/3
//
// Option cell*9 + d-1 puts digit d in cell (cell = r*9+c, r and c from 0)
// and covers its cell, row, column and box items, in that order.
const (
	sudokuItems   = 324 // primary items of the Sudoku exact cover
	sudokuOptions = 729 // options of the Sudoku exact cover
)

// sudokuOption returns the option that puts digit (1-9) in cell (0-80).
func sudokuOption(cell, digit int) int { return cell*9 + digit - 1 }

// sudokuOptionCell returns the cell (0-80) and digit (1-9) of option o.
func sudokuOptionCell(o int) (cell, digit int) { return o / 9, o%9 + 1 }

// sudokuOptionItems returns the four items option o covers: cell, row-digit,
// column-digit and box-digit.
func sudokuOptionItems(o int) [4]int {
	cell, d := o/9, o%9
	r, c := cell/9, cell%9
	b := r/3*3 + c/3
	return [4]int{cell, 81 + r*9 + d, 162 + c*9 + d, 243 + b*9 + d}
}

// sudokuItemName describes item it in words: "cell r5c5", "row 5 digit 3",
// "column 2 digit 7", "box 9 digit 1" (rows, columns, boxes from 1).
func sudokuItemName(it int) string {
	switch {
	case it < 0 || it >= sudokuItems:
		return fmt.Sprintf("item %d", it)
	case it < 81:
		return fmt.Sprintf("cell r%dc%d", it/9+1, it%9+1)
	case it < 162:
		return fmt.Sprintf("row %d digit %d", (it-81)/9+1, (it-81)%9+1)
	case it < 243:
		return fmt.Sprintf("column %d digit %d", (it-162)/9+1, (it-162)%9+1)
	default:
		return fmt.Sprintf("box %d digit %d", (it-243)/9+1, (it-243)%9+1)
	}
}

// sudokuMatrix builds the Sudoku exact cover described above.
func sudokuMatrix() *Matrix {
	m := NewMatrix(sudokuItems, 0)
	for o := 0; o < sudokuOptions; o++ {
		its := sudokuOptionItems(o)
		if _, err := m.AddOption(its[:]...); err != nil {
			panic(err) // the items above are in range and distinct
		}
	}
	return m
}

// sudokuSolver returns a solver for the Sudoku exact cover with the
// givens of grid chosen (0 = empty cell); see chooseSudoku for the errors.
func sudokuSolver(grid *[81]uint8) (*Solver, error) {
	s := NewSolver(sudokuMatrix())
	if err := chooseSudoku(s, grid); err != nil {
		return nil, err
	}
	return s, nil
}

// givenError reports a given that cannot be placed: a digit out of range,
// or a clash with an earlier given in the same row, column or box.
type givenError struct {
	Cell  int    // 0-80
	Digit int    // the given
	Unit  string // "row 5", "column 2", "box 9", or "" for a bad digit
}

// Error implements error.
func (e *givenError) Error() string {
	if e.Unit == "" {
		return fmt.Sprintf("dlx: cell %d (r%dc%d): %d is not a digit 0-9", e.Cell+1, e.Cell/9+1, e.Cell%9+1, e.Digit)
	}
	return fmt.Sprintf("dlx: cell %d (r%dc%d): digit %d already in %s", e.Cell+1, e.Cell/9+1, e.Cell%9+1, e.Digit, e.Unit)
}

// chooseSudoku chooses the option of each given of grid (0 = empty) on a
// solver of sudokuMatrix, in cell order. It fails with a *givenError
// naming the first given that is not a digit or clashes with an earlier one
// in its row, column or box; the givens before it stay chosen (Reset takes
// them back).
func chooseSudoku(s *Solver, grid *[81]uint8) error {
	for cell, d := range grid {
		if d == 0 {
			continue
		}
		if d > 9 {
			return &givenError{Cell: cell, Digit: int(d)}
		}
		if err := s.Choose(cell*9 + int(d) - 1); err != nil {
			ge := &givenError{Cell: cell, Digit: int(d), Unit: "cell"}
			if ce, ok := err.(*ConflictError); ok {
				ge.Unit = sudokuUnit(ce.Item)
			}
			return ge
		}
	}
	return nil
}

// sudokuUnit names the row, column or box of a unit-digit item.
func sudokuUnit(it int) string {
	switch {
	case it < 81:
		return "cell"
	case it < 162:
		return fmt.Sprintf("row %d", (it-81)/9+1)
	case it < 243:
		return fmt.Sprintf("column %d", (it-162)/9+1)
	default:
		return fmt.Sprintf("box %d", (it-243)/9+1)
	}
}

// sudokuGrid decodes a solution (options of the Sudoku exact cover, as
// Search's visit gets them) into a grid; cells no option fills stay 0.
func sudokuGrid(options []int) [81]uint8 {
	var g [81]uint8
	for _, o := range options {
		if o >= 0 && o < sudokuOptions {
			g[o/9] = uint8(o%9 + 1)
		}
	}
	return g
}
