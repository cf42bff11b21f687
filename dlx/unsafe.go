//go:build !purego

package dlx

import "unsafe"

// The search follows links without bounds checks. This is deliberate: a
// bounds check per link was a tenth of the search time and its registers
// caused spills in the search loop. It is safe because every link is
// written by NewSolver (pointing inside the arrays it allocated) or copied
// from another link by cover and uncover; the link checker (sanity, and the
// tests' calls to checkLinks) verifies that they stay consistent. Building
// with the tag purego replaces these accessors with bounds-checked ones
// (safe.go), with the same results.

// The bases of the solver's arrays, as the accessors below take them.
type (
	nodeBase  unsafe.Pointer // &nodes[0]
	itemBase  unsafe.Pointer // &items[0]
	levelBase unsafe.Pointer // &xs[0]
	wordBase  unsafe.Pointer // &active[0] or &primaryMask[0]
)

func nodesOf(s []node) nodeBase    { return nodeBase(unsafe.SliceData(s)) }
func itemsOf(s []item) itemBase    { return itemBase(unsafe.SliceData(s)) }
func levelsOf(s []int32) levelBase { return levelBase(unsafe.SliceData(s)) }
func wordsOf(s []uint64) wordBase  { return wordBase(unsafe.SliceData(s)) }

// nodeAt returns the node at byte offset x (node index times nodeSize).
// Links are byte offsets so that following one is a single load: an index
// would need a shift on the chain of dependent loads that the cover loops
// are.
func nodeAt(b nodeBase, x int32) *node {
	return (*node)(unsafe.Add(unsafe.Pointer(b), uintptr(uint32(x))))
}

// at is nodeAt for an offset already widened, as the cover loops keep
// theirs.
func at(b nodeBase, x uintptr) *node {
	return (*node)(unsafe.Add(unsafe.Pointer(b), x))
}

// wordHeaders returns the base of the headers of the 64 items of bitset
// word w: item w*64+k's header is nodeAt(wordHeaders(b, w), k*nodeSize).
func wordHeaders(b nodeBase, w int) nodeBase {
	return nodeBase(unsafe.Add(unsafe.Pointer(b), uintptr(w)<<6*nodeSize))
}

// itemAt returns &items[i].
func itemAt(b itemBase, i int32) *item {
	return (*item)(unsafe.Add(unsafe.Pointer(b), uintptr(uint32(i))*unsafe.Sizeof(item{})))
}

// levelAt returns &xs[level]; level never exceeds the number of primary
// items, the length of xs less one, because every level covers at least
// one primary item.
func levelAt(b levelBase, level int) *int32 {
	return (*int32)(unsafe.Add(unsafe.Pointer(b), uintptr(level)*4))
}

// wordAt returns &active[w] (or &primaryMask[w]); w < nw.
func wordAt(b wordBase, w int) *uint64 {
	return (*uint64)(unsafe.Add(unsafe.Pointer(b), uintptr(w)*8))
}
