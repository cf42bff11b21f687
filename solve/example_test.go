package solve_test

import (
	"context"
	"fmt"
	"strings"

	"edgrid/solve"
)

func ExampleSolver_SolveSudoku() {
	g, err := solve.ParsePuzzle("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
	if err != nil {
		panic(err)
	}
	s := solve.NewSudoku()
	n, _ := s.SolveSudoku(context.Background(), &g, 2, func(v []uint8) bool {
		fmt.Println(v[:9])
		return true
	})
	fmt.Println(n, "solution")
	// Output:
	// [1 6 2 8 5 7 4 9 3]
	// 1 solution
}

func ExampleParseRules() {
	const latin = "# a 3x3 latin square\n3 3 3 6\n1..\n.2.\n...\n" +
		"+++\n...\n...\n" + "...\n+++\n...\n" + "...\n...\n+++\n" +
		"+..\n+..\n+..\n" + ".+.\n.+.\n.+.\n" + "..+\n..+\n..+\n"
	r, err := solve.ParseRules("latin.dat", strings.NewReader(latin))
	if err != nil {
		panic(err)
	}
	s, _ := solve.NewSolver(r)
	s.Solve(context.Background(), r.Givens(), 0, func(v []uint8) bool {
		fmt.Print(r.Format(v))
		return true
	})
	// Output:
	// 132
	// 321
	// 213
}
