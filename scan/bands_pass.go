package scan

import (
	"cmp"
	"math/bits"
	"slices"
)

// bandList is the valid clue sets of one size of one band of bands 1+2,
// with what the pairs test: v0 and v1, the words of the sets of cross
// each clue set misses (v0 first, alone in its own array, since most pairs
// die on it); w, the sets of third it misses; stk, its clues by stack.
type bandList struct {
	sets []uint32
	stk  []uint32
	v0   []uint64
	v1   [][crossWords - 1]uint64
	w    [][thirdWords]uint64
}

// frame runs the passes of specs in the frame that shows bands hb of the
// grid (dir 0) or of its transpose (dir 1) as frame bands 0-2: band 3 is
// frame band 2.
func (s *bandScanner) frame(dir int, hb [3]int, specs []passSpec) error {
	p := &s.p
	var least [2]int
	for j := range 2 {
		least[j] = 28
		for _, x := range s.valid[dir][hb[j]] {
			least[j] = min(least[j], bits.OnesCount32(x))
		}
	}
	// The sizes each band of bands 1+2 may hold in some pass.
	lo, hi := [2]int{28, 28}, [2]int{-1, -1}
	var run []passSpec
	for _, sp := range specs {
		m := s.k - sp.n3
		if m < 0 || sp.most[0]+sp.most[1] < m || least[0]+least[1] > m {
			continue
		}
		run = append(run, sp)
		for j := range 2 {
			lo[j] = min(lo[j], max(0, m-sp.most[1-j]))
			hi[j] = max(hi[j], min(sp.most[j], m-least[1-j]))
		}
	}
	if len(run) == 0 {
		return nil
	}
	p.dir, p.hband = dir, hb
	p.fr = makeFrame(&s.g, dir == 1, hb)
	s.frameSets()
	for j := range 2 {
		s.buildLists(j, lo[j], hi[j])
	}
	for _, sp := range run {
		p.id, p.n3, p.most, p.stackMax = sp.id, sp.n3, sp.most, sp.stackMax
		m := s.k - sp.n3
		for n1 := 0; n1 <= m; n1++ {
			n2 := m - n1
			if n1 > sp.most[0] || n2 > sp.most[1] || n1 >= len(p.lists[0]) || n2 >= len(p.lists[1]) {
				continue
			}
			if err := s.pairs(&p.lists[0][n1], &p.lists[1][n2]); err != nil {
				return err
			}
		}
	}
	return nil
}

// frameSets splits the grid's unavoidable sets, collected and learned,
// into the frame's kinds, and lists the sets inside band 3.
func (s *bandScanner) frameSets() {
	p := &s.p
	p.cross, p.third, p.xy12, p.extra = p.cross[:0], p.third[:0], p.xy12[:0], p.extra[:0]
	p.xy12Next, p.extraNext = 0, 0
	band := p.fr.band(2)
	p.pure3 = append(p.pure3[:0], bandUAs(&band)...)
	p.allowed3 = s.localAllowed(&p.fr, 2)
	add := func(u cells, learned bool) {
		q := p.fr.split(u)
		switch {
		case q[2] == 0 && q[0] != 0 && q[1] != 0:
			if !learned && len(p.cross) < firstCross {
				p.cross = append(p.cross, cross{q[0], q[1]})
			} else {
				p.xy12 = ring(p.xy12, cross{q[0], q[1]}, &p.xy12Next)
			}
		case q[2] != 0 && q[0]|q[1] != 0:
			p.third = append(p.third, third{q[0], q[1], q[2]})
		case q[2] != 0:
			p.pure3 = append(p.pure3, q[2])
		}
	}
	for _, u := range ua12(&p.fr) {
		if len(p.cross) < firstCross {
			p.cross = append(p.cross, u)
		}
	}
	for _, u := range s.uas {
		add(u, false)
	}
	for _, u := range s.learned {
		add(u, true)
	}
	// The sets that meet band 3 in the fewest cells force its clues most:
	// keep those in the vectors.
	sortThird(p.third)
	if len(p.third) > firstThird {
		p.third = p.third[:firstThird]
	}
	groupMinirows(p.third)
	p.nMini = 0
	for i, u := range p.third {
		mr, sub, ok := inMinirow(u.p3)
		if !ok {
			break
		}
		p.nMini = i + 1
		p.miniMR[i], p.miniSub[i] = uint8(mr), sub
	}
	// runEnd[i]: the end of the run of sets with set i's band-3 part.
	for i := p.nMini - 1; i >= 0; i-- {
		p.runEnd[i] = uint16(i + 1)
		if i+1 < p.nMini && p.third[i+1].p3 == p.third[i].p3 {
			p.runEnd[i] = p.runEnd[i+1]
		}
	}
	for j := range 2 {
		p.hitCross[j] = [27][crossWords]uint64{}
		p.hitThird[j] = [27][thirdWords]uint64{}
	}
	for i, u := range p.cross {
		for j, part := range [2]uint32{u.p0, u.p1} {
			for x := part; x != 0; x &= x - 1 {
				p.hitCross[j][bits.TrailingZeros32(x)][i>>6] |= 1 << (i & 63)
			}
		}
	}
	for i, u := range p.third {
		for j, part := range [2]uint32{u.p0, u.p1} {
			for x := part; x != 0; x &= x - 1 {
				p.hitThird[j][bits.TrailingZeros32(x)][i>>6] |= 1 << (i & 63)
			}
		}
	}
}

