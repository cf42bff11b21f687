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
// class, by going through every template.
func buildMoveCost(k int) [512]uint8 {
	var own [9]uint8
	for b, so := range [3][3]uint8{stackOrders[0], stackOrders[k/6], stackOrders[k%6]} {
		for i, st := range so {
			own[3*b+i] = 3*st + uint8(b) // column b of stack st: a template
		}
	}
	var cost [512]uint8
	for i := range cost {
		cost[i] = 0xff
	}
	var walk func(r int, cols, boxes, diff uint16)
	walk = func(r int, cols, boxes, diff uint16) {
		if r == 9 {
			if n := uint8(bits.OnesCount16(diff)); n < cost[diff] {
				cost[diff] = n
			}
			return
		}
		for c := range uint8(9) {
			box := uint16(1) << (r/3*3 + int(c/3))
			if cols>>c&1 != 0 || boxes&box != 0 {
				continue
			}
			d := diff
			if c != own[r] {
				d |= 1 << r
			}
			walk(r+1, cols|1<<c, boxes|box, d)
		}
	}
	walk(0, 0, 0, 0)
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
