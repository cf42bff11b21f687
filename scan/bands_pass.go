package scan

import (
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

// pass runs one pass: band 3 is frame band 2 of the frame that shows bands
// hb of the grid (dir 0) or its transpose (dir 1), with n3 clues; frame
// bands 0 and 1 hold at most most[0] and most[1], every stack at most
// stackMax.
func (s *bandScanner) pass(id, dir int, hb [3]int, n3 int, most [2]int, stackMax int) error {
	p := &s.p
	m := s.k - n3
	if m < 0 || most[0]+most[1] < m {
		return nil
	}
	// The smallest valid sets of each band bound what the other may hold.
	var least [2]int
	for j := range 2 {
		least[j] = 28
		for _, x := range s.valid[dir][hb[j]] {
			least[j] = min(least[j], popcount32(x))
		}
	}
	if least[0]+least[1] > m && m > 0 {
		return nil
	}
	p.id, p.dir, p.hband, p.n3, p.most, p.stackMax = id, dir, hb, n3, most, stackMax
	p.fr = makeFrame(&s.g, dir == 1, hb)
	s.frameSets()
	if dbgPrint != nil {
		dbgPrint(id, len(p.cross), len(p.third), len(p.pure3), len(p.extra))
	}
	for j := range 2 {
		lo := max(0, m-most[1-j])
		hi := min(most[j], m-least[1-j])
		s.buildLists(j, lo, hi)
	}
	for n1 := 0; n1 <= m; n1++ {
		n2 := m - n1
		if n1 > most[0] || n2 > most[1] || n1 >= len(p.lists[0]) || n2 >= len(p.lists[1]) {
			continue
		}
		if err := s.pairs(&p.lists[0][n1], &p.lists[1][n2]); err != nil {
			return err
		}
	}
	return nil
}

// frameSets splits the grid's unavoidable sets, collected and learned,
// into the frame's kinds, and lists the sets inside band 3.
func (s *bandScanner) frameSets() {
	p := &s.p
	p.cross, p.third, p.xy12, p.extra = p.cross[:0], p.third[:0], p.xy12[:0], p.extra[:0]
	band := p.fr.band(2)
	p.pure3 = append(p.pure3[:0], bandUAs(&band)...)
	p.allowed3 = s.localAllowed(&p.fr, 2)
	add := func(u cells, learned bool) {
		q := p.fr.split(u)
		switch {
		case q[2] == 0 && q[0] != 0 && q[1] != 0:
			if !learned && len(p.cross) < maxCross {
				p.cross = append(p.cross, cross{q[0], q[1]})
			} else {
				p.xy12 = append(p.xy12, cross{q[0], q[1]})
			}
		case q[2] != 0 && q[0]|q[1] != 0:
			p.third = append(p.third, third{q[0], q[1], q[2]})
		case q[2] != 0:
			p.pure3 = append(p.pure3, q[2])
		}
	}
	for _, u := range ua12(&p.fr) {
		if len(p.cross) < maxCross {
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
	if len(p.third) > maxThird {
		p.extra = append(p.extra, p.third[maxThird:]...)
		p.third = p.third[:maxThird]
	}
	p.nMini = 0
	for i, u := range p.third {
		mr, sub, ok := inMinirow(u.p3)
		if !ok {
			break
		}
		p.nMini = i + 1
		p.miniMR[i], p.miniSub[i] = uint8(mr), sub
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
		k := popcount32(u.p3)*64 + popcount32(u.p0) + popcount32(u.p1)
		if _, _, ok := inMinirow(u.p3); !ok {
			k += 1 << 16
		}
		return k
	}
	slices.SortStableFunc(t, func(a, b third) int { return key(a) - key(b) })
}

// buildLists fills p.lists[j][n] for n in lo..hi with the valid sets of n
// clues of frame band j and their vectors.
func (s *bandScanner) buildLists(j, lo, hi int) {
	p := &s.p
	for len(p.lists[j]) <= max(hi, 0) {
		p.lists[j] = append(p.lists[j], bandList{})
	}
	for n := range p.lists[j] {
		l := &p.lists[j][n]
		l.sets, l.stk, l.v0, l.v1, l.w = l.sets[:0], l.stk[:0], l.v0[:0], l.v1[:0], l.w[:0]
	}
	var allCross [crossWords]uint64
	for i := range p.cross {
		allCross[i>>6] |= 1 << (i & 63)
	}
	var allThird [thirdWords]uint64
	for i := range p.third {
		allThird[i>>6] |= 1 << (i & 63)
	}
	for _, x := range s.valid[p.dir][p.hband[j]] {
		n := popcount32(x)
		if n < lo || n > hi {
			continue
		}
		hc, ht := allCross, allThird
		for y := x; y != 0; y &= y - 1 {
			c := bits.TrailingZeros32(y)
			for w := range crossWords {
				hc[w] &^= p.hitCross[j][c][w]
			}
			for w := range thirdWords {
				ht[w] &^= p.hitThird[j][c][w]
			}
		}
		l := &p.lists[j][n]
		l.sets = append(l.sets, x)
		l.stk = append(l.stk, stackCounts(x))
		l.v0 = append(l.v0, hc[0])
		l.v1 = append(l.v1, [crossWords - 1]uint64(hc[1:]))
		l.w = append(l.w, ht)
	}
}

var dbgPrint func(...any)
