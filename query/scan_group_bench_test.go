package query

import (
	"context"
	"errors"
	"os"
	"strconv"
	"testing"

	"edgrid/canon"
	"edgrid/scan"
)

// BenchmarkScanShare scans the first grids of a group at a number of
// clues by the band method, in batches of the grids with the same rows 1-6
// (scan.ScanBatch: "batch") and one by one ("alone"); a run of -count N
// alternates them, for benchstat. SCAN_GROUP (default 1500), SCAN_GRIDS
// (default 100) and SCAN_CLUES (default 16) choose the work; shared/pair
// is the share of the pairs of bands 1+2 that one grid decided for another,
// pairs/grid the pairs tested a grid.
func BenchmarkScanShare(b *testing.B) {
	group, n, clues := envInt(b, "SCAN_GROUP", 1500), envInt(b, "SCAN_GRIDS", 100), envInt(b, "SCAN_CLUES", 16)
	var grids []canon.Grid
	enough := errors.New("enough")
	err := Enumerator{}.Runs(context.Background(), group, 1, func(r *Run) error {
		for i := range r.Grids {
			if len(grids) == n {
				return enough
			}
			grids = append(grids, r.Grids[i])
		}
		return nil
	})
	if err != nil && !errors.Is(err, enough) {
		b.Fatal(err)
	}
	var batches [][]canon.Grid
	for i := 0; i < len(grids); {
		j := i + 1
		for j < len(grids) && j-i < scan.MaxBatch && sameTop(&grids[i], &grids[j]) {
			j++
		}
		batches = append(batches, grids[i:j])
		i = j
	}
	b.Logf("group %d: %d grids, %d batches of the same rows 1-6", group, len(grids), len(batches))
	opt := scan.Options{Clues: clues, Method: scan.MethodBands}
	sc := scan.NewScanner()
	nop := func(int, canon.Mask) error { return nil }
	// A first scan of the longest batch makes the scanner's buffers.
	longest := batches[0]
	for _, bt := range batches {
		if len(bt) > len(longest) {
			longest = bt
		}
	}
	if _, err := sc.ScanBatch(context.Background(), longest, opt, nop); err != nil {
		b.Fatal(err)
	}
	b.Run("batch", func(b *testing.B) {
		var nodes, shared int64
		for b.Loop() {
			nodes, shared = 0, 0
			st, err := sc.ScanBatch(context.Background(), grids, opt, nop)
			if err != nil {
				b.Fatal(err)
			}
			for _, x := range st {
				nodes, shared = nodes+x.Nodes, shared+x.Shared
			}
		}
		b.ReportMetric(float64(shared)/float64(nodes), "shared/pair")
		b.ReportMetric(float64(nodes-shared)/float64(len(grids)), "pairs/grid")
	})
	b.Run("alone", func(b *testing.B) {
		var nodes int64
		for b.Loop() {
			nodes = 0
			for i := range grids {
				st, err := sc.Scan(context.Background(), &grids[i], opt, func(canon.Mask) error { return nil })
				if err != nil {
					b.Fatal(err)
				}
				nodes += st.Nodes
			}
		}
		b.ReportMetric(float64(nodes)/float64(len(grids)), "pairs/grid")
	})
}

// envInt is the environment's integer name, or def when it is unset.
func envInt(b *testing.B, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		b.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}
