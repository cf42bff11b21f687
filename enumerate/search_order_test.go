package enumerate

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// In search order a group holds the same grids, with the same automorphism
// counts, as in ascending order; only the order differs.
func TestGroupInSearchOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("about 11 million completions a group, unpruned (TestPaperGrid1IsFirstInDLXOrder runs in short mode)")
	}
	for _, n := range []int{3541, 3000, 2500} {
		grp, _ := band.ByNumber(n)
		want, wantAutos, _ := grpCollect(t, grp.Key, 2)
		type ga struct {
			g canon.Grid
			a int
		}
		var got []ga
		st, err := GroupInSearchOrder(context.Background(), grp.Key, func(g *canon.Grid, a int) error {
			got = append(got, ga{*g, a})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || st.Grids != int64(len(want)) {
			t.Fatalf("group %d: %d grids in search order (stats %d), %d ascending", n, len(got), st.Grids, len(want))
		}
		ascending := slices.IsSortedFunc(got, func(x, y ga) int { return bytes.Compare(x.g[:], y.g[:]) })
		slices.SortFunc(got, func(x, y ga) int { return bytes.Compare(x.g[:], y.g[:]) })
		for i := range got {
			if got[i].g != want[i] || got[i].a != wantAutos[i] {
				t.Fatalf("group %d: grid %d differs", n, i+1)
			}
		}
		t.Logf("group %d: %d grids, %d completions, already ascending: %v", n, st.Grids, st.Completions, ascending)
	}
	// The paper's grid 1 comes first in group 1.
	grp, _ := band.ByNumber(1)
	var first canon.Grid
	if _, err := GroupInSearchOrder(context.Background(), grp.Key, func(g *canon.Grid, _ int) error {
		first = *g
		return ErrStop
	}); err != nil || first.String() != grpPaper1 {
		t.Fatalf("group 1's first grid in search order: %s, %v; want the paper's grid 1", first.String(), err)
	}
}
