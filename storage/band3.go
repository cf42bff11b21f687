package storage

import "math/bits"

// Band 3 (rows 7-9) is nearly implied by rows 1-6 and column 1: each column c
// misses three digits S[c] above row 7, the three columns of a stack miss
// disjoint sets, and a filling is one digit of S[c] per row in each column
// with every row a permutation. The sorted codec does not spell band 3 out: it
// enumerates these fillings in ascending order and records which of them are
// minlex grids. The fillings are found in two steps, both stack by stack:
//
//   - row 7 takes one digit of each S[c], all nine distinct: 9 ways for
//     stack 1 (column 1 is fixed), 27 for stack 2, and stack 3 must then take
//     exactly the three digits left, one from each of its columns. At most
//     9*8 = 72 rows 7 work: a way of stack 1 uses three digits of columns
//     4-6, which leaves them six, so at most 2*2*2 ways of stack 2.
//   - with row 7 fixed, each column has two digits left and each digit two
//     columns (in different stacks); row 8 takes one of each column's two,
//     again stack by stack (4 ways, then 8, then stack 3 forced), and row 9
//     the other. The columns sharing left digits form cycles, each but the
//     one through column 1 with two ways, so a row 7 has 1, 2, 4 or 8
//     completions.

// maxRows7 bounds the rows 7 of one band 3 (see the 9*8 above).
const maxRows7 = 72

// A row7 is a row 7 as two digit masks: bits 0-15 hold the digits of stack 1
// (columns 1-3), bits 16-31 those of stack 2; stack 3 holds the rest. The
// digit of column c is the one its mask shares with S[c], as the columns of
// a stack miss disjoint sets.
type row7 uint32

// band3 lists the rows 7 that complete rows 1-6, ascending.
type band3 struct {
	miss [9]uint16 // S: digits missing from each column in rows 1-6
	n    int
	rows [maxRows7]row7
}

// init enumerates the rows 7 that complete rows 1-6 of g, whose columns 2-9
// hold the digits col[1..8] (units.col of the band-2 cells and the key); the
// key cells of rows 7-9 must be set in g. It reports false when there are none.
//
// Stack 1 has 9 ways (columns 2 and 3 take one of three digits each) and
// stack 2 has 27; way w of stack 2 takes digit w/9, w/3%3 and w%3 of columns
// 4, 5 and 6. Each pair of ways is checked without branches, four stack-2
// ways at a time in the 16-bit lanes of a uint64: no digit twice, and the
// three digits left hit S of columns 7, 8 and 9 once each. Ways ascend with
// the digits, so rows 7 come out ascending.
func (b *band3) init(g *[81]uint8, col *[9]uint16) bool {
	S := &b.miss
	S[0] = 1<<g[54] | 1<<g[63] | 1<<g[72]
	for c := 1; c < 9; c++ {
		S[c] = allDigits &^ col[c]
	}
	b.n = 0
	for s := 0; s < 9; s += 3 {
		if S[s]&S[s+1] != 0 || S[s]&S[s+2] != 0 || S[s+1]&S[s+2] != 0 ||
			bits.OnesCount16(S[s]|S[s+1]|S[s+2]) != 9 {
			return false
		}
	}
	var ways2 [28]uint16 // the last is padding that always repeats a digit
	var lane2 [7]uint64
	d3, d4, d5 := &nthDigit[S[3]], &nthDigit[S[4]], &nthDigit[S[5]]
	for w := range 27 {
		ways2[w] = uint16(1)<<d3[w/9] | uint16(1)<<d4[w/3%3] | uint16(1)<<d5[w%3]
	}
	ways2[27] = allDigits
	for w, m := range ways2 {
		lane2[w>>2] |= uint64(m) << (16 * (w & 3))
	}
	all4 := uint64(allDigits) * lanes
	s6, s7, s8 := uint64(S[6])*lanes, uint64(S[7])*lanes, uint64(S[8])*lanes
	d1, d2 := &nthDigit[S[1]], &nthDigit[S[2]]
	f7 := uint16(1) << g[54]
	n := 0
	for w1 := range 9 {
		m1 := f7 | uint16(1)<<d1[w1/3] | uint16(1)<<d2[w1%3]
		m1x4 := uint64(m1) * lanes
		var ok uint32
		for h, m2 := range lane2 {
			r := all4 ^ m1x4 ^ m2
			v := (laneNonzero(r&s6) & laneNonzero(r&s7) & laneNonzero(r&s8) &^ laneNonzero(m1x4&m2)) >> 15
			ok |= uint32((v|v>>15|v>>30|v>>45)&15) << (4 * h)
		}
		for ; ok != 0; ok &= ok - 1 {
			b.rows[n%maxRows7] = row7(m1) | row7(ways2[bits.TrailingZeros32(ok)])<<16
			n++
		}
	}
	b.n = min(n, maxRows7)
	return n > 0
}

