package scan

import "math/bits"

// Fresh families. The compacted families of four sets come from the
// grid's global list, which holds the families of its smallest sets
// first; by the time a node has four clues left, the clues of its path
// have touched nearly all of them. A node with freshLeft clues left can
// list them afresh instead, from the sets its clues miss: the unhit sets'
// open cells, smallest first (up to freshMax of them, the freshSkip
// smallest left out, since the next clues go into them), pairwise
// disjoint on their open cells (a family needs a clue in each set's open
// cells, and no cell is in two of them), in the order of their largest
// set, up to famCap. The nodes of its subtree take their families of
// four sets from that list. It ends about a seventh of the nodes of a
// heavy grid, but listing costs about as much as a subtree of a few
// thousand nodes, and the nodes it ends are cheap ones; so a scan lists
// fresh families only once the subtrees of its nodes with freshLeft clues
// left have averaged freshNodes nodes (on heavy grids).
const (
	freshLeft  = 10
	freshMax   = 256
	freshSkip  = 4
	freshNodes = 10000
	freshSize  = 4 // the size of the families listed fresh
)

// The modes of fresh lists: freshAuto, as described; for tests, never,
// always, and on every second node with freshLeft clues left.
const (
	freshAuto = iota
	freshNever
	freshAlways
	freshAlternate
)

// freshBits is a set of the sets a fresh list is made from.
type freshBits [freshMax / 64]uint64

// freshFamilies is the state of the fresh lists.
type freshFamilies struct {
	at    int                 // the level whose node lists fresh families, or -1
	nodes int64               // the nodes of the subtrees of nodes with freshLeft clues left
	count int64               // those subtrees
	lists int64               // fresh lists made in the scan
	mode  int                 // when fresh lists are used: freshAuto, or for tests another mode
	flip  bool                // freshAlternate: the current node uses one
	n     int                 // sets in use
	sets  [freshMax]cells     // the unhit sets' open cells, smallest first
	rows  [freshMax]freshBits // rows[i]: the sets from freshSkip below i disjoint from set i
	byLen [82][]int32         // the unhit sets by number of open cells
}

// freshNode searches below node n, which has freshLeft clues left, and
// counts its subtree's nodes for the scan's choice (freshSwitch).
func (s *Scanner) freshNode(n int, dead cells) error {
	r := &s.fam.fresh
	r.at = -1
	if r.mode == freshAlternate {
		r.flip = !r.flip
	}
	start := s.stats.Nodes
	err := s.branchOn(n, dead)
	r.nodes += s.stats.Nodes - start
	r.count++
	return err
}

// freshSwitch is called by node n, which has freshLeft clues left,
// before each child: when the scan wants fresh families (or the tests'
// mode asks), the children from then on take their families of freshSize
// sets from a fresh list, listed when a node below first asks for them.
// No node below n is active then, so none holds families of the list it
// replaces.
func (s *Scanner) freshSwitch(n int) {
	r := &s.fam.fresh
	if r.at == n || !s.famOn {
		return
	}
	switch r.mode {
	case freshAuto:
		if r.count == 0 || r.nodes < freshNodes*r.count {
			return
		}
	case freshNever:
		return
	case freshAlternate:
		if !r.flip {
			return
		}
	}
	r.at = n
	s.fam.known[n] &^= 1 << freshSize
}

// listFresh lists the fresh families of the node at level n and marks
// them untouched there. The levels above that took families of that size
// from the compacted list take them from it again when next asked for,
// compacted anew, since the list is overwritten.
func (f *families) listFresh(n int) {
	r := &f.fresh
	r.lists++
	for l := range n {
		f.known[l] &^= 1 << freshSize
	}
	// A set with no open cell ends the node's subtree: its list is empty.
	r.n, _ = smallestOpen(f.sets, &f.unhit[n], f.deadAt[n], &r.byLen, r.sets[:])
	a := &f.adder
	*a = famAdder{}
	f.freshFours(a)
	f.endList(a, n, freshSize)
}

// freshFours lists the families of four of the fresh sets, in the order
// of their largest set, until the list is full.
func (f *families) freshFours(a *famAdder) {
	r := &f.fresh
	un := &f.union[4]
	for i := freshSkip; i < r.n; i++ {
		ri := &r.rows[i]
		*ri = freshBits{}
		si := r.sets[i]
		for k := freshSkip; k < i; k++ {
			if !si.meets(r.sets[k]) {
				ri[k>>6] |= 1 << (k & 63)
			}
		}
		for wa, xa := range ri {
			for ; xa != 0; xa &= xa - 1 {
				ia := wa<<6 | bits.TrailingZeros64(xa)
				ra := &r.rows[ia]
				var rb freshBits
				for k := range rb {
					rb[k] = ri[k] & ra[k]
				}
				ua := si.or(r.sets[ia])
				for wb, xb := range rb {
					for ; xb != 0; xb &= xb - 1 {
						ib := wb<<6 | bits.TrailingZeros64(xb)
						ub := ua.or(r.sets[ib])
						rw := &r.rows[ib]
						for wc := range rb {
							for xc := rb[wc] & rw[wc]; xc != 0; xc &= xc - 1 {
								// addFamily written out: the compiler does
								// not inline it, and this loop is hot.
								v := ub.or(r.sets[wc<<6|bits.TrailingZeros64(xc)])
								un[a.cnt+a.k] = v
								a.lo[a.k] = v[0]
								a.hi[a.k] |= v[1] << (a.slot * hiBits)
								if a.k++; a.k == 64 {
									f.flushLo(a, 4)
									if a.cnt == famCap[4] {
										return
									}
								}
							}
						}
					}
				}
			}
		}
	}
}
