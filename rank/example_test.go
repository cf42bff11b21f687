package rank_test

import (
	"context"
	"fmt"

	"edgrid/canon"
	"edgrid/rank"
)

// Grid 1 in the paper's order, and the number of the last grid, without a
// catalog.
func Example() {
	tables, err := rank.Embedded()
	if err != nil {
		panic(err)
	}
	r, err := rank.New(tables, nil)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	g, err := r.Unrank(ctx, 1, rank.Paper)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.String())
	last, err := canon.Parse("123456789457893612986217354274538196531964827698721435342685971715349268869172543")
	if err != nil {
		panic(err)
	}
	n, _, err := r.Rank(ctx, &last, rank.Lex)
	if err != nil {
		panic(err)
	}
	fmt.Println(n)
	// Output:
	// 123456789456789123789123456214835697367291845598647312632918574845372961971564238
	// 5472730538
}