// Four 16-bit lanes: a constant in each, and the sign bit of each.
const (
	lanes    = 0x0001_0001_0001_0001
	laneSign = 0x8000_8000_8000_8000
)

// laneNonzero sets the sign bit of each nonzero lane of v, whose lanes
// must be below 0x8000 (they hold digit masks, below 0x400).
func laneNonzero(v uint64) uint64 { return (v + 0x7FFF*lanes) & laneSign }

// digits writes the nine digits of row 7 r.
func (b *band3) digits(r row7, out *[9]uint8) {
	a, bm := uint16(r), uint16(r>>16)
	left := allDigits &^ (a | bm)
	for c := range 3 {
		out[c] = uint8(bits.TrailingZeros16(a & b.miss[c]))
		out[3+c] = uint8(bits.TrailingZeros16(bm & b.miss[3+c]))
		out[6+c] = uint8(bits.TrailingZeros16(left & b.miss[6+c]))
	}
}

// row7Of returns g's row 7 in the form of band3.rows.
func row7Of(g *[81]uint8) row7 {
	var a, bm uint16
	for c := range 3 {
		a |= 1 << g[54+c]
		bm |= 1 << g[57+c]
	}
	return row7(a) | row7(bm)<<16
}

// rows89 are the completions of one row 7, ascending: rows 8 and 9 given
// rows 1-7. Each column c keeps two digits left[c] (lo[c] < hi[c]). Like row
// 7, row 8 is found stack by stack: r8c1 is the key's, columns 2 and 3 take
// one of their two digits (4 ways), columns 4-6 one of theirs (8 ways), and
// columns 7-9 must then hold exactly the three digits left, one each. The
// 32 ways, numbered 8*(stack 1 way) + (stack 2 way) with the high digit as
// bit 1, ascend with row 8; the valid ones are the completions (there are
// 2^f, one for each choice on each of the f free cycles described above).
// Row 9 takes the other digit of each column.
type rows89 struct {
	r7     [9]uint8
	n      int      // completions, 1..8
	pos    [8]uint8 // way of completion i
	valid  uint32   // bit w set when way w is a completion
	lo, hi [9]uint8
	left   [9]uint16
	f8     uint8
}

