package solve

import "fmt"

// boxShapes are the box heights of the standard n x n boards: boxes of
// h rows and n/h columns, as the puzzles of each size are printed.
var boxShapes = map[int]int{4: 2, 6: 2, 8: 2, 9: 3, 12: 3, 16: 4, 25: 5}

// BoxedSizes lists the sizes Boxed accepts, ascending.
var BoxedSizes = []int{4, 6, 8, 9, 12, 16, 25}

// Boxed returns the rules of the standard n x n Sudoku with no givens:
// rows, columns and boxes of h rows by n/h columns (4 = 2x2, 6 = 2x3,
// 8 = 2x4, 9 = 3x3, 12 = 3x4, 16 = 4x4, 25 = 5x5). Another n is an error.
// Boxed(9) has Classic's regions in Classic's order.
func Boxed(n int) (*Rules, error) {
	h, ok := boxShapes[n]
	if !ok {
		return nil, fmt.Errorf("solve: no standard box shape for a %dx%d board (want one of %v)", n, n, BoxedSizes)
	}
	w := n / h
	r := &Rules{Rows: n, Cols: n, Max: n, Board: make([]int8, n*n)}
	units := []struct {
		name string
		pos  func(k, j int) int // the j-th cell of unit k
	}{
		{"row", func(k, j int) int { return k*n + j }},
		{"column", func(k, j int) int { return j*n + k }},
		// Boxes numbered row by row: n/w boxes across, each h x w.
		{"box", func(k, j int) int { return (k/(n/w)*h+j/w)*n + k%(n/w)*w + j%w }},
	}
	for _, u := range units {
		for k := 0; k < n; k++ {
			reg := Region{Name: fmt.Sprintf("%s %d", u.name, k+1)}
			for j := 0; j < n; j++ {
				reg.Cells = append(reg.Cells, u.pos(k, j))
			}
			sortInts(reg.Cells)
			r.Regions = append(r.Regions, reg)
		}
	}
	return r, nil
}

// sortInts sorts a short slice ascending (Region.Cells are ascending).
func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
