package scan

import (
	"context"
	"os"
	"strconv"
	"testing"

	"edgrid/canon"
)

// BenchmarkBandsGrid scans one grid by the band method, the grid and the
// clues from the environment, for CPU profiles of a chosen grid:
//
//	GOEXPERIMENT=simd go test -c -o scan.test ./scan
//	SCAN_GRID=<81 digits> SCAN_CLUES=17 taskset -c 1 ./scan.test -test.run X \
//		-test.bench BandsGrid -test.benchtime 1x -test.cpuprofile cpu.out
//
// Without SCAN_GRID it is skipped.
func BenchmarkBandsGrid(b *testing.B) {
	text := os.Getenv("SCAN_GRID")
	if text == "" {
		b.Skip("SCAN_GRID not set: give the grid to profile")
	}
	g, err := canon.Parse(text)
	if err != nil {
		b.Fatalf("SCAN_GRID: %v", err)
	}
	k := 17
	if t := os.Getenv("SCAN_CLUES"); t != "" {
		if k, err = strconv.Atoi(t); err != nil || k < 1 || k > MaxBandClues {
			b.Fatalf("SCAN_CLUES=%q: want 1..%d", t, MaxBandClues)
		}
	}
	s := NewScanner()
	for b.Loop() {
		n := 0
		st, err := s.Scan(context.Background(), &g, Options{Clues: k, Method: MethodBands}, func(canon.Mask) error { n++; return nil })
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("puzzles %d, stats %+v", n, st)
	}
}
