package scan

import "math/bits"

// deepSets is the search's working set for its last clues. When few clues
// remain, the unhit sets' open cells (cells not dead) are gathered once,
// smallest first, up to deepMax of them, and the rest of the search works
// on them alone: a set of sets is then two words. Sets left out still
// count, since a clue set that misses one fails in the solver and teaches
// the set back.
type deepSets struct {
	n     int                // sets in use
	sets  [deepMax]cells     // open cells of each set at gathering
	cell  [81][2]uint64      // cell[c]: the sets holding cell c
	unhit [82][2]uint64      // unhit[n]: the sets the first n clues miss
	byLen [82][]int32        // gathering buckets by open size
	miss  int                // the set that covers found without a cell last
	unit  int                // a set with one open cell that within found last, or -1
	setW  [2][deepMax]uint64 // setW[w][wideSlot(i)]: word w of sets[i], for countWide
}

const deepMax = 128

// gather builds the deep sets from the unhit sets u at n clues with the
// given dead cells. It reports false when some unhit set has no open cell.
func (s *Scanner) gather(n int, u *setBits, dead cells) bool {
	d := &s.deep
	var ok bool
	if d.n, ok = smallestOpen(&s.sets, u, dead, &d.byLen, d.sets[:]); !ok {
		return false
	}
	d.index()
	var all [2]uint64
	for i := range d.n {
		all[i>>6] |= 1 << (i & 63)
	}
	d.unhit[n] = all
	return true
}

// smallestOpen puts the open cells (those not dead) of the sets of u into
// out, the sets with the fewest first (those of one count in the order of
// their index), as many as out holds, and returns how many. It reports
// false, with nothing put, when one of the sets has no open cell. byLen is
// scratch for the sets by count.
func smallestOpen(sets *[maxSets]cells, u *setBits, dead cells, byLen *[82][]int32, out []cells) (int, bool) {
	for i := range byLen {
		byLen[i] = byLen[i][:0]
	}
	for w := range setWords {
		for x := u[w]; x != 0; x &= x - 1 {
			i := w<<6 | bits.TrailingZeros64(x)
			cnt := sets[i].andNot(dead).count()
			if cnt == 0 {
				return 0, false
			}
			byLen[cnt] = append(byLen[cnt], int32(i))
		}
	}
	n := 0
	for _, l := range byLen[1:] {
		for _, i := range l {
			if n == len(out) {
				return n, true
			}
			out[n] = sets[i].andNot(dead)
			n++
		}
	}
	return n, true
}

// index sets the cells' sets from the sets: the sets' cells, 64 sets at
// a time as the rows of a bit matrix, transposed.
func (d *deepSets) index() {
	for i := range d.n {
		d.setW[0][wideSlot(i)], d.setW[1][wideSlot(i)] = d.sets[i][0], d.sets[i][1]
	}
	for b := range 2 {
		var lo, hi [64]uint64
		for k := 0; k < 64 && b<<6|k < d.n; k++ {
			u := d.sets[b<<6|k]
			lo[k], hi[k] = u[0], u[1]
		}
		transpose64(&lo)
		transpose64(&hi)
		for c := range 64 {
			d.cell[c][b] = lo[c]
		}
		for c := 64; c < 81; c++ {
			d.cell[c][b] = hi[c-64]
		}
	}
}

// add appends open cells u as a deep set; the caller makes sure there is room.
func (d *deepSets) add(u cells) int {
	i := d.n
	d.n++
	d.sets[i] = u
	d.setW[0][wideSlot(i)], d.setW[1][wideSlot(i)] = u[0], u[1]
	w, b := i>>6, uint64(1)<<(i&63)
	for x := u; !x.empty(); {
		c := x.first()
		x.clear(c)
		d.cell[c][w] |= b
	}
	return i
}

// learn adds set u, which the clues of every deep level from n0 to n miss,
// to the deep sets if there is room.
func (d *deepSets) learn(u cells, n0, n int) {
	if d.n == deepMax {
		return
	}
	i := d.add(u)
	w, b := i>>6, uint64(1)<<(i&63)
	for l := n0; l <= n; l++ {
		d.unhit[l][w] |= b
	}
}

