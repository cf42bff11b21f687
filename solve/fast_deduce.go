package solve

import "math/bits"

// deduce applies the inferences that look at more than one subband at a
// time, on a state where no subband is dirty (so mr and cols are current):
//
//   - stacks: in each stack a digit takes one column in each band and one
//     band in each column, a permutation of the (band, column) matrix as in
//     a band (fastLocked), which gives locked candidates along columns;
//   - minirows: the three cells of a minirow hold three different digits,
//     so a minirow with three possible digits holds all three, and one that
//     must hold three digits holds no other; the same for the three cells of
//     a column inside a band (a minicolumn).
//
// It marks the subbands it changes dirty and reports false when the state
// has no solution.
func (st *fastState) deduce() bool {
	// cols[s], fcols[s]: the columns subband s may use and must use.
	var cols, fcols [32]uint32
	for d := range 9 {
		c0, c1, c2 := uint32(st.cols[d]), uint32(st.cols[9+d]), uint32(st.cols[18+d])
		var n0, n1, n2, f0, f1, f2 uint32
		for x := uint(0); x < 9; x += 3 {
			lk := &fastLocked[(c0>>x&7|(c1>>x&7)<<3|(c2>>x&7)<<6)&511]
			if lk.any == 0 {
				return false
			}
			n0 |= (lk.any & 7) << x
			n1 |= (lk.any >> 3 & 7) << x
			n2 |= (lk.any >> 6 & 7) << x
			f0 |= (lk.forced & 7) << x
			f1 |= (lk.forced >> 3 & 7) << x
			f2 |= (lk.forced >> 6 & 7) << x
		}
		cols[d], cols[9+d], cols[18+d] = n0, n1, n2
		fcols[d], fcols[9+d], fcols[18+d] = f0, f1, f2
		if n0 != c0 {
			st.restrict(d, n0*fastCol0)
		}
		if n1 != c1 {
			st.restrict(9+d, n1*fastCol0)
		}
		if n2 != c2 {
			st.restrict(18+d, n2*fastCol0)
		}
	}
	for b := range 3 {
		// Bit slices over the 9 minirows (p: possible digits, at least
		// 1..4; f: forced digits) and over the 9 minicolumns (q, g).
		var fr [9]uint32
		var p1, p2, p3, p4, f1, f2, f3, f4 uint32
		var q1, q2, q3, q4, g1, g2, g3, g4 uint32
		for d := range 9 {
			s := b*9 + d
			m := uint32(st.mr[s])
			f := fastLocked[m&511].forced
			fr[d] = f
			p4 |= p3 & m
			p3 |= p2 & m
			p2 |= p1 & m
			p1 |= m
			f4 |= f3 & f
			f3 |= f2 & f
			f2 |= f1 & f
			f1 |= f
			m, f = cols[s&31], fcols[s&31]
			q4 |= q3 & m
			q3 |= q2 & m
			q2 |= q1 & m
			q1 |= m
			g4 |= g3 & f
			g3 |= g2 & f
			g2 |= g1 & f
			g1 |= f
		}
		if p3 != 0x1ff || f4 != 0 || q3 != 0x1ff || g4 != 0 {
			return false
		}
		// Minirows (minicolumns) with exactly three possible digits, not
		// all of them forced yet; with exactly three forced digits and
		// more possible.
		force := p3 &^ p4 &^ (f3 &^ f4)
		drop := f3 &^ f4 & p4
		forceC := q3 &^ q4 &^ (g3 &^ g4)
		dropC := g3 &^ g4 & q4
		if force|drop|forceC|dropC == 0 {
			continue
		}
		for d := range 9 {
			s := (b*9 + d) & 31
			m := uint32(st.mr[s])
			keep := uint32(fastAll27)
			for k := m & force &^ fr[d]; k != 0; k &= k - 1 {
				keep &= fastForce[bits.TrailingZeros32(k)&15]
			}
			keep &^= fastSolvedCells[m&drop&^fr[d]&511]
			for k := cols[s] & forceC &^ fcols[s]; k != 0; k &= k - 1 {
				c := uint(bits.TrailingZeros32(k))
				// The digit takes column c in this band: the rest of the
				// box loses it, and so does column c in the other bands.
				keep &^= (fastCol0 << (c / 3 * 3) * 7) &^ (fastCol0 << c)
				st.restrict(int(fastNext[s]), fastAll27&^(fastCol0<<c))
				st.restrict(int(fastPrev[s]), fastAll27&^(fastCol0<<c))
			}
			keep &^= (cols[s] & dropC &^ fcols[s]) * fastCol0
			st.restrict(int(s), keep)
		}
	}
	return true
}

// restrict keeps only the cells keep of subband s, marking it dirty if it
// changes.
func (st *fastState) restrict(s int, keep uint32) {
	s &= 31
	if v := st.cand[s]; v&^keep != 0 {
		st.cand[s] = v & keep
		st.dirty |= 1 << s
	}
}
