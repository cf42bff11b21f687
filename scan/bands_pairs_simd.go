//go:build goexperiment.simd && amd64

package scan

import (
	"math/bits"
	"simd/archsimd"
)

// widePairs reports whether the pair loop takes eight sets of band 2 at a
// time (pairMaskWide): the build has Go's SIMD package and the CPU AVX-512.
var widePairs = archsimd.X86.AVX512()

// pairMaskWide is pairMaskNarrow eight words at a time.
func pairMaskWide(v uint64, ys []uint64) uint64 {
	x := archsimd.BroadcastUint64x8(v)
	var zero archsimd.Uint64x8
	if len(ys) == 64 {
		// The common case, straight: the eight tests do not wait on
		// one another.
		y := (*[64]uint64)(ys)
		m0 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[0:8]))).Equal(zero).ToBits()
		m1 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[8:16]))).Equal(zero).ToBits()
		m2 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[16:24]))).Equal(zero).ToBits()
		m3 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[24:32]))).Equal(zero).ToBits()
		m4 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[32:40]))).Equal(zero).ToBits()
		m5 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[40:48]))).Equal(zero).ToBits()
		m6 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[48:56]))).Equal(zero).ToBits()
		m7 := x.And(archsimd.LoadUint64x8((*[8]uint64)(y[56:64]))).Equal(zero).ToBits()
		lo := uint64(m0) | uint64(m1)<<8 | uint64(m2)<<16 | uint64(m3)<<24
		hi := uint64(m4) | uint64(m5)<<8 | uint64(m6)<<16 | uint64(m7)<<24
		return lo | hi<<32
	}
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

// missNoneWide is missNone eight words at a time: the two loads of eight
// overlap in one word, which changes nothing in an OR.
func missNoneWide(a, b *[crossWords - 1]uint64) bool {
	x := archsimd.LoadUint64x8((*[8]uint64)(a[0:8])).And(archsimd.LoadUint64x8((*[8]uint64)(b[0:8])))
	y := archsimd.LoadUint64x8((*[8]uint64)(a[crossWords-9:])).And(archsimd.LoadUint64x8((*[8]uint64)(b[crossWords-9:])))
	var zero archsimd.Uint64x8
	return x.Or(y).Equal(zero).ToBits() == 0xff
}

// andNot16Wide sets dst to a &^ b, sixteen words, eight at a time.
func andNot16Wide(dst, a, b *[16]uint64) {
	for h := 0; h < 16; h += 8 {
		x := archsimd.LoadUint64x8((*[8]uint64)(a[h : h+8]))
		y := archsimd.LoadUint64x8((*[8]uint64)(b[h : h+8]))
		x.AndNot(y).Store((*[8]uint64)(dst[h : h+8]))
	}
}

// keepMissingWide is keepMissing sixteen sets at a time: the sets without
// cell c of each sixteen are packed together and stored at once.
func keepMissingWide(dst, sets []uint32, c uint) []uint32 {
	if cap(dst) < len(sets) {
		dst = make([]uint32, len(sets), max(len(sets), zCap))
	}
	dst = dst[:len(sets)]
	bit := archsimd.BroadcastUint32x16(1 << c)
	var zero archsimd.Uint32x16
	n, i := 0, 0
	for ; i+16 <= len(sets); i += 16 {
		v := archsimd.LoadUint32x16((*[16]uint32)(sets[i : i+16]))
		m := v.And(bit).Equal(zero)
		// n <= i, so the sixteen stored fit below len(sets).
		v.Compress(m).Store((*[16]uint32)(dst[n : n+16]))
		n += bits.OnesCount16(m.ToBits())
	}
	for _, u := range sets[i:] {
		dst[n] = u
		n += int(u>>c&1 ^ 1)
	}
	return dst[:n]
}
