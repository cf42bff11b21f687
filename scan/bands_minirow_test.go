package scan

import (
	"math/rand/v2"
	"testing"
)

// TestMinirowNeeds checks the carries of minirowNeeds against the sets
// read one at a time: on random sets that meet band 3 in one minirow
// (many sharing a part, so that runs cross words) and random vectors, the
// parts each minirow is left with, the clues they need and those by stack.
func TestMinirowNeeds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var p bandPass
		n := 1 + r.IntN(maxThird/2)
		for range n {
			mr, sub := r.IntN(9), uint32(1+r.IntN(7))
			if trial%2 == 0 {
				mr, sub = r.IntN(2), uint32(1+r.IntN(2)) // few parts, long runs
			}
			p.third = append(p.third, third{p0: 1, p3: sub << (mr/3*9 + mr%3*3)})
		}
		sortThird(p.third)
		p.indexMinirows()
		if p.nMini != n {
			t.Fatalf("trial %d: %d of %d sets in one minirow", trial, p.nMini, n)
		}
		var wx, wy [thirdWords]uint64
		for w := range thirdWords {
			wx[w], wy[w] = r.Uint64(), r.Uint64()
			if trial%3 == 0 {
				wx[w] &= r.Uint64() // sparser: fewer parts needed
			}
		}
		var want [9]uint8
		for i, u := range p.third {
			if wx[i/64]&wy[i/64]>>(i%64)&1 != 0 {
				mr, sub, _ := inMinirow(u.p3)
				want[mr] |= 1 << sub
			}
		}
		wantNeed, wantS := 0, [3]int{}
		for mr, c := range want {
			wantNeed += int(minirowNeed[c])
			wantS[mr%3] += int(minirowNeed[c])
		}
		code, need, needS := p.minirowNeeds(&wx, &wy)
		if code != want || need != wantNeed || needS != wantS {
			t.Fatalf("trial %d (%d sets): codes %v need %d %v; one at a time %v %d %v", trial, n, code, need, needS, want, wantNeed, wantS)
		}
	}
}
