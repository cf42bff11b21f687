// Package houses holds the tables of the 9x9 grid's houses (rows, columns,
// boxes) that several of edgrid's packages share: cells row by row, cell 0 =
// r1c1.
package houses

// Peers are the 20 cells that share a row, column or box with each cell,
// in ascending order.
var Peers = func() (p [81][20]uint8) {
	for c := 0; c < 81; c++ {
		n := 0
		for d := 0; d < 81; d++ {
			if d != c && (d/9 == c/9 || d%9 == c%9 || d/27 == c/27 && d%9/3 == c%9/3) {
				p[c][n] = uint8(d)
				n++
			}
		}
	}
	return p
}()
