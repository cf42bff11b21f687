package main

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
)

// countingWriter counts the lines written, for the benchmarks' check.
type countingWriter struct{ lines int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// BenchmarkCanonLines is edgrid canon end to end on random grids (read,
// parse, check, minlex, format, write), beside the engine alone on the same
// grids: the line path's cost is the difference. Run it on one core to
// compare with canon's BenchmarkMinlex/random:
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
	b.Run("engine", func(b *testing.B) {
		b.ReportAllocs()
		i, sink := 0, 0
		for b.Loop() {
			_, a, _ := canon.Minlex(&gs[i%n])
			sink += a
			i++
		}
		if sink < b.N {
			b.Fatal("no automorphism")
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
	})
	b.Run("lines", func(b *testing.B) {
		b.ReportAllocs()
		grids := 0
		for b.Loop() {
			var w countingWriter
			err := runCanon(context.Background(), canonOptions{}, nil, streams{in: bytes.NewReader(in), out: &w, err: io.Discard})
			if err != nil || w.lines != n {
				b.Fatalf("%v, %d lines; want %d", err, w.lines, n)
			}
			grids += n
		}
		b.ReportMetric(float64(grids)/b.Elapsed().Seconds(), "grids/s")
	})
}
