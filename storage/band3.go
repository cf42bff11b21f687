package storage

import (
	"edgrid/band"
	"encoding/binary"
	"math/bits"
)

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

// A row7 is a row 7 as two digit masks: bits 0-15 hold the digits of stack 1
// (columns 1-3), bits 16-31 those of stack 2; stack 3 holds the rest. The
// digit of column c is the one its mask shares with S[c], as the columns of
// a stack miss disjoint sets.
type row7 = uint32

// band3 lists the rows 7 that complete rows 1-6, ascending.
type band3 struct {
	miss [9]uint16 // S: digits missing from each column in rows 1-6
	key  uint64    // band3Cache's key of S and r7c1, in a cache's slots
	n    int
	rows [band.MaxRows7]row7
}

// init enumerates the rows 7 that complete rows 1-6 of g, whose columns 2-9
// hold the digits col[1..8] (units.col of the band-2 cells and the key); the
// key cells of rows 7-9 must be set in g. It reports false when there are
// none. Rows 7 ascend with their digits.
func (b *band3) init(g *[81]uint8, col *[9]uint16) bool {
	if !missing(g, col, &b.miss) {
		b.n = 0
		return false
	}
	return b.list(g[54])
}

// missing sets S[c], the digits column c misses in rows 1-6, for g and col
// as init takes them, and reports whether each stack's three columns miss
// disjoint sets of three digits, as any completion needs.
func missing(g *[81]uint8, col *[9]uint16, S *[9]uint16) bool {
	S[0] = 1<<g[54] | 1<<g[63] | 1<<g[72]
	for c := 1; c < 9; c++ {
		S[c] = allDigits &^ col[c]
	}
	for s := 0; s < 9; s += 3 {
		if S[s]&S[s+1] != 0 || S[s]&S[s+2] != 0 || S[s+1]&S[s+2] != 0 ||
			bits.OnesCount16(S[s]|S[s+1]|S[s+2]) != 9 {
			return false
		}
	}
	return true
}

// list enumerates the rows 7 for b.miss, set by missing, whose column 1
// holds f (band.Rows7); it reports false when there are none, or more
// than b.rows holds (which valid triples never give).
func (b *band3) list(f uint8) bool {
	b.n = band.Rows7(&b.miss, &anyDigit, f, &b.rows, nil)
	if b.n > len(b.rows) {
		b.n = 0
	}
	return b.n > 0
}

// anyDigit allows every digit in every column.
var anyDigit = [9]uint16{allDigits, allDigits, allDigits, allDigits, allDigits, allDigits, allDigits, allDigits, allDigits}

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
// rows 1-7. Each column c keeps two digits left[c], lo < hi. Like row 7, row
// 8 is found stack by stack: r8c1 is the key's, columns 2 and 3 take one of
// their two digits (4 ways), columns 4-6 one of theirs (8 ways), and columns
// 7-9 must then hold exactly the three digits left, one each. The 32 ways,
// numbered 8*(stack 1 way) + (stack 2 way) with the high digit as bit 1,
// ascend with row 8; the valid ones are the completions (there are 2^f, one
// for each choice on each of the f free cycles described above). Row 9
// takes the other digit of each column.
//
// A completion is kept as its pattern: bit c set when column c+1 takes its
// high digit in row 8. Each column 7-9 takes the digit that its high digit's
// other column, in stack 1 or 2, does not take, so its bit follows from that
// column's. Rows 7-9 of columns 2-9 are packed eight digits to a uint64 (the
// byte order of the grid), so fill writes each row with one store.
type rows89 struct {
	n    int       // completions, 1..8
	pat  [8]uint16 // pattern of completion i
	r7   uint64    // row 7, columns 2-9
	lo   uint64    // the low digit left in columns 2-9
	dx   uint64    // low xor high digit of columns 2-9
	c0   uint8     // r7c1
	f8   uint8     // r8c1
	left [9]uint16
	// Columns 1-3 of the last row 7 seen, for the next one of the same band
	// 3 (reset clears them): its stack-1 mask a1, their parts of r7, lo and
	// dx, the bit of column 1 in patterns and the stack-1 ways in lanes.
	a1               uint16
	r7s1, los1, dxs1 uint64
	p0               uint16
	m1               uint64
}

// reset forgets the columns 1-3 kept from the last row 7: the next one
// belongs to another band 3.
func (x *rows89) reset() { x.a1 = 0 }

