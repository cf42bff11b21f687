package query_test

import (
	"context"
	"fmt"
	"math/bits"

	"edgrid/canon"
	"edgrid/query"
)

// A user's invariant in a few lines: how many different digits the main
// diagonal (r1c1, r2c2, ..., r9c9) holds. It depends on where the diagonal
// is, so it is not a class invariant (Func does not check): here it reads
// the minlex grids, as the catalog stores them. Once among the known
// invariants an expression can name it: the grids whose diagonal holds nine
// different digits, printed with their group and ordinal.
func Example_userInvariant() {
	diag := query.Func("diag", "different digits on the main diagonal", func(g *canon.Grid) int {
		var seen uint16
		for i := range 9 {
			seen |= 1 << g[i*10]
		}
		return bits.OnesCount16(seen)
	})
	q, err := query.New(query.Options{
		Invariants: []query.Invariant{query.Autos},
		Known:      append(query.Builtins(), diag),
		Where:      "diag == 9",
		Line: func(dst []byte, p *query.Position) ([]byte, error) {
			return append(p.Grid.AppendText(fmt.Appendf(dst, "%d %d ", p.Group, p.Ordinal)), '\n'), nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var groups []int
	for g := 3460; g <= 3470; g++ {
		groups = append(groups, g)
	}
	var out lines
	res, err := q.Run(context.Background(), query.Enumerator{}, groups, &out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	fmt.Printf("%d of %d grids, with %d automorphism(s)\n", res.Matched, res.Grids, res.Stats[0].Max.Value)
	// Output:
	// 3464 5 123456789457289631869713245271894356345621897698537124536978412712345968984162573
	// 1 of 211 grids, with 1 automorphism(s)
}

// Selecting grids with an expression over invariants: the grids of the last
// two groups with more than one automorphism and no unavoidable set of four
// cells, as lines with their group and ordinal.
func Example_where() {
	q, err := query.New(query.Options{
		Invariants: []query.Invariant{query.Autos},
		Where:      "autos > 1 && ua4 == 0",
		Line: func(dst []byte, p *query.Position) ([]byte, error) {
			return append(p.Grid.AppendText(fmt.Appendf(dst, "%d %d ", p.Group, p.Ordinal)), '\n'), nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out lines
	res, err := q.Run(context.Background(), query.Enumerator{}, []int{3540, 3541}, &out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	fmt.Printf("%d of %d grids\n", res.Matched, res.Grids)
	// Output:
	// 3540 1 123456789457389621896217354268174593745938162931562847382641975574893216619725438
	// 3540 2 123456789457389621896217354268174593745938162931562847384725916579641238612893475
	// 3540 3 123456789457389621896217354268741593745893162931625847382164975574938216619572438
	// 3541 1 123456789457893612986217354274538196531964827698721435342685971715349268869172543
	// 4 of 4 grids
}

type lines []byte

func (l *lines) Write(p []byte) (int, error) {
	*l = append(*l, p...)
	return len(p), nil
}
