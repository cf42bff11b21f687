package main

import (
	"context"
	"testing"

	"edgrid/canon"
	"edgrid/solve"
)

// No minimal puzzle has 79 or more clues, so such a scan answers 0 at once
// (it used to search without end). The reason, checked by brute force: a
// grid with any 3 cells emptied still has one solution, so a clue can
// always go from a puzzle of 79 or more clues.
func TestScanTooManyCluesForMinimal(t *testing.T) {
	for _, k := range []string{"79", "80", "81"} {
		code, out, errs := run(t, "", "scan", "--clues", k, "--count", grid1, grid648)
		if code != 0 || out != grid1+" 0\n"+grid648+" 0\n" {
			t.Errorf("--clues %s: exit %d, %q, stderr %q; want 0 puzzles each", k, code, out, errs)
		}
	}
	f := solve.NewFast()
	for _, text := range []string{grid1, grid648} {
		g, _ := canon.Parse(text)
		for a := 0; a < 81; a += 7 {
			for b := a + 1; b < 81; b += 5 {
				for c := b + 1; c < 81; c += 3 {
					p := [81]uint8(g)
					p[a], p[b], p[c] = 0, 0, 0
					if n, err := f.Count(context.Background(), &p, 2); err != nil || n != 1 {
						t.Fatalf("%s without cells %d %d %d: %d solutions, %v; want 1", text, a, b, c, n, err)
					}
				}
			}
		}
	}
}
