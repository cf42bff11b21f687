package solve

import (
	"context"
	"testing"
)

// TestOther checks Other on a 16-clue puzzle with exactly two solutions:
// given either, it returns the other; given a grid that is neither, one of
// the two; with the puzzle completed to one solution, it counts 1.
func TestOther(t *testing.T) {
	ctx := context.Background()
	p, err := ParsePuzzle("5.2...4.....71...3..............46...7.2......1.......6....2.......3..1.4........")
	if err != nil {
		t.Fatal(err)
	}
	var sols [][81]uint8
	f := NewFast()
	if _, err := f.All(ctx, &p, 0, func(s *[81]uint8) error { sols = append(sols, *s); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(sols) != 2 {
		t.Fatalf("%d solutions; want 2", len(sols))
	}
	for i, g := range sols {
		var other [81]uint8
		n, err := f.Other(ctx, &p, &g, &other)
		if err != nil || n != 2 {
			t.Fatalf("Other = %d, %v; want 2", n, err)
		}
		if other != sols[1-i] {
			t.Errorf("Other given solution %d returned %v; want the other solution", i, FormatGrid(&other))
		}
		full := g
		n, _ = f.Other(ctx, &full, &g, &other)
		if n != 1 {
			t.Errorf("Other of a full grid = %d; want 1", n)
		}
	}
	var neither [81]uint8
	var other [81]uint8
	if n, _ := f.Other(ctx, &p, &neither, &other); n != 2 || (other != sols[0] && other != sols[1]) {
		t.Errorf("Other with a grid that is no solution: %d, %v; want 2 and a solution", n, FormatGrid(&other))
	}
}