// init lists the completions of row 7 r7 (one of b's rows) given r8c1 = f8.
// The 32 ways are checked by band.Rows8Ways.
func (x *rows89) init(b *band3, r7 row7, f8 uint8) {
	a, bm := uint16(r7), uint16(r7>>16)
	rest := allDigits &^ (a | bm)
	x.f8 = f8
	// Column by column: the row-7 digit d (in m), the two digits left, low
	// and high, as masks; r7, lo and dx gather the digits of columns 2-9.
	var r7p, lop, dxp uint64
	col := func(c int, m uint16) (lo, hi uint16) {
		s := b.miss[c]
		d := s & m
		l := s ^ d
		lo = l & -l
		hi = l ^ lo
		x.left[c] = l
		if c > 0 {
			sh := 8 * uint(c-1)
			dl, dh := uint64(bits.TrailingZeros16(lo)), uint64(bits.TrailingZeros16(hi))
			r7p |= uint64(bits.TrailingZeros16(d)) << sh
			lop |= dl << sh
			dxp |= (dl ^ dh) << sh
		} else {
			x.c0 = uint8(bits.TrailingZeros16(d))
		}
		return lo, hi
	}
	if a != x.a1 {
		// Columns 1-3 depend on row 7's stack 1 only, which the next row 7
		// of the run often shares.
		r7p, lop, dxp = 0, 0, 0
		_, hi0 := col(0, a)
		lo1, hi1 := col(1, a)
		lo2, hi2 := col(2, a)
		x.a1, x.r7s1, x.los1, x.dxs1 = a, r7p, lop, dxp
		x.p0 = 0
		if uint16(1)<<f8 == hi0 {
			x.p0 = 1
		}
		x.m1 = band.Stack1Lanes(f8, lo1, hi1, lo2, hi2)
	}
	r7p, lop, dxp = x.r7s1, x.los1, x.dxs1
	lo3, hi3 := col(3, bm)
	lo4, hi4 := col(4, bm)
	lo5, hi5 := col(5, bm)
	_, hi6 := col(6, rest)
	_, hi7 := col(7, rest)
	_, hi8 := col(8, rest)
	x.r7, x.lo, x.dx = r7p, lop, dxp
	// The completing ways, bit 16*w1 + w2 for way 8*w1 + w2.
	valid := band.Rows8Ways(x.m1, lo3, hi3, lo4, hi4, lo5, hi5, x.left[6], x.left[7], x.left[8])
	// Column 1's bit, then each column 7-9's: it takes its high digit h
	// when h's other column o (of columns 1-6: each digit is left in two
	// columns of different stacks) does not, that is when o's bit differs
	// from whether h is o's high digit. Columns 1-6's digits left sit in
	// six 10-bit lanes of L, so o is the lane that has h.
	p0 := x.p0
	const lanes10 = 1 | 1<<10 | 1<<20 | 1<<30 | 1<<40 | 1<<50
	L := uint64(x.left[0]) | uint64(x.left[1])<<10 | uint64(x.left[2])<<20 |
		uint64(x.left[3])<<30 | uint64(x.left[4])<<40 | uint64(x.left[5])<<50
	other := func(h uint16) (o uint, k uint16) {
		z := uint(bits.TrailingZeros64(L & (uint64(h) * lanes10)))
		o = z * 13 >> 7 & 7 // z/10 for z < 60
		if L>>(10*o)&uint64(h-1) != 0 {
			k = 1
		}
		return o, k
	}
	o6, k6 := other(hi6)
	o7, k7 := other(hi7)
	o8, k8 := other(hi8)
	n := 0
	for ; valid != 0; valid &= valid - 1 {
		p := bits.TrailingZeros64(valid) // 16*w1 + w2
		t := p0 | wayBits[p&63]
		t |= (t>>o6&1^k6)<<6 | (t>>o7&1^k7)<<7 | (t>>o8&1^k8)<<8
		x.pat[n&7] = t
		n++
	}
	x.n = n
}

// wayBits[16*w1 + w2] is the pattern of columns 2-6 (bits 1-5) for way
// 8*w1 + w2: bits 1, 0 of w1 are columns 2, 3 and bits 2, 1, 0 of w2
// columns 4, 5, 6.
var wayBits = func() (t [64]uint16) {
	for w1 := range 4 {
		for w2 := range 8 {
			t[16*w1+w2] = uint16(w1>>1&1)<<1 | uint16(w1&1)<<2 |
				uint16(w2>>2&1)<<3 | uint16(w2>>1&1)<<4 | uint16(w2&1)<<5
		}
	}
	return
}()

// row7 returns row 7's nine digits.
func (x *rows89) row7() [9]uint8 {
	var r [9]uint8
	r[0] = x.c0
	binary.LittleEndian.PutUint64(r[1:], x.r7)
	return r
}

// spread[t] has byte i set to 0xFF when bit i of t is set.
var spread = func() (s [256]uint64) {
	for t := range s {
		for i := range 8 {
			if t>>i&1 != 0 {
				s[t] |= 0xFF << (8 * i)
			}
		}
	}
	return
}()

// fill writes completion i (0 <= i < n) into rows 7-9 of g.
func (x *rows89) fill(g *[81]uint8, i int) {
	r8 := x.lo ^ x.dx&spread[x.pat[i&7]>>1]
	le := binary.LittleEndian
	le.PutUint64(g[55:63], x.r7)
	le.PutUint64(g[64:72], r8)
	le.PutUint64(g[73:81], r8^x.dx)
}

// index returns the completion number of g's rows 8-9, and false when they
// are not a completion of this row 7 (g's row 7 must be x's). Row 8 is one
// when each of its columns holds the low or the high digit left there (byte
// by byte, x = r8 ^ lo is 0 or dx) in one of the completions' patterns.
func (x *rows89) index(g *[81]uint8) (int, bool) {
	le := binary.LittleEndian
	r8 := le.Uint64(g[64:72])
	if g[63] != x.f8 || le.Uint64(g[73:81]) != r8^x.dx {
		return 0, false
	}
	d := r8 ^ x.lo
	hi := nonzeroBytes(d)
	if hi&nonzeroBytes(d^x.dx) != 0 {
		return 0, false
	}
	// The bytes' top bits gathered into one byte: bit i for column i+2.
	t := uint16((hi>>7)*0x0102_0408_1020_4080>>56) << 1
	for i := 0; i < x.n; i++ {
		if x.pat[i]&^1 == t {
			return i, true
		}
	}
	return 0, false
}

// nonzeroBytes sets the top bit of each nonzero byte of v, and no other.
func nonzeroBytes(v uint64) uint64 {
	const low7 = 0x7F7F_7F7F_7F7F_7F7F
	return ((v&low7 + low7) | v) &^ low7
}
