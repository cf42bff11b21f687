package canon

import "math/bits"

// The puzzle searches place the columns of a stack by one of the six orders
// perm3[p] (target position k of the stack takes source column perm3[p][k]);
// a set of orders is a 6-bit mask, bit p for perm3[p]. The tables below tell,
// for the three cells of one stack in one row and a set of orders still
// allowed, which orders give the smallest three cells. They are derived at
// package initialization.

// allOrders is the mask of all six column orders of a stack.
const allOrders = 0x3F

// patTab[t<<6|m] holds, for a stack whose cells have clue pattern t (3 bits,
// bit 2 for the stack's first column) and the allowed orders m, the smallest
// pattern those orders give (bits 8-10, same bit order) and the orders giving
// it (bits 0-5). m = 0 is never looked up.
var patTab [8 * 64]uint16

// cmpTab[code<<6|m] is the set of orders in m that give the smallest three
// cells, where code (0..26, see weakOrder3) says how the three cells' values
// compare. Only the comparisons matter, so one table serves all values.
var cmpTab [27 * 64]uint8

// canonRow[x] is the smallest 9-bit pattern (bit 8 for column 1) that a row
// with clue pattern x takes under the column moves: its stacks' patterns
// pushed right and the stacks sorted.
var canonRow [512]uint16

// trioTab[v] describes three cells whose values (labels, 0 or noLabel) are
// the 4-bit fields of v, first column high: bits 0-4 the comparison code that
// cmpTab takes, bits 5-6 how many of them are noLabel (2 for two or three).
var trioTab [4096]uint8

// stackTab[x<<6|S] holds, for three stacks whose smallest patterns are the
// 3-bit fields of x (source stack 0 high) and the stack orders S, the
// smallest row those orders make of them (bits 6-14) and the orders that
// make it (bits 0-5).
var stackTab [512 * 64]uint16

// permShift[p] are the shifts that read, for target positions 0, 1 and 2 of a
// stack, the 4-bit field of source column perm3[p][k] in three cells held as
// 12 bits, first column high.
var permShift [6][3]uint8

func init() {
	buildPatTab()
	buildCmpTab()
	buildCanonRow()
	buildTrioTab()
	buildStackTab()
	for p := range 6 {
		for k := range 3 {
			permShift[p][k] = 4 * (2 - perm3[p][k])
		}
	}
}

func buildPatTab() {
	for t := range 8 {
		for m := 1; m < 64; m++ {
			best, res := 8, 0
			for p := range 6 {
				if m>>p&1 == 0 {
					continue
				}
				v := 0
				for k := range 3 {
					v = v<<1 | t>>(2-perm3[p][k])&1
				}
				if v < best {
					best, res = v, 0
				}
				if v == best {
					res |= 1 << p
				}
			}
			patTab[t<<6|m] = uint16(best<<8 | res)
		}
	}
}

// buildCmpTab tries every order in every mask on each triple of values 0-2,
// among which all 13 ways three values can compare occur (codes that cannot
// occur stay empty).
func buildCmpTab() {
	var vals [3]int
	for x := range 27 {
		vals[0], vals[1], vals[2] = x/9, x/3%3, x%3
		code := weakOrder3(vals[0], vals[1], vals[2])
		for m := 1; m < 64; m++ {
			best, res := 1<<30, 0
			for p := range 6 {
				if m>>p&1 == 0 {
					continue
				}
				v := 0
				for k := range 3 {
					v = v*3 + vals[perm3[p][k]]
				}
				if v < best {
					best, res = v, 0
				}
				if v == best {
					res |= 1 << p
				}
			}
			cmpTab[code<<6|m] = uint8(res)
		}
	}
}

func buildCanonRow() {
	for x := range 512 {
		var st [3]uint16
		for s := range 3 {
			st[s] = patTab[(x>>(6-3*s)&7)<<6|allOrders] >> 8
		}
		// Sort the three stack patterns.
		if st[0] > st[1] {
			st[0], st[1] = st[1], st[0]
		}
		if st[1] > st[2] {
			st[1], st[2] = st[2], st[1]
		}
		if st[0] > st[1] {
			st[0], st[1] = st[1], st[0]
		}
		canonRow[x] = st[0]<<6 | st[1]<<3 | st[2]
	}
}

func buildTrioTab() {
	for v := range 4096 {
		a, b, c := v>>8, v>>4&15, v&15
		fresh := 0
		for _, x := range [3]int{a, b, c} {
			if x == noLabel {
				fresh++
			}
		}
		trioTab[v] = uint8(weakOrder3(a, b, c) | min(fresh, 2)<<5)
	}
}

func buildStackTab() {
	for x := range 512 {
		f := [3]int{x >> 6, x >> 3 & 7, x & 7}
		code := weakOrder3(f[0], f[1], f[2])
		for S := 1; S < 64; S++ {
			m := cmpTab[code<<6|S]
			sp := perm3[bits.TrailingZeros8(m)]
			row := f[sp[0]]<<6 | f[sp[1]]<<3 | f[sp[2]]
			stackTab[x<<6|S] = uint16(row<<6) | uint16(m)
		}
	}
}

// weakOrder3 codes how a, b and c compare: 9*cmp(a,b) + 3*cmp(b,c) + cmp(a,c),
// each cmp 0 (less), 1 (equal) or 2 (greater).
func weakOrder3[T int | uint8 | uint16](a, b, c T) int {
	return 9*cmp3(a, b) + 3*cmp3(b, c) + cmp3(a, c)
}

func cmp3[T int | uint8 | uint16](a, b T) int {
	r := 0
	if a >= b {
		r = 1
	}
	if a > b {
		r++
	}
	return r
}

// orderCount is the number of orders a mask allows.
func orderCount(m uint8) int { return bits.OnesCount8(m) }
