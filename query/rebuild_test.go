package query

import (
	"context"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// The rebuilder gives the grids Batch.Grids gives, in runs that share rows
// 1-6, with the batch's automorphism counts and ordinals.
func TestRebuilderMatchesBatchGrids(t *testing.T) {
	for _, n := range []int{1, 2976, 3541} {
		grp, _ := band.ByNumber(n)
		rb := newRebuilder(grp.Key)
		var ord int64 = 1
		_, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error {
			want, autos := append([]canon.Grid(nil), b.Grids()...), b.Autos()
			k := 0
			err := rb.runs(b, n, ord, func(r *Run) error {
				if r.First != ord+int64(k) || r.Group != n {
					t.Fatalf("group %d: run at ordinal %d, group %d; want %d", n, r.First, r.Group, ord+int64(k))
				}
				for i := range r.Grids {
					if r.Grids[i] != want[k] || r.Autos[i] != autos[k] {
						t.Fatalf("group %d grid %d: %s (%d autos); want %s (%d)", n, ord+int64(k), r.Grids[i].String(), r.Autos[i], want[k].String(), autos[k])
					}
					if [27]uint8(r.Grids[i][27:54]) != [27]uint8(r.Grids[0][27:54]) {
						t.Fatalf("group %d grid %d: not the rows 4-6 of its run", n, ord+int64(k))
					}
					k++
				}
				return nil
			})
			if err != nil {
				return err
			}
			if k != b.Len() {
				t.Fatalf("group %d: %d grids rebuilt of a batch of %d", n, k, b.Len())
			}
			ord += int64(k)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
