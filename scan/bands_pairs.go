package scan

import "math/bits"

// pairChunk is the side of the blocks of pairs the pair loop takes at a
// time: 256 sets of band 1 against 256 of band 2, whose first words stay
// in the first-level cache.
const pairChunk = 256

// pairs tests every pair of a clue set of xs (of frame band jx, read a
// block at a time) and one of ys (the other band, with its vectors) and
// takes those that hit every set of bands 1+2 to band 3. The lists are
// grouped by their pivots (bands_pivots.go) and only groups that miss no
// pivot together are paired.
func (s *bandScanner) pairs(xs, ys *bandList, jx int) error {
	nx, ny := len(xs.sets), len(ys.sets)
	if nx == 0 || ny == 0 {
		return nil
	}
	g := &s.p.groups
	g.group(&s.p, xs, ys, jx)
	for a := range g.n {
		xg := g.xIdx[g.xAt[a]:g.xAt[a+1]]
		for x0 := 0; x0 < len(xg); x0 += pairChunk {
			block := xg[x0:min(x0+pairChunk, len(xg))]
			s.xBlock(xs, jx, block)
			for _, f := range s.p.share {
				f.xBlock(f.sameList(jx, xs), jx, block)
			}
			for b := range g.n {
				if a&b != 0 {
					continue
				}
				if err := s.pairBlocks(xs, ys, jx, block, int(g.yAt[b]), int(g.yAt[b+1])); err != nil {
					return err
				}
			}
			// The block's pairs with every set of ys are decided.
			s.stats.Nodes += int64(len(block)) * int64(ny)
			for _, f := range s.p.share {
				f.stats.Nodes += int64(len(block)) * int64(ny)
				f.stats.Shared += int64(len(block)) * int64(ny)
			}
			if s.stats.Nodes >= s.nextTick {
				if err := s.tick(); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// pairBlocks tests the block of xs's sets whose vectors are in p.xb against
// the kept sets of ys in places y0..y1 of their grouped order, 256 at a
// time.
func (s *bandScanner) pairBlocks(xs, ys *bandList, jx int, block []int32, y0, y1 int) error {
	g := &s.p.groups
	xb := &s.p.xb
	for ; y0 < y1; y0 += pairChunk {
		ye := min(y0+pairChunk, y1)
		yv := g.yV0[y0:ye]
		for i, xi := range block {
			v := xb.v0[i]
			// Most pairs miss one of the first 64 sets together:
			// the first words' AND ends them, 64 pairs a mask.
			for b := 0; b < len(yv); b += 64 {
				var m uint64
				if widePairs {
					m = pairMaskWide(v, yv[b:min(b+64, len(yv))])
				} else {
					m = pairMaskNarrow(v, yv[b:min(b+64, len(yv))])
				}
				for ; m != 0; m &= m - 1 {
					j := g.yIdx[y0+b+bits.TrailingZeros64(m)]
					if widePairs {
						if !missNoneWide(&xb.v1[i], &ys.v1[j]) {
							continue
						}
					} else if !missNone(&xb.v1[i], &ys.v1[j]) {
						continue
					}
					var err error
					switch {
					case len(s.p.share) > 0:
						err = s.sharePair(xs, ys, jx, xi, j, i)
					case jx == 0:
						err = s.pair(xs.sets[xi], ys.sets[j], xs.stk[xi]+ys.stk[j], &xb.w[i], &ys.w[j])
					default:
						err = s.pair(ys.sets[j], xs.sets[xi], xs.stk[xi]+ys.stk[j], &ys.w[j], &xb.w[i])
					}
					if err != nil {
						return err
					}
				}
			}
		}
		if len(s.p.xy12) >= absorbAt || len(s.p.extra) >= absorbAt {
			if s.absorb() {
				s.xBlock(xs, jx, block)
				g.refresh(ys)
			}
		}
		for _, f := range s.p.share {
			if len(f.p.xy12) >= absorbAt || len(f.p.extra) >= absorbAt {
				if f.absorb() {
					f.xBlock(f.sameList(jx, xs), jx, block)
				}
			}
		}
	}
	return nil
}

// pairMask has bit i set when v and ys[i] share no bit, for the first 64
// words of ys at most.
func pairMaskNarrow(v uint64, ys []uint64) uint64 {
	var out uint64
	for i, w := range ys {
		if v&w == 0 {
			out |= 1 << i
		}
	}
	return out
}

// missNone reports whether no set of the later words is missed by both.
func missNone(a, b *[crossWords - 1]uint64) bool {
	var x uint64
	for w := range a {
		x |= a[w] & b[w]
	}
	return x == 0
}

// pair goes on with a valid band 1+2, clue sets x and y of frame bands 0
// and 1, with st their clues by stack and wx and wy their vectors of the
// sets that meet band 3: the stacks must leave room, the learned sets of
// bands 1+2 must be hit, and band 3 must take the rest (bands_third.go).
func (s *bandScanner) pair(x, y, st uint32, wx, wy *[thirdWords]uint64) error {
	caps, ok := s.p.room(st)
	if !ok || s.p.dead12(x, y) {
		return nil
	}
	if err := s.complete(x, y, wx, wy, caps); err != errPairDead {
		return err
	}
	return nil
}

// room is what each stack has left for band 3 when bands 1+2 hold st
// clues by stack (packed eight bits a stack, which never carry), and
// whether the stacks leave room for band 3's clues.
func (p *bandPass) room(st uint32) (caps [3]int, ok bool) {
	room := 0
	for k := range 3 {
		c := int(st >> (8 * k) & 0xff)
		if c > p.stackMax {
			return caps, false
		}
		caps[k] = p.stackMax - c
		room += caps[k]
	}
	return caps, room >= p.n3
}

// dead12 reports whether clue sets x and y miss a learned set of bands
// 1+2 together.
func (p *bandPass) dead12(x, y uint32) bool {
	for _, u := range p.xy12 {
		if u.p0&x|u.p1&y == 0 {
			return true
		}
	}
	return false
}

// complete is band 3's search for the band 1+2 of x and y (band3), which
// returns errPairDead when a set learned there shows that no band 3
// completes them.
func (s *bandScanner) complete(x, y uint32, wx, wy *[thirdWords]uint64, caps [3]int) error {
	s.p.local = s.p.local[:0]
	return s.band3(x, y, wx, wy, caps)
}
