package scan

import (
	"context"
	"math/rand/v2"
	"testing"

	"edgrid/internal/testkit/gridkit"
	"edgrid/solve"
)

// TestShrink checks that second, on random puzzles of random grids with
// more than one solution, gives a set that the clues miss, that is
// unavoidable (the grid without it has another solution) and minimal (the
// grid without it but for any one of its cells has one), and is empty for
// a unique puzzle.
func TestShrink(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(5, 6))
	count := solve.NewFast()
	sets := 0
	for gi, g := range gridkit.RandomGrids(4, 7, 8) {
		s := newBandScanner(solve.NewFast())
		s.g, s.ctx = [81]uint8(g), ctx
		for range 50 {
			var p [81]uint8
			for _, c := range r.Perm(81)[:18+r.IntN(20)] {
				p[c] = s.g[c]
			}
			u, err := s.second(&p)
			if err != nil {
				t.Fatal(err)
			}
			n, err := count.Count(ctx, &p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if u.empty() != (n == 1) {
				t.Fatalf("grid %d: %d solutions, set of %d cells", gi, n, u.count())
			}
			if u.empty() {
				continue
			}
			sets++
			q := s.g
			for c := range 81 {
				if u.has(c) {
					if p[c] != 0 {
						t.Fatalf("grid %d: the set holds clue %d", gi, c)
					}
					q[c] = 0
				}
			}
			if n, _ := count.Count(ctx, &q, 2); n != 2 {
				t.Fatalf("grid %d: a set of %d cells is not unavoidable", gi, u.count())
			}
			for c := range 81 {
				if !u.has(c) {
					continue
				}
				q[c] = s.g[c]
				if n, _ := count.Count(ctx, &q, 2); n != 1 {
					t.Fatalf("grid %d: a set of %d cells is not minimal: cell %d can go", gi, u.count(), c)
				}
				q[c] = 0
			}
		}
	}
	if sets < 50 {
		t.Fatalf("only %d puzzles had a second solution", sets)
	}
}
