//go:build goexperiment.simd && amd64

package scan

import "simd/archsimd"

// widePairs reports whether the pair loop takes eight sets of band 2 at a
// time (pairMaskWide): the build has Go's SIMD package and the CPU AVX-512.
var widePairs = archsimd.X86.AVX512()

// pairMaskWide is pairMaskNarrow eight words at a time.
func pairMaskWide(v uint64, ys []uint64) uint64 {
	x := archsimd.BroadcastUint64x8(v)
	var zero archsimd.Uint64x8
	var out uint64
	i := 0
	for ; i+8 <= len(ys); i += 8 {
		m := x.And(archsimd.LoadUint64x8((*[8]uint64)(ys[i:]))).Equal(zero).ToBits()
		out |= uint64(m) << i
	}
	for ; i < len(ys); i++ {
		if v&ys[i] == 0 {
			out |= 1 << i
		}
	}
	return out
}
