package gridkit

import (
	"bytes"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

func TestRandomGrids(t *testing.T) {
	a, b, c := RandomGrids(20, 7, 11), RandomGrids(20, 7, 11), RandomGrids(20, 7, 12)
	if len(a) != 20 {
		t.Fatalf("%d grids; want 20", len(a))
	}
	for i := range a {
		if err := a[i].Validate(); err != nil {
			t.Fatalf("grid %d: %v", i, err)
		}
	}
	if !slices.Equal(a, b) {
		t.Error("the same seeds gave other grids")
	}
	if slices.Equal(a, c) {
		t.Error("other seeds gave the same grids")
	}
}

func TestEnumerated(t *testing.T) {
	const n = 3000
	part := Enumerated(t, n, 2)
	if len(part.Grids) != 2 || part.full {
		t.Fatalf("first 2 grids: %d, full %v", len(part.Grids), part.full)
	}
	all := Enumerated(t, n, 0)
	if !all.full || len(all.Grids) <= 2 {
		t.Fatalf("whole group: %d grids, full %v", len(all.Grids), all.full)
	}
	if len(all.Autos) != len(all.Grids) || len(all.Places) != len(all.Grids) || len(all.Text) != 82*len(all.Grids) {
		t.Fatalf("%d grids, %d autos, %d places, %d bytes of text", len(all.Grids), len(all.Autos), len(all.Places), len(all.Text))
	}
	if !slices.Equal(part.Grids, all.Grids[:2]) {
		t.Error("the first grids differ between the runs")
	}
	if again := Enumerated(t, n, 5); again != all {
		t.Error("the whole group was enumerated again")
	}
	for i := range all.Grids {
		g := &all.Grids[i]
		if m, _, _ := canon.Minlex(g); m != *g {
			t.Fatalf("grid %d is not minlex", i)
		}
		if i > 0 && bytes.Compare(all.Grids[i-1][:], g[:]) >= 0 {
			t.Fatalf("grid %d not after grid %d", i, i-1)
		}
		if a := all.Autos[i]; a < 1 || canon.MaxAutomorphisms < a {
			t.Fatalf("grid %d: %d automorphisms", i, a)
		}
		if got, want := string(all.Text[82*i:82*i+81]), g.String(); got != want {
			t.Fatalf("text of grid %d: %s; want %s", i, got, want)
		}
	}
}

func TestMustSearcher(t *testing.T) {
	grp, err := band.ByNumber(3541)
	if err != nil {
		t.Fatal(err)
	}
	if MustSearcher(t, grp.Key) == nil {
		t.Fatal("no searcher")
	}
}