// searchDeep extends the n clues to s.k on the deep sets (gathered at n0
// clues). Invariant as in search: deep.unhit[n] are the deep sets the
// clues miss, dead the cells no clue below may take. A node branches on
// its first unhit set (the smallest at gathering). With famDeg or fewer
// clues left, the clues left lie in every untouched family of as many
// sets as clues left: the cells outside them are dead, and the node dies
// when an unhit set holds none of the cells left (within; a child runs
// it in its parent's loop, branch); else it branches on its first unhit
// set with one open cell left, or two, or three, if there is one
// (coversUnit). The last two clues are placed
// directly (last2, lastOf, last1), and a clue set that hits every deep
// set is checked against the full list (hitsAll) before the solver.
func (s *Scanner) searchDeep(n0, n int, dead cells) error {
	if err := s.node(); err != nil {
		return err
	}
	if !s.famOn && s.stats.Nodes >= s.famAfter {
		// Every size's level of compaction lies above n0.
		s.startFamilies(n)
	}
	d := &s.deep
	u := d.unhit[n]
	m := s.k - n
	if u[0]|u[1] == 0 {
		return s.deepAllHit(n0, n, dead)
	}
	switch m {
	case 0:
		return nil
	case 1:
		return s.last1(n0, n, dead)
	case 2:
		return s.last2(n0, n, dead)
	}
	bs := -1
	if m <= famDeg && s.famOn {
		if alive, nz, touched := s.fam.parent(n, m, &s.clues); nz != 0 {
			d0, d1, ok := within(&s.fam.union[m], alive, nz, touched, dead[0], dead[1], d, &d.unhit[n], m)
			if !ok {
				return nil
			}
			dead = cells{d0, d1}
			bs = d.unit
		}
	}
	return s.branch(n0, n, m, dead, bs)
}

// branch is the rest of searchDeep once the node's own checks pass: it
// tries each open cell of deep set bs (the first unhit set when bs is
// negative) as clue n+1. A child that
// takes the families' check runs it here, before it is entered, since
// most children die of it.
func (s *Scanner) branch(n0, n, m int, dead cells, bs int) error {
	d := &s.deep
	// pre: the children have m-1 > 2 clues left and families to check.
	pre := m-1 > 2 && m-1 <= famDeg && s.famOn
	var alive *famBits
	var nz uint64
	if pre {
		alive, nz = s.fam.untouched(n, m-1, &s.clues)
	}
	// The unhit sets are read for each child: a set learned below one
	// child is unhit at this level too.
	if bs < 0 {
		bs = first2(d.unhit[n])
	}
	if m == outsideAt && s.famOn {
		if alive, nz := s.fam.untouched(n, m-1, &s.clues); nz != 0 {
			d0, d1, ok, last := outside(&s.fam.union[m-1], alive, nz, dead[0], dead[1], d, &d.unhit[n], s.outsideLast)
			s.outsideLast = last
			if !ok {
				return nil
			}
			dead = cells{d0, d1}
		}
	}
	open := d.sets[bs].andNot(dead)
	for w := range open {
		for x := open[w]; x != 0; x &= x - 1 {
			c := w<<6 | bits.TrailingZeros64(x)
			s.clues[n] = int8(c)
			cc := &d.cell[c]
			un := [2]uint64{d.unhit[n][0] &^ cc[0], d.unhit[n][1] &^ cc[1]}
			d.unhit[n+1] = un
			s.fam.known[n+1] = 0
			var err error
			switch {
			case un == [2]uint64{}:
				err = s.searchDeep(n0, n+1, dead)
			case m == 3:
				// The child has two clues left: placed directly.
				s.stats.Nodes++
				err = s.last2(n0, n+1, dead)
			case pre:
				if err := s.node(); err != nil {
					return err
				}
				cdead, ok, cbs := dead, true, -1
				if nz != 0 {
					cdead[0], cdead[1], ok = within(&s.fam.union[m-1], alive, nz, &s.fam.cell[m-1][c], dead[0], dead[1], d, &d.unhit[n+1], m-1)
					cbs = d.unit
				}
				if ok {
					err = s.branch(n0, n+1, m-1, cdead, cbs)
				}
			default:
				err = s.searchDeep(n0, n+1, dead)
			}
			if err != nil {
				return err
			}
			dead[w] |= x & -x
		}
	}
	return nil
}

