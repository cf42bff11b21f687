package main

import (
	"context"
	"os"
	"runtime"
	"sync"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
	"edgrid/puzzleid"
	"edgrid/rank"
	"edgrid/solve"
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

// benchInputs returns the rows of $EDGRID_BENCH_GRIDS (100,000 random
// grids without it) and of $EDGRID_BENCH_PUZZLES (nil without it), with
// canon's tables ready.
func benchInputs(b *testing.B) (grids, puzzles []canon.Grid) {
	grids = benchRows(b, "EDGRID_BENCH_GRIDS")
	if grids == nil {
		grids = gridkit.RandomGrids(100_000, 1, 29)
	}
	puzzles = benchRows(b, "EDGRID_BENCH_PUZZLES")
	canon.Prepare()
	return grids, puzzles
}

// BenchmarkRows measures the batch operations of the C API from Go, without
// cgo or Python, on all cores: what the C API's own batching costs next to
// BenchmarkLibrary's plain goroutines, on the same inputs. $EDGRID_BENCH_GRIDS and
// $EDGRID_BENCH_PUZZLES name files of rows of 81 bytes (speed.py writes
// them); without the first the grids are 100,000 random ones, without the
// second the puzzle benchmarks are skipped. Each reports rows/s.
func BenchmarkRows(b *testing.B) {
	grids, puzzles := benchInputs(b)
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

// parallel calls do(lo, hi) on GOMAXPROCS goroutines, each over one
// contiguous share of n rows: the plain way a Go program spreads a batch
// over the cores, without the C API's blocks, pools or error handling.
func parallel(n int, do func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Go(func() { do(lo, hi) })
	}
	wg.Wait()
}

// BenchmarkLibrary measures the Go library used directly from Go, with
// plain goroutines on all cores (parallel) and no C API: canon.Minlex of
// the grids, canon.PuzzleCanon.Minlex and the solver (solve.Fast, limit 2,
// as edgrid.solve) of the puzzles. These are the rates the Python package
// is held to (python/benchmarks/speed.py); the rows are those of
// BenchmarkRows ($EDGRID_BENCH_GRIDS, $EDGRID_BENCH_PUZZLES). Each reports
// rows/s.
func BenchmarkLibrary(b *testing.B) {
	grids, puzzles := benchInputs(b)
	forms := make([]canon.Grid, max(len(grids), len(puzzles)))
	autos := make([]int32, len(forms))
	counts := make([]int64, len(forms))
	ctx := context.Background()
	run := func(name string, rows []canon.Grid, do func(lo, hi int)) {
		b.Run(name, func(b *testing.B) {
			if rows == nil {
				b.Skip("no rows: set EDGRID_BENCH_PUZZLES")
			}
			for b.Loop() {
				parallel(len(rows), do)
			}
			b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
	run("minlex", grids, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			m, a, _ := canon.Minlex(&grids[i])
			forms[i], autos[i] = m, int32(a)
		}
	})
	run("canon_puzzles", puzzles, func(lo, hi int) {
		var pc canon.PuzzleCanon
		for i := lo; i < hi; i++ {
			f, a, _, err := pc.Minlex(&puzzles[i], canon.PlainOrder)
			if err != nil {
				panic(err)
			}
			forms[i], autos[i] = f, int32(a)
		}
	})
	run("solve", puzzles, func(lo, hi int) {
		f := solve.NewFast()
		for i := lo; i < hi; i++ {
			p := [81]uint8(puzzles[i])
			var sol [81]uint8
			n, err := f.Unique(ctx, &p, &sol)
			if err == nil && n == 2 {
				_, err = f.First(ctx, &p, &sol)
			}
			if err != nil {
				panic(err)
			}
			counts[i], forms[i] = n, canon.Grid(sol)
		}
	})
}

// BenchmarkLibraryOne measures the Go library's work on one row, on one
// goroutine, without the C API: what a call of each batch function on one
// row costs before any calling overhead (python/benchmarks/speed.py takes
// it from the Python call's time). The row is the first of
// $EDGRID_BENCH_GRIDS and $EDGRID_BENCH_PUZZLES (random and the first
// 17-clue puzzle without them). Each reports ns/op.
func BenchmarkLibraryOne(b *testing.B) {
	grid := gridkit.RandomGrids(1, 1, 29)[0]
	if gs := benchRows(b, "EDGRID_BENCH_GRIDS"); len(gs) > 0 {
		grid = gs[0]
	}
	puzzle, err := canon.ParsePuzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	if err != nil {
		b.Fatal(err)
	}
	if ps := benchRows(b, "EDGRID_BENCH_PUZZLES"); len(ps) > 0 {
		puzzle = ps[0]
	}
	r, err := ranker()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	canon.Prepare()
	nm := puzzleid.New(r)
	id, err := nm.ID(ctx, &puzzle)
	if err != nil {
		b.Fatal(err)
	}
	number, _, err := r.Rank(ctx, &grid, rank.Paper)
	if err != nil {
		b.Fatal(err)
	}
	invs, err := invariantList("autos,ua4,intercalates")
	if err != nil {
		b.Fatal(err)
	}
	var pc canon.PuzzleCanon
	f := solve.NewFast()
	fail := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	cases := []struct {
		name string
		do   func()
	}{
		{"minlex", func() { canon.Minlex(&grid) }},
		{"rank", func() { _, _, err := r.Rank(ctx, &grid, rank.Paper); fail(err) }},
		{"unrank", func() { _, err := r.Unrank(ctx, number, rank.Paper); fail(err) }},
		{"canon_puzzles", func() { _, _, _, err := pc.Minlex(&puzzle, canon.PlainOrder); fail(err) }},
		{"pattern", func() { pc.Pattern(canon.MaskOf(&puzzle)) }},
		{"solve", func() {
			p, sol := [81]uint8(puzzle), [81]uint8{}
			_, err := f.Unique(ctx, &p, &sol)
			fail(err)
		}},
		{"puzzle_id", func() { _, err := nm.ID(ctx, &puzzle); fail(err) }},
		{"from_id", func() {
			parsed, err := puzzleid.Parse(id.String())
			fail(err)
			_, err = nm.Puzzle(ctx, parsed)
			fail(err)
		}},
		{"invariants", func() {
			for _, inv := range invs {
				inv.Value(&grid)
			}
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			c.do()
			for b.Loop() {
				c.do()
			}
		})
	}
}
