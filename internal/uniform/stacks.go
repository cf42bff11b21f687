package uniform

// Splits is the number of ways the digits of one stack can be shared between
// the columns of bands 2 and 3 once band 1 is given: each digit goes to one
// of the two columns of the stack that do not hold it in band 1, and each
// column takes three digits.
const Splits = 56

// A split says, for each cell of a stack in band 1 (bit 3*row + column, the
// column counted inside the stack), whether its digit goes to the column one
// to the right (0) or two to the right (1), cyclically, in band 2; in band 3
// it goes to the other.
type split uint16

// splits are the 56 valid splits, in ascending order.
var splits = func() [Splits]split {
	var s [Splits]split
	n := 0
	for p := range 1 << 9 {
		var got [3]int
		for cell := range 9 {
			k := cell % 3
			got[(k+1+(p>>cell)&1)%3]++
		}
		if got == [3]int{3, 3, 3} {
			s[n] = split(p)
			n++
		}
	}
	if n != Splits {
		panic("uniform: the splits of a stack are not 56")
	}
	return s
}()

// graphs returns the graphs of bands 2 and 3 for band 1 (27 digits 1-9,
// rows 1-3) and one split for each stack.
func graphs(band *[27]uint8, sp [3]split) (g2, g3 graph) {
	for s := range 3 {
		for cell := range 9 {
			i, k := cell/3, cell%3
			d := band[9*i+3*s+k] - 1
			shift := 1 + int(sp[s]>>cell)&1
			g2[3*s+(k+shift)%3] |= 1 << d
			g3[3*s+(k+3-shift)%3] |= 1 << d
		}
	}
	return g2, g3
}

// labels returns, for bands 2 and 3, the column (0-2 inside its stack) that
// each digit 0-8 takes in each stack, for band 1 and a split of each stack.
func labels(band *[27]uint8, sp [3]split) (l2, l3 [3][9]uint8) {
	for s := range 3 {
		for cell := range 9 {
			i, k := cell/3, cell%3
			d := band[9*i+3*s+k] - 1
			shift := 1 + int(sp[s]>>cell)&1
			l2[s][d] = uint8((k + shift) % 3)
			l3[s][d] = uint8((k + 3 - shift) % 3)
		}
	}
	return l2, l3
}
