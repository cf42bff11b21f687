package puzzleid

import (
	"context"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/rank"
)

var sinkID ID

// BenchmarkID names puzzles of the shared sets end to end: check, solve,
// the solution's minlex grid and key, its lexicographic number. The key
// sub-benchmark is all of that but the number, which shows what the
// numbering costs; with EDGRID_CATALOG naming a catalog directory, catalog
// numbers the grids from it.
func BenchmarkID(b *testing.B) {
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465"} {
		b.Run(set, func(b *testing.B) {
			benchIDs(b, loadSet(b, set), namer(b))
		})
		b.Run(set+"/key", func(b *testing.B) {
			ps := loadSet(b, set)
			n := namer(b)
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := &ps[i%len(ps)]
				var sol [81]uint8
				g := [81]uint8(*p)
				if c, err := n.f.Unique(ctx, &g, &sol); err != nil || c != 1 {
					b.Fatal(c, err)
				}
				m, mask, err := canon.PuzzleKey(p, (*canon.Grid)(&sol))
				if err != nil {
					b.Fatal(err)
				}
				sinkID = ID{Number: int64(m[80]), Mask: mask}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
		b.Run(set+"/catalog", func(b *testing.B) {
			cat := catalogkit.FromEnv(b)
			r, err := rank.New(nil, cat)
			if err != nil {
				b.Fatal(err)
			}
			benchIDs(b, loadSet(b, set), New(r))
		})
	}
}

func benchIDs(b *testing.B, ps []canon.Grid, n *Namer) {
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		id, err := n.ID(ctx, &ps[i%len(ps)])
		if err != nil {
			b.Fatal(err)
		}
		sinkID = id
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// benchPuzzleIDs is how many puzzles of a set BenchmarkPuzzle names first:
// naming costs about as much as the benchmark's work, so not the whole set.
const benchPuzzleIDs = 2048

// BenchmarkPuzzle turns IDs back into puzzles (Namer.Puzzle: the class's
// grid by its number, the mask's clues), for the IDs of the first 2,048
// puzzles of the 17-clue set, and reports IDs per second: the engine of
// `edgrid puzzle` (docs/bench/lines-bench.sh).
func BenchmarkPuzzle(b *testing.B) {
	ps := loadSet(b, "puzzles2_17_clue")[:benchPuzzleIDs]
	n := namer(b)
	ctx := context.Background()
	ids := make([]ID, len(ps))
	for i := range ps {
		id, err := n.ID(ctx, &ps[i])
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = id
	}
	b.Run("17clue", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			p, err := n.Puzzle(ctx, ids[i%len(ids)])
			if err != nil {
				b.Fatal(err)
			}
			sinkID.Number += int64(p[80])
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ids/s")
	})
}
