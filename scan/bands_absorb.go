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
		p.absorbInto(parts, len(p.cross), func(l *bandList, e, i int) {
			if i < 64 {
				l.v0[e] |= 1 << i
			} else {
				l.v1[e][i/64-1] |= 1 << (i & 63)
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
		p.absorbInto(parts, len(p.third), func(l *bandList, e, i int) {
			l.w[e][i>>6] |= 1 << (i & 63)
		}, func(j, c, i int) { p.hitThird[j][c][i>>6] |= 1 << (i & 63) })
		p.third = append(p.third, p.extra...)
		p.extra, p.extraNext = p.extra[:0], 0
	}
}

// absorbInto gives the sets with cells parts in frame bands 0 and 1 the
// vector bits base, base+1, ...: miss(l, e, i) marks set i missed by clue
// set e of list l, hit(j, c, i) marks cell c of band j as in set i.
func (p *bandPass) absorbInto(parts [][2]uint32, base int, miss func(l *bandList, e, i int), hit func(j, c, i int)) {
	for j := range 2 {
		for n := range p.lists[j] {
			l := &p.lists[j][n]
			for e, x := range l.sets {
				for k, u := range parts {
					if u[j]&x == 0 {
						miss(l, e, base+k)
					}
				}
			}
		}
		for k, u := range parts {
			for m := u[j]; m != 0; m &= m - 1 {
				hit(j, bits.TrailingZeros32(m), base+k)
			}
		}
	}
}
