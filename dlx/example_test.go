package dlx_test

import (
	"context"
	"fmt"

	"edgrid/dlx"
)

// The example of Knuth's dlx1.w: items a..g and six options; the only exact
// cover is "a d f", "b g", "c e".
func ExampleSolver_Search() {
	m := dlx.NewMatrix(7, 0)
	for _, o := range [][]int{{2, 4}, {0, 3, 6}, {1, 2, 5}, {0, 3, 5}, {1, 6}, {3, 4, 6}} {
		m.AddOption(o...)
	}
	s := dlx.NewSolver(m)
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
