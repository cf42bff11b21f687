package puzzleid_test

import (
	"context"
	"fmt"

	"edgrid/canon"
	"edgrid/puzzleid"
	"edgrid/rank"
)

// A puzzle's ID, and the puzzle it names: an equivalent one, written in
// its solution's minlex frame.
func Example() {
	tables, err := rank.Embedded()
	if err != nil {
		panic(err)
	}
	r, err := rank.New(tables, nil)
	if err != nil {
		panic(err)
	}
	n := puzzleid.New(r)
	p, err := canon.ParsePuzzle("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	id, err := n.ID(ctx, &p)
	if err != nil {
		panic(err)
	}
	q, err := n.Puzzle(ctx, id)
	if err != nil {
		panic(err)
	}
	fmt.Println(id)
	fmt.Println(string(canon.AppendPuzzle(nil, &q, '.')))
	// Output:
	// 4419206386-08288930186248c248822
	// .2.....8.4...8...6..9..31.......53....49...6..7..6...26....4..7..1...9.....5...4.
}
