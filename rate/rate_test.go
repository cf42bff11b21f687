package rate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"edgrid/internal/testkit"
	"edgrid/solve"
)

// loadSet reads a puzzle set of the repository's testdata.
func loadSet(t testing.TB, name string) [][81]uint8 {
	t.Helper()
	return testkit.Puzzles(t, name, func(s string) ([81]uint8, error) { return solve.ParsePuzzle(strings.Fields(s)[0]) })
}

// TestRateSets rates the test sets and checks every rating against the
// fast solver's solution and against the ladder alone: a guess count of 0
// exactly when the ladder solves the puzzle, and then the same hardest
// technique.
func TestRateSets(t *testing.T) {
	r := New()
	f := solve.NewFast()
	ctx := context.Background()
	for _, set := range []string{"puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106", "puzzles2_17_clue"} {
		ps := loadSet(t, set)
		if testing.Short() && len(ps) > 3000 {
			ps = ps[:3000]
		}
		grades := map[Grade]int{}
		for i := range ps {
			p := &ps[i]
			rt, err := r.Rate(ctx, p)
			if err != nil {
				t.Fatalf("%s #%d: %v", set, i+1, err)
			}
			var sol [81]uint8
			if n, err := f.Unique(ctx, p, &sol); err != nil || n != 1 {
				t.Fatalf("%s #%d: fast solver: %d solutions, %v", set, i+1, n, err)
			}
			if rt.Solution != sol {
				t.Fatalf("%s #%d: solution %v; want %v", set, i+1, rt.Solution, sol)
			}
			h, solved := Ladder(p, Guess-1)
			if solved != (rt.Guesses == 0) {
				t.Fatalf("%s #%d: ladder solves %v but %d guesses", set, i+1, solved, rt.Guesses)
			}
			if solved && h != rt.Hardest || !solved && rt.Hardest != Guess {
				t.Fatalf("%s #%d: hardest %v; the ladder alone %v (solved %v)", set, i+1, rt.Hardest, h, solved)
			}
			grades[rt.Grade()]++
		}
		t.Logf("%s: %d puzzles, grades %v", set, len(ps), grades)
		if set == "puzzles6_forum_hardest_1106" && grades[Expert] != len(ps) {
			t.Errorf("%s: %d of %d rate expert; want all", set, grades[Expert], len(ps))
		}
	}
}

// TestGuessesOrderFree checks that the guess count is that of the whole
// tree: the same when the puzzle's digits are relabelled (which changes
// the order in which a node's candidates are tried) and its rows and
// columns are not moved (so the branching cells stay the same).
func TestGuessesOrderFree(t *testing.T) {
	r := New()
	ctx := context.Background()
	perm := [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	for i, p := range loadSet(t, "puzzles3_magictour_top1465")[:200] {
		a, err := r.Rate(ctx, &p)
		if err != nil {
			t.Fatal(err)
		}
		var q [81]uint8
		for c, v := range p {
			q[c] = perm[v]
		}
		b, err := r.Rate(ctx, &q)
		if err != nil {
			t.Fatal(err)
		}
		if a.Guesses != b.Guesses || a.Hardest != b.Hardest {
			t.Fatalf("#%d: %d guesses, %v; relabelled %d, %v", i+1, a.Guesses, a.Hardest, b.Guesses, b.Hardest)
		}
	}
}

// TestRateBad checks the errors: no solution, several, a bad value.
func TestRateBad(t *testing.T) {
	r := New()
	ctx := context.Background()
	var empty [81]uint8
	if _, err := r.Rate(ctx, &empty); !errors.Is(err, ErrMultiple) {
		t.Errorf("empty grid: %v; want ErrMultiple", err)
	}
	clash := empty
	clash[0], clash[1] = 5, 5
	if _, err := r.Rate(ctx, &clash); !errors.Is(err, ErrNoSolution) {
		t.Errorf("clashing givens: %v; want ErrNoSolution", err)
	}
	// No clash among the givens, but r1c9 can hold nothing: 1-8 in its
	// row and 9 in its column.
	dead := empty
	for c := 0; c < 8; c++ {
		dead[c] = uint8(c + 1)
	}
	dead[80] = 9
	if _, err := r.Rate(ctx, &dead); !errors.Is(err, ErrNoSolution) {
		t.Errorf("dead cell: %v; want ErrNoSolution", err)
	}
	bad := empty
	bad[40] = 10
	var ve *ValueError
	if _, err := r.Rate(ctx, &bad); !errors.As(err, &ve) || ve.Cell != 40 {
		t.Errorf("value 10: %v; want a ValueError at cell 40", err)
	}
	full := loadSet(t, "puzzles3_magictour_top1465")[0]
	rt, err := r.Rate(ctx, &full)
	if err != nil {
		t.Fatal(err)
	}
	if rt, err := r.Rate(ctx, &rt.Solution); err != nil || rt.Hardest != 0 || rt.Grade() != Simple || rt.Guesses != 0 {
		t.Errorf("a full grid: %+v, %v; want no technique, simple, 0 guesses", rt, err)
	}
}
