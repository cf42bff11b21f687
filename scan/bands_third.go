package scan

import "math/bits"

// zLevels bounds the depth of band 3's search: one level a clue.
const zLevels = 28

// zCap bounds the sets band 3's search holds at one level.
const zCap = 2048

// thirdSearch places the clues of band 3 for one valid band 1+2: n of
// them, at most caps[s] in stack s, hitting every set it holds (local
// cells of band 3). Each level keeps the sets that the clues above it miss,
// so that a node reads only those.
type thirdSearch struct {
	n    int
	caps [3]int
	lv   [zLevels][]uint32
}

// band3 finds every way to complete bands 1+2 (clue sets x and y of frame
// bands 0 and 1) with p.n3 clues of band 3 that hit the sets of band 3
// itself, the sets of bands 1+2 and band 3 that x and y miss (wx and wy
// are their vectors), and the sets learned, and checks each with the
// solver. The minirows' sets decide most cases at once (bands_minirow.go).
func (s *bandScanner) band3(x, y uint32, wx, wy *[thirdWords]uint64, caps [3]int) error {
	p := &s.p
	// The minirow parts the pair leaves to band 3 (parts, by minirow),
	// and the clues they need.
	code, need, needS := p.minirowNeeds(wx, wy)
	if need > p.n3 || needS[0] > caps[0] || needS[1] > caps[1] || needS[2] > caps[2] {
		return nil
	}
	if need == p.n3 && p.allowed3 == 1<<27-1 {
		return s.critical(x, y, wx, wy, &code)
	}
	z := &p.z
	z.n, z.caps = p.n3, caps
	dead := ^p.allowed3 & (1<<27 - 1)
	for k := range 3 {
		if caps[k] == 0 {
			dead |= stackCells[k]
		}
	}
	// The minirows' parts once each, and only those no smaller part of
	// the same minirow makes redundant. The small sets come first, so
	// that the disjoint sets each node counts are many; band 3's own
	// sets, the largest, come last.
	l := z.lv[0][:0]
	for mr, c := range code {
		for sub := uint8(1); sub < 8; sub++ {
			if c>>sub&1 == 0 || minirowRedundant[c]>>sub&1 != 0 {
				continue
			}
			l = append(l, uint32(sub)<<(mr/3*9+mr%3*3))
		}
	}
	for w := p.nMini >> 6; w < thirdWords; w++ {
		m := wx[w] & wy[w]
		if lo := p.nMini - w*64; lo > 0 {
			m &^= 1<<lo - 1
		}
		for ; m != 0; m &= m - 1 {
			l = append(l, p.third[w<<6|bits.TrailingZeros64(m)].p3)
		}
	}
	for _, u := range p.extra {
		if u.p0&x|u.p1&y == 0 && len(l) < zCap {
			l = append(l, u.p3)
		}
	}
	l = append(l, p.pure3...)
	z.lv[0] = l
	return s.zNode(x, y, 0, 0, dead, [3]int{})
}

// critical is band3 when the minirows' sets need every clue band 3 holds:
// each minirow with sets takes one of its fewest hitting cell sets and no
// other cell is a clue; each such band 3 must still hit the other sets.
func (s *bandScanner) critical(x, y uint32, wx, wy *[thirdWords]uint64, code *[9]uint8) error {
	p := &s.p
	// Every clue lies in the minirows with sets (field): a set with no
	// cell there ends the pair, and of the others only their cells there
	// matter.
	var field uint32
	for mr, c := range code {
		if c != 0 {
			field |= 7 << (mr/3*9 + mr%3*3)
		}
	}
	o := p.others[:0]
	for _, u := range p.pure3 {
		if u&field == 0 {
			return nil
		}
		o = append(o, u&field)
	}
	for w := range thirdWords {
		m := wx[w] & wy[w]
		if lo := p.nMini - w*64; lo > 0 {
			if lo >= 64 {
				continue
			}
			m &^= 1<<lo - 1
		}
		for ; m != 0; m &= m - 1 {
			u := p.third[w<<6|bits.TrailingZeros64(m)].p3 & field
			if u == 0 {
				return nil
			}
			o = append(o, u)
		}
	}
	for _, u := range p.extra {
		if u.p0&x|u.p1&y == 0 {
			if u.p3&field == 0 {
				return nil
			}
			o = append(o, u.p3&field)
		}
	}
	p.others = o
	// Each set is tested as soon as its last minirow has its clues: by
	// the minirows' order, that of its highest cell.
	var at [10]int
	for _, u := range o {
		at[minirowOf[31-bits.LeadingZeros32(u)]+1]++
	}
	for mr := 1; mr < 10; mr++ {
		at[mr] += at[mr-1]
	}
	p.byLast = resized(p.byLast, len(o))
	next := at
	for _, u := range o {
		mr := minirowOf[31-bits.LeadingZeros32(u)]
		p.byLast[next[mr]] = u
		next[mr]++
	}
	p.lastAt = at
	return s.criticalRow(x, y, code, 0, 0)
}

