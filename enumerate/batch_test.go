package enumerate

import (
	"context"
	"errors"
	"math/bits"
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
		// Single grids, rebuilt before Grids rebuilds them all.
		idx := []int{0, b.Len() / 3, b.Len() / 2, b.Len() - 1}
		var single []canon.Grid
		for _, i := range idx {
			single = append(single, b.Grid(i))
		}
		if b.Len() == 0 || len(b.Grids()) != b.Len() || len(b.Autos()) != b.Len() || len(b.Places()) != b.Len() {
			t.Fatalf("batch %d: %d grids, slices of %d, %d, %d", batches, b.Len(), len(b.Grids()), len(b.Autos()), len(b.Places()))
		}
		for k, i := range idx {
			if single[k] != b.Grids()[i] || b.Grid(i) != b.Grids()[i] {
				t.Fatalf("batch %d: Grid(%d) is %s, Grids()[%d] %s", batches, i, single[k].String(), i, b.Grids()[i].String())
			}
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
		checkRunRows(t, b)
		checkRunAt(t, b)
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
		if n++; b.Len() != 1 || b.Grids()[0] != want[0] || len(b.Runs()) != 1 || len(b.Rows7()) != 1 || b.Rows7()[0].Grids&(b.Rows7()[0].Grids-1) != 0 {
			t.Fatalf("FirstOnly batch of %d grids", b.Len())
		}
		return nil
	})
	if err != nil || n != 1 {
		t.Fatalf("FirstOnly: %d batches, %v", n, err)
	}
	if (Batch{}).Len() != 0 || (Batch{}).Grids() != nil || (Batch{}).Places() != nil || (Batch{}).Runs() != nil || (Batch{}).Rows7() != nil {
		t.Error("the zero Batch is not empty")
	}
}

// checkRunRows checks b's runs against its grids: each run's rows 7 ascend
// and their grid bits add up to the run's grids, and its Cands are the
// candidates of each band-2 open cell given the key and the cells before it,
// found here from the run's first grid.
func checkRunRows(t *testing.T, b Batch) {
	t.Helper()
	runs, rows, gs := b.Runs(), b.Rows7(), b.Grids()
	if len(runs) == 0 || runs[0].Start != 0 || runs[0].Row != 0 {
		t.Fatalf("runs %v", runs)
	}
	for j, r := range runs {
		gEnd, rEnd := len(gs), len(rows)
		if j+1 < len(runs) {
			gEnd, rEnd = int(runs[j+1].Start), int(runs[j+1].Row)
		}
		n := 0
		for i := int(r.Row); i < rEnd; i++ {
			u := rows[i]
			if u.Grids == 0 || u.Index >= u.Count || u.Ways == 0 || u.Ways > 8 || u.Grids>>u.Ways != 0 ||
				i > int(r.Row) && u.Index <= rows[i-1].Index {
				t.Fatalf("run %d: row 7 %d is %+v (before: %+v)", j, i, u, rows[max(i-1, 0)])
			}
			n += bits.OnesCount8(u.Grids)
		}
		if n != gEnd-int(r.Start) {
			t.Fatalf("run %d: %d grids, its rows 7 hold %d", j, gEnd-int(r.Start), n)
		}
		g := &gs[r.Start]
		for q := range 24 {
			cell := (3+q/8)*9 + 1 + q%8
			want := uint16(0x3FE)
			peer := func(c int) bool {
				return c/9 == cell/9 || c%9 == cell%9 || c/27 == cell/27 && c%9/3 == cell%9/3
			}
			for c := range cell { // bands 1 and 2 up to the cell
				if peer(c) {
					want &^= 1 << g[c]
				}
			}
			for c := 27; c < 81; c += 9 { // the key's column 1 of rows 4-9
				if c > cell && peer(c) {
					want &^= 1 << g[c]
				}
			}
			if r.Cands[q] != want {
				t.Fatalf("run %d, open cell %d: candidates %b, want %b", j, q, r.Cands[q], want)
			}
		}
	}
}

// checkRunAt checks that RunAt gives each run as Runs and Rows7 do, its
// rows 7 the run's own and together all of them.
func checkRunAt(t *testing.T, b Batch) {
	t.Helper()
	runs := b.Runs()
	if b.NumRuns() != len(runs) {
		t.Fatalf("NumRuns %d, Runs %d", b.NumRuns(), len(runs))
	}
	var rows []UsedRow7
	for j := range runs {
		start, rows456, cands, r7 := b.RunAt(j)
		if start != int(runs[j].Start) || *rows456 != runs[j].Rows456 || *cands != runs[j].Cands || int(runs[j].Row) != len(rows) || len(r7) == 0 {
			t.Fatalf("run %d: RunAt gives start %d, %d rows 7; Runs %+v", j, start, len(r7), runs[j])
		}
		rows = append(rows, r7...)
	}
	if !slices.Equal(rows, b.Rows7()) {
		t.Fatalf("the runs' rows 7 are not Rows7")
	}
}
