package main

import (
	"os"
	"testing"

	"edgrid/canon"
)

// benchRows returns the rows of 81 bytes in file $env, or nil when env is
// unset.
func benchRows(b *testing.B, env string) []canon.Grid {
	path := os.Getenv(env)
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	if len(data)%81 != 0 {
		b.Fatalf("%s: %d bytes, not rows of 81", path, len(data))
	}
	rows := make([]canon.Grid, len(data)/81)
	for i := range rows {
		copy(rows[i][:], data[i*81:])
	}
	return rows
}

// BenchmarkRows measures the batch operations of the C API from Go, without
// cgo or Python, on all cores: the rates python/benchmarks/speed.py sets the
// Python package's against, on the same inputs. $EDGRID_BENCH_GRIDS and
// $EDGRID_BENCH_PUZZLES name files of rows of 81 bytes (speed.py writes
// them); without the first the grids are 100,000 random ones, without the
// second the puzzle benchmarks are skipped. Each reports rows/s.
func BenchmarkRows(b *testing.B) {
	grids := benchRows(b, "EDGRID_BENCH_GRIDS")
	if grids == nil {
		grids = randomGrids(100_000, 1)
	}
	puzzles := benchRows(b, "EDGRID_BENCH_PUZZLES")
	canon.Prepare()
	forms := make([]canon.Grid, max(len(grids), len(puzzles)))
	autos := make([]int32, len(forms))
	counts := make([]int64, len(forms))
	run := func(name string, rows []canon.Grid, f func() error) {
		b.Run(name, func(b *testing.B) {
			if rows == nil {
				b.Skip("no rows: set EDGRID_BENCH_PUZZLES")
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
	run("minlex", grids, func() error { return minlexRows(grids, forms[:len(grids)], autos[:len(grids)], 0) })
	run("minlex-1worker", grids, func() error { return minlexRows(grids, forms[:len(grids)], autos[:len(grids)], 1) })
	run("canon_puzzles", puzzles, func() error {
		return canonRows(puzzles, canon.PlainOrder, forms[:len(puzzles)], autos[:len(puzzles)], 0)
	})
	run("solve", puzzles, func() error { return solveRows(puzzles, 2, counts[:len(puzzles)], forms[:len(puzzles)], 0) })
}
