package dlx

import "math"

// The dancing-links layout (Knuth, dlx1.w), links as int32 byte offsets.
//
// items: items[0] is the root of the circular list of uncovered primary
// items; user item k is items[k+1]; items[n+1] heads the list of secondary
// items, which are never branched on. Each record holds prev/next links.
// The bitset active mirrors the lists (bit i: item i is uncovered); the
// search scans the bitset and keeps only it up to date (the lists too under
// sanity), Choose and Reset keep both.
//
// nodes: nodes[1..n] are the column headers of items 1..n: up is the last
// node of the column, down the first, and top the column's length (len,
// the number of options left), as in dlx1.w. nodes[n+1] is the first
// spacer; then come the options, one node per item, each followed by a
// spacer. In an option node top is the item and right the next node of the
// same option, cyclically. In a spacer top <= 0 is minus the number of the
// option after it, up is the first node of the option before it and down
// the last node of the option after it, so that a walk along an option can
// wrap around through the spacer. nodes[0] is unused.
//
// Every link (up, down, right, and top in an option node) holds a byte
// offset, the node's index times nodeSize, rather than the index (see
// nodeAt); a header's len and a spacer's top are plain numbers. Item i's
// header is at offset i*nodeSize.
//
// Covering item i unlinks i from the item list and hides every option in
// its column (removes that option's other nodes from their columns);
// uncovering does the exact reverse, in reverse order. Hiding walks an
// option through right, so that its loop runs the same number of times
// whatever node it starts from; the order inside one option does not
// matter to hiding, as its nodes lie in distinct columns.
type item struct {
	prev, next int32
}

type node struct {
	top      int32 // header: len; option node: the item's header (> 0); spacer: minus the next option's number
	up, down int32
	right    int32 // next node of the same option, cyclically (0 in a spacer)
}

// nodeSize is the size of a node in bytes, the factor between a node's
// index and its offset; nodeShift is its base-2 logarithm.
const (
	nodeSize  = 16
	nodeShift = 4
)

// off returns the byte offset of node index x, and idx the index of
// byte offset x.
func off(x int32) int32 { return x << nodeShift }
func idx(x int32) int32 { return x >> nodeShift }

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
	optStart []int32 // first node of each option (an index)
	options  int

	chosenBy []int32 // for each user item, the chosen option covering it, or -1
	// base and baseItems are the links as NewSolver left them:
	// Reset copies them back when that is cheaper than uncovering.
	base        []node
	baseItems   []item
	chooseWork  uint64   // updates made by Choose since the last Reset
	forced      []int32  // options chosen by Choose, in order
	xs          []int32  // the search's current node (offset) at each level
	active      []uint64 // bit i set: item i uncovered (bit 0 and the secondary head stay clear)
	primaryMask []uint64 // bit i set: item i primary
	sol         []int    // forced options, then the search path, for visit

	updates   uint64
	hasSecond bool

	// Trace, if set, is called at every placement, backtrack and dead end
	// of the search; it is meant for teaching (edgrid solve -v) and slows
	// the search down.
	Trace func(TraceEvent)
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
	s.primaryMask = make([]uint64, len(s.active))
	for i := int32(1); i <= n; i++ {
		s.active[i>>6] |= 1 << (i & 63)
		if i <= n1 {
			s.primaryMask[i>>6] |= 1 << (i & 63)
		}
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
			s.nodes[i].top++
		}
		s.nodes[first-1].down = x // previous spacer: last node of this option
		for y := first; y < x; y++ {
			s.nodes[y].right = y + 1
		}
		s.nodes[x].right = first
		x++
		s.nodes[x] = node{top: -int32(k + 1), up: first}
	}
	if len(s.nodes) > math.MaxInt32>>nodeShift {
		panic("dlx: too many nodes for 32-bit links")
	}
	// From indexes to byte offsets.
	for y := range s.nodes {
		nd := &s.nodes[y]
		nd.up, nd.down, nd.right = off(nd.up), off(nd.down), off(nd.right)
		if int32(y) > n && nd.top > 0 {
			nd.top = off(nd.top)
		}
	}
	s.base = append([]node(nil), s.nodes...)
	s.baseItems = append([]item(nil), s.items...)
	return s
}

// linkItems links the primary items into the root list in order and the
// secondary items into theirs. All items must be uncovered.
func (s *Solver) linkItems() {
	prev := int32(0)
	for i := int32(1); i <= s.n1; i++ {
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

// Updates returns the number of link updates made by covering since the
// solver was built: one per node hidden and one per item unlinked. It is
// the machine-independent measure of work of dlx1.w.
func (s *Solver) Updates() uint64 { return s.updates }

// optionOf returns the number of the option node (offset) x belongs to.
func (s *Solver) optionOf(x int32) int {
	for x = idx(x); s.nodes[x].top > 0; {
		x--
	}
	return int(-s.nodes[x].top)
}
