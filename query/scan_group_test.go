package query

import (
	"context"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"edgrid/canon"
	"edgrid/scan"
)

// ScanGroup's part is what scanning the group's grids one by one finds:
// every grid counted, those with puzzles by ordinal, their puzzles
// ascending; a pool of one scanner gives the same part as a pool of three.
// By the band method the grids with the same rows 1-6 go as one batch
// (scan.ScanBatch), with the same result.
func TestScanGroup(t *testing.T) {
	const g = 3540
	for _, opt := range []scan.Options{{Clues: 24, Minimal: scan.MinimalAny, First: true}, {Clues: 17}} {
		checkScanGroup(t, g, opt, opt.First)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ScanGroup(ctx, Enumerator{}, g, "test", scan.Options{Clues: 17}, NewScanPool(2), nil); err == nil {
		t.Error("a cancelled scan: no error")
	}
}

// checkScanGroup compares ScanGroup's part of group g with the grids
// scanned one by one; wantFound requires some puzzle.
func checkScanGroup(t *testing.T, g int, opt scan.Options, wantFound bool) {
	t.Helper()
	want := &scan.Part{Label: "test", Group: g}
	sc := scan.NewScanner()
	tops := map[[54]uint8]bool{}
	err := Enumerator{}.Runs(context.Background(), g, 1, func(r *Run) error {
		for i := range r.Grids {
			want.Grids++
			tops[[54]uint8(r.Grids[i][:54])] = true
			var found []canon.Mask
			if _, err := sc.Scan(context.Background(), &r.Grids[i], opt, func(m canon.Mask) error {
				found = append(found, m)
				return nil
			}); err != nil {
				return err
			}
			slices.SortFunc(found, canon.Mask.Compare)
			if len(found) > 0 {
				want.Found = append(want.Found, scan.Found{Ordinal: r.First + int64(i), Grid: r.Grids[i], Puzzles: found})
			}
		}
		return nil
	})
	if err != nil || (wantFound && len(want.Found) == 0) {
		t.Fatalf("%d clues, scanning one by one: %v, %d grids with puzzles", opt.Clues, err, len(want.Found))
	}
	if !opt.First && len(tops) == int(want.Grids) {
		t.Errorf("group %d: no two grids share rows 1-6; the batches are not tested", g)
	}
	for _, n := range []int{1, 3} {
		var progress atomic.Int64
		got, err := ScanGroup(context.Background(), Enumerator{}, g, "test", opt, NewScanPool(n), &progress)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || progress.Load() != want.Grids {
			t.Errorf("%d clues, pool of %d: part %+v, progress %d; want %+v", opt.Clues, n, got, progress.Load(), want)
		}
	}
}
