package solve

import "math/bits"

// search finds the solutions below f.stack[d], a propagated state, and
// reports whether the search must stop (limit reached, context done, or an
// error from the visit).
func (f *Fast) search(d int) bool {
	st := &f.stack[d]
	for {
		// Here st is propagated: solved, or open with pairs, mr and cols
		// up to date. Every branch but the last is searched on a copy at
		// level d+1; the last goes on in st itself.
		if st.solved() {
			return f.solution(st)
		}
		if f.count {
			if b, ok := st.lastBand(); ok {
				f.found += st.countBand(b, &f.counter, f.limit-f.found)
				if f.found >= f.limit {
					f.found = f.limit
					return true
				}
				return false
			}
		}
		f.guesses++
		if f.guesses%fastCheckEvery == 0 && f.progress != nil {
			f.progress.Store(int64(f.found))
		}
		if f.guesses%fastCheckEvery == 0 && f.done != nil {
			select {
			case <-f.done:
				f.err = f.ctx.Err()
				return true
			default:
			}
		}
		deep := f.found < fastDeepFound
		if deep && !f.order {
			if s, m, ok := st.pickBand(); ok {
				// The digit of subband s takes one of the permutations
				// inside its minirows m.
				n := fastLocked[m&511].perms
				for _, p := range fastPerms {
					if uint32(p)&m != uint32(p) {
						continue
					}
					keep := fastCellsOf[p&511]
					if n--; n == 0 {
						st.restrict(s, keep)
						break
					}
					child := &f.stack[d+1]
					*child = *st
					child.restrict(s, keep)
					if child.propagate(true) && f.search(d+1) {
						return true
					}
				}
				if !st.propagate(true) {
					return false
				}
				continue
			}
		}
		// The cell takes each of its digits in turn (an open cell of a
		// propagated state has two or more); a digit tried is removed
		// from st.
		b, bit := f.pickCell(st)
		band := (*[9]uint32)(st.cand[b*9 : b*9+9])
		k := 0
		for band[k]&bit == 0 {
			k++
		}
		for {
			next := k + 1
			for next < 9 && band[next]&bit == 0 {
				next++
			}
			if next == 9 {
				break
			}
			child := &f.stack[d+1]
			*child = *st
			child.place(b*9+k, bit)
			if child.propagate(deep) && !(f.order && f.dead(child)) && f.search(d+1) {
				return true
			}
			if f.err != nil {
				return true
			}
			band[k] &^= bit
			st.dirty |= 1 << (b*9 + k)
			k = next
		}
		st.place(b*9+k, bit)
		if !st.propagate(deep) || f.order && f.dead(st) {
			return f.err != nil
		}
	}
}

// pickBand chooses a digit of a band to branch on its permutations: in the
// band whose digits have the fewest arrangements together (the product of
// their permutation counts, as a sum of logarithms), not all fixed, the
// digit with the fewest permutations (at least two), then the fewest
// cells. It returns the subband and the minirows it may use, false when
// every digit is fixed in every band.
func (st *fastState) pickBand() (int, uint32, bool) {
	bestB, bestLog := -1, uint32(1<<31)
	for b := range 3 {
		var sum uint32
		for k := range 9 {
			sum += fastPermLog[fastLocked[st.mr[b*9+k]&511].perms&7]
		}
		if sum != 0 && sum < bestLog {
			bestB, bestLog = b, sum
		}
	}
	if bestB < 0 {
		return 0, 0, false
	}
	bestS, bestKey := 0, uint32(1<<31)
	for k := range 9 {
		s := (bestB*9 + k) & 31
		p := fastLocked[st.mr[s]&511].perms
		if key := p<<8 | uint32(bits.OnesCount32(st.cand[s])); p > 1 && key < bestKey {
			bestS, bestKey = s, key
		}
	}
	return bestS, uint32(st.mr[bestS&31]), true
}

// fastPermLog[p] is about 100*log2(p), for p permutations (1-6).
var fastPermLog = [8]uint32{0, 0, 100, 158, 200, 232, 258, 0}

// pickCell chooses the cell to branch on in an open propagated state and
// returns its band and bit: in lexicographic order the lowest open cell;
// when counting, a cell of the band with the fewest open cells, so that
// bands are completed one at a time and the last one counted at once;
// else a cell with the fewest candidates, the first with two if any.
func (f *Fast) pickCell(st *fastState) (int, uint32) {
	switch {
	case f.order:
		for b := range 3 {
			if u := st.unsolved[b]; u != 0 {
				return b, u & -u
			}
		}
	case f.count && f.found >= fastDeepFound:
		b, n := 0, 100
		for i := range 3 {
			if m := bits.OnesCount32(st.unsolved[i]); m > 0 && m < n {
				b, n = i, m
			}
		}
		if p := st.pairs[b]; p != 0 {
			return b, p & -p
		}
		return b, st.fewest(b)
	}
	for b := range 3 {
		if p := st.pairs[b]; p != 0 {
			return b, p & -p
		}
	}
	b, bit, n := 0, uint32(0), 10
	for i := range 3 {
		if st.unsolved[i] != 0 {
			c := st.fewest(i)
			if m := st.candidates(i, c); m < n {
				b, bit, n = i, c, m
			}
		}
	}
	return b, bit
}

// fewest returns the open cell of band b with the fewest candidates (the
// first of them); b must have open cells.
func (st *fastState) fewest(b int) uint32 {
	best, bestN := uint32(0), 10
	for u := st.unsolved[b&3]; u != 0; u &= u - 1 {
		bit := u & -u
		if n := st.candidates(b, bit); n < bestN {
			best, bestN = bit, n
		}
	}
	return best
}

// candidates returns how many digits cell bit of band b may take.
func (st *fastState) candidates(b int, bit uint32) int {
	n := 0
	for _, c := range (*[9]uint32)(st.cand[b*9 : b*9+9]) {
		if c&bit != 0 {
			n++
		}
	}
	return n
}

// lastBand returns the only band with open cells, false if there are more.
func (st *fastState) lastBand() (int, bool) {
	switch {
	case st.unsolved[0]|st.unsolved[1] == 0:
		return 2, true
	case st.unsolved[0]|st.unsolved[2] == 0:
		return 1, true
	case st.unsolved[1]|st.unsolved[2] == 0:
		return 0, true
	}
	return 0, false
}

// solution counts the solved state st and hands it on; it reports whether
// the search must stop.
func (f *Fast) solution(st *fastState) bool {
	f.found++
	f.lastSol = f.guesses
	if f.keep && f.found == 1 {
		st.extract(&f.sol)
	} else if f.keep2 && f.found == 2 {
		st.extract(&f.sol2)
	}
	if f.visit != nil {
		st.extract(&f.out)
		if err := f.visit(&f.out); err != nil {
			f.err = err
			return true
		}
	}
	return f.found >= f.limit
}
