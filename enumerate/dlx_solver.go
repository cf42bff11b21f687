package enumerate

import "sort"

// The dancing-links layout (Knuth, dlx1.w), all links int32 indexes:
//
// items: items[0] is the root of the circular list of uncovered primary
// items; user item k is items[k+1]; items[n+1] heads the list of secondary
// items, which are never branched on. Each record holds prev/next links, the
// number of options left in the item's column (len) and its tier.
//
// nodes: nodes[1..n] are the column headers of items 1..n (up = last node of
// the column, down = first). nodes[n+1] is the first spacer. Then come the
// options, one node per item, each option followed by a spacer. In an
// option node, top is the item; in a spacer top <= 0 is minus the number of
// the option that follows it, up is the first node of the option before it
// and down the last node of the option after it, so that a walk along an
// option can wrap from one end to the other without a separate index.
// nodes[0] is unused.
//
// Covering item i unlinks i from the item list and hides every option in
// its column (removes that option's other nodes from their columns);
// uncovering does the exact reverse, in reverse order. Hiding walks an
// option through right, whose loop runs the same number of times for every
// node of the option; a walk across the spacer would branch at a different
// step for each starting node, and that mispredicted branch cost a third of
// the search time. The order inside one option does not matter to hiding,
// as its nodes lie in distinct columns.
type item struct {
	prev, next int32
	len        int32 // options left in the column
	tier       int32 // SetTier; the item list is kept sorted by tier
}

type node struct {
	top      int32 // item (> 0), or minus the next option's number (<= 0) in a spacer
	up, down int32
	right    int32 // next node of the same option, cyclically (0 in a spacer)
}

// sanity turns on the link checker after every step of the search.
const sanity = false

// Solver runs dancing-links searches on a copy of a Matrix. It can be
// reused: Choose forces options (givens), Search looks for completions,
// Reset takes the chosen options back. A Solver is not safe for
// concurrent use; make one per goroutine from the same Matrix.
type Solver struct {
	items    []item
	nodes    []node
	n1, n    int32   // primary items, all items
	optStart []int32 // first node of each option
	options  int

	chosenBy []int32 // for each user item, the chosen option covering it, or -1
	// base and baseItems are the links as NewSolver and SetTier left them:
	// Reset copies them back when that is cheaper than uncovering.
	base       []node
	baseItems  []item
	chooseWork uint64 // updates made by Choose since the last Reset
	forced   []int32 // options chosen by Choose, in order
	xs       []int32 // the search's current node at each level
	active   []uint64 // bit i set: item i uncovered (bit 0 and the secondary head stay clear)
	sol      []int   // forced options, then the search path, for visit and TierDone

	tiered    bool    // some SetTier gave a nonzero tier
	tierList  []int32 // distinct tiers present when a Search starts, ascending
	updates   uint64
	hasSecond bool

	// TierDone, if set, is called during Search when the search has just
	// covered the last primary item of a tier (with the lowest tier present
	// when Search began as the first reported); chosen lists the chosen
	// options as visit gets them. Returning false prunes: the search takes
	// that last choice back and goes on with the next alternative. Tiers
	// already empty when Search begins are not reported.
	TierDone func(tier int, chosen []int) bool

	// Trace, if set, is called at every placement, backtrack and dead end
	// of the search; it is meant for teaching (edgrid solve -v) and slows
	// the search down.
	Trace func(TraceEvent)
}

// TraceKind says what a TraceEvent reports.
type TraceKind uint8

// The kinds of TraceEvent.
const (
	TracePlace     TraceKind = iota // Option was placed
	TraceBacktrack                  // Option is taken back
	TraceDeadEnd                    // Item has no option left
)

// TraceEvent is one step of a traced search. Depth 0 is the first choice of
// the search (options chosen with Choose are not traced).
type TraceEvent struct {
	Kind    TraceKind
	Depth   int
	Item    int // the item branched on (or the dead item)
	Option  int // the option placed or taken back; -1 for a dead end
	Choice  int // Option is alternative Choice (1-based) ...
	Choices int // ... of the Choices options Item had when branched on
}

