package canon

// digitBit[d] is bit d for a digit 1..9, 0 for any other byte.
var digitBit = func() (t [256]uint16) {
	for d := 1; d <= 9; d++ {
		t[d] = 1 << d
	}
	return
}()

// isSolution reports whether g is a solution grid: every row, column and
// box holds the digits 1..9. It is the fast path of Validate and the
// precondition check of Minlex and CheckMinlex. A unit of nine cells whose
// digit mask covers 1..9 holds each once; a cell outside 1..9 sets no bit,
// so its units fall short.
func isSolution(g *Grid) bool {
	var cols [9]uint16
	all := uint16(0x3FE)
	for b := range 3 {
		var box0, box1, box2 uint16
		for r := range 3 {
			row := (*[9]uint8)(g[(3*b+r)*9:])
			d0, d1, d2 := digitBit[row[0]], digitBit[row[1]], digitBit[row[2]]
			d3, d4, d5 := digitBit[row[3]], digitBit[row[4]], digitBit[row[5]]
			d6, d7, d8 := digitBit[row[6]], digitBit[row[7]], digitBit[row[8]]
			m0, m1, m2 := d0|d1|d2, d3|d4|d5, d6|d7|d8
			all &= m0 | m1 | m2
			box0 |= m0
			box1 |= m1
			box2 |= m2
			cols[0] |= d0
			cols[1] |= d1
			cols[2] |= d2
			cols[3] |= d3
			cols[4] |= d4
			cols[5] |= d5
			cols[6] |= d6
			cols[7] |= d7
			cols[8] |= d8
		}
		all &= box0 & box1 & box2
	}
	for _, c := range cols {
		all &= c
	}
	return all == 0x3FE
}
