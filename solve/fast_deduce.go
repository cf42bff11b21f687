package solve

// deduce applies the inferences that look at more than one subband at a
// time, on a state where no subband is dirty (so mr and cols are current):
//
//   - stacks: in each stack a digit takes one column in each band and one
//     band in each column, a permutation of the (band, column) matrix as in
//     a band (fastLocked), which gives locked candidates along columns;
//   - minirows: the three cells of a minirow hold three different digits,
//     so a minirow that must hold three digits holds no other; the same for
//     the three cells of a column inside a band (a minicolumn).
//
// It marks the subbands it changes dirty and reports false when the state
// has no solution.
func (st *fastState) deduce() bool {
	// cols[s], fcols[s]: the columns subband s may use and must use.
	var cols, fcols [32]uint32
	for d := range 9 {
		c0, c1, c2 := uint32(st.cols[d]), uint32(st.cols[9+d]), uint32(st.cols[18+d])
		w := c0 | c1<<9 | c2<<18
		var acc uint64
		for x := uint(0); x < 9; x += 3 {
			t := w >> x & 0o007007007
			v := fastStack[(t|t>>6|t>>12)&511]
			if v == 0 {
				return false
			}
			acc |= v << x
		}
		n0, n1, n2 := uint32(acc)&511, uint32(acc>>10)&511, uint32(acc>>20)&511
		cols[d], cols[9+d], cols[18+d] = n0, n1, n2
		fcols[d], fcols[9+d], fcols[18+d] = uint32(acc>>30)&511, uint32(acc>>40)&511, uint32(acc>>50)&511
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
		// Bit slices over the 9 minirows (f1..f4: at least 1..4 digits
		// forced there) and over the 9 minicolumns (g1..g4).
		var fr [9]uint32
		var f1, f2, f3, f4, g1, g2, g3, g4 uint32
		for k := range 9 {
			s := (b*9 + k) & 31
			f := fastLocked[st.mr[s]&511].forced
			fr[k] = f
			f4 |= f3 & f
			f3 |= f2 & f
			f2 |= f1 & f
			f1 |= f
			f = fcols[s]
			g4 |= g3 & f
			g3 |= g2 & f
			g2 |= g1 & f
			g1 |= f
		}
		if f4|g4 != 0 {
			return false
		}
		// Minirows and minicolumns that must hold three digits.
		if f3|g3 == 0 {
			continue
		}
		for k := range 9 {
			s := (b*9 + k) & 31
			keep := fastAll27 &^ fastCellsOf[uint32(st.mr[s])&f3&^fr[k]&511]
			keep &^= (cols[s] & g3 &^ fcols[s]) * fastCol0
			st.restrict(int(s), keep)
		}
	}
	return true
}

// fastStack maps the 9-bit (band, column) matrix of a digit in a stack (bit
// b*3+j for column j of the stack in band b) to the columns the digit may
// take in each band (bits 0, 10, 20 on) and must take (bits 30, 40, 50 on),
// three bits a band; 0 when the matrix holds no permutation.
var fastStack = func() (t [512]uint64) {
	for m := range t {
		lk := &fastLocked[m]
		for b := range 3 {
			t[m] |= uint64(lk.any>>(3*b)&7)<<(10*b) | uint64(lk.forced>>(3*b)&7)<<(30+10*b)
		}
	}
	return t
}()

// restrict keeps only the cells keep of subband s, marking it dirty if it
// changes.
func (st *fastState) restrict(s int, keep uint32) {
	s &= 31
	if v := st.cand[s]; v&^keep != 0 {
		st.cand[s] = v & keep
		st.dirty |= 1 << s
	}
}
