//go:build purego

package dlx

// With the build tag purego the search's accessors index the solver's
// slices with bounds checks (see unsafe.go for the default, unchecked ones).

type (
	nodeBase  []node
	itemBase  []item
	levelBase []int32
	wordBase  []uint64
)

func nodesOf(s []node) nodeBase    { return s }
func itemsOf(s []item) itemBase    { return s }
func levelsOf(s []int32) levelBase { return s }
func wordsOf(s []uint64) wordBase  { return s }

// nodeAt returns the node at byte offset x (node index times nodeSize).
func nodeAt(b nodeBase, x int32) *node { return &b[uint32(x)>>nodeShift] }

// at is nodeAt for an offset already widened.
func at(b nodeBase, x uintptr) *node { return &b[x>>nodeShift] }

// wordHeaders returns the headers of the 64 items of bitset word w onward.
func wordHeaders(b nodeBase, w int) nodeBase { return b[w<<6:] }

// itemAt returns &items[i].
func itemAt(b itemBase, i int32) *item { return &b[i] }

// levelAt returns &xs[level].
func levelAt(b levelBase, level int) *int32 { return &b[level] }

// wordAt returns &active[w] (or &primaryMask[w]).
func wordAt(b wordBase, w int) *uint64 { return &b[w] }
