package enumerate

import "math"

// SetTier puts primary item it in a tier: Search always branches on an
// uncovered primary item of the lowest tier present, and on the one with
// the fewest options inside that tier. All items start in tier 0. SetTier
// fails with a *TierError for a secondary or unknown item, or when options
// are chosen (call Reset first).
func (s *Solver) SetTier(it, tier int) error {
	switch {
	case it < 0 || it >= int(s.n1):
		return &TierError{Item: it, Reason: "is not a primary item"}
	case len(s.forced) > 0:
		return &TierError{Item: it, Reason: "options are chosen; Reset first"}
	case int(int32(tier)) != tier:
		return &TierError{Item: it, Reason: "tier out of int32 range"}
	}
	s.items[it+1].tier = int32(tier)
	if tier != 0 {
		s.tiered = true
	}
	s.linkItems()
	copy(s.baseItems, s.items)
	return nil
}

// startTiers records the tiers that have uncovered primary items.
func (s *Solver) startTiers() {
	s.tierList = s.tierList[:0]
	for k := s.items[0].next; k != 0; k = s.items[k].next {
		t := s.items[k].tier
		if len(s.tierList) == 0 || s.tierList[len(s.tierList)-1] != t {
			s.tierList = append(s.tierList, t)
		}
	}
}

// tierCheck runs after the option of node x was placed at level: if that
// emptied the lowest tier (and maybe more), TierDone hears of each emptied
// tier in ascending order; false from it means prune.
func (s *Solver) tierCheck(level int, x int32) bool {
	t := s.items[idx(s.nodes[idx(x)].top)].tier
	next := int64(math.MaxInt64)
	if k := s.items[0].next; k != 0 {
		next = int64(s.items[k].tier)
	}
	if next == int64(t) {
		return true
	}
	var chosen []int
	for _, tt := range s.tierList {
		if tt < t || int64(tt) >= next {
			continue
		}
		if chosen == nil {
			chosen = s.solution(level + 1)
		}
		if !s.TierDone(int(tt), chosen) {
			return false
		}
	}
	return true
}
