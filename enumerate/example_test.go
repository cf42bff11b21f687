package enumerate_test

import (
	"context"
	"fmt"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// Enumerating the last group: its minlex grids come ascending, each with
// its number of automorphisms. It holds one grid, the last of all.
func ExampleGroup() {
	grp, err := band.ByNumber(3541)
	if err != nil {
		panic(err)
	}
	var first canon.Grid
	st, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, func(g *canon.Grid, autos int) error {
		if first[0] == 0 {
			first = *g
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Grids, "grids; the first:", first.String())
	// Output:
	// 1 grids; the first: 123456789457893612986217354274538196531964827698721435342685971715349268869172543
}
