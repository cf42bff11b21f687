package scan

import (
	"math/bits"
	"sync"
)

// A digit that lost its own cell in some rows must move to another
// template that differs from its own in at least those rows, and every
// row where it differs costs a cell. How few rows that can be depends on
// the rows: a digit can swap its columns between two rows only when they
// share a band or their own columns share a stack, so two lost rows cost
// two cells or three. moveCosts[k][L] is, for a digit whose own template
// is of class k, the fewest rows in which a template differing in every
// row of L differs from it; the unavoidable-set search bounds a later
// digit's moves by it.
//
// Moving columns within a stack, or moving whole stacks, maps templates
// to templates and keeps the rows in which two templates differ, so the
// table depends only on which stack the own template uses in each row, up
// to naming the stacks: after naming band 0's stacks 0, 1, 2 in row
// order, bands 1 and 2 each use them in one of six orders, 36 classes.
var moveCosts [36]struct {
	once sync.Once
	cost [512]uint8
}

// stackOrders are the six orders of the stacks 0, 1, 2.
var stackOrders = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// moveCost returns the table of moveCosts for the own template cols (the
// column of the digit in each row), computing it on first use.
func moveCost(cols *[9]uint8) *[512]uint8 {
	var name [3]uint8 // name[s]: stack s as band 0 names it
	for r := range 3 {
		name[cols[r]/3] = uint8(r)
	}
	k := 0
	for b := 1; b < 3; b++ {
		var order [3]uint8
		for i := range 3 {
			order[i] = name[cols[3*b+i]/3]
		}
		for o, so := range stackOrders {
			if so == order {
				k = k*6 + o
			}
		}
	}
	t := &moveCosts[k]
	t.once.Do(func() { t.cost = buildMoveCost(k) })
	return &t.cost
}

// buildMoveCost computes the table of class k from a template of that
// class, by going through every template. A template is, for each band,
// the order in which its rows use the stacks, and for each stack, the
// order in which the bands use its columns (6^6 = 46,656 of them); the
// rows of a band in which it differs from the class's own template depend
// only on the band's order and on the column each stack gives the band.
func buildMoveCost(k int) [512]uint8 {
	own := [3]int{0, k / 6, k % 6} // band b's order; the stacks give band b their column b
	// differs[b][o][c0][c1][c2]: the rows of band b (bits 0-2) in which
	// a template using the stacks in order o, with column cs of stack s,
	// differs from the own one.
	var differs [3][6][3][3][3]uint16
	for b := range 3 {
		for o, so := range stackOrders {
			for c0 := range 3 {
				for c1 := range 3 {
					for c2 := range 3 {
						col := [3]int{c0, c1, c2}
						var m uint16
						for i, st := range so {
							if st != stackOrders[own[b]][i] || col[st] != b {
								m |= 1 << i
							}
						}
						differs[b][o][c0][c1][c2] = m
					}
				}
			}
		}
	}
	var cost [512]uint8
	for i := range cost {
		cost[i] = 0xff
	}
	for o0 := range 6 {
		for o1 := range 6 {
			for o2 := range 6 {
				// p0, p1, p2: the column each band gets of stacks 0, 1, 2.
				for _, p0 := range stackOrders {
					for _, p1 := range stackOrders {
						for _, p2 := range stackOrders {
							m := differs[0][o0][p0[0]][p1[0]][p2[0]] |
								differs[1][o1][p0[1]][p1[1]][p2[1]]<<3 |
								differs[2][o2][p0[2]][p1[2]][p2[2]]<<6
							cost[m] = uint8(bits.OnesCount16(m))
						}
					}
				}
			}
		}
	}
	// From the exact sets of rows to every set of rows inside one.
	for b := range 9 {
		for m := 511; m >= 0; m-- {
			if m>>b&1 == 0 {
				cost[m] = min(cost[m], cost[m|1<<b])
			}
		}
	}
	return cost
}
