package generate

// peers are the 20 cells that share a row, column or box with each cell.
var peers = func() (p [81][20]uint8) {
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

// forced reports whether the clues of p in the peers of cell c hold the
// eight digits other than p[c]. Then emptying c changes no solution of p
// (c can only take p[c] back), and a clue the solver need not be asked
// about can go when p has a unique solution. It is the common case while
// a puzzle still has many clues, and costs a few nanoseconds where the
// solver costs a microsecond.
func forced(p *[81]uint8, c int) bool {
	var seen uint16 = 1 | 1<<p[c] // bit 0 stands for the empty peers
	for _, q := range &peers[c] {
		seen |= 1 << p[q]
	}
	return seen == 0x3FF
}
