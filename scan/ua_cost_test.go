package scan

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
)

// everyTemplate lists the 46,656 templates (one cell in each row, column
// and box, as the column of each row) from the permutations of the nine
// columns, apart from the search that builds the tables.
func everyTemplate() [][9]uint8 {
	var out [][9]uint8
	p := [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
	var permute func(k int)
	permute = func(k int) {
		if k == 9 {
			var boxes [9]bool
			for r, c := range p {
				b := r/3*3 + int(c)/3
				if boxes[b] {
					return
				}
				boxes[b] = true
			}
			out = append(out, p)
			return
		}
		for i := k; i < 9; i++ {
			p[k], p[i] = p[i], p[k]
			permute(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	permute(0)
	return out
}

// TestMoveCost checks the move-cost table of every digit of random grids
// against the definition on that digit's own template: for each set of
// rows L, the fewest rows a template differing in all of L differs in.
// This also checks that the table depends only on the class moveCost
// finds.
func TestMoveCost(t *testing.T) {
	all := everyTemplate()
	if len(all) != 46656 {
		t.Fatalf("%d templates, want 46656", len(all))
	}
	r := rand.New(rand.NewPCG(3, 4))
	grids := 6
	if testing.Short() {
		grids = 2
	}
	for range grids {
		g := canon.RandomGrid(r)
		for d := uint8(1); d <= 9; d++ {
			var own [9]uint8
			for c, x := range g {
				if x == d {
					own[c/9] = uint8(c % 9)
				}
			}
			var want [512]int
			for i := range want {
				want[i] = 99
			}
			for _, tp := range all {
				diff := 0
				for row := range 9 {
					if tp[row] != own[row] {
						diff |= 1 << row
					}
				}
				n := bits.OnesCount(uint(diff))
				for l := range 512 {
					if l&^diff == 0 && n < want[l] {
						want[l] = n
					}
				}
			}
			got := moveCost(&own)
			for l := range 512 {
				if int(got[l]) != want[l] {
					t.Fatalf("digit %d of %v, rows %09b: cost %d, want %d", d, g, l, got[l], want[l])
				}
			}
		}
	}
}
