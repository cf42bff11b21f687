package scan

import (
	"math/rand/v2"
	"testing"
)

// randomFirstWords is n first words whose bits are set with the given
// chance each, different for each bit, as a list's sets' words are.
func randomFirstWords(r *rand.Rand, n int, chance *[64]float64) []uint64 {
	w := make([]uint64, n)
	for i := range w {
		for b := range 64 {
			if r.Float64() < chance[b] {
				w[i] |= 1 << b
			}
		}
	}
	return w
}

// TestPairGroups checks the pivots' choice and grouping on random words:
// leftPairs counts what brute force counts, each group holds exactly the
// words of its pattern in their order, and every pair of words that share
// no bit lies in a pair of groups the pair loop reads.
func TestPairGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 47))
	for trial := range 20 {
		var cx, cy [64]float64
		for b := range 64 {
			cx[b], cy[b] = r.Float64()*0.9, r.Float64()*0.9
		}
		xw := randomFirstWords(r, 500+r.IntN(3000), &cx)
		yw := randomFirstWords(r, 500+r.IntN(3000), &cy)
		var g pairGroups
		k := g.choose(xw, yw, min(len(xw), len(yw)))
		if k == 0 || k > maxPivots {
			t.Fatalf("trial %d: %d pivots", trial, k)
		}
		// leftPairs against brute force on the first samples.
		var px, py [pivotSample]uint8
		sx, sy := xw[:100], yw[:120]
		for i, v := range sx {
			px[i] = uint8(g.pattern(v, k-1))
		}
		for i, v := range sy {
			py[i] = uint8(g.pattern(v, k-1))
		}
		c := uint(g.pivot[k-1])
		want := 0
		for _, a := range sx {
			for _, b := range sy {
				if g.pattern(a, k)&g.pattern(b, k) == 0 {
					want++
				}
			}
		}
		if got := leftPairs(sx, sy, px[:len(sx)], py[:len(sy)], c, k); got != float64(want) {
			t.Fatalf("trial %d: leftPairs %v, brute force %d", trial, got, want)
		}
		g.n = 1 << k
		for _, side := range []struct {
			w   []uint64
			idx []int32
			at  *[1<<maxPivots + 1]int32
		}{{xw, make([]int32, len(xw)), &g.xAt}, {yw, make([]int32, len(yw)), &g.yAt}} {
			g.sort(side.w, side.idx, side.at, k)
			seen := make([]bool, len(side.w))
			for a := range g.n {
				last := int32(-1)
				for _, i := range side.idx[side.at[a]:side.at[a+1]] {
					if seen[i] || i <= last || g.pattern(side.w[i], k) != a {
						t.Fatalf("trial %d: group %d holds word %d wrongly", trial, a, i)
					}
					seen[i], last = true, i
				}
			}
			if side.at[g.n] != int32(len(side.w)) {
				t.Fatalf("trial %d: groups hold %d of %d words", trial, side.at[g.n], len(side.w))
			}
		}
		for _, a := range xw[:200] {
			for _, b := range yw[:200] {
				if a&b == 0 && g.pattern(a, k)&g.pattern(b, k) != 0 {
					t.Fatalf("trial %d: a pair that shares no bit is in groups never paired", trial)
				}
			}
		}
	}
}
