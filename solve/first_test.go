package solve

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"edgrid/canon"
)

// smallest returns the lexicographically smallest of all the solutions of
// givens (found by enumerating every one) and how many there are.
func smallest(t *testing.T, s *Solver, givens []uint8) ([]uint8, int64) {
	t.Helper()
	var best []uint8
	n, err := s.Solve(context.Background(), givens, 0, func(v []uint8) bool {
		if best == nil || bytes.Compare(v, best) < 0 {
			best = append(best[:0], v...)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return best, n
}

// First gives the smallest solution, checked against every solution, on
// puzzles with one, several and no solutions.
func TestFirstIsSmallest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := NewSudoku()
	ctx := context.Background()
	sol := make([]uint8, 81)
	several := 0
	for i := range 300 {
		g := canon.RandomGrid(rng)
		p := g
		// Keep 24 to 40 givens: many puzzles with a few solutions.
		for _, c := range rng.Perm(81)[:41+rng.IntN(17)] {
			p[c] = 0
		}
		if n, _ := s.Solve(ctx, p[:], 3000, nil); n >= 3000 {
			continue // too many to list
		}
		want, n := smallest(t, s, p[:])
		ok, err := s.First(ctx, p[:], sol)
		if err != nil {
			t.Fatal(err)
		}
		if ok != (n > 0) || ok && !bytes.Equal(sol, want) {
			t.Fatalf("puzzle %d (%d solutions): First = %v %v; want %v", i, n, ok, sol, want)
		}
		if n > 1 {
			several++
		}
	}
	if several < 30 {
		t.Errorf("only %d puzzles with several solutions", several)
	}
	// A puzzle without a solution whose givens do not clash: r1c9 can only
	// be 9, which column 9 already holds.
	nosol, err := ParsePuzzle("12345678.........9" + strings.Repeat(".", 63))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := s.First(ctx, nosol[:], sol); ok || err != nil {
		t.Errorf("no-solution puzzle: First = %v, %v", ok, err)
	}
}
