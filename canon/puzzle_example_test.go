package canon_test

import (
	"fmt"

	"edgrid/canon"
)

func ExamplePuzzleMinlex() {
	// The first of the known 17-clue puzzles, transposed and relabelled.
	p, err := canon.ParsePuzzle("........8......294....51................3..7...42....9...........24.8....5....36.")
	if err != nil {
		panic(err)
	}
	for _, order := range []canon.PuzzleOrder{canon.PlainOrder, canon.PatternFirst} {
		form, autos, t, _ := canon.PuzzleMinlex(&p, order)
		moved := t.Apply(&p)
		fmt.Println(string(canon.AppendPuzzle(nil, &form, '.')), autos, moved == form)
	}
	// Output:
	// .................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7... 1 true
	// .................1.....2.3......3.2...4....5...1.6.....3......6.7..8...952...7... 1 true
}

func ExamplePatternMinlex() {
	p, _ := canon.ParsePuzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	form, autos, _ := canon.PatternMinlex(canon.MaskOf(&p))
	fmt.Println(form, autos)
	// Output:
	// 000000000000000001000001010000001010001000010001010000010000001010010001110001000 1
}

func ExamplePuzzleKey() {
	solution, _ := canon.Parse("123456789456789123789123456214835697367291845598647312632918574845372961971564238")
	puzzle := solution
	for i := range puzzle {
		if i%4 != 0 {
			puzzle[i] = 0 // keep every fourth cell
		}
	}
	grid, mask, _ := canon.PuzzleKey(&puzzle, &solution)
	fmt.Println(grid.String())
	fmt.Println(mask, mask.Count())
	// Output:
	// 123456789456789123789123456214835697367291845598647312632918574845372961971564238
	// 100010001000100010001000100010001000100010001000100010001000100010001000100010001 21
}