// sortThird orders sets: first those that meet band 3 in one minirow, then
// by their cells in band 3, then by size.
func sortThird(t []third) {
	key := func(u third) int {
		k := bits.OnesCount32(u.p3)*64 + bits.OnesCount32(u.p0) + bits.OnesCount32(u.p1)
		if _, _, ok := inMinirow(u.p3); !ok {
			k += 1 << 16
		}
		return k
	}
	slices.SortStableFunc(t, func(a, b third) int { return key(a) - key(b) })
}

// groupMinirows orders the sets of t that meet band 3 in one minirow (the
// first, after sortThird) by their cells in band 3, keeping sortThird's
// order otherwise, so that each minirow part is one run of sets.
func groupMinirows(t []third) {
	n := 0
	for n < len(t) {
		if _, _, ok := inMinirow(t[n].p3); !ok {
			break
		}
		n++
	}
	slices.SortStableFunc(t[:n], func(a, b third) int {
		if c := cmp.Compare(bits.OnesCount32(a.p3), bits.OnesCount32(b.p3)); c != 0 {
			return c
		}
		return cmp.Compare(a.p3, b.p3)
	})
}

// buildLists fills p.lists[j][n] for n in lo..hi with the valid sets of n
// clues of frame band j and their vectors.
func (s *bandScanner) buildLists(j, lo, hi int) {
	p := &s.p
	for len(p.lists[j]) <= max(hi, 0) {
		p.lists[j] = append(p.lists[j], bandList{})
	}
	valid := s.valid[p.dir][p.hband[j]]
	var count [28]int
	for _, x := range valid {
		count[bits.OnesCount32(x)]++
	}
	for n := range p.lists[j] {
		c := 0
		if n >= lo && n <= hi {
			c = count[n]
		}
		l := &p.lists[j][n]
		l.sets = resized(l.sets, c)
		l.stk = resized(l.stk, c)
		l.v0 = resized(l.v0, c)
		l.v1 = resized(l.v1, c)
		l.w = resized(l.w, c)
		count[n] = 0 // the next index to fill
	}
	var allCross [crossWords]uint64
	for i := range p.cross {
		allCross[i>>6] |= 1 << (i & 63)
	}
	var allThird [thirdWords]uint64
	for i := range p.third {
		allThird[i>>6] |= 1 << (i & 63)
	}
	hitC, hitT := &p.hitCross[j], &p.hitThird[j]
	nc, nt := (len(p.cross)+63)/64, (len(p.third)+63)/64
	// The valid sets come in the lexicographic order of their cells
	// (listValid), so that each shares its first cells with the one
	// before: the vectors of those prefixes stay on a stack, and only the
	// cells after them are applied.
	st := &p.prefix
	*st = prefixStack{} // the words past nc and nt stay zero
	st.hc[0], st.ht[0] = allCross, allThird
	depth := 0
	for _, x := range valid {
		n := bits.OnesCount32(x)
		if n < lo || n > hi {
			continue
		}
		d := 0
		y := x
		for ; y != 0 && d < depth && bits.TrailingZeros32(y) == int(st.cell[d]); y &= y - 1 {
			d++
		}
		for ; y != 0; y &= y - 1 {
			c := bits.TrailingZeros32(y)
			st.cell[d] = uint8(c)
			// Only the words that hold sets: the others stay zero.
			for w := range nc {
				st.hc[d+1][w] = st.hc[d][w] &^ hitC[c][w]
			}
			for w := range nt {
				st.ht[d+1][w] = st.ht[d][w] &^ hitT[c][w]
			}
			d++
		}
		depth = d
		hc, ht := &st.hc[d], &st.ht[d]
		l := &p.lists[j][n]
		i := count[n]
		count[n]++
		l.sets[i] = x
		l.stk[i] = stackCounts(x)
		l.v0[i] = hc[0]
		l.v1[i] = [crossWords - 1]uint64(hc[1:])
		l.w[i] = *ht
	}
}

// prefixStack holds the vectors of the prefixes of the clue set in
// progress in buildLists: cell[d] is its d-th cell, hc[d] and ht[d] the
// vectors of its first d cells.
type prefixStack struct {
	cell [28]uint8
	hc   [28][crossWords]uint64
	ht   [28][thirdWords]uint64
}

// resized returns s with length n, reusing its storage when it is large
// enough.
func resized[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
