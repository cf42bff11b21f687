package enumerate_test

import (
	"context"
	"fmt"

	"edgrid/enumerate"
)

// The example of Knuth's dlx1.w: items a..g and six options; the only exact
// cover is "a d f", "b g", "c e".
func ExampleSolver_Search() {
	m := enumerate.NewMatrix(7, 0)
	for _, o := range [][]int{{2, 4}, {0, 3, 6}, {1, 2, 5}, {0, 3, 5}, {1, 6}, {3, 4, 6}} {
		m.AddOption(o...)
	}
	s := enumerate.NewSolver(m)
	n, _ := s.Search(context.Background(), 0, func(options []int) bool {
		for _, o := range options {
			fmt.Print(m.OptionItems(o))
		}
		fmt.Println()
		return true
	})
	fmt.Println(n, "solution")
	// Output:
	// [0 3 5][1 6][2 4]
	// 1 solution
}

// Counting the completions of a Sudoku grid with cells removed.
func ExampleNewSudokuSolver() {
	var g [81]uint8
	for i, c := range "123456789456789123789123456214365897365897214897214365531642978642978531978531642" {
		g[i] = uint8(c - '0')
	}
	for _, c := range []int{0, 1, 9, 10} { // r1c1, r1c2, r2c1, r2c2
		g[c] = 0
	}
	s, err := enumerate.NewSudokuSolver(&g)
	if err != nil {
		panic(err)
	}
	n, _ := s.Search(context.Background(), 0, nil)
	fmt.Println(n, "completions")
	// Output: 1 completions
}
