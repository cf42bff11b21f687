package dlx

import "fmt"

// checkLinks verifies the dancing links: the item lists are consistent
// doubly linked rings that agree with the bitset of uncovered items, every
// uncovered item's column is a consistent ring of nodes whose top is the
// item, and len matches the column. It is the link
// checker of dlx1.w; Search runs it at every step when sanity is true and
// tests run it after searches.
func (s *Solver) checkLinks() error {
	items, nodes := s.items, s.nodes
	inList := make([]bool, s.n+2)
	for _, head := range []int32{0, s.n + 1} {
		for k, steps := items[head].next, 0; k != head && steps <= int(s.n); k, steps = items[k].next, steps+1 {
			inList[k] = true
		}
	}
	for i := int32(1); i <= s.n; i++ {
		if bit := s.active[i>>6]>>(i&63)&1 == 1; bit != inList[i] {
			return fmt.Errorf("enumerate: item %d: active bit %v, in the item list %v", i-1, bit, inList[i])
		}
	}
	for _, head := range []int32{0, s.n + 1} {
		steps := 0
		for k := items[head].next; k != head; k = items[k].next {
			if items[items[k].prev].next != k {
				return fmt.Errorf("enumerate: item %d: prev link broken", k-1)
			}
			if steps++; steps > int(s.n)+1 {
				return fmt.Errorf("enumerate: item list from %d does not close", head)
			}
			var c int32
			h := off(k) // links are byte offsets
			for p := nodes[k].down; p != h; p = nodes[idx(p)].down {
				if p <= 0 || int(idx(p)) >= len(nodes) || p&(nodeSize-1) != 0 {
					return fmt.Errorf("enumerate: column of item %d: bad link %d", k-1, p)
				}
				if nodes[idx(p)].top != h {
					return fmt.Errorf("enumerate: node %d in column of item %d has top %d", idx(p), k-1, nodes[idx(p)].top)
				}
				if nodes[idx(nodes[idx(p)].up)].down != p {
					return fmt.Errorf("enumerate: node %d: up link broken", idx(p))
				}
				if c++; int(c) > len(nodes) {
					return fmt.Errorf("enumerate: column of item %d does not close", k-1)
				}
			}
			if nodes[idx(nodes[k].up)].down != h {
				return fmt.Errorf("enumerate: header of item %d: up link broken", k-1)
			}
			if c != nodes[k].top {
				return fmt.Errorf("enumerate: item %d: len %d, column has %d nodes", k-1, nodes[k].top, c)
			}
		}
	}
	return nil
}

// mustCheck panics if checkLinks fails; it is called only when sanity is on.
func (s *Solver) mustCheck() {
	if err := s.checkLinks(); err != nil {
		panic(err)
	}
}
