package dlx

// Choose forces option k into every solution, as for a given of a puzzle.
// It fails with an *OptionError if k is out of range and with a
// *ConflictError, changing nothing, if k covers an item an already chosen
// option covers.
func (s *Solver) Choose(k int) error {
	if k < 0 || k >= s.options {
		return &OptionError{Option: k, Item: -1, Reason: "is out of range"}
	}
	first := s.optStart[k]
	for x := first; s.nodes[x].top > 0; x++ {
		it := idx(s.nodes[x].top) - 1
		if by := s.chosenBy[it]; by >= 0 {
			return &ConflictError{Option: k, Item: int(it), By: int(by)}
		}
	}
	u := s.updates
	for x := first; s.nodes[x].top > 0; x++ {
		s.chosenBy[idx(s.nodes[x].top)-1] = int32(k)
		s.cover(s.nodes[x].top)
	}
	s.chooseWork += s.updates - u
	s.forced = append(s.forced, int32(k))
	return nil
}

// Reset takes back every option chosen with Choose, newest first, leaving
// the solver as NewSolver built it.
func (s *Solver) Reset() {
	if len(s.forced) == 0 {
		return
	}
	// Uncovering costs a few ns an update; copying the pristine links
	// back, under one a node. Sudoku puzzles of 17 givens or more copy.
	if s.chooseWork > uint64(len(s.nodes))/4 {
		copy(s.nodes, s.base)
		copy(s.items, s.baseItems)
		for _, k := range s.forced {
			for x := s.optStart[k]; s.nodes[x].top > 0; x++ {
				i := idx(s.nodes[x].top)
				s.active[i>>6] |= 1 << (i & 63)
				s.chosenBy[i-1] = -1
			}
		}
	} else {
		for j := len(s.forced) - 1; j >= 0; j-- {
			first := s.optStart[s.forced[j]]
			x := first
			for s.nodes[x].top > 0 {
				x++
			}
			for x--; x >= first; x-- {
				s.chosenBy[idx(s.nodes[x].top)-1] = -1
				s.uncover(s.nodes[x].top)
			}
		}
	}
	s.forced = s.forced[:0]
	s.chooseWork = 0
}

// cover unlinks the item whose header is at offset h and hides the options
// in its column; Search has its own inlined copy, this one serves Choose
// and Reset.
func (s *Solver) cover(h int32) {
	nb := nodesOf(s.nodes) // see unsafe.go
	var u uint64 = 1
	for p := nodeAt(nb, h).down; p != h; p = nodeAt(nb, p).down {
		for q := nodeAt(nb, p).right; q != p; {
			nq := nodeAt(nb, q)
			up, dn := nq.up, nq.down
			nodeAt(nb, up).down = dn
			nodeAt(nb, dn).up = up
			nodeAt(nb, nq.top).top--
			u++
			q = nq.right
		}
	}
	i := idx(h)
	l, r := s.items[i].prev, s.items[i].next
	s.items[l].next = r
	s.items[r].prev = l
	s.active[i>>6] &^= 1 << (i & 63)
	s.updates += u
}

// uncover is the exact inverse of cover.
func (s *Solver) uncover(h int32) {
	nb := nodesOf(s.nodes)
	i := idx(h)
	l, r := s.items[i].prev, s.items[i].next
	s.items[l].next = i
	s.items[r].prev = i
	s.active[i>>6] |= 1 << (i & 63)
	for p := nodeAt(nb, h).up; p != h; p = nodeAt(nb, p).up {
		for q := nodeAt(nb, p).right; q != p; {
			nq := nodeAt(nb, q)
			up, dn := nq.up, nq.down
			nodeAt(nb, up).down = q
			nodeAt(nb, dn).up = q
			nodeAt(nb, nq.top).top++
			q = nq.right
		}
	}
}