// criticalRow chooses the clues of minirows mr onward, z holding those of
// the minirows before, which hit every set of p.others with no cell past
// them.
func (s *bandScanner) criticalRow(x, y uint32, code *[9]uint8, mr int, z uint32) error {
	for mr < 9 && code[mr] == 0 {
		mr++
	}
	if mr == 9 {
		return s.candidate(x, y, z)
	}
	// Minirow mr is row mr/3 of band 3, columns 3*(mr%3)..+2; the sets
	// whose last minirow it is must be hit once it has its clues.
	p := &s.p
	base := uint(mr/3*9 + mr%3*3)
	done := p.byLast[p.lastAt[mr]:p.lastAt[mr+1]]
next:
	for _, h := range minirowHits[code[mr]] {
		zz := z | uint32(h)<<base
		for _, u := range done {
			if u&zz == 0 {
				continue next
			}
		}
		if err := s.criticalRow(x, y, code, mr+1, zz); err != nil {
			return err
		}
	}
	return nil
}

// zNode extends band 3's clues in chosen (k of them, cnt by stack), with
// z.lv[k] the sets they miss. At its top, every cell of dead is closed to
// the clues below (outside the allowed cells, in a full stack, or tried by
// an earlier sibling). A node dies when a set has no open cell, or when
// more of the sets are pairwise disjoint on their open cells than clues
// remain (each needs its own). Otherwise it branches on the set with the
// fewest open cells, each open cell in turn a clue and then dead.
func (s *bandScanner) zNode(x, y, chosen uint32, k int, dead uint32, cnt [3]int) error {
	z := &s.p.z
	left := z.n - k
	if len(z.lv[k]) == 0 {
		if left == 0 {
			return s.candidate(x, y, chosen)
		}
		// Every set known is hit with clues to spare: rather than try
		// each way to place them, ask the solver whether the clues so
		// far leave a second solution, and if so hit the set it shows.
		u3, alive, err := s.spare(x, y, chosen)
		if err != nil || !alive {
			return err
		}
		if u3 == 0 {
			free := (1<<27 - 1) &^ dead &^ chosen
			return s.zFill(x, y, chosen, free, left, cnt)
		}
		z.lv[k] = append(z.lv[k], u3)
	}
	sets := z.lv[k]
	best, bestN := uint32(0), 28
	var taken uint32
	disjoint := 0
	for _, u := range sets {
		open := u &^ dead
		n := bits.OnesCount32(open)
		if n == 0 {
			return nil
		}
		if n < bestN {
			best, bestN = open, n
		}
		if open&taken == 0 {
			taken |= open
			disjoint++
		}
	}
	if disjoint > left {
		return nil
	}
	for best != 0 {
		c := bits.TrailingZeros32(best)
		best &= best - 1
		bit := uint32(1) << c
		if widePairs {
			z.lv[k+1] = keepMissingWide(z.lv[k+1], sets, uint(c))
		} else {
			z.lv[k+1] = keepMissing(z.lv[k+1], sets, uint(c))
		}
		st := stackOf[c]
		cnt[st]++
		d := dead
		if cnt[st] == z.caps[st] {
			d |= stackCells[st]
		}
		if err := s.zNode(x, y, chosen|bit, k+1, d, cnt); err != nil {
			return err
		}
		cnt[st]--
		dead |= bit
	}
	return nil
}

// zFill adds left clues of free to chosen, every way the stacks allow, and
// checks each clue set made.
func (s *bandScanner) zFill(x, y, chosen, free uint32, left int, cnt [3]int) error {
	if left == 0 {
		return s.candidate(x, y, chosen)
	}
	if bits.OnesCount32(free) < left {
		return nil
	}
	z := &s.p.z
	for free != 0 {
		c := bits.TrailingZeros32(free)
		free &= free - 1
		st := stackOf[c]
		if cnt[st] == z.caps[st] {
			continue
		}
		cnt[st]++
		if err := s.zFill(x, y, chosen|1<<c, free, left-1, cnt); err != nil {
			return err
		}
		cnt[st]--
	}
	return nil
}

// keepMissing returns the sets of sets without cell c, in order, in dst's
// storage (grown when short). It branches on nothing: which sets a cell is
// in is as good as random, so a branch would be mispredicted half the time.
func keepMissing(dst, sets []uint32, c uint) []uint32 {
	if cap(dst) < len(sets) {
		dst = make([]uint32, len(sets), max(len(sets), zCap))
	}
	dst = dst[:len(sets)]
	n := 0
	for _, u := range sets {
		dst[n] = u
		n += int(u>>c&1 ^ 1)
	}
	return dst[:n]
}
