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
		base := len(p.cross)
		p.cross = append(p.cross, p.xy12...)
		for j := range 2 {
			for n := range p.lists[j] {
				l := &p.lists[j][n]
				for e, x := range l.sets {
					for k, u := range p.xy12 {
						part := u.p0
						if j == 1 {
							part = u.p1
						}
						if part&x != 0 {
							continue
						}
						i := base + k
						if i < 64 {
							l.v0[e] |= 1 << i
						} else {
							l.v1[e][i/64-1] |= 1 << (i & 63)
						}
					}
				}
			}
		}
		for k, u := range p.xy12 {
			i := base + k
			for j, part := range [2]uint32{u.p0, u.p1} {
				for m := part; m != 0; m &= m - 1 {
					p.hitCross[j][bits.TrailingZeros32(m)][i>>6] |= 1 << (i & 63)
				}
			}
		}
		p.xy12, p.xy12Next = p.xy12[:0], 0
	}
	if len(p.extra) >= absorbAt && len(p.third)+len(p.extra) <= maxThird {
		base := len(p.third)
		p.third = append(p.third, p.extra...)
		for j := range 2 {
			for n := range p.lists[j] {
				l := &p.lists[j][n]
				for e, x := range l.sets {
					for k, u := range p.extra {
						part := u.p0
						if j == 1 {
							part = u.p1
						}
						if part&x == 0 {
							i := base + k
							l.w[e][i>>6] |= 1 << (i & 63)
						}
					}
				}
			}
		}
		for k, u := range p.extra {
			i := base + k
			for j, part := range [2]uint32{u.p0, u.p1} {
				for m := part; m != 0; m &= m - 1 {
					p.hitThird[j][bits.TrailingZeros32(m)][i>>6] |= 1 << (i & 63)
				}
			}
		}
		p.extra, p.extraNext = p.extra[:0], 0
	}
}
