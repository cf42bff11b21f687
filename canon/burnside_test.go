package canon

import (
	"math/big"
	"testing"
)

func TestBurnside(t *testing.T) {
	if GroupOrder != 2*1296*1296*362880 {
		t.Fatalf("GroupOrder %d; want 2 x 1296^2 x 9!", GroupOrder)
	}
	var h [MaxAutomorphisms + 1]int64
	h[1], h[2], h[648] = 5, 3, 1
	got, err := Burnside(&h)
	want := new(big.Int).SetInt64(5*GroupOrder + 3*(GroupOrder/2) + GroupOrder/648)
	if err != nil || got.Cmp(want) != 0 {
		t.Errorf("Burnside = %v, %v; want %v", got, err, want)
	}
	// Past 64 bits: a billion grids of one automorphism.
	h = [MaxAutomorphisms + 1]int64{1: 1e9}
	got, err = Burnside(&h)
	want = new(big.Int).Mul(big.NewInt(GroupOrder), big.NewInt(1e9))
	if err != nil || got.Cmp(want) != 0 || got.IsInt64() {
		t.Errorf("Burnside of 1e9 grids = %v, %v; want %v", got, err, want)
	}
	if got, err := Burnside(&[MaxAutomorphisms + 1]int64{}); err != nil || got.Sign() != 0 {
		t.Errorf("Burnside of nothing = %v, %v; want 0", got, err)
	}
	for name, bad := range map[string][MaxAutomorphisms + 1]int64{
		"zero automorphisms": {0: 1},
		"not a divisor":      {11: 1},
		"negative count":     {2: -1},
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := Burnside(&bad); err == nil {
				t.Errorf("Burnside = %v; want an error", got)
			}
		})
	}
}
