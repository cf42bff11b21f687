//go:build !(goexperiment.simd && amd64)

package scan

// widePairs is false without Go's SIMD package: pairMask goes one word at
// a time.
const widePairs = false

// pairMaskWide is never called without Go's SIMD package.
func pairMaskWide(v uint64, ys []uint64) uint64 { return pairMaskNarrow(v, ys) }

// missNoneWide is never called without Go's SIMD package.
func missNoneWide(a, b *[crossWords - 1]uint64) bool { return missNone(a, b) }

// andNot16Wide is never called without Go's SIMD package.
func andNot16Wide(dst, a, b *[16]uint64) {
	for w := range dst {
		dst[w] = a[w] &^ b[w]
	}
}

// keepMissingWide is never called without Go's SIMD package.
func keepMissingWide(dst, sets []uint32, c uint) []uint32 { return keepMissing(dst, sets, c) }
