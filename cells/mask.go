package cells

import (
	"math/bits"

	"edgrid/canon"
)

// ReadMask reads the clue pattern of t when t is the usual line of 81
// cells, each a digit 1-9 or an empty cell written '.' or '0': the set of
// cells with a clue (as canon.MaskOf gives it) and their number. ok is
// false for any other text, which Read then reads and reports on.
func ReadMask(t string) (m canon.Mask, clues int, ok bool) {
	if len(t) != 81 {
		return m, 0, false
	}
	// Eight cells at a time: '.' becomes '0', every byte must then be a
	// digit 0-9, and the high bit of each nonzero digit is a clue.
	c0, b0 := clueBits(word(t, 0))
	c1, b1 := clueBits(word(t, 8))
	c2, b2 := clueBits(word(t, 16))
	c3, b3 := clueBits(word(t, 24))
	c4, b4 := clueBits(word(t, 32))
	c5, b5 := clueBits(word(t, 40))
	c6, b6 := clueBits(word(t, 48))
	c7, b7 := clueBits(word(t, 56))
	c8, b8 := clueBits(word(t, 64))
	c9, b9 := clueBits(word(t, 72))
	bad := b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8 | b9
	m[0] = gather(c0)<<56 | gather(c1)<<48 | gather(c2)<<40 | gather(c3)<<32 |
		gather(c4)<<24 | gather(c5)<<16 | gather(c6)<<8 | gather(c7)
	m[1] = gather(c8)<<9 | gather(c9)<<1
	switch last := t[80]; {
	case last >= '1' && last <= '9':
		m[1] |= 1
	case last != '.' && last != '0':
		return canon.Mask{}, 0, false
	}
	if bad != 0 {
		return canon.Mask{}, 0, false
	}
	return m, bits.OnesCount64(m[0]) + bits.OnesCount64(m[1]), true
}

// low7 is the low seven bits of each byte of a word.
const low7 = 0x7f7f7f7f7f7f7f7f

// word is bytes i..i+7 of t, the first lowest.
func word(t string, i int) uint64 {
	t = t[i : i+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// clueBits returns a word whose bytes have their high bit set where the
// byte of x is a digit 1-9 (the other bits clear), and one that is not
// zero unless every byte of x is a digit 0-9 or '.'.
func clueBits(x uint64) (clue, bad uint64) {
	x += zero(x^ones*'.') >> 6 // '.' + 2 = '0'
	bad = ((x-ones*'0')&^x | (x + ones*(127-'9') | x)) & highs
	v := x - ones*'0' // 0-9 a byte when bad is zero
	return (v&low7 + low7) & highs, bad
}

// zero has the high bit of each byte of v that is zero, exactly.
func zero(v uint64) uint64 {
	return ^((v&low7 + low7) | v) & highs
}

// gather is the byte whose bit 7-k is the high bit of byte k of t (its
// k-th lowest): one multiplication moves bit 8k+7 of t to bit 63-k, and no
// two of its products land on the same bit.
func gather(t uint64) uint64 {
	return (t >> 7) * 0x8040201008040201 >> 56
}
