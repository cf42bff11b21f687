package enumerate

import "unsafe"

// The search follows links without bounds checks. This is deliberate: a
// bounds check per link was a tenth of the search time and its registers
// caused spills in the search loop. It is safe because every link is
// written by NewSolver (pointing inside the arrays it allocated) or copied
// from another link by cover and uncover; the link checker (sanity, and the
// tests' calls to checkLinks) verifies that they stay consistent.

// nodeAt returns the node at byte offset x (node index times nodeSize) of
// the nodes array starting at base. Links are byte offsets so that
// following one is a single load: an index would need a shift on the
// chain of dependent loads that the cover loops are.
func nodeAt(base unsafe.Pointer, x int32) *node {
	return (*node)(unsafe.Add(base, uintptr(uint32(x))))
}

// at is nodeAt for an offset already widened, as the cover loops keep
// theirs.
func at(base unsafe.Pointer, x uintptr) *node {
	return (*node)(unsafe.Add(base, x))
}

// itemAt returns &items[i] for the items array starting at base.
func itemAt(base unsafe.Pointer, i int32) *item {
	return (*item)(unsafe.Add(base, uintptr(uint32(i))*unsafe.Sizeof(item{})))
}

// levelAt returns &xs[level] for the xs array starting at base; level never
// exceeds the number of primary items, the length of xs less one, because
// every level covers at least one primary item.
func levelAt(base unsafe.Pointer, level int) *int32 {
	return (*int32)(unsafe.Add(base, uintptr(level)*4))
}

// wordAt returns &active[w] for the bitset starting at base; w < nw.
func wordAt(base unsafe.Pointer, w int) *uint64 {
	return (*uint64)(unsafe.Add(base, uintptr(w)*8))
}
