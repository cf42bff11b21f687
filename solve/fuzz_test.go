package solve

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzParsePuzzle: a puzzle that parses formats back to the same grid, and
// an error is always a *PuzzleError; the solver never fails on it except
// for clashing givens.
func FuzzParsePuzzle(f *testing.F) {
	for _, p := range knownPuzzles {
		f.Add(p.puzzle)
	}
	f.Add(strings.Repeat(".", 81))
	f.Add("x")
	s := NewSudoku()
	f.Fuzz(func(t *testing.T, in string) {
		g, err := ParsePuzzle(in)
		if err != nil {
			if _, ok := err.(*PuzzleError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		if g2, err := ParsePuzzle(FormatGrid(&g)); err != nil || g2 != g {
			t.Fatalf("round trip: %v", err)
		}
		if _, err := s.SolveSudoku(context.Background(), &g, 1, nil); err != nil {
			if _, ok := err.(*GivenError); !ok {
				t.Fatalf("Solve: %T %v", err, err)
			}
		}
	})
}

// FuzzParseRules: a rules file either fails with a *RulesError or reads
// back the same through String, and solving its board fails only by
// running out of time.
func FuzzParseRules(f *testing.F) {
	f.Add(latin)
	f.Add("1 3 3 1\n...\n++.\n")
	f.Add("2 2\n2 1\nx1\n..\n+x\n..\n")
	f.Add("1 1 1 0\n.\n")
	f.Fuzz(func(t *testing.T, in string) {
		r, err := ParseRules("f", strings.NewReader(in))
		if err != nil {
			if _, ok := err.(*RulesError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		r2, err := ParseRules("again", strings.NewReader(r.String()))
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, r.String())
		}
		if !reflect.DeepEqual(r.Board, r2.Board) || len(r.Regions) != len(r2.Regions) {
			t.Fatalf("round trip differs")
		}
		for k := range r.Regions {
			if !reflect.DeepEqual(r.Regions[k].Cells, r2.Regions[k].Cells) {
				t.Fatalf("region %d differs", k)
			}
		}
		s, err := NewSolver(r)
		if err != nil {
			t.Fatal(err)
		}
		// A hostile board can make an exponential search: give it a moment.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		if _, err := s.Solve(ctx, r.Givens(), 2, nil); err != nil && ctx.Err() == nil {
			t.Fatalf("Solve: %v", err)
		}
	})
}
