package rate

import (
	"math/bits"

	"edgrid/internal/houses"
)

// nakedSingles places every open cell with one candidate, until none is
// left.
func (s *state) nakedSingles() (progress, ok bool) {
	var todo [81]uint8
	n := 0
	for c := 0; c < 81; c++ {
		// Without a branch a cell: n steps past c when it is an open single.
		m := s.cand[c]
		single := 0
		if m&(m-1) == 0 {
			single = 1
		}
		if s.placed[c] {
			single = 0
		}
		todo[uint(n)%81] = uint8(c) // n <= c < 81: the modulo only spares the bounds check
		n += single
	}
	return n > 0, s.propagate(&todo, n)
}

// peers32 are houses.Peers padded to 32 a cell, so that a peer's index
// masked with 31 needs no bounds check.
var peers32 = func() (p [81][32]uint8) {
	for c := range houses.Peers {
		copy(p[c][:], houses.Peers[c][:])
	}
	return p
}()

// propagate places the open cells todo[:n], each with one candidate, and
// each peer that a placement leaves with one, until none is left; false
// means a contradiction.
func (s *state) propagate(todo *[81]uint8, n int) bool {
	for n > 0 {
		n--
		c := todo[n]
		m := s.cand[c]
		if m == 0 {
			return false
		}
		s.placed[c] = true
		s.open--
		s.mark(int(c), m)
		// The peers that hold m, gathered without a branch a peer.
		pe := &peers32[c]
		d := uint(bits.TrailingZeros16(m))
		var hit uint32
		for i, p := range pe[:20] {
			hit |= uint32(s.cand[p]>>d&1) << i
		}
		for ; hit != 0; hit &= hit - 1 {
			p := pe[bits.TrailingZeros32(hit)&31]
			q := s.cand[p] &^ m
			s.cand[p] = q
			s.touched |= cellUnits[p]
			if q == 0 {
				return false
			}
			// p is open: a placed peer holding m would have no candidate left.
			if q&(q-1) == 0 {
				todo[n] = p
				n++
			}
		}
	}
	return true
}

// singles applies naked singles, and hidden singles if top allows them,
// until neither finds anything: the fixed point, the same whatever the
// order (candidates only go). It reports the hardest of the two that made
// progress, as the ladder would: hidden singles only when naked singles
// alone stall with open cells. ok false is a contradiction.
func (s *state) singles(top Technique) (used Technique, ok bool) {
	p, ok := s.nakedSingles()
	return s.hiddenAfter(top, p, ok)
}

// singlesFrom is singles for a position whose only open cells with one
// candidate are todo[:n].
func (s *state) singlesFrom(todo *[81]uint8, n int, top Technique) (used Technique, ok bool) {
	return s.hiddenAfter(top, n > 0, s.propagate(todo, n))
}

// hiddenAfter is the rest of singles after naked singles that made
// progress p and reported ok.
func (s *state) hiddenAfter(top Technique, p, ok bool) (used Technique, _ bool) {
	if p || !ok {
		used = NakedSingle
	}
	if !ok || top < HiddenSingle || s.open == 0 {
		return used, ok
	}
	p, ok = s.hiddenSingles()
	if !ok {
		return HiddenSingle, false
	}
	if p {
		used = HiddenSingle
	}
	return used, true
}

// hiddenSingles places each digit that has one place left in a unit, with
// the naked singles each placement forces, looking at the touched units
// (state.touched) until none is left: the fixed point of the singles. A
// digit with no place is a contradiction.
func (s *state) hiddenSingles() (progress, ok bool) {
	var todo [81]uint8
	for s.touched != 0 {
		u := bits.TrailingZeros32(s.touched)
		s.touched &^= 1 << u
		done := s.done[u]
		if done == all9 {
			continue
		}
		cells := &units[u]
		var once, twice uint16
		for _, c := range cells {
			m := s.cand[c]
			twice |= once & m
			once |= m
		}
		if once != all9 {
			return progress, false
		}
		// A placed digit is once in the unit, at its cell: nothing to do.
		for single := once &^ twice &^ done; single != 0; single &= single - 1 {
			bit := single & -single
			for _, c := range cells {
				if s.cand[c]&bit == 0 {
					continue
				}
				if !s.placed[c] {
					s.cand[c] = bit
					s.touched |= cellUnits[c]
					todo[0] = c
					if !s.propagate(&todo, 1) {
						return true, false
					}
					progress = true
				}
				break
			}
		}
	}
	return progress, true
}
