package scan

import "math/bits"

// Sets learned from candidates with a second solution wait in p.xy12 (inside
// bands 1+2) and p.extra (meeting band 3), where each valid band 1+2 tests
// them one by one. Once absorbAt of them wait and the vectors have room,
// they join the vectors: a bit more in every clue set's words, so that the
// pair loop and band 3 test them with the rest at no further cost.

// absorb moves the waiting learned sets into the vectors where there is
// room; it runs between blocks of pairs, when no vector is being read.
func (s *bandScanner) absorb() {
	p := &s.p
	if len(p.xy12) >= absorbAt && len(p.cross)+len(p.xy12) <= maxCross {
		parts := make([][2]uint32, len(p.xy12))
		for k, u := range p.xy12 {
			parts[k] = [2]uint32{u.p0, u.p1}
		}
		p.absorbInto(parts, len(p.cross), func(l *bandList, e, w int, m uint64) {
			if w == 0 {
				l.v0[e] |= m
			} else {
				l.v1[e][w-1] |= m
			}
		}, func(j, c, i int) { p.hitCross[j][c][i>>6] |= 1 << (i & 63) })
		p.cross = append(p.cross, p.xy12...)
		p.xy12, p.xy12Next = p.xy12[:0], 0
	}
	if len(p.extra) >= absorbAt && len(p.third)+len(p.extra) <= maxThird {
		parts := make([][2]uint32, len(p.extra))
		for k, u := range p.extra {
			parts[k] = [2]uint32{u.p0, u.p1}
		}
		p.absorbInto(parts, len(p.third), func(l *bandList, e, w int, m uint64) {
			l.w[e][w] |= m
		}, func(j, c, i int) { p.hitThird[j][c][i>>6] |= 1 << (i & 63) })
		p.third = append(p.third, p.extra...)
		p.extra, p.extraNext = p.extra[:0], 0
	}
}

// absorbInto gives the sets with cells parts in frame bands 0 and 1 the
// vector bits base, base+1, ...: or(l, e, w, m) sets the bits m in word w
// of the vector of clue set e of list l (the sets it misses), hit(j, c, i)
// marks cell c of band j as in set i. The sets go 64 at a time: a clue set
// misses those of them that none of its cells is in.
func (p *bandPass) absorbInto(parts [][2]uint32, base int, or func(l *bandList, e, w int, m uint64), hit func(j, c, i int)) {
	for k0 := 0; k0 < len(parts); k0 += 64 {
		chunk := parts[k0:min(k0+64, len(parts))]
		all := ^uint64(0) >> (64 - len(chunk))
		at := base + k0
		w, shift := at>>6, uint(at&63)
		for j := range 2 {
			var in [27]uint64 // in[c]: the sets of chunk holding cell c
			for k, u := range chunk {
				for m := u[j]; m != 0; m &= m - 1 {
					in[bits.TrailingZeros32(m)] |= 1 << k
				}
			}
			for n := range p.lists[j] {
				l := &p.lists[j][n]
				for e, x := range l.sets {
					miss := all
					for ; x != 0; x &= x - 1 {
						miss &^= in[bits.TrailingZeros32(x)]
					}
					if miss == 0 {
						continue
					}
					or(l, e, w, miss<<shift)
					if shift > 0 && miss>>(64-shift) != 0 {
						or(l, e, w+1, miss>>(64-shift))
					}
				}
			}
			for k, u := range chunk {
				for m := u[j]; m != 0; m &= m - 1 {
					hit(j, bits.TrailingZeros32(m), at+k)
				}
			}
		}
	}
}
