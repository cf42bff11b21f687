package rate

import "math/bits"

// Each technique applies itself everywhere it can in one pass and reports
// progress (a digit placed or a candidate removed) and ok (false: the
// position is a contradiction). A pass is valid as a whole: what one
// deduction found stays true after another, since candidates only go.
// Past the singles, the techniques read and keep the places w.
//
// In a unit with n open cells, k cells with k candidates between them (a
// naked subset) leave the other n-k digits to the other n-k cells (a hidden
// subset), and the two remove the same candidates; likewise k lines of a
// fish of a digit and the other m-k cross lines, m the lines where the digit
// is not placed. (Both directions hold in any position with a solution,
// which is every position of a puzzle that has one.) So in a settled
// position (places.settled), where the singles and every easier technique
// found nothing, a unit or digit no drop has touched since is skipped when
// its dual is one of those: a naked subset of k when n < 2k (its dual, a
// hidden subset of n-k < k, was looked for), a hidden subset of k when
// n <= 2k, a fish of k when m < 2k.

// lockedCandidates removes a digit from the rest of a line when its open
// places in a box all lie on that line (pointing), and from the rest of a
// box when its open places on a line all lie in that box (claiming).
func (s *state) lockedCandidates(w *places) (progress, ok bool) {
	for u := 0; u < 27; u++ {
		kind := min(u/9, 1) // 0 a line, 1 a box
		// A digit placed in the unit has no open place there.
		for ds := all9 &^ s.done[u]; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros16(ds)
			m := w.at[u][d]
			x := lockedAt[kind][m]
			if x < 0 {
				continue
			}
			lk := &locks[u][x]
			rest := w.at[lk.target][d] & lk.rest
			if rest == 0 {
				continue
			}
			bit := uint16(1) << d
			for ; rest != 0; rest &= rest - 1 {
				c := units[lk.target][bits.TrailingZeros16(rest)]
				p, ok := s.drop(w, int(c), bit)
				progress = progress || p
				if !ok {
					return progress, false
				}
			}
		}
	}
	return progress, true
}

// nakedSubset finds k open cells of a unit with k candidates between them
// and removes those candidates from the unit's other cells.
func (s *state) nakedSubset(w *places, k int) (progress, ok bool) {
	for u := range units {
		if w.settled && w.touchedUnits&(1<<u) == 0 && 9-bits.OnesCount16(s.done[u]) < 2*k {
			continue
		}
		// The open cells that can be in a subset, those of 2 to k
		// candidates (a placed cell is one of done[u]).
		pm := w.sized[u][0]
		for i := 1; i <= k-2; i++ {
			pm |= w.sized[u][i]
		}
		if bits.OnesCount16(pm) < k || 9-bits.OnesCount16(s.done[u]) <= k {
			continue
		}
		var pick [9]uint8
		n := 0
		for ; pm != 0; pm &= pm - 1 {
			pick[n] = units[u][bits.TrailingZeros16(pm)]
			n++
		}
		var vals [9]uint16
		for i := range n {
			vals[i] = s.cand[pick[i]]
		}
		for ss := (subsets{n: n, k: k}); ; {
			union, found := ss.next(&vals)
			if !found {
				break
			}
			idx := ss.idx[:k]
			for _, c := range &units[u] {
				in := false
				for _, i := range idx {
					in = in || pick[i] == c
				}
				if in {
					continue
				}
				p, good := s.drop(w, int(c), union)
				progress = progress || p
				if !good {
					return progress, false
				}
			}
			for i := range n { // the later subsets see what went
				vals[i] = s.cand[pick[i]]
			}
		}
	}
	return progress, true
}

