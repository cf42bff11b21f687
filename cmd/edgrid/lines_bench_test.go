package main

import (
	"bytes"
	"context"
	"io"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/testkit"
)

// countingWriter counts the lines written, for the benchmarks' check.
type countingWriter struct{ lines int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// benchLines runs sub-benchmarks over the same n inputs: "engine" calls
// engine(i) on input i (it returns the automorphisms, at least 1), "lines"
// runs edgrid canon with options o on in, the inputs' text a line, end to
// end (read, parse, check, canonicalize, format, write), and "both"
// alternates a pass of each and reports both rates and the line path's as
// a percentage of the engine's (lines-%), measured side by side.
func benchLines(b *testing.B, unit string, n int, in []byte, o canonOptions, engine func(i int) int) {
	b.Run("engine", func(b *testing.B) {
		b.ReportAllocs()
		i, sink := 0, 0
		for b.Loop() {
			sink += engine(i)
			if i++; i == n {
				i = 0
			}
		}
		if sink < b.N {
			b.Fatal("an input without automorphisms")
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit+"/s")
	})
	// both alternates a pass of each over the n inputs, timing each, so
	// that the ratio holds while the machine's speed drifts.
	b.Run("both", func(b *testing.B) {
		var te, tl time.Duration
		sink := 0
		for b.Loop() {
			t0 := time.Now()
			for i := range n {
				sink += engine(i)
			}
			t1 := time.Now()
			var w countingWriter
			err := runCanon(context.Background(), o, nil, streams{in: bytes.NewReader(in), out: &w, err: io.Discard})
			tl += time.Since(t1)
			te += t1.Sub(t0)
			if err != nil || w.lines != n {
				b.Fatalf("%v, %d lines; want %d", err, w.lines, n)
			}
		}
		if sink < b.N*n {
			b.Fatal("an input without automorphisms")
		}
		b.ReportMetric(float64(b.N*n)/te.Seconds(), "engine-"+unit+"/s")
		b.ReportMetric(float64(b.N*n)/tl.Seconds(), "lines-"+unit+"/s")
		b.ReportMetric(100*te.Seconds()/tl.Seconds(), "lines-%")
	})
	b.Run("lines", func(b *testing.B) {
		b.ReportAllocs()
		done := 0
		for b.Loop() {
			var w countingWriter
			err := runCanon(context.Background(), o, nil, streams{in: bytes.NewReader(in), out: &w, err: io.Discard})
			if err != nil || w.lines != n {
				b.Fatalf("%v, %d lines; want %d", err, w.lines, n)
			}
			done += n
		}
		b.ReportMetric(float64(done)/b.Elapsed().Seconds(), unit+"/s")
	})
}

// BenchmarkCanonLines is edgrid canon of random grids beside canon.Minlex
// alone on the same grids. Run it on one core to compare with canon's
// BenchmarkMinlex/random:
//
//	go test ./cmd/edgrid -run XXX -bench CanonLines -cpu 1
func BenchmarkCanonLines(b *testing.B) {
	canon.Prepare()
	const n = 1 << 14
	r := rand.New(rand.NewPCG(1, 2))
	gs := make([]canon.Grid, n)
	var in []byte
	for i := range gs {
		gs[i] = canon.RandomGrid(r)
		in = append(gs[i].AppendText(in), '\n')
	}
	benchLines(b, "grids", n, in, canonOptions{}, func(i int) int {
		_, a, _ := canon.Minlex(&gs[i])
		return a
	})
}

// BenchmarkCanonPuzzleLines is edgrid canon --dots of the 17-clue set
// (testdata/puzzles2_17_clue) beside canon.PuzzleMinlex alone on the same
// puzzles. Run it on one core to compare with canon's
// BenchmarkPuzzleMinlex/17clue/plain:
//
//	go test ./cmd/edgrid -run XXX -bench CanonPuzzleLines -cpu 1
func BenchmarkCanonPuzzleLines(b *testing.B) {
	canon.Prepare()
	texts := testkit.PuzzleTexts(b, "puzzles2_17_clue", math.MaxInt)
	ps := make([]canon.Grid, len(texts))
	var in []byte
	for i, t := range texts {
		var err error
		if ps[i], _, err = cells.Read(t); err != nil {
			b.Fatalf("puzzle %d: %v", i+1, err)
		}
		in = append(append(in, t...), '\n')
	}
	benchLines(b, "puzzles", len(ps), in, canonOptions{dots: true}, func(i int) int {
		_, a, _, err := canon.PuzzleMinlex(&ps[i], canon.PlainOrder)
		if err != nil {
			b.Fatalf("puzzle %d: %v", i+1, err)
		}
		return a
	})
}

// BenchmarkCanonPatternLines is edgrid canon --pattern of the 17-clue set
// beside canon.PuzzleCanon.Pattern alone on the same puzzles' masks. Run
// it on one core to compare with canon's BenchmarkPatternMinlex:
//
//	go test ./cmd/edgrid -run XXX -bench CanonPatternLines -cpu 1
func BenchmarkCanonPatternLines(b *testing.B) {
	canon.Prepare()
	texts := testkit.PuzzleTexts(b, "puzzles2_17_clue", math.MaxInt)
	ms := make([]canon.Mask, len(texts))
	var in []byte
	for i, t := range texts {
		p, _, err := cells.Read(t)
		if err != nil {
			b.Fatalf("puzzle %d: %v", i+1, err)
		}
		ms[i] = canon.MaskOf(&p)
		in = append(append(in, t...), '\n')
	}
	var pc canon.PuzzleCanon
	benchLines(b, "patterns", len(ms), in, canonOptions{pattern: true}, func(i int) int {
		_, a, _ := pc.Pattern(ms[i])
		return a
	})
}
