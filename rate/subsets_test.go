package rate

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSubsets checks the pruned subsets against every k-subset in
// increasing order, kept when its values have exactly k bits.
func TestSubsets(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		n, k := r.IntN(10), 2+r.IntN(3)
		var vals [9]uint16
		for i := range n {
			for vals[i] == 0 || bits.OnesCount16(vals[i]) > k+1 {
				vals[i] = uint16(r.IntN(512)) & uint16(r.IntN(512))
			}
		}
		var want, got [][]int
		var wantU, gotU []uint16
		var rec func(start int, pre []int, u uint16)
		rec = func(start int, pre []int, u uint16) {
			if len(pre) == k {
				if bits.OnesCount16(u) == k {
					want, wantU = append(want, slices.Clone(pre)), append(wantU, u)
				}
				return
			}
			for i := start; i < n; i++ {
				rec(i+1, append(pre, i), u|vals[i])
			}
		}
		rec(0, nil, 0)
		for ss := (subsets{n: n, k: k}); ; {
			u, ok := ss.next(&vals)
			if !ok {
				break
			}
			got, gotU = append(got, slices.Clone(ss.idx[:k])), append(gotU, u)
		}
		if !slices.EqualFunc(got, want, slices.Equal) || !slices.Equal(gotU, wantU) {
			t.Fatalf("n %d k %d vals %v: subsets %v %v; want %v %v", n, k, vals[:n], got, gotU, want, wantU)
		}
	}
}
