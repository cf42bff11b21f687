package scan

import (
	"errors"
	"math/bits"
)

// candidate checks the clue set made of x, y and z (local cells of frame
// bands 0, 1 and 2) with the solver. A unique solution is a puzzle, which
// is reported when this pass owns it (and, when asked, it is minimal); a
// second solution is learned as an unavoidable set.
func (s *bandScanner) candidate(x, y, z uint32) error {
	p := &s.p
	// A set learned from this band 1+2's earlier candidates must be hit
	// by z too.
	for _, u := range p.local {
		if u&z == 0 {
			return nil
		}
	}
	s.stats.Candidates++
	clues := s.clueCells(x, y, z)
	puzzle := s.puzzleOf(clues)
	if u, err := s.second(&puzzle); err != nil || !u.empty() {
		if err == nil && s.learn(u) {
			// Inside bands 1+2: no band 3 completes them.
			return errPairDead
		}
		return err
	}
	if s.owner(clues) != p.id {
		return nil
	}
	if s.minimal {
		for m := clues; !m.empty(); {
			c := m.first()
			m.clear(c)
			puzzle[c] = 0
			cnt, err := s.fast.Count(s.ctx, &puzzle, 2)
			puzzle[c] = s.g[c]
			if err != nil {
				return err
			}
			if cnt == 1 {
				return nil
			}
		}
	}
	s.stats.Puzzles++
	if err := s.emit(clues.mask()); err != nil {
		return err
	}
	if s.first {
		return errStop
	}
	return nil
}

// clueCells is the clue set made of x, y and z, local cells of frame bands
// 0, 1 and 2, as cells of the grid.
func (s *bandScanner) clueCells(x, y, z uint32) cells {
	var clues cells
	for j, part := range [3]uint32{x, y, z} {
		for m := part; m != 0; m &= m - 1 {
			clues.set(int(s.p.fr.orig[27*j+bits.TrailingZeros32(m)]))
		}
	}
	return clues
}

// puzzleOf is the puzzle with clues the grid's digits in the cells clues.
func (s *bandScanner) puzzleOf(clues cells) [81]uint8 {
	var puzzle [81]uint8
	for m := clues; !m.empty(); {
		c := m.first()
		m.clear(c)
		puzzle[c] = s.g[c]
	}
	return puzzle
}

// second is a minimal unavoidable set that the clues of puzzle (the grid's
// digits there, 0 elsewhere) miss, empty when the puzzle's solution is
// unique.
func (s *bandScanner) second(puzzle *[81]uint8) (cells, error) {
	var other [81]uint8
	n, err := s.fast.Other(s.ctx, puzzle, &s.g, &other)
	if err != nil || n < 2 {
		return cells{}, err
	}
	var u cells
	for c := range 81 {
		if other[c] != s.g[c] {
			u.set(c)
		}
	}
	return s.shrink(s.ctx, u)
}

// learn keeps unavoidable set u for the rest of the scan: in this pass as
// a set of bands 1+2 or one that meets band 3, in later passes as one of
// the frame's kinds.
func (s *bandScanner) learn(u cells) (inside12 bool) {
	p := &s.p
	s.stats.Learned++
	if len(s.learned) < maxLearned {
		s.learned = append(s.learned, u)
	}
	q := p.fr.split(u)
	if q[2] != 0 {
		p.local = append(p.local, q[2])
	}
	switch {
	case q[2] == 0:
		// In a shared pass the leader's pair loop tests them for all.
		if p.lead != nil {
			p = p.lead
		}
		p.xy12 = ring(p.xy12, cross{q[0], q[1]}, &p.xy12Next)
	case q[0]|q[1] == 0:
		p.pure3 = append(p.pure3, q[2])
	default:
		p.extra = ring(p.extra, third{q[0], q[1], q[2]}, &p.extraNext)
	}
	return q[2] == 0
}

// errPairDead ends band 3's search for a band 1+2 that a learned set inside
// bands 1+2 shows has no completion.
var errPairDead = errors.New("scan: band 1+2 dead")

// maxExtra bounds the learned sets a pass tests one by one for each valid
// band 1+2: a grid with many near-puzzles teaches tens of thousands, and
// the newest serve best.
const maxExtra = 192

// ring appends u to s while s holds fewer than maxExtra sets, and then
// replaces the oldest, *next counting the replacements.
func ring[T any](s []T, u T, next *int) []T {
	if len(s) < maxExtra {
		return append(s, u)
	}
	s[*next%maxExtra] = u
	*next++
	return s
}

// spare is band 3's search when the clues x, y and chosen (local cells of
// frame bands 0, 1 and 2) hit every set it knows with clues left to place.
// When they leave a second solution it returns the band-3 cells of a
// minimal unavoidable set they miss, learned for the rest of the scan:
// every completion needs a clue there (alive is false when the set has
// none there, so that no completion exists). It returns 0 and alive when
// the clues already fix the solution: every completion is a puzzle,
// minimal or not.
func (s *bandScanner) spare(x, y, chosen uint32) (u3 uint32, alive bool, err error) {
	puzzle := s.puzzleOf(s.clueCells(x, y, chosen))
	u, err := s.second(&puzzle)
	if err != nil || u.empty() {
		return 0, err == nil, err
	}
	if s.learn(u) {
		return 0, false, errPairDead
	}
	u3 = s.p.fr.split(u)[2]
	return u3, true, nil
}