// NewSolver builds the dancing links for m. Later changes to m do not
// affect the solver.
func NewSolver(m *Matrix) *Solver {
	n1, n := int32(m.primary), int32(m.primary+m.secondary)
	s := &Solver{n1: n1, n: n, options: m.Options(), hasSecond: m.secondary > 0}
	s.items = make([]item, n+2)
	s.nodes = make([]node, int(n)+2+len(m.items)+m.Options())
	s.optStart = make([]int32, m.Options())
	s.chosenBy = make([]int32, n)
	for i := range s.chosenBy {
		s.chosenBy[i] = -1
	}
	s.xs = make([]int32, n1+1)
	s.active = make([]uint64, (n+2)/64+1)
	for i := int32(1); i <= n; i++ {
		s.active[i>>6] |= 1 << (i & 63)
	}
	s.sol = make([]int, 0, int(n)+1)

	s.linkItems()
	for i := int32(1); i <= n; i++ {
		s.nodes[i] = node{up: i, down: i}
	}
	// Options: spacer, nodes, spacer, nodes, ..., spacer.
	x := n + 1
	s.nodes[x] = node{top: 0}
	for k := 0; k < m.Options(); k++ {
		its := m.items[m.start[k]:m.start[k+1]]
		first := x + 1
		s.optStart[k] = first
		for _, it := range its {
			x++
			i := it + 1
			last := s.nodes[i].up
			s.nodes[x] = node{top: i, up: last, down: i}
			s.nodes[last].down = x
			s.nodes[i].up = x
			s.items[i].len++
		}
		s.nodes[first-1].down = x // previous spacer: last node of this option
		for y := first; y < x; y++ {
			s.nodes[y].right = y + 1
		}
		s.nodes[x].right = first
		x++
		s.nodes[x] = node{top: -int32(k + 1), up: first}
	}
	s.base = append([]node(nil), s.nodes...)
	s.baseItems = append([]item(nil), s.items...)
	return s
}

// linkItems links the primary items into the root list sorted by tier (then
// by number) and the secondary items into theirs. All items must be
// uncovered.
func (s *Solver) linkItems() {
	order := make([]int32, 0, s.n1)
	for i := int32(1); i <= s.n1; i++ {
		order = append(order, i)
	}
	sort.SliceStable(order, func(a, b int) bool { return s.items[order[a]].tier < s.items[order[b]].tier })
	prev := int32(0)
	for _, i := range order {
		s.items[prev].next = i
		s.items[i].prev = prev
		prev = i
	}
	s.items[prev].next = 0
	s.items[0].prev = prev
	head := s.n + 1
	prev = head
	for i := s.n1 + 1; i <= s.n; i++ {
		s.items[prev].next = i
		s.items[i].prev = prev
		prev = i
	}
	s.items[prev].next = head
	s.items[head].prev = prev
}

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

// Updates returns the number of link updates made by covering since the
// solver was built: one per node hidden and one per item unlinked. It is
// the machine-independent measure of work of dlx1.w.
func (s *Solver) Updates() uint64 { return s.updates }

// Chosen returns the options chosen with Choose, in order.
func (s *Solver) Chosen() []int {
	out := make([]int, len(s.forced))
	for i, o := range s.forced {
		out[i] = int(o)
	}
	return out
}

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
		it := s.nodes[x].top - 1
		if by := s.chosenBy[it]; by >= 0 {
			return &ConflictError{Option: k, Item: int(it), By: int(by)}
		}
	}
	u := s.updates
	for x := first; s.nodes[x].top > 0; x++ {
		s.chosenBy[s.nodes[x].top-1] = int32(k)
		s.cover(s.nodes[x].top)
	}
	s.chooseWork += s.updates - u
	s.forced = append(s.forced, int32(k))
	return nil
}

// Reset takes back every option chosen with Choose, newest first, leaving
// the solver as NewSolver built it (tiers are kept).
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
				i := s.nodes[x].top
				s.active[i>>6] |= 1 << (i & 63)
			}
		}
		for _, k := range s.forced {
			for x := s.optStart[k]; s.nodes[x].top > 0; x++ {
				s.chosenBy[s.nodes[x].top-1] = -1
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
				s.chosenBy[s.nodes[x].top-1] = -1
				s.uncover(s.nodes[x].top)
			}
		}
	}
	s.forced = s.forced[:0]
	s.chooseWork = 0
}

// cover unlinks item i and hides the options in its column. Search has its
// own inlined copy; this one serves Choose.
func (s *Solver) cover(i int32) {
	nodes, items := s.nodes, s.items
	var u uint64 = 1
	for p := nodes[i].down; p != i; p = nodes[p].down {
		for q := nodes[p].right; q != p; q = nodes[q].right {
			up, dn := nodes[q].up, nodes[q].down
			nodes[up].down = dn
			nodes[dn].up = up
			items[nodes[q].top].len--
			u++
		}
	}
	l, r := items[i].prev, items[i].next
	items[l].next = r
	items[r].prev = l
	s.active[i>>6] &^= 1 << (i & 63)
	s.updates += u
}

// uncover is the exact inverse of cover.
func (s *Solver) uncover(i int32) {
	nodes, items := s.nodes, s.items
	l, r := items[i].prev, items[i].next
	items[l].next = i
	items[r].prev = i
	s.active[i>>6] |= 1 << (i & 63)
	for p := nodes[i].up; p != i; p = nodes[p].up {
		for q := nodes[p].right; q != p; q = nodes[q].right {
			up, dn := nodes[q].up, nodes[q].down
			nodes[up].down = q
			nodes[dn].up = q
			items[nodes[q].top].len++
		}
	}
}

// optionOf returns the number of the option node x belongs to.
func (s *Solver) optionOf(x int32) int {
	for s.nodes[x].top > 0 {
		x--
	}
	return int(-s.nodes[x].top)
}
