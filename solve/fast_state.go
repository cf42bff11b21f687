package solve

import "math/bits"

// fastState is the search state of Fast: for each band b and digit d, the
// subband cand[b*9+d] holds the cells of band b where d is still possible
// (see fast_tables.go for the layout of a band). A solved cell keeps its
// digit in the candidates of that digit only.
//
// Placing a digit only clears its row and box peers in its own subband; the
// rest follows in propagate, which works subband by subband: every subband
// that changed since it was last looked at is marked in dirty.
type fastState struct {
	cand     [36]uint32 // 27 subbands; 36 so that an index masked with 31, or band b&3 times 9 plus 9, needs no bounds check
	mr       [32]uint16 // minirows of each subband on some permutation, as of its last update
	cols     [32]uint16 // columns of each subband, as of its last update
	unsolved [4]uint32  // cells of each band not yet solved (3 used)
	pairs    [4]uint32  // unsolved cells with two candidates, as of the last singles pass
	dirty    uint32     // subbands changed since their last update, bit s for cand[s]
}

// fastBand[s] is the band of subband s, fastNext[s] and fastPrev[s] the
// subbands of the same digit in the other two bands.
var fastBand, fastNext, fastPrev = func() (b, n, p [32]uint8) {
	for s := range 27 {
		b[s] = uint8(s / 9)
		n[s] = uint8((s + 9) % 27)
		p[s] = uint8((s + 18) % 27)
	}
	return b, n, p
}()

// load sets st to the puzzle p, whose values must be 0-9 (0 empty). It
// reports false when two givens clash, the state is then meaningless.
func (st *fastState) load(p *[81]uint8) bool {
	for s := range 27 {
		st.cand[s] = fastAll27
	}
	st.unsolved = [4]uint32{fastAll27, fastAll27, fastAll27}
	st.pairs = [4]uint32{}
	st.dirty = 1<<27 - 1
	for cell, v := range p {
		if v == 0 {
			continue
		}
		b := cell / 27
		i := cell % 27
		s := (b*9 + int(v-1)) & 31
		bit := uint32(1) << i
		if st.cand[s]&bit == 0 {
			return false
		}
		for o := b * 9; o < b*9+9; o++ {
			st.cand[o] &^= bit
		}
		st.cand[s] |= bit
		st.cand[s] &= fastPeers[i]
		col := uint32(fastCol0) << (i % 9)
		st.cand[fastNext[s]&31] &^= col
		st.cand[fastPrev[s]&31] &^= col
		st.unsolved[b] &^= bit
	}
	return true
}

// place puts the digit of subband s in the cell bit of its band (a single
// bit where the digit is possible); propagate does the rest.
func (st *fastState) place(s int, bit uint32) {
	s &= 31
	st.cand[s] &= fastPeers[bits.TrailingZeros32(bit)&31]
	st.dirty |= 1 << s
}

