package scan

import "math/bits"

// Most sets that meet band 3 and bands 1+2 meet band 3 in one minirow (the
// three cells of a row in a box): once bands 1+2 miss their other cells,
// band 3 needs a clue in that minirow. Sets in different minirows are
// disjoint, so the clues band 3 needs are at least the sum over minirows of
// the fewest cells that hit the minirow's sets; when that sum is all band 3
// may hold (the band is critical), those minirows hold every clue.

// minirowOf is the minirow (row*3+stack) of each local cell, and
// minirowPos its place (0-2) in the minirow.
var minirowOf, minirowPos = func() (m, p [27]uint8) {
	for l := range 27 {
		m[l] = uint8(l/9*3 + l%9/3)
		p[l] = uint8(l % 3)
	}
	return
}()

// inMinirow reports whether u lies in one minirow, and which, and u as a
// 3-bit set of minirow places.
func inMinirow(u uint32) (mr int, sub uint8, ok bool) {
	if u == 0 {
		return 0, 0, false
	}
	c := bits.TrailingZeros32(u)
	mr = int(minirowOf[c])
	for x := u; x != 0; x &= x - 1 {
		l := bits.TrailingZeros32(x)
		if int(minirowOf[l]) != mr {
			return 0, 0, false
		}
		sub |= 1 << minirowPos[l]
	}
	return mr, sub, true
}

// minirowNeed[code] is the fewest cells of a minirow that hit each of its
// sets, code holding bit s for each 3-bit set s (1..7) present, and
// minirowHits[code] the 3-bit sets of cells of that size that do.
var minirowNeed, minirowHits = func() (need [256]uint8, hits [256][]uint8) {
	for code := range 256 {
		best := 4
		for h := range 8 {
			ok := true
			for s := 1; s < 8; s++ {
				if code>>s&1 != 0 && h&s == 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			n := bits.OnesCount8(uint8(h))
			if n < best {
				best, hits[code] = n, hits[code][:0]
			}
			if n == best {
				hits[code] = append(hits[code], uint8(h))
			}
		}
		need[code] = uint8(best)
	}
	return
}()

// minirowRedundant[code] has bit s set for each 3-bit set s of code that
// holds another set of code: hitting the smaller hits it too.
var minirowRedundant = func() (r [256]uint8) {
	for code := range 256 {
		for s := 1; s < 8; s++ {
			for t := 1; t < 8; t++ {
				if t != s && code>>s&1 != 0 && code>>t&1 != 0 && t&s == t {
					r[code] |= 1 << s
				}
			}
		}
	}
	return
}()
