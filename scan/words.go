package scan

import "math/bits"

// andNotWords sets b[w] = a[w] &^ c[w] for each word w of nz and returns
// the mask of those words of b that are not zero. The words of a outside
// nz are stale (taken as zero): andNotWords may write any value into the
// same words of b, and never reports them. With GOEXPERIMENT=simd on a
// CPU with AVX-512 it takes eight words at a time (words_simd.go).
func andNotWords(b, a, c *famBits, nz uint64) uint64 {
	if wideWords {
		return andNotWide(b, a, c, nz)
	}
	return andNotNarrow(b, a, c, nz)
}

// andNotNarrow is andNotWords one word of nz at a time.
func andNotNarrow(b, a, c *famBits, nz uint64) uint64 {
	var out uint64
	for x := nz; x != 0; x &= x - 1 {
		w := bits.TrailingZeros64(x)
		v := a[w] &^ c[w]
		b[w] = v
		out |= (v | -v) >> 63 << w // bit w when v is not zero
	}
	return out
}
