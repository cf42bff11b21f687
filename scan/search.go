package scan

import (
	"math/bits"

	"edgrid/canon"
)

// search extends the n clues in s.clues to s.k. At each level: every set
// in s.unhit[n] is missed by the clues; dead holds the cells that may not
// become clues below this node (outside the allowed cells, or tried by an
// earlier sibling at a shallower level, so that no clue set is built
// twice). A node dies when an unhit set has no open cell, or when it holds
// more pairwise disjoint unhit sets than clues remain (each needs its own
// clue). Otherwise it branches on the unhit set with the fewest open
// cells, each of them in turn becoming a clue and then dead.
func (s *Scanner) search(n int, dead cells) error {
	if err := s.node(); err != nil {
		return err
	}
	u := &s.unhit[n]
	if isEmpty(u) {
		return s.allHit(n, dead)
	}
	m := s.k - n
	if m == 0 {
		return nil
	}
	if !s.inDeep {
		s.deadAt[n] = dead
		if !s.famOn && s.stats.Nodes >= s.famAfter {
			s.startFamilies(n)
		}
	}
	if m <= deepLeft && !s.inDeep {
		if !s.gather(n, u, dead) {
			return nil
		}
		s.inDeep = true
		err := s.searchDeep(n, n, dead)
		s.inDeep = false
		return err
	}
	if m == freshLeft && !s.inDeep {
		return s.freshNode(n, dead)
	}
	return s.branchOn(n, dead)
}

// branchOn is the rest of search at node n, above the deep sets: the
// unhit sets prune it, or it branches on the one with the fewest open
// cells.
func (s *Scanner) branchOn(n int, dead cells) error {
	u := &s.unhit[n]
	m := s.k - n
	best, common, ok := pass(s.sets[:], u[:], dead, m)
	if !ok {
		return nil
	}
	if m == 1 {
		// The last clue must hit every unhit set: it is in all of them.
		return s.last(n, common)
	}
	for !best.empty() {
		c := best.first()
		best.clear(c)
		if m == freshLeft {
			s.freshSwitch(n)
		}
		s.place(n, c)
		err := s.search(n+1, dead)
		if err != nil {
			return err
		}
		dead.set(c)
	}
	return nil
}

// pass walks the unhit sets (bit i of u: sets[i]) on their open cells,
// those not dead. It reports false when one has no open cell, or when more
// than m of them are pairwise disjoint (each needs its own clue), found
// greedily in index order, smallest sets first; else it returns the set
// with the fewest open cells and the cells that every one of them holds.
func pass(sets []cells, u []uint64, dead cells, m int) (best, common cells, ok bool) {
	bestCount, disjoint := 82, 0
	var union cells
	common = allCells()
	for w, x := range u {
		for ; x != 0; x &= x - 1 {
			open := sets[w<<6|bits.TrailingZeros64(x)].andNot(dead)
			cnt := open.count()
			if cnt == 0 {
				return best, common, false
			}
			if cnt < bestCount {
				best, bestCount = open, cnt
			}
			if !open.meets(union) {
				if disjoint++; disjoint > m {
					return best, common, false
				}
				union = union.or(open)
			}
			common = common.and(open)
		}
	}
	return best, common, true
}

// place makes cell c the clue n+1 and sets unhit[n+1].
func (s *Scanner) place(n, c int) {
	s.clues[n] = int8(c)
	for w := range setWords {
		s.unhit[n+1][w] = s.unhit[n][w] &^ s.cellSets[c][w]
	}
	if s.inDeep {
		return
	}
	s.fam.known[n+1] = 0
	if !s.famOn {
		return
	}
	for j := 2; j <= famDeg; j++ {
		if n < s.fam.at[j] {
			s.gfam.touch(n, j, c)
		}
	}
}

// last tries each cell of cand as clue n+1 = k: every one hits all sets,
// so each goes to the solver. A set learned from a failure narrows the
// cells still worth trying to those inside it.
func (s *Scanner) last(n int, cand cells) error {
	for !cand.empty() {
		c := cand.first()
		cand.clear(c)
		s.clues[n] = int8(c)
		learned, err := s.check(n + 1)
		if err != nil {
			return err
		}
		if !learned.empty() {
			cand = cand.and(learned)
		}
	}
	return nil
}

// allHit handles a node whose n clues hit every set: the solver decides.
// A unique solution with n = k is a puzzle; with n < k, its supersets are
// puzzles, minimal or not. A second solution gives a new set to branch on.
func (s *Scanner) allHit(n int, dead cells) error {
	if n == s.k {
		_, err := s.check(n)
		return err
	}
	s.stats.Candidates++
	cnt, err := s.solveOther(n)
	if err != nil {
		return err
	}
	if cnt == 1 {
		if s.minimal {
			return nil // a clue set with a unique proper subset is not minimal
		}
		return s.supersets(n, s.k-n, dead)
	}
	s.add(s.diff(), n)
	s.stats.Learned++
	return s.search(n, dead)
}

// check sends the n clues to the solver: a unique solution is reported (if
// minimal enough); a second one is learned as a set, which it returns.
func (s *Scanner) check(n int) (cells, error) {
	s.stats.Candidates++
	cnt, err := s.solveOther(n)
	if err != nil {
		return cells{}, err
	}
	if cnt == 2 {
		u := s.diff()
		s.add(u, n-1)
		s.stats.Learned++
		return u, nil
	}
	if s.minimal {
		if ok, err := s.isMinimal(n); err != nil || !ok {
			return cells{}, err
		}
	}
	return cells{}, s.report(n)
}

// diff is the set of cells where the solver's second solution differs
// from the grid: an unavoidable set that the clues miss.
func (s *Scanner) diff() cells {
	var u cells
	for r := range 81 {
		if s.other[r] != s.g[r] {
			u.set(int(s.label[r]))
		}
	}
	return u
}

// isMinimal reports whether every one of the n clues is needed.
func (s *Scanner) isMinimal(n int) (bool, error) {
	s.fill(n)
	defer s.clearPuzzle()
	for i := range n {
		r := s.real[s.clues[i]]
		d := s.puzzle[r]
		s.puzzle[r] = 0
		cnt, err := s.fast.Count(s.ctx, &s.puzzle, 2)
		s.puzzle[r] = d
		if err != nil {
			return false, err
		}
		if cnt == 1 {
			return false, nil
		}
	}
	return true, nil
}

// report hands the n clues to the caller.
func (s *Scanner) report(n int) error {
	var m canon.Mask
	for i := range n {
		m.Set(int(s.real[s.clues[i]]))
	}
	s.stats.Puzzles++
	if err := s.emit(m); err != nil {
		return err
	}
	if s.first {
		return errStop
	}
	return nil
}

// supersets reports every way to add r clues from the open cells to the n
// clues, which are already a puzzle.
func (s *Scanner) supersets(n, r int, dead cells) error {
	if err := s.node(); err != nil {
		return err
	}
	if r == 0 {
		return s.report(n)
	}
	var used cells
	for i := range n {
		used.set(int(s.clues[i]))
	}
	open := dead.or(used).complement()
	for !open.empty() {
		c := open.first()
		open.clear(c)
		if open.count() < r-1 {
			break
		}
		s.clues[n] = int8(c)
		if err := s.supersets(n+1, r-1, dead); err != nil {
			return err
		}
		dead.set(c)
	}
	return nil
}

func isEmpty(u *setBits) bool {
	var x uint64
	for _, w := range u {
		x |= w
	}
	return x == 0
}
