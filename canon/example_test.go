package canon_test

import (
	"fmt"

	"edgrid/canon"
)

// The minlex form of a grid, here the last grid of docs/design/method.md written
// transposed and with its digits renamed, and its automorphism count.
func ExampleMinlex() {
	last, err := canon.Parse("123456789457893612986217354274538196531964827698721435342685971715349268869172543")
	if err != nil {
		panic(err)
	}
	t := canon.Transform{Transpose: true, Rows: [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}, Cols: [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8},
		Digits: [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}}
	g := t.Apply(&last)
	m, autos, _ := canon.Minlex(&g)
	fmt.Println(g.String())
	fmt.Println(m.String(), autos)
	// Output:
	// 961854732852371694734692851628513479519748263473269518347926185295187346186435927
	// 123456789457893612986217354274538196531964827698721435342685971715349268869172543 72
}
