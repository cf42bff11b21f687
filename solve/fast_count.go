package solve

import "math/bits"

// Counting the completions of the last band.
//
// When every band but b is solved, the other two bands leave each column of
// band b three digits, its triple, and in each stack every digit is missing
// from exactly one of the three columns. So a filling of band b in which
// each column takes its triple and each row holds nine different digits has
// every box right too, and the completions of the grid are exactly those
// fillings that agree with the candidates.
//
// countBand enumerates the fillings of one row of the band, the top row,
// and counts those of the other two, the middle and bottom rows, at once:
// each column has a pair of digits left, one for each row, and each digit
// is left in exactly two columns (it is in three triples and the top row
// took it from one). Read as edges between digits, the pairs form cycles,
// and choosing which digit of one column goes to the middle row decides the
// whole cycle: each cycle can be taken in two ways, fewer when the
// candidates of the middle and bottom rows forbid one.

// fastCounter holds the band being counted.
type fastCounter struct {
	cell  [27]uint16   // candidate digits of each cell of the band, bit k for digit k
	top   [9]uint16    // digits the top row may take in each column
	pair  [9][9]uint16 // pair[c][x]: column c's pair when the top row takes x there
	ways  [9][9]uint8  // ways[c][x]: bit 0 if the pair's lower digit may go to the middle row (the other to the bottom), bit 1 if the higher may
	row   [9]uint8     // the top row being enumerated (digit per column)
	n     uint64       // completions so far
	limit uint64       // stop once n reaches it
}

// countBand returns the number of completions of band b of st, a
// propagated state in which every other band is solved, or some number at
// least limit.
func (st *fastState) countBand(b int, fc *fastCounter, limit uint64) uint64 {
	band := (*[9]uint32)(st.cand[b*9 : b*9+9])
	fc.cell = [27]uint16{}
	for k, c := range band {
		for ; c != 0; c &= c - 1 {
			fc.cell[bits.TrailingZeros32(c)&31] |= 1 << k
		}
	}
	// The top row is the one with the fewest candidates.
	top, best := 0, 1000
	for r := range 3 {
		n := 0
		for c := range 9 {
			n += bits.OnesCount16(fc.cell[r*9+c])
		}
		if n < best {
			top, best = r, n
		}
	}
	mid, bot := (top+1)%3*9, (top+2)%3*9
	top *= 9
	for c := range 9 {
		// The triple is the union of the column's candidates: a column
		// whose cells cannot hold its three digits has no completion.
		triple := fc.cell[c] | fc.cell[9+c] | fc.cell[18+c]
		if bits.OnesCount16(triple) != 3 {
			return 0
		}
		fc.top[c] = 0
		for o := fc.cell[top+c]; o != 0; o &= o - 1 {
			x := bits.TrailingZeros16(o) & 15
			p := triple &^ (1 << x)
			lo := p & -p
			hi := p &^ lo
			var w uint8
			if fc.cell[mid+c]&lo != 0 && fc.cell[bot+c]&hi != 0 {
				w |= 1
			}
			if fc.cell[mid+c]&hi != 0 && fc.cell[bot+c]&lo != 0 {
				w |= 2
			}
			if w != 0 {
				fc.top[c] |= 1 << x
				fc.pair[c&15][x&15] = p
				fc.ways[c&15][x&15] = w
			}
		}
	}
	fc.n, fc.limit = 0, limit
	fc.topRow(0, 0)
	return fc.n
}

// topRow enumerates the top row from column c on (used: the digits taken in
// the columns before c) and counts the middle and bottom rows of each.
func (fc *fastCounter) topRow(c int, used uint16) {
	if c == 9 {
		fc.n += fc.cycles()
		return
	}
	for o := fc.top[c&15] &^ used; o != 0 && fc.n < fc.limit; o &= o - 1 {
		x := o & -o
		fc.row[c&15] = uint8(bits.TrailingZeros16(x))
		fc.topRow(c+1, used|x)
	}
}

// cycles counts the fillings of the middle and bottom rows under the top
// row fc.row: the product over the cycles of the pairs of the ways each can
// be taken.
func (fc *fastCounter) cycles() uint64 {
	var pairs [9]uint16
	var ways [9]uint8
	var colsOf [16]uint16 // the two columns of each digit's pairs
	for c := range 9 {
		x := fc.row[c] & 15
		p := fc.pair[c][x]
		pairs[c], ways[c] = p, fc.ways[c][x]
		colsOf[bits.TrailingZeros16(p)&15] |= 1 << c
		colsOf[bits.TrailingZeros16(p&(p-1))&15] |= 1 << c
	}
	n := uint64(1)
	for left := uint16(0x1ff); left != 0; {
		// Walk the cycle of the lowest column left, from its lower digit
		// u to its higher v: way a puts each edge's first digit in the
		// middle row, way b its second.
		c0 := bits.TrailingZeros16(left) & 15
		left &^= 1 << c0
		a, b := ways[c0]&1, ways[c0]>>1
		p := pairs[c0]
		v := p &^ (p & -p)
		prev := c0
		for {
			c := bits.TrailingZeros16(colsOf[bits.TrailingZeros16(v)&15]&^(1<<prev)) & 15
			if c == c0 {
				break
			}
			left &^= 1 << c
			p := pairs[c]
			w := ways[c]
			if p&-p == v { // v is the lower digit of the pair
				a &= w
				b &= w >> 1
			} else {
				a &= w >> 1
				b &= w
			}
			v = p &^ v
			prev = c
		}
		n *= uint64(a + b)
		if n == 0 {
			return 0
		}
	}
	return n
}
