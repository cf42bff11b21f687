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
	// Eight cells at a time: each byte's high bit says whether it is a
	// clue, another whether it is empty; every byte must be one of them.
	var bad uint64
	for i := 0; i < 64; i += 8 {
		c, e := classify(word(t, i))
		bad |= ^(c | e) & highs
		m[0] |= gather(c) << (56 - i)
	}
	c1, e1 := classify(word(t, 64))
	c2, e2 := classify(word(t, 72))
	bad |= ^(c1|e1)&highs | ^(c2|e2)&highs
	m[1] = gather(c1)<<9 | gather(c2)<<1
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

// classify returns, for the eight bytes of x, words whose bytes have their
// high bit set where the byte is a digit 1-9 (clue) and where it is '.' or
// '0' (empty); the other bits are clear.
func classify(x uint64) (clue, empty uint64) {
	// Below 0x80 a byte plus 0x4f reaches 0x80 from '1' on and a byte
	// plus 0x46 from '9'+1 on, without a carry into the next byte.
	ascii := ^x & highs
	clue = (x&low7 + ones*0x4f) &^ (x&low7 + ones*0x46) & ascii
	empty = (zero(x^ones*'.') | zero(x^ones*'0')) & ascii
	return clue, empty
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
