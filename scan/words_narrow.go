//go:build !(goexperiment.simd && amd64)

package scan

// wideWords is false: the build has no SIMD package (GOEXPERIMENT=simd on
// amd64), so andNotWords takes one word at a time.
const wideWords = false

// andNotWide is not called without the SIMD package.
func andNotWide(b, a, c *famBits, nz uint64) uint64 { return andNotNarrow(b, a, c, nz) }
