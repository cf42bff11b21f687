package query

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"edgrid/canon"
	"edgrid/scan"
)

// ScanGroup's part is what scanning the group's grids one by one finds:
// every grid counted, those with puzzles by ordinal, their puzzles
// ascending; a pool of one scanner gives the same part as a pool of three.
func TestScanGroup(t *testing.T) {
	const g = 3540
	opt := scan.Options{Clues: 24, Minimal: scan.MinimalAny, First: true}
	want := &scan.Part{Label: "test", Group: g}
	sc := scan.NewScanner()
	err := Enumerator{}.Runs(context.Background(), g, 1, func(r *Run) error {
		for i := range r.Grids {
			want.Grids++
			var found []canon.Mask
			if _, err := sc.Scan(context.Background(), &r.Grids[i], opt, func(m canon.Mask) error {
				found = append(found, m)
				return nil
			}); err != nil {
				return err
			}
			if len(found) > 0 {
				want.Found = append(want.Found, scan.Found{Ordinal: r.First + int64(i), Grid: r.Grids[i], Puzzles: found})
			}
		}
		return nil
	})
	if err != nil || len(want.Found) == 0 {
		t.Fatalf("scanning one by one: %v, %d grids with puzzles", err, len(want.Found))
	}
	for _, n := range []int{1, 3} {
		var progress atomic.Int64
		got, err := ScanGroup(context.Background(), Enumerator{}, g, "test", opt, NewScanPool(n), &progress)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || progress.Load() != want.Grids {
			t.Errorf("pool of %d: part %+v, progress %d; want %+v", n, got, progress.Load(), want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ScanGroup(ctx, Enumerator{}, g, "test", opt, NewScanPool(2), nil); err == nil {
		t.Error("a cancelled scan: no error")
	}
}
