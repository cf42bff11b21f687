package query

import (
	"testing"

	"edgrid/canon"
)

// bandMask is the mask of band p (0-2) or stack p-3 (3-5).
func bandMask(p int) canon.Mask {
	var m canon.Mask
	for r := range 9 {
		for c := range 9 {
			if (p < 3 && r/3 == p) || (p >= 3 && c/3 == p-3) {
				m.Set(r*9 + c)
			}
		}
	}
	return m
}

// On the grids with automorphisms of groups with many of them, band3s is
// the number of classes of bands and stacks that some automorphism maps
// onto one another, found from where each automorphism sends their cells.
func TestBand3sBruteForce(t *testing.T) {
	seen := 0
	for _, n := range []int{6, 157, 266} {
		gg := enumerated(t, n, 6000)
		for i := range gg.grids {
			g := &gg.grids[i]
			if gg.autos[i] == 1 {
				if v := Band3s.Value(g); v != 6 {
					t.Fatalf("group %d grid %d: no automorphism but the identity, band3s %d", n, i+1, v)
				}
				continue
			}
			seen++
			auts, err := canon.Automorphisms(g)
			if err != nil {
				t.Fatal(err)
			}
			var same [6][6]bool
			for k := range auts {
				for p := range 6 {
					for q := range 6 {
						if auts[k].ApplyMask(bandMask(p)) == bandMask(q) {
							same[p][q] = true
						}
					}
				}
			}
			want := 0
			for p := range 6 {
				first := true
				for q := range p {
					first = first && !same[q][p]
				}
				if first {
					want++
				}
			}
			if got := Band3s.Value(g); got != want {
				t.Fatalf("group %d grid %d %s: band3s %d; the cells say %d", n, i+1, g.String(), got, want)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no grid with automorphisms in the groups")
	}
}