// last1 places the last clue: a cell of the first unhit set that is in
// every unhit set.
func (s *Scanner) last1(n0, n int, dead cells) error {
	return s.lastOf(n0, n, s.deep.unhit[n], dead)
}

// last2 places the last two clues: a cell c of an unhit set (the one the
// families' check chose, or the first), then a cell of the first set c
// misses that is in every set c misses.
func (s *Scanner) last2(n0, n int, dead cells) error {
	d := &s.deep
	bs := -1
	if s.famOn {
		if alive, nz, touched := s.fam.parent(n, 2, &s.clues); nz != 0 {
			d0, d1, ok := within(&s.fam.union[2], alive, nz, touched, dead[0], dead[1], d, &d.unhit[n], 2)
			if !ok {
				return nil
			}
			dead = cells{d0, d1}
			bs = d.unit
		}
	}
	if bs < 0 {
		bs = first2(d.unhit[n])
	}
	open := d.sets[bs].andNot(dead)
	for w := range open {
		for x := open[w]; x != 0; x &= x - 1 {
			c := w<<6 | bits.TrailingZeros64(x)
			s.clues[n] = int8(c)
			cc := &d.cell[c]
			rest := [2]uint64{d.unhit[n][0] &^ cc[0], d.unhit[n][1] &^ cc[1]}
			var err error
			if rest[0]|rest[1] == 0 {
				d.unhit[n+1] = rest
				err = s.deepAllHit(n0, n+1, dead)
			} else {
				err = s.lastOf(n0, n+1, rest, dead)
			}
			if err != nil {
				return err
			}
			dead[w] |= x & -x
		}
	}
	return nil
}

// lastOf places clue n+1, the last: a cell of the first of the deep sets
// rest, which the n clues miss, that all of rest hold. A set learned from
// a failure narrows the cells still worth trying to those inside it.
func (s *Scanner) lastOf(n0, n int, rest [2]uint64, dead cells) error {
	d := &s.deep
	open := d.sets[first2(rest)].andNot(dead)
	for !open.empty() {
		c := open.first()
		open.clear(c)
		if !subset2(rest, &d.cell[c]) {
			continue
		}
		s.clues[n] = int8(c)
		if !s.hitsAll(n0, n+1) {
			continue
		}
		learned, err := s.check(n + 1)
		if err != nil {
			return err
		}
		if !learned.empty() {
			d.learn(learned, n0, n)
			open = open.and(learned)
		}
	}
	return nil
}

// hitsAll reports whether the n clues hit every set of the full list
// (the deep sets were gathered at n0 clues): a clue set that misses a
// known set is not worth the solver.
func (s *Scanner) hitsAll(n0, n int) bool {
	u := s.unhit[n0]
	for l := n0; l < n; l++ {
		cs := &s.cellSets[s.clues[l]]
		for w := range u {
			u[w] &^= cs[w]
		}
	}
	return isEmpty(&u)
}

// deepAllHit handles a deep node whose clues hit every deep set: the sets
// left out at gathering, or learned since, may still be unhit, so the
// global sets decide, through the ordinary search from here.
func (s *Scanner) deepAllHit(n0, n int, dead cells) error {
	// Bring the global unhit sets up to the n clues.
	for l := n0; l < n; l++ {
		c := s.clues[l]
		for w := range setWords {
			s.unhit[l+1][w] = s.unhit[l][w] &^ s.cellSets[c][w]
		}
	}
	if !isEmpty(&s.unhit[n]) {
		return s.search(n, dead)
	}
	return s.allHit(n, dead)
}

// first2 is the smallest index in the non-empty set of sets f.
func first2(f [2]uint64) int {
	if f[0] != 0 {
		return bits.TrailingZeros64(f[0])
	}
	return 64 + bits.TrailingZeros64(f[1])
}

// subset2 reports whether the sets u all hold the cell whose sets are cc.
func subset2(u [2]uint64, cc *[2]uint64) bool {
	return u[0]&^cc[0]|u[1]&^cc[1] == 0
}

// wideSlot is where set i sits in setW: within each 64 sets, the two
// 3-bit halves of the index swapped (countWide).
func wideSlot(i int) int { return i&64 | i&7<<3 | i>>3&7 }
