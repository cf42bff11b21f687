package band

import "math/bits"

// MaxRows7 bounds the rows 7 that complete rows 1-6: a way of stack 1 uses
// three of the nine digits columns 4-6 miss, which leaves each of them two
// at most, so 9 ways of stack 1 times at most 8 of stack 2.
const MaxRows7 = 72

// Rows7 lists, ascending, the rows 7 that complete rows 1-6 of a grid whose
// column c misses the digits tri[c] (bit d for digit d) in rows 1-6, the
// three triples of each stack disjoint, with r7c1 = f and every other cell
// within allow[c] (columns 2-9, c = 1..8). It writes each row to masks as
// the digits of columns 1-3 in bits 0-15 and those of columns 4-6 in bits
// 16-31, and to digits as columns 2-9 a byte each in the grid's order; either
// may be nil. It returns how many rows there are: never more than MaxRows7
// for valid triples, but a count above it (of which only the first
// MaxRows7 were written) is returned as it is, for the caller to reject.
//
// Stack 1 has 9 ways (columns 2 and 3 take one digit of their triples each)
// and stack 2 has 27. A pair of ways makes a row 7 when they share no digit
// and the digits left hit each triple of columns 7-9 once, that is when the
// pair's six digits hit each of those triples twice. So each way gets a
// profile, how many of its digits fall in each of those triples (2 bits
// each, added digit by digit), and a stack-1 way meets only the stack-2
// ways whose profile completes its own to 2, 2, 2.
func Rows7(tri, allow *[9]uint16, f uint8, masks *[MaxRows7]uint32, digits *[MaxRows7]uint64) int {
	var in [9]uint16 // each triple within allow
	for c := 1; c < 9; c++ {
		in[c] = tri[c] & allow[c]
	}
	var prof [16]uint8 // digit d's profile: 1, 4 or 16 for column 7, 8 or 9's triple
	for c := 6; c < 9; c++ {
		for m := tri[c]; m != 0; m &= m - 1 {
			prof[bits.TrailingZeros16(m)] = 1 << (2 * (c - 6))
		}
	}
	// The stack-2 ways by profile, each list ascending: head[p] is 1 + the
	// first way of profile p, next[w] 1 + the way after w.
	const full = 2 | 2<<2 | 2<<4
	var (
		head  [64]uint8
		next  [27]uint8
		mask2 [27]uint16 // the way's digits
		dig2  [27]uint64 // the way's digits in bytes 2-4 of a row
	)
	var d3, d4, d5 [3]uint8
	n3, n4, n5 := listDigits(in[3], &d3), listDigits(in[4], &d4), listDigits(in[5], &d5)
	w := n3*n4*n5 - 1
	for i := n3 - 1; i >= 0; i-- {
		for j := n4 - 1; j >= 0; j-- {
			for k := n5 - 1; k >= 0; k-- {
				a, b, c := d3[i], d4[j], d5[k]
				mask2[w] = 1<<a | 1<<b | 1<<c
				dig2[w] = uint64(a)<<16 | uint64(b)<<24 | uint64(c)<<32
				p := prof[a&15] + prof[b&15] + prof[c&15]
				next[w], head[p&63] = head[p&63], uint8(w+1)
				w--
			}
		}
	}
	var d1, d2 [3]uint8
	n1, n2 := listDigits(in[1], &d1), listDigits(in[2], &d2)
	n := 0
	for i := range n1 {
		for j := range n2 {
			a, b := d1[i], d2[j]
			m1 := uint16(1)<<(f&15) | uint16(1)<<a | uint16(1)<<b
			p := prof[f&15] + prof[a&15] + prof[b&15]
			if p&(p>>1)&0x15 != 0 { // three digits of one triple
				continue
			}
			for w := head[full-p]; w != 0; w = next[w-1] {
				m2 := mask2[w-1]
				if m1&m2 != 0 {
					continue
				}
				rest := 0x3FE &^ (m1 | m2)
				e6, e7, e8 := rest&in[6], rest&in[7], rest&in[8]
				if e6 == 0 || e7 == 0 || e8 == 0 {
					continue
				}
				if n >= MaxRows7 {
					n++
					continue
				}
				if masks != nil {
					masks[n] = uint32(m1) | uint32(m2)<<16
				}
				if digits != nil {
					digits[n] = uint64(a) | uint64(b)<<8 | dig2[w-1] | uint64(bits.TrailingZeros16(e6))<<40 |
						uint64(bits.TrailingZeros16(e7))<<48 | uint64(bits.TrailingZeros16(e8))<<56
				}
				n++
			}
		}
	}
	return n
}

