package enumerate

import (
	"context"
	"errors"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// TestGroupBatches: the batches of a group, one after the other, are the
// grids, automorphism counts and Places GroupPlaced passes one by one; no
// batch is empty, and each lies inside one filling of row 4.
func TestGroupBatches(t *testing.T) {
	grp, _ := band.ByNumber(3000)
	var want []canon.Grid
	var wantAutos []int
	var wantPlaces []Place
	st1, err := GroupPlaced(context.Background(), grp.Key, Options{}, func(g *canon.Grid, a int, p Place) error {
		want, wantAutos, wantPlaces = append(want, *g), append(wantAutos, a), append(wantPlaces, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []canon.Grid
	var gotAutos []int
	var gotPlaces []Place
	batches := 0
	st2, err := GroupBatches(context.Background(), grp.Key, Options{}, func(b Batch) error {
		batches++
		if b.Len() == 0 || len(b.Grids()) != b.Len() || len(b.Autos()) != b.Len() || len(b.Places()) != b.Len() {
			t.Fatalf("batch %d: %d grids, slices of %d, %d, %d", batches, b.Len(), len(b.Grids()), len(b.Autos()), len(b.Places()))
		}
		r4 := b.Grids()[0][28:36]
		for _, g := range b.Grids() {
			if !slices.Equal(g[28:36], r4) {
				t.Fatalf("batch %d holds two fillings of row 4", batches)
			}
		}
		// Runs: a new one exactly where rows 4-6 change.
		runs, gs := b.Runs(), b.Grids()
		j := 0
		for i := range gs {
			starts := i == 0 || [27]uint8(gs[i][27:54]) != [27]uint8(gs[i-1][27:54])
			if starts != (j < len(runs) && int(runs[j].Start) == i) {
				t.Fatalf("batch %d, grid %d: starts a run %v, Runs %v", batches, i, starts, runs)
			}
			if starts {
				if runs[j].Rows456 != [27]uint8(gs[i][27:54]) {
					t.Fatalf("batch %d, run %d: rows 4-6 %v, its first grid's %v", batches, j, runs[j].Rows456, gs[i][27:54])
				}
				j++
			}
		}
		if j != len(runs) {
			t.Fatalf("batch %d: %d runs, Runs has %d", batches, j, len(runs))
		}
		got = append(got, b.Grids()...)
		for _, a := range b.Autos() {
			gotAutos = append(gotAutos, int(a))
		}
		for i, p := range b.Places() {
			if p.Fits(&b.Grids()[i]) {
				t.Fatalf("batch %d: a Place with a fingerprint", batches)
			}
			gotPlaces = append(gotPlaces, p.withPrint(&b.Grids()[i]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) || !slices.Equal(gotAutos, wantAutos) || !slices.Equal(gotPlaces, wantPlaces) {
		t.Fatalf("batches give %d grids, one by one %d; or the counts or Places differ", len(got), len(want))
	}
	if st1.Grids != st2.Grids || st1.Autos != st2.Autos || batches < 2 {
		t.Fatalf("stats %d and %d grids, %d batches", st1.Grids, st2.Grids, batches)
	}

	// An error stops the run; Stats count the batches before it.
	stop := errors.New("stop")
	n, first := 0, 0
	st3, err := GroupBatches(context.Background(), grp.Key, Options{}, func(b Batch) error {
		if n++; n == 2 {
			return stop
		}
		first = b.Len()
		return nil
	})
	if !errors.Is(err, stop) || st3.Grids != int64(first) {
		t.Fatalf("stopped at the second batch: %v, %d grids counted, want %d", err, st3.Grids, first)
	}

	// FirstOnly: one batch of one grid, the first.
	n = 0
	_, err = GroupBatches(context.Background(), grp.Key, Options{FirstOnly: true}, func(b Batch) error {
		if n++; b.Len() != 1 || b.Grids()[0] != want[0] || len(b.Runs()) != 1 {
			t.Fatalf("FirstOnly batch of %d grids", b.Len())
		}
		return nil
	})
	if err != nil || n != 1 {
		t.Fatalf("FirstOnly: %d batches, %v", n, err)
	}
	if (Batch{}).Len() != 0 || (Batch{}).Grids() != nil || (Batch{}).Places() != nil {
		t.Error("the zero Batch is not empty")
	}
}
