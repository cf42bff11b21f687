package scan

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestAndNotWords checks andNotWords (eight words at a time when the build
// and the CPU allow it), andNotNarrow and andNotMask against the
// definition, word by word, on random vectors whose words outside nz hold
// garbage.
func TestAndNotWords(t *testing.T) {
	t.Logf("wide words: %v", wideWords)
	r := rand.New(rand.NewPCG(7, 27))
	masks := []uint64{0, 1, 1 << 63, ^uint64(0), 0xff00, 1<<8 - 1, 1 << 9}
	for range 2000 {
		masks = append(masks, r.Uint64()&r.Uint64()>>r.IntN(64))
	}
	for i, nz := range masks {
		var a, c famBits
		for w := range a {
			// Sparse words, so that some words of nz come out zero.
			a[w] = r.Uint64() & r.Uint64() & r.Uint64()
			c[w] = r.Uint64() | r.Uint64()
			if r.IntN(4) == 0 {
				c[w] = ^uint64(0)
			}
		}
		for name, f := range map[string]func(b, a, c *famBits, nz uint64) uint64{
			"andNotWords": andNotWords, "andNotNarrow": andNotNarrow,
		} {
			var b famBits
			for w := range b {
				b[w] = r.Uint64()
			}
			got := f(&b, &a, &c, nz)
			var want uint64
			for x := nz; x != 0; x &= x - 1 {
				w := bits.TrailingZeros64(x)
				if v := a[w] &^ c[w]; v != 0 {
					want |= 1 << w
				}
				if b[w] != a[w]&^c[w] {
					t.Fatalf("case %d, %s: word %d is %#x, want %#x", i, name, w, b[w], a[w]&^c[w])
				}
			}
			if got != want {
				t.Fatalf("case %d, %s (nz %#x): non-zero words %#x, want %#x", i, name, nz, got, want)
			}
			if m := andNotMask(&a, &c, nz); m != want {
				t.Fatalf("case %d: andNotMask (nz %#x) is %#x, want %#x", i, nz, m, want)
			}
		}
	}
}

// TestCountWide checks the sets countWide finds with none to three open
// cells against each set's count, on random deep sets and open cells.
func TestCountWide(t *testing.T) {
	t.Logf("wide count: %v", wideCount)
	r := rand.New(rand.NewPCG(8, 27))
	for trial := range 3000 {
		d := randomDeep(r)
		if trial%3 == 0 && d.n < deepMax {
			d.add(randomCells(r, 1+r.IntN(20))) // a learned set
		}
		open := randomCells(r, r.IntN(82))
		z0, z1, e0, e1, f0, f1, g0, g1 := countWide(&d.setW, open[0], open[1])
		got := [4][2]uint64{{z0, z1}, {e0, e1}, {f0, f1}, {g0, g1}}
		for i := range d.n {
			cnt := d.sets[i].and(open).count()
			for k := range 4 {
				if in := got[k][i>>6]>>(i&63)&1 == 1; in != (cnt == k) {
					t.Fatalf("trial %d: set %d holds %d open cells, but countWide says %v for %d", trial, i, cnt, in, k)
				}
			}
		}
	}
}