// listDigits writes the digits of m, ascending, to d and returns how many
// (at most 3: m is part of a triple).
func listDigits(m uint16, d *[3]uint8) int {
	n := 0
	for ; m != 0 && n < 3; m &= m - 1 {
		d[n] = uint8(bits.TrailingZeros16(m))
		n++
	}
	return n
}

// Rows 8-9 given rows 1-7: each column keeps a pair of digits, lo < hi,
// and row 8 takes one of each. Column 1's is the key's, columns 2-3 have 4
// ways, columns 4-6 have 8, and columns 7-9 must then take the three digits
// left, one each. Way w = 8*w1 + w2, with bits 1, 0 of w1 and bits 2, 1, 0 of
// w2 set where columns 2, 3 and 4, 5, 6 take hi, ascends with row 8.

// Stack1Lanes returns the 4 ways of columns 2-3 as digit masks in the
// 16-bit lanes of a word (way w1 in lane w1), each with r8c1's digit f;
// lo1, hi1, lo2, hi2 are the masks of columns 2 and 3's pair digits.
func Stack1Lanes(f uint8, lo1, hi1, lo2, hi2 uint16) uint64 {
	m := uint64(1) << (f & 15)
	u1, v1, u2, v2 := uint64(lo1), uint64(hi1), uint64(lo2), uint64(hi2)
	return (m | u1 | u2) | (m|u1|v2)<<16 | (m|v1|u2)<<32 | (m|v1|v2)<<48
}

// Rows8Ways returns the ways that complete row 8, bit 16*w1 + w2 for way
// 8*w1 + w2, given m1 from Stack1Lanes, the pair masks lo3..hi5 of columns
// 4-6 and the pairs p6, p7, p8 of columns 7-9. The 4 ways of stack 1 are
// checked against each of the 8 of stack 2 at once, without branches: a
// lane passes when the two share no digit and the digits left hit each of
// p6, p7 and p8.
func Rows8Ways(m1 uint64, lo3, hi3, lo4, hi4, lo5, hi5, p6, p7, p8 uint16) uint64 {
	const (
		lanes    = 0x0001_0001_0001_0001
		laneSign = 0x8000_8000_8000_8000
		k        = 0x7FFF * lanes // added to a lane below 0x8000, sets its sign bit when nonzero
	)
	l6, l7, l8 := uint64(p6)*lanes, uint64(p7)*lanes, uint64(p8)*lanes
	r1 := 0x3FE*lanes ^ m1
	check := func(m2 uint16, w2 uint) uint64 {
		m := uint64(m2) * lanes
		r := r1 ^ m
		ok := (r&l6 + k) & (r&l7 + k) & (r&l8 + k) &^ (m1&m + k)
		return (ok & laneSign) >> (15 - w2)
	}
	return check(lo3|lo4|lo5, 0) | check(lo3|lo4|hi5, 1) | check(lo3|hi4|lo5, 2) | check(lo3|hi4|hi5, 3) |
		check(hi3|lo4|lo5, 4) | check(hi3|lo4|hi5, 5) | check(hi3|hi4|lo5, 6) | check(hi3|hi4|hi5, 7)
}
