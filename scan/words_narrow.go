//go:build !(goexperiment.simd && amd64)

package scan

import "math/bits"

// wideWords is false: the build has no SIMD package (GOEXPERIMENT=simd on
// amd64), so andNotWords takes one word at a time.
const wideWords = false

// andNotWide is not called without the SIMD package.
func andNotWide(b, a, c *famBits, nz uint64) uint64 { return andNotNarrow(b, a, c, nz) }

// andNotMask is the mask andNotWide returns, without storing the words
// (within does not call it in this build; the tests do).
func andNotMask(a, c *famBits, nz uint64) uint64 {
	var out uint64
	for x := nz; x != 0; x &= x - 1 {
		if w := bits.TrailingZeros64(x); a[w]&^c[w] != 0 {
			out |= 1 << w
		}
	}
	return out
}

// wideCount is false: coversUnit counts bit-sliced, cell by cell.
const wideCount = false

// countWide is the wide count one set at a time (coversUnit does not call
// it in this build; the tests do).
func countWide(sw *[2][deepMax]uint64, open0, open1 uint64) (z0, z1, e0, e1, f0, f1, g0, g1 uint64) {
	var z, e, f, g [2]uint64
	for i := range deepMax {
		p := wideSlot(i)
		b := uint64(1) << (i & 63)
		switch bits.OnesCount64(sw[0][p]&open0) + bits.OnesCount64(sw[1][p]&open1) {
		case 0:
			z[i>>6] |= b
		case 1:
			e[i>>6] |= b
		case 2:
			f[i>>6] |= b
		case 3:
			g[i>>6] |= b
		}
	}
	return z[0], z[1], e[0], e[1], f[0], f[1], g[0], g[1]
}
