package canon

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	sinkGrid Grid
	sinkMask Mask
)

// peerEnv names a directory holding sudoku-minlexing-tool's output for the
// shared sets, one file per set named after it with ".out" added, a line per
// puzzle in input order: the form ('.' for empty cells), then anything.
// BenchmarkPuzzleMinlex checks the pattern-first forms against it when set.
const peerEnv = "EDGRID_PEER_FORMS"

// checkPeer compares the pattern-first forms of a set with the peer's output
// and fails on the first disagreement; it does nothing when peerEnv is unset.
func checkPeer(b *testing.B, name string, ps []Grid) {
	dir := os.Getenv(peerEnv)
	if dir == "" {
		return
	}
	f, err := os.Open(filepath.Join(dir, name+".out"))
	if err != nil {
		b.Fatalf("%s: %v", peerEnv, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var pc PuzzleCanon
	agree := 0
	for i := range ps {
		if !sc.Scan() {
			b.Fatalf("%s: peer output has %d lines; want %d", name, i, len(ps))
		}
		want, _, _ := strings.Cut(sc.Text(), " ")
		form, _, _, err := pc.Minlex(&ps[i], PatternFirst)
		if err != nil {
			b.Fatal(err)
		}
		if got := string(AppendPuzzle(nil, &form, '.')); got != want {
			b.Fatalf("%s puzzle %d (%s): pattern-first form %s; the peer says %s", name, i+1, ps[i].String(), got, want)
		}
		agree++
	}
	b.Logf("%s: %d of %d pattern-first forms agree with the peer's", name, agree, len(ps))
}

func BenchmarkPuzzleMinlex(b *testing.B) {
	sets := []struct{ name, file string }{{"17clue", set17}, {"top1465", setTop}, {"hardest", setHard}}
	for _, set := range sets {
		ps, _ := loadSet(b, set.file)
		checkPeer(b, set.file, ps)
		if set.name == "hardest" {
			continue // checked only
		}
		for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
			name := "plain"
			if order == PatternFirst {
				name = "patternfirst"
			}
			b.Run(set.name+"/"+name, func(b *testing.B) {
				var pc PuzzleCanon
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					form, autos, _, err := pc.Minlex(&ps[i], order)
					if err != nil || autos < 1 {
						b.Fatalf("puzzle %d: %v, %d automorphisms", i, err, autos)
					}
					sinkGrid = form
					if i++; i == len(ps) {
						i = 0
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}

func BenchmarkPatternMinlex(b *testing.B) {
	ps, _ := loadSet(b, set17)
	ms := make([]Mask, len(ps))
	for i := range ps {
		ms[i] = MaskOf(&ps[i])
	}
	var pc PuzzleCanon
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		form, autos, _ := pc.Pattern(ms[i])
		if autos < 1 {
			b.Fatalf("pattern %d: %d automorphisms", i, autos)
		}
		sinkMask = form
		if i++; i == len(ms) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "patterns/s")
}
