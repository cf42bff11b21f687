package scan

// candidate checks the clue set made of x, y and z (local cells of frame
// bands 0, 1 and 2) with the solver. A unique solution is a puzzle, which
// is reported when this pass owns it (and, when asked, it is minimal); a
// second solution is learned as an unavoidable set.
func (s *bandScanner) candidate(x, y, z uint32) error {
	p := &s.p
	s.stats.Candidates++
	var clues cells
	for j, part := range [3]uint32{x, y, z} {
		for m := part; m != 0; m &= m - 1 {
			clues.set(int(p.fr.orig[27*j+trailing32(m)]))
		}
	}
	var puzzle, other [81]uint8
	for m := clues; !m.empty(); {
		c := m.first()
		m.clear(c)
		puzzle[c] = s.g[c]
	}
	n, err := s.fast.Other(s.ctx, &puzzle, &s.g, &other)
	if err != nil {
		return err
	}
	if n == 2 {
		var u cells
		for c := range 81 {
			if other[c] != s.g[c] {
				u.set(c)
			}
		}
		s.learn(u)
		return nil
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

// learn keeps unavoidable set u for the rest of the scan: in this pass as
// a set of bands 1+2 or one that meets band 3, in later passes as one of
// the frame's kinds.
func (s *bandScanner) learn(u cells) {
	p := &s.p
	s.stats.Learned++
	if len(s.learned) < maxLearned {
		s.learned = append(s.learned, u)
	}
	q := p.fr.split(u)
	switch {
	case q[2] == 0:
		p.xy12 = append(p.xy12, cross{q[0], q[1]})
	case q[0]|q[1] == 0:
		p.pure3 = append(p.pure3, q[2])
	default:
		p.extra = append(p.extra, third{q[0], q[1], q[2]})
	}
}

// trailing32 is the index of the lowest bit set in m.
func trailing32(m uint32) int { return popcount32(m&-m - 1) }
