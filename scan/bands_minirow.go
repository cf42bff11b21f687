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

// indexMinirows groups the sets of p.third that meet band 3 in one
// minirow (first, after sortThird) by their part there, and records for
// minirowNeeds each one's part and the runs of sets of one part.
func (p *bandPass) indexMinirows() {
	groupMinirows(p.third)
	p.nMini = 0
	for i, u := range p.third {
		mr, sub, ok := inMinirow(u.p3)
		if !ok {
			break
		}
		p.nMini = i + 1
		p.partBit[i] = 1 << (7*mr + int(sub) - 1)
	}
	p.runs = runMasks(p.third[:p.nMini], p.runs)
}

// runWord marks, in one word of the vectors' bits, the runs of sets that
// share their minirow part (groupMinirows), cut at the word's ends: end
// holds the last bit of each run, body its other bits.
type runWord struct{ body, end uint64 }

// runMasks returns the runs of t (sets in one minirow each, grouped) a
// word at a time, in buf's storage.
func runMasks(t []third, buf []runWord) []runWord {
	buf = resized(buf, (len(t)+63)/64)
	clear(buf)
	for i := range t {
		if i+1 == len(t) || (i+1)%64 == 0 || t[i+1].p3 != t[i].p3 {
			buf[i/64].end |= 1 << (i % 64)
		} else {
			buf[i/64].body |= 1 << (i % 64)
		}
	}
	return buf
}

// minirowNeeds is, for a pair whose vectors of the sets that meet band 3
// are wx and wy, the minirow parts left to band 3 as codes by minirow
// (bit s of code[mr] for places s), the clues they need at least, and
// those by stack. A run of sets of one part is needed when any of its
// sets is missed: adding the run's body to its missed bits there carries
// into its last bit exactly when one is, so that each word takes a few
// operations and the parts are read once each, without a branch a set.
func (p *bandPass) minirowNeeds(wx, wy *[thirdWords]uint64) (code [9]uint8, need int, needS [3]int) {
	var parts uint64
	for w, r := range p.runs {
		m := wx[w] & wy[w]
		for t := ((m & r.body) + r.body | m) & r.end; t != 0; t &= t - 1 {
			parts |= p.partBit[w<<6|bits.TrailingZeros64(t)]
		}
	}
	for mr := range 9 {
		c := uint8(parts>>(7*mr)&127) << 1
		code[mr] = c
		d := int(minirowNeed[c])
		need += d
		needS[mr%3] += d
	}
	return code, need, needS
}
