package solve

import (
	"context"
	"fmt"
)

// fastExamplePuzzle reads an 81-character puzzle ('.' for an empty cell).
func fastExamplePuzzle(s string) *[81]uint8 {
	var p [81]uint8
	for i := range p {
		if c := s[i]; c >= '1' && c <= '9' {
			p[i] = c - '0'
		}
	}
	return &p
}

func ExampleFast_Unique() {
	p := fastExamplePuzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	var sol [81]uint8
	n, err := NewFast().Unique(context.Background(), p, &sol)
	fmt.Println(n, err)
	for r := range 9 {
		fmt.Println(sol[r*9 : r*9+9])
	}
	// Output:
	// 1 <nil>
	// [4 1 7 3 6 9 8 2 5]
	// [6 3 2 1 5 8 9 4 7]
	// [9 5 8 7 2 4 3 1 6]
	// [8 2 5 4 3 7 1 6 9]
	// [7 9 1 5 8 6 4 3 2]
	// [3 4 6 9 1 2 7 5 8]
	// [2 8 9 6 4 3 5 7 1]
	// [5 7 3 2 9 1 6 8 4]
	// [1 6 4 8 7 5 2 9 3]
}

func ExampleFast_Count() {
	// Bands 1 and 2 given: the count is that of the ways to fill band 3.
	p := fastExamplePuzzle("123456789456789123789123456214365897365897214897214365" +
		"...........................")
	n, err := NewFast().Count(context.Background(), p, 0)
	fmt.Println(n, err)
	// Output: 1728 <nil>
}

func ExampleFast_All() {
	// Rows 1 and 4 hold 1 2 and 2 1 in columns 1-2, a rectangle that can
	// be filled either way: the smallest solution comes first.
	p := fastExamplePuzzle("..3456789456789123789123456..4365897365897214897214365531642978642978531978531642")
	n, err := NewFast().All(context.Background(), p, 0, func(sol *[81]uint8) error {
		fmt.Println(sol[0:9], sol[27:36])
		return nil
	})
	fmt.Println(n, err)
	// Output:
	// [1 2 3 4 5 6 7 8 9] [2 1 4 3 6 5 8 9 7]
	// [2 1 3 4 5 6 7 8 9] [1 2 4 3 6 5 8 9 7]
	// 2 <nil>
}