// init lists the completions of row 7 r7 (one of b's rows) given r8c1 = f8.
// The 32 ways are checked four at a time, one per 16-bit lane of a uint64,
// without branches.
func (x *rows89) init(b *band3, r7 row7, f8 uint8) {
	b.digits(r7, &x.r7)
	a, bm := uint16(r7), uint16(r7>>16)
	rest := allDigits &^ (a | bm)
	for c := range 3 {
		x.left[c] = b.miss[c] &^ a
		x.left[3+c] = b.miss[3+c] &^ bm
		x.left[6+c] = b.miss[6+c] &^ rest
	}
	for c := 1; c < 9; c++ {
		x.lo[c] = uint8(bits.TrailingZeros16(x.left[c]))
		x.hi[c] = uint8(bits.Len16(x.left[c]) - 1)
	}
	x.f8 = f8
	// The 8 ways of stack 2 (columns 4-6), as digit masks in lanes: way w
	// is in lane w&3 of w2[w>>2], and its bits 2, 1, 0 take the high digit
	// of columns 4, 5 and 6. lo and hi are each column's digits as masks.
	lo := func(c int) uint64 { return uint64(1) << x.lo[c] }
	hi := func(c int) uint64 { return uint64(1) << x.hi[c] }
	const lanes01, lanes23 = 0x0000_0000_0001_0001, 0x0001_0001_0000_0000
	const lanes02, lanes13 = 0x0000_0001_0000_0001, 0x0001_0000_0001_0000
	c45 := lo(4)*lanes01 | hi(4)*lanes23 | lo(5)*lanes02 | hi(5)*lanes13
	w2 := [2]uint64{lo(3)*lanes | c45, hi(3)*lanes | c45}
	all4 := uint64(allDigits) * lanes
	l6, l7, l8 := uint64(x.left[6])*lanes, uint64(x.left[7])*lanes, uint64(x.left[8])*lanes
	f := uint64(1) << f8
	// The 4 ways of stack 1 (columns 2-3), high digit of column 2 as bit 1.
	w1s := [4]uint64{f | lo(1) | lo(2), f | lo(1) | hi(2), f | hi(1) | lo(2), f | hi(1) | hi(2)}
	x.valid = 0
	for w1, m := range w1s {
		m1 := m * lanes
		for h, m2 := range w2 {
			r := all4 ^ m1 ^ m2
			ok := laneNonzero(r&l6) & laneNonzero(r&l7) & laneNonzero(r&l8) &^ laneNonzero(m1&m2)
			v := ok >> 15 // lane bits at 0, 16, 32, 48
			x.valid |= uint32((v|v>>15|v>>30|v>>45)&15) << (8*w1 + 4*h)
		}
	}
	x.n = 0
	for m := x.valid; m != 0; m &= m - 1 {
		x.pos[x.n&7] = uint8(bits.TrailingZeros32(m))
		x.n++
	}
}

// pick is column c's digit for row 8 in way w: hi[c] when bit 0 of w is set.
func (x *rows89) pick(c, w int) uint8 {
	return x.lo[c] ^ (x.lo[c]^x.hi[c])&(uint8(0)-uint8(w&1))
}

// fill writes completion i (0 <= i < n) into rows 7-9 of g.
func (x *rows89) fill(g *[81]uint8, i int) {
	copy(g[55:63], x.r7[1:])
	w := int(x.pos[i&7])
	w1, w2 := w>>3, w&7
	r8 := [9]uint8{x.f8, x.pick(1, w1>>1), x.pick(2, w1), x.pick(3, w2>>2), x.pick(4, w2>>1), x.pick(5, w2)}
	used := uint16(0)
	for c := range 6 {
		used |= 1 << r8[c]
	}
	left := allDigits &^ used
	for c := 6; c < 9; c++ {
		r8[c] = uint8(bits.TrailingZeros16(left & x.left[c]))
	}
	for c := 1; c < 9; c++ {
		g[63+c], g[72+c] = r8[c], x.lo[c]^x.hi[c]^r8[c]
	}
}

// index returns the completion number of g's rows 8-9, and false when they
// are not a completion of this row 7 (g's row 7 must be x.r7).
func (x *rows89) index(g *[81]uint8) (int, bool) {
	w, used := 0, uint16(1)<<x.f8
	for c := 1; c < 9; c++ {
		d8, d9 := g[63+c], g[72+c]
		if d8 > 9 || x.left[c]&(1<<d8) == 0 || d9 != x.lo[c]^x.hi[c]^d8 {
			return 0, false
		}
		used |= 1 << d8
		if c < 6 {
			w = w<<1 | int(d8/x.hi[c]) // 1 for hi, 0 for lo < hi
		}
	}
	if used != allDigits || g[63] != x.f8 || x.valid&(1<<w) == 0 {
		return 0, false
	}
	return bits.OnesCount32(x.valid & (1<<w - 1)), true
}
