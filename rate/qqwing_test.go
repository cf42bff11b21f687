package rate

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"edgrid/solve"
)

// TestQqwingGrades rates puzzles qqwing graded (testdata/qqwing_graded).
// qqwing's techniques are all on the ladder, below the x-wing, and
// removing candidates by valid rules reaches the same fixed point in any
// order, so a puzzle qqwing solves without guessing needs no more than its
// grade here: simple (naked singles) is simple, easy at most easy,
// intermediate at most intermediate, and none of them a guess.
func TestQqwingGrades(t *testing.T) {
	f, err := os.Open("testdata/qqwing_graded")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := New()
	most := map[string]Grade{"simple": Simple, "easy": Easy, "intermediate": Intermediate, "expert": Expert}
	seen := map[string]map[Grade]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Fields(sc.Text())
		p, err := solve.ParsePuzzle(fs[0])
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		rt, err := r.Rate(context.Background(), &p)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if g := rt.Grade(); g > most[fs[1]] {
			t.Errorf("line %d: qqwing grades %s, edgrid %v (%v, %d guesses)", line, fs[1], g, rt.Hardest, rt.Guesses)
		}
		if seen[fs[1]] == nil {
			seen[fs[1]] = map[Grade]int{}
		}
		seen[fs[1]][rt.Grade()]++
	}
	t.Logf("qqwing's grade: edgrid's grades %v", seen)
}