// hiddenSubset finds k digits of a unit with k open places between them
// and removes the other candidates of those places.
func (s *state) hiddenSubset(w *places, k int) (progress, ok bool) {
	for u := range units {
		if w.settled && w.touchedUnits&(1<<u) == 0 && 9-bits.OnesCount16(s.done[u]) <= 2*k {
			continue
		}
		where := w.at[u] // the places as the unit's search found them
		var any uint16
		for _, m := range where {
			any |= m
		}
		if bits.OnesCount16(any) <= k {
			continue
		}
		var pick [9]int
		var vals [9]uint16
		n := 0
		for d, m := range where {
			if c := bits.OnesCount16(m); c >= 2 && c <= k {
				pick[n], vals[n] = d, m
				n++
			}
		}
		if n < k {
			continue
		}
		for ss := (subsets{n: n, k: k}); ; {
			union, found := ss.next(&vals)
			if !found {
				break
			}
			var digits uint16
			for _, i := range ss.idx[:k] {
				digits |= 1 << pick[i]
			}
			for m := union; m != 0; m &= m - 1 {
				p, good := s.drop(w, int(units[u][bits.TrailingZeros16(m)]), all9&^digits)
				progress = progress || p
				if !good {
					return progress, false
				}
			}
		}
	}
	return progress, true
}

// fish finds, for a digit, k rows whose open places lie in k columns between
// them and removes the digit from those columns' other rows; and the same
// with rows and columns exchanged (k = 2 x-wing, 3 swordfish, 4 jellyfish).
func (s *state) fish(w *places, k int) (progress, ok bool) {
	for d := 0; d < 9; d++ {
		bit := uint16(1) << d
		if w.settled && w.touchedDigits&bit == 0 {
			m := 0 // the rows where d is not placed: those with places
			for i := 0; i < 9; i++ {
				if w.at[i][d] != 0 {
					m++
				}
			}
			if m < 2*k {
				continue
			}
		}
		for byCols := 0; byCols < 2; byCols++ {
			var lines [9]uint16 // lines[i]: the cross positions of the digit's open places on line i
			for i := range lines {
				lines[i] = w.at[9*byCols+i][d]
			}
			var pick [9]int
			var vals [9]uint16
			n := 0
			for i, m := range lines {
				if c := bits.OnesCount16(m); c >= 2 && c <= k {
					pick[n], vals[n] = i, m
					n++
				}
			}
			if n < k {
				continue
			}
			for ss := (subsets{n: n, k: k}); ; {
				union, found := ss.next(&vals)
				if !found {
					break
				}
				var base uint16
				for _, i := range ss.idx[:k] {
					base |= 1 << pick[i]
				}
				for i := 0; i < 9; i++ {
					if base&(1<<i) != 0 {
						continue
					}
					for m := union & lines[i]; m != 0; m &= m - 1 {
						j := bits.TrailingZeros16(m)
						c := 9*i + j
						if byCols == 1 {
							c = 9*j + i
						}
						p, good := s.drop(w, c, bit)
						progress = progress || p
						if !good {
							return progress, false
						}
					}
				}
			}
		}
	}
	return progress, true
}

// subsets steps through the k-subsets of 0..n-1 (k <= 4) in increasing
// order, as ascending indices in idx[:k], that have exactly k bits among
// their values: next skips every subset that extends a partial one whose
// values already have more than k, which none of them could pass.
type subsets struct {
	idx  [4]int
	un   [4]uint16 // un[d]: the values of idx[:d], ORed
	n, k int
	on   bool
}

// next moves to the next subset whose values (vals at idx[:k]) have k bits
// between them and returns them, or found false after the last. The
// values of a partial subset are read when it is formed: vals may change
// between calls, except at the indices of the subset last returned.
func (it *subsets) next(vals *[9]uint16) (union uint16, found bool) {
	d := it.k - 1
	if !it.on {
		it.on, d, it.idx[0] = true, 0, -1
	}
	for d >= 0 {
		it.idx[d]++
		i := it.idx[d]
		if i > it.n-it.k+d {
			d--
			continue
		}
		u := it.un[d] | vals[i]
		if w := bits.OnesCount16(u); w > it.k || d == it.k-1 && w < it.k {
			continue
		}
		if d == it.k-1 {
			return u, true
		}
		d++
		it.un[d], it.idx[d] = u, i
	}
	return 0, false
}