// propagate applies locked candidates in every dirty subband, then naked
// singles, until nothing changes; with deep set, deduce too, once (a second
// round of it rarely finds more than the next step's would). It reports
// false when the state has no solution; when it reports true, either every
// cell is solved (a solution) or pairs, mr and cols are up to date and the
// search must guess.
//
// Invariant at the top of the outer loop: every subband not marked dirty is
// consistent with its band's permutation rule, has told the other two bands
// of its digit which columns it holds, and has cleared the cells it solved
// in the other digits.
func (st *fastState) propagate(deep bool) bool {
	for {
		// The dirty subbands are updated in waves: d is the wave under
		// way, nd the next. The choice of the next subband then depends on
		// d alone, so the processor can start an update before the one
		// before it has finished.
		d, nd := st.dirty, uint32(0)
		for {
			if d == 0 {
				if nd == 0 {
					break
				}
				d, nd = nd, 0
			}
			s := uint(bits.TrailingZeros32(d)) & 31
			d &= d - 1
			nd &^= 1 << s
			c := st.cand[s]
			// Minirows of the three rows, then the cells they leave.
			lk := &fastLocked[(uint(fastShrink[c&511])|uint(fastShrink[c>>9&511])<<3|uint(fastShrink[c>>18&511])<<6)&511]
			c &= lk.keep
			if c == 0 {
				return false
			}
			st.cand[s] = c
			st.mr[s] = uint16(lk.any)
			cols := (c | c>>9 | c>>18) & 511
			st.cols[s] = uint16(cols)
			// Columns: a box with one column takes it from the other bands.
			// Branch-free: x is what a subband loses, dirty if not 0.
			cl := &fastColumns[cols]
			n := uint(fastNext[s]) & 31
			v := st.cand[n]
			x := v &^ cl.keep
			st.cand[n] = v ^ x
			nd |= (x | -x) >> 31 << n
			n = uint(fastPrev[s]) & 31
			v = st.cand[n]
			x = v &^ cl.keep
			st.cand[n] = v ^ x
			nd |= (x | -x) >> 31 << n
			// A forced minirow in a box with one column holds one cell of
			// the digit, a solved cell: the other digits of the band leave
			// it.
			b := uint(fastBand[s]) & 3
			if solved := fastCellsOf[lk.forced&cl.single&511] & c & st.unsolved[b]; solved != 0 {
				st.unsolved[b] &^= solved
				// Written out: x+fastAll27 has bit 27 set iff x != 0.
				band := (*[9]uint32)(st.cand[b*9 : b*9+9])
				x0, x1, x2 := band[0]&solved, band[1]&solved, band[2]&solved
				x3, x4, x5 := band[3]&solved, band[4]&solved, band[5]&solved
				x6, x7, x8 := band[6]&solved, band[7]&solved, band[8]&solved
				band[0] ^= x0
				band[1] ^= x1
				band[2] ^= x2
				band[3] ^= x3
				band[4] ^= x4
				band[5] ^= x5
				band[6] ^= x6
				band[7] ^= x7
				band[8] ^= x8
				m := (x0+fastAll27)>>27 | (x1+fastAll27)>>26&2 | (x2+fastAll27)>>25&4 |
					(x3+fastAll27)>>24&8 | (x4+fastAll27)>>23&16 | (x5+fastAll27)>>22&32 |
					(x6+fastAll27)>>21&64 | (x7+fastAll27)>>20&128 | (x8+fastAll27)>>19&256
				st.cand[s] = c
				nd = (nd | m<<(b*9)) &^ (1 << s)
			}
		}
		st.dirty = 0
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			return true
		}
		// Naked singles: count the candidates of every cell of a band in
		// bit slices (c1: at least one, c2: two, c3: three).
		for b := range 3 {
			band := (*[9]uint32)(st.cand[b*9 : b*9+9])
			var c1, c2, c3 uint32
			for _, m := range band {
				c3 |= c2 & m
				c2 |= c1 & m
				c1 |= m
			}
			if c1 != fastAll27 {
				return false // a cell without candidates
			}
			st.pairs[b] = c2 &^ c3
			for singles := c1 &^ c2 & st.unsolved[b]; singles != 0; singles &= singles - 1 {
				bit := singles & -singles
				k := 0
				for ; k < 9; k++ {
					if band[k]&bit != 0 {
						band[k] &= fastPeers[bits.TrailingZeros32(bit)&31]
						st.dirty |= 1 << (b*9 + k)
						break
					}
				}
				if k == 9 {
					return false // an earlier single of this pass took its last candidate
				}
			}
		}
		if st.dirty == 0 {
			if !deep {
				return true
			}
			deep = false
			if !st.deduce() {
				return false
			}
			if st.dirty == 0 {
				return true
			}
		}
	}
}

// solved reports whether every cell is solved.
func (st *fastState) solved() bool {
	return st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0
}

// extract writes the solution of a solved state to sol.
func (st *fastState) extract(sol *[81]uint8) {
	for s := range 27 {
		d := uint8(s%9 + 1)
		base := s / 9 * 27
		for c := st.cand[s]; c != 0; c &= c - 1 {
			sol[base+bits.TrailingZeros32(c)] = d
		}
	}
}
