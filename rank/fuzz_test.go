package rank

import (
	"context"
	"testing"

	"edgrid/canon"
)

// FuzzRank passes arbitrary grids and orders to Rank. Anything that is not a
// solution grid, or an unknown order, must give an error and no panic; a
// solution grid a number that Unrank turns back into its minlex form.
func FuzzRank(f *testing.F) {
	f.Add([]byte("123456789456789123789123456214835697367291845598647312632918574845372961971564238"), uint8(0))
	f.Add([]byte("123456789457893612986217354274538196531964827698721435342685971715349268869172543"), uint8(2))
	f.Add([]byte("987654321654321987321987654896547213543219876217863549479132568138576492765498132"), uint8(1))
	f.Add(make([]byte, 81), uint8(3))
	r, err := New(nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, data []byte, order uint8) {
		var g canon.Grid
		copy(g[:], data)
		for i, d := range g {
			if d >= '0' && d <= '9' {
				g[i] = d - '0'
			}
		}
		o := Order(order % 4)
		n, m, err := r.Rank(ctx, &g, o)
		valid := g.Validate() == nil && o <= Lex
		if (err == nil) != valid {
			t.Fatalf("Rank(%v, %v): %v; valid input %v", g, o, err, valid)
		}
		if !valid {
			return
		}
		if want, _, _ := canon.Minlex(&g); m != want {
			t.Fatalf("Rank(%v, %v) gives minlex %v; want %v", g, o, m, want)
		}
		back, err := r.Unrank(ctx, n, o)
		if err != nil || back != m {
			t.Fatalf("Unrank(%d, %v) = %v, %v; want %v", n, o, back, err, m)
		}
	})
}
