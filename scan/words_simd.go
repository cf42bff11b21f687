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

// andNotMask is the mask andNotWide returns, without storing the words.
func andNotMask(a, c *famBits, nz uint64) uint64 {
	var zero archsimd.Uint64x8
	var out uint64
	for i, n := 0, bits.Len64(nz); i < n; i += 8 {
		v := archsimd.LoadUint64x8((*[8]uint64)(a[i:])).AndNot(archsimd.LoadUint64x8((*[8]uint64)(c[i:])))
		out |= uint64(v.NotEqual(zero).ToBits()) << i
	}
	return out & nz
}

// wideCount reports whether coversUnit counts the deep sets' open cells
// with countWide: AVX-512 with its population count.
var wideCount = wideWords && archsimd.X86.AVX512VPOPCNTDQ()

// countWide returns the deep sets that hold none, one, two and three of
// the open cells, each as two words (set i at bit i%64 of word i/64),
// from the sets' words in setW (wideSlot's order); slots past the sets in
// use are counted too, and the caller masks them out.
func countWide(sw *[2][deepMax]uint64, open0, open1 uint64) (z0, z1, e0, e1, f0, f1, g0, g1 uint64) {
	o0 := archsimd.BroadcastUint64x8(open0)
	o1 := archsimd.BroadcastUint64x8(open1)
	c0 := countBytes(sw, 0, o0, o1)
	c1 := countBytes(sw, 64, o0, o1)
	v := archsimd.BroadcastUint8x64(0)
	z0, z1 = c0.Equal(v).ToBits(), c1.Equal(v).ToBits()
	v = archsimd.BroadcastUint8x64(1)
	e0, e1 = c0.Equal(v).ToBits(), c1.Equal(v).ToBits()
	v = archsimd.BroadcastUint8x64(2)
	f0, f1 = c0.Equal(v).ToBits(), c1.Equal(v).ToBits()
	v = archsimd.BroadcastUint8x64(3)
	g0, g1 = c0.Equal(v).ToBits(), c1.Equal(v).ToBits()
	return
}

// countBytes is the open cells of sets base to base+63, one byte a set in
// order: slot 8j+l of setW holds set 8l+j, so shifting the counts of the
// eight slots 8j.. into byte j of each word puts set 8l+j at byte 8l+j.
func countBytes(sw *[2][deepMax]uint64, base int, o0, o1 archsimd.Uint64x8) archsimd.Uint8x64 {
	var acc archsimd.Uint64x8
	for j := range 8 {
		i := base + 8*j
		c := archsimd.LoadUint64x8((*[8]uint64)(sw[0][i:])).And(o0).OnesCount().Add(
			archsimd.LoadUint64x8((*[8]uint64)(sw[1][i:])).And(o1).OnesCount())
		acc = acc.Or(c.ShiftAllLeft(uint64(8 * j)))
	}
	return acc.AsUint8x64()
}
