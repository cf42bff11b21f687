package uniform

import (
	"math/bits"
	"math/rand/v2"
)

// A graph is the columns-against-digits graph of a band to be filled: adj[c]
// holds bit d-1 for each digit d that column c of the band must receive. Each
// column has three digits and each digit three columns, one in each stack, so
// the fillings of the band are its proper 3-edge-colourings, the colours being
// the band's three rows.
type graph [9]uint16

// maxMatchings bounds the perfect matchings of a 3-regular bipartite graph
// with nine vertices a side: Bregman's bound, (3!)^(9/3).
const maxMatchings = 216

// colourings returns the number of fillings of the band of g, that is its
// proper 3-edge-colourings with the rows as colours, and the number of its
// perfect matchings. A first row is a perfect matching M; what is left is
// 2-regular, a union of even cycles, and each of its cycles gives the second
// row one of its two alternate halves, so the count is the sum of
// 2^cycles(g - M) over the perfect matchings M.
func colourings(g *graph) (total int64, n int) {
	var m [9]uint8
	var walk func(c int, used uint16)
	walk = func(c int, used uint16) {
		if c == 9 {
			total += 1 << cycles(g, &m)
			n++
			return
		}
		for free := g[c] &^ used; free != 0; free &= free - 1 {
			d := bits.TrailingZeros16(free)
			m[c] = uint8(d)
			walk(c+1, used|1<<d)
		}
	}
	walk(0, 0)
	return total, n
}

// cycles returns the number of cycles of g less the matching m.
func cycles(g *graph, m *[9]uint8) int {
	var rest graph
	var cols [9]uint16 // the columns each digit still joins
	for c := range 9 {
		rest[c] = g[c] &^ (1 << m[c])
		for r := rest[c]; r != 0; r &= r - 1 {
			cols[bits.TrailingZeros16(r)] |= 1 << c
		}
	}
	n := 0
	var seen uint16
	for start := range 9 {
		if seen&(1<<start) != 0 {
			continue
		}
		n++
		c, d := start, bits.TrailingZeros16(rest[start])
		for {
			seen |= 1 << c
			c = bits.TrailingZeros16(cols[d] &^ (1 << c))
			if c == start {
				break
			}
			d = bits.TrailingZeros16(rest[c] &^ (1 << d))
		}
	}
	return n
}

// perms3 are the six orders of three things.
var perms3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// fill writes a uniformly random filling of the band of g into rows (three
// rows of nine digits 1-9), drawn from r.
//
// A filling gives each digit a row in each stack, the three rows different
// and the three digits of each column in different rows. Stack 1's rows are
// drawn uniformly (216 ways); then in each column of stack 2 the digits must
// avoid their rows in stack 1, which leaves exactly two ways or none, and one
// of the two is drawn; stack 3's rows are then forced, and kept if each of
// its columns has its digits in three rows. Each pair of stacks that goes on
// is drawn with the same probability, 1/216 * 1/8, so each filling is too.
func fill(g *graph, r *rand.Rand, rows *[27]uint8) {
	var digits [9][3]uint8 // the digits of each column
	for c := range 9 {
		k := 0
		for x := g[c]; x != 0; x &= x - 1 {
			digits[c][k] = uint8(bits.TrailingZeros16(x))
			k++
		}
	}
	var row [3][9]uint8 // the row of each digit in each stack
	for {
		for c := range 3 {
			p := &perms3[r.IntN(6)]
			for k, d := range digits[c] {
				row[0][d] = p[k]
			}
		}
		ok := true
		for c := 3; c < 6 && ok; c++ {
			var ways [2]*[3]uint8
			n := 0
			for i := range perms3 {
				p := &perms3[i]
				if p[0] != row[0][digits[c][0]] && p[1] != row[0][digits[c][1]] && p[2] != row[0][digits[c][2]] {
					ways[n] = p
					n++
				}
			}
			if n == 0 {
				ok = false
				break
			}
			p := ways[r.IntN(2)]
			for k, d := range digits[c] {
				row[1][d] = p[k]
			}
		}
		for c := 6; c < 9 && ok; c++ {
			var seen uint8
			for _, d := range digits[c] {
				x := 3 - row[0][d] - row[1][d]
				row[2][d] = x
				seen |= 1 << x
			}
			ok = seen == 7
		}
		if ok {
			break
		}
	}
	for c := range 9 {
		for _, d := range digits[c] {
			rows[9*int(row[c/3][d])+c] = d + 1
		}
	}
}
