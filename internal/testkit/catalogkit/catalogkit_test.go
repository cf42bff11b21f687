package catalogkit

import (
	"context"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

func TestWriteCatalog(t *testing.T) {
	groups := []int{3541, 3540}
	cat := WriteCatalog(t, t.TempDir(), groups)
	var total int64
	for _, n := range groups {
		grp, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		var grids []canon.Grid
		if _, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, func(g *canon.Grid, _ int) error {
			grids = append(grids, *g)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		total += int64(len(grids))
		if _, ok := cat.Entry(n); !ok {
			t.Fatalf("group %d not in the catalog", n)
		}
		last := grids[len(grids)-1]
		if got, _, _, err := cat.Locate(&last); err != nil || got != n {
			t.Fatalf("last grid of group %d located in %d, %v", n, got, err)
		}
	}
	if cat.Total() != total {
		t.Fatalf("catalog of %d grids; want %d", cat.Total(), total)
	}
}
