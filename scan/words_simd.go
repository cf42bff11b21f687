//go:build goexperiment.simd && amd64

package scan

import (
	"math/bits"
	"simd/archsimd"
)

// wideWords reports whether andNotWords takes eight words at a time: the
// build has Go's SIMD package and the CPU AVX-512.
var wideWords = archsimd.X86.AVX512()

// andNotWide is andNotWords on every word up to the last of nz, eight at
// a time: one pass without a branch a word costs less than skipping the
// zero words one by one.
func andNotWide(b, a, c *famBits, nz uint64) uint64 {
	var zero archsimd.Uint64x8
	var out uint64
	for i, n := 0, bits.Len64(nz); i < n; i += 8 {
		v := archsimd.LoadUint64x8((*[8]uint64)(a[i:])).AndNot(archsimd.LoadUint64x8((*[8]uint64)(c[i:])))
		v.Store((*[8]uint64)(b[i:]))
		out |= uint64(v.NotEqual(zero).ToBits()) << i
	}
	return out & nz
}
