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

func TestFromEnv(t *testing.T) {
	dir := t.TempDir()
	want := WriteCatalog(t, dir, []int{3541})
	t.Setenv("EDGRID_CATALOG", dir)
	cat := FromEnv(t)
	if cat.Total() != want.Total() {
		t.Fatalf("catalog of %d grids; want %d", cat.Total(), want.Total())
	}
	t.Run("unset", func(t *testing.T) {
		t.Setenv("EDGRID_CATALOG", "")
		FromEnv(t)
		t.Fatal("FromEnv did not skip")
	})
}
