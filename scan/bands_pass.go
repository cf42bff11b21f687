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
// frame band 2. The grids of share, whose frame bands 0 and 1 are this
// grid's, take the pairs of the passes they share too (bands_share.go).
func (s *bandScanner) frame(dir int, hb [3]int, specs []passSpec, share []*bandScanner) error {
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
	defer func() {
		p.share = p.share[:0]
		for _, f := range share {
			f.p.lead, f.p.thirdOnly = nil, false
		}
	}()
	for _, f := range share {
		f.p.thirdOnly = true // the leader's vectors test the sets of bands 1+2
	}
	for _, t := range append([]*bandScanner{s}, share...) {
		t.p.dir, t.p.hband = dir, hb
		t.p.fr = makeFrame(&t.g, dir == 1, hb)
		t.frameSets()
	}
	// Of each pair of lists, the pair loop reads the longer a block at a
	// time, making its vectors as it goes, and the shorter whole: only
	// the lists that are the shorter of some pair keep vectors.
	var size [2][28]int
	for j := range 2 {
		for _, x := range s.valid[dir][hb[j]] {
			size[j][bits.OnesCount32(x)]++
		}
	}
	var kept [2][28]bool
	stream := func(n1, n2 int) int {
		if size[0][n1] >= size[1][n2] {
			return 0
		}
		return 1
	}
	s.sizePairs(run, func(n1, n2 int) {
		if size[0][n1] > 0 && size[1][n2] > 0 {
			if stream(n1, n2) == 0 {
				kept[1][n2] = true
			} else {
				kept[0][n1] = true
			}
		}
	})
	for j := range 2 {
		s.buildLists(j, lo[j], hi[j], &kept[j])
		for _, f := range share {
			f.buildLists(j, lo[j], hi[j], &kept[j])
		}
	}
	for _, sp := range run {
		p.id, p.n3, p.most, p.stackMax = sp.id, sp.n3, sp.most, sp.stackMax
		p.share = p.share[:0]
		for _, f := range share {
			f.p.lead = nil
			if slices.Contains(f.doneSpecs, sp) {
				f.p.id, f.p.n3, f.p.most, f.p.stackMax = sp.id, sp.n3, sp.most, sp.stackMax
				f.p.lead = p
				p.share = append(p.share, f)
			}
		}
		var err error
		s.sizePairs([]passSpec{sp}, func(n1, n2 int) {
			if err == nil && n1 < len(p.lists[0]) && n2 < len(p.lists[1]) {
				if stream(n1, n2) == 0 {
					err = s.pairs(&p.lists[0][n1], &p.lists[1][n2], 0)
				} else {
					err = s.pairs(&p.lists[1][n2], &p.lists[0][n1], 1)
				}
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// sizePairs calls fn with the clues n1 and n2 of frame bands 0 and 1 of
// each pair of list sizes the passes of specs test.
func (s *bandScanner) sizePairs(specs []passSpec, fn func(n1, n2 int)) {
	for _, sp := range specs {
		m := s.k - sp.n3
		for n1 := 0; n1 <= m; n1++ {
			n2 := m - n1
			if n1 <= sp.most[0] && n2 <= sp.most[1] && n1 < 28 && n2 < 28 {
				fn(n1, n2)
			}
		}
	}
}

// frameSets splits the grid's unavoidable sets, collected and learned,
// into the frame's kinds, and lists the sets inside band 3; in a pass
// that takes another's pairs (thirdOnly), it leaves out those inside bands
// 1+2.
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
		case q[2] == 0 && p.thirdOnly:
			// The leader's pass tests the sets of bands 1+2.
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
	if !p.thirdOnly {
		for _, u := range ua12(&p.fr, ua12DigitsFor(s.k)) {
			if len(p.cross) < firstCross {
				p.cross = append(p.cross, u)
			}
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
	p.indexMinirows()
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
// clues of frame band j, and with their vectors where kept[n]: the
// vectors of the other lists are made a block at a time as the pairs read
// them (xBlock), which saves most of the memory the lists would take.
func (s *bandScanner) buildLists(j, lo, hi int, kept *[28]bool) {
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
		if !kept[n] {
			c = 0
		}
		l.v0 = resized(l.v0, c)
		l.v1 = resized(l.v1, c)
		l.w = resized(l.w, c)
		count[n] = 0 // the next index to fill
	}
	st := &p.prefix
	st.reset(p, j)
	for _, x := range valid {
		n := bits.OnesCount32(x)
		if n < lo || n > hi {
			continue
		}
		l := &p.lists[j][n]
		i := count[n]
		count[n]++
		l.sets[i] = x
		l.stk[i] = stackCounts(x)
		if kept[n] {
			hc, ht := st.vectors(x)
			l.v0[i] = hc[0]
			l.v1[i] = [crossWords - 1]uint64(hc[1:])
			l.w[i] = *ht
		}
	}
}

// xBlock fills p.xb with the vectors of the clue sets xs.sets[i] of frame
// band j, i in block.
func (s *bandScanner) xBlock(xs *bandList, j int, block []int32) {
	p := &s.p
	st := &p.prefix
	st.reset(p, j)
	b := &p.xb
	for k, i := range block {
		hc, ht := st.vectors(xs.sets[i])
		b.v0[k] = hc[0]
		b.v1[k] = [crossWords - 1]uint64(hc[1:])
		b.w[k] = *ht
	}
}

// xVectors is the vectors of a block of clue sets (xBlock).
type xVectors struct {
	v0 [pairChunk]uint64
	v1 [pairChunk][crossWords - 1]uint64
	w  [pairChunk][thirdWords]uint64
}

// prefixStack makes the vectors of clue sets of one band that come in the
// lexicographic order of their cells (listValid), so that each shares its
// first cells with the one before: the vectors of those prefixes stay on
// the stack, and only the cells after them are applied. cell[d] is the
// d-th cell of the last set, hc[d] and ht[d] the vectors of its first d
// cells; the words past nc and nt hold no sets and stay zero.
type prefixStack struct {
	cell   [28]uint8
	hc     [28][crossWords]uint64
	ht     [28][thirdWords]uint64
	depth  int
	nc, nt int
	third  bool // only the vectors of the sets that meet band 3
	hitC   *[27][crossWords]uint64
	hitT   *[27][thirdWords]uint64
}

// reset readies the stack for the clue sets of frame band j of pass p.
func (st *prefixStack) reset(p *bandPass, j int) {
	*st = prefixStack{
		nc:    (len(p.cross) + 63) / 64,
		nt:    (len(p.third) + 63) / 64,
		third: p.thirdOnly,
		hitC:  &p.hitCross[j],
		hitT:  &p.hitThird[j],
	}
	if st.third {
		st.nc = 0
	} else {
		for i := range p.cross {
			st.hc[0][i>>6] |= 1 << (i & 63)
		}
	}
	for i := range p.third {
		st.ht[0][i>>6] |= 1 << (i & 63)
	}
}

// vectors is the vectors of clue set x: the sets of bands 1+2 and those
// that meet band 3 that x misses.
func (st *prefixStack) vectors(x uint32) (*[crossWords]uint64, *[thirdWords]uint64) {
	d := 0
	y := x
	for ; y != 0 && d < st.depth && bits.TrailingZeros32(y) == int(st.cell[d]); y &= y - 1 {
		d++
	}
	for ; y != 0; y &= y - 1 {
		c := bits.TrailingZeros32(y)
		st.cell[d] = uint8(c)
		if widePairs {
			if !st.third {
				andNot16Wide(&st.hc[d+1], &st.hc[d], &st.hitC[c])
			}
			andNot16Wide(&st.ht[d+1], &st.ht[d], &st.hitT[c])
			d++
			continue
		}
		for w := range st.nc {
			st.hc[d+1][w] = st.hc[d][w] &^ st.hitC[c][w]
		}
		for w := range st.nt {
			st.ht[d+1][w] = st.ht[d][w] &^ st.hitT[c][w]
		}
		d++
	}
	st.depth = d
	return &st.hc[d], &st.ht[d]
}

// resized returns s with length n, reusing its storage when it is large
// enough.
func resized[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
