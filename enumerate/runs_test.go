package enumerate

import (
	"context"
	"errors"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// TestGroupRuns: the runs of a group, one after the other, are the grids
// and automorphism counts Group passes one by one; each run shares rows 4-6,
// and a run starts exactly where rows 4-6 change.
func TestGroupRuns(t *testing.T) {
	for _, n := range []int{3000, 1800} {
		grp, _ := band.ByNumber(n)
		var want []canon.Grid
		var wantAutos []int
		if _, err := Group(context.Background(), grp.Key, Options{}, func(g *canon.Grid, a int) error {
			want, wantAutos = append(want, *g), append(wantAutos, a)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		k, runs := 0, 0
		st, err := GroupRuns(context.Background(), grp.Key, Options{Workers: 2}, func(grids []canon.Grid, autos []uint16) error {
			runs++
			if len(grids) == 0 || len(autos) != len(grids) {
				t.Fatalf("group %d run %d: %d grids, %d counts", n, runs, len(grids), len(autos))
			}
			if k > 0 && [27]uint8(want[k-1][27:54]) == [27]uint8(grids[0][27:54]) {
				t.Fatalf("group %d run %d: shares rows 4-6 with the run before", n, runs)
			}
			for i := range grids {
				if k >= len(want) || grids[i] != want[k] || int(autos[i]) != wantAutos[k] {
					t.Fatalf("group %d grid %d differs from Group's", n, k)
				}
				if [27]uint8(grids[i][27:54]) != [27]uint8(grids[0][27:54]) {
					t.Fatalf("group %d run %d: two fillings of rows 4-6", n, runs)
				}
				k++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if k != len(want) || st.Grids != int64(len(want)) || runs < 2 {
			t.Fatalf("group %d: %d grids in %d runs, Stats %d, Group %d", n, k, runs, st.Grids, len(want))
		}
	}
}

// TestGroupRunsStop: an error from emit stops the enumeration with it, and
// Stats count the grids of the runs before.
func TestGroupRunsStop(t *testing.T) {
	grp, _ := band.ByNumber(3000)
	stop := errors.New("stop")
	var seen int64
	runs := 0
	st, err := GroupRuns(context.Background(), grp.Key, Options{}, func(grids []canon.Grid, _ []uint16) error {
		if runs++; runs == 5 {
			return stop
		}
		seen += int64(len(grids))
		return nil
	})
	if !errors.Is(err, stop) || st.Grids != seen {
		t.Fatalf("err %v, Stats %d grids, %d seen before the error", err, st.Grids, seen)
	}
}
