package scan

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"edgrid/canon"
	"edgrid/solve"
)

// TestRemovalWalk checks the scans of many clues, not restricted to
// minimal puzzles, against the solver trying every clue set: whole grids
// at 79 and 81 clues, and masks that leave out up to MaxUASize cells with
// two or three of the mask's cells left out as well (so that the sets of
// 14 to 16 cells decide), on grids of the 17-clue list.
func TestRemovalWalk(t *testing.T) {
	list := load17(t)
	r := rand.New(rand.NewPCG(8, 13))
	all := allCells().mask()
	cases := 4
	if testing.Short() {
		cases = 2
	}
	for i := range cases {
		p := list[r.IntN(len(list))]
		g := solution(t, &p)
		type tc struct {
			mask canon.Mask
			k    int
		}
		tcs := []tc{{all, 81}, {all, 79}}
		for _, out := range []int{3, 11, 14, 16 - i%2} {
			var m canon.Mask
			for _, c := range r.Perm(81)[:81-out+2] {
				m.Set(c)
			}
			tcs = append(tcs, tc{m, 81 - out})
		}
		for _, c := range tcs {
			want := bruteForce(&g, c.mask, c.k, false)
			got, st := scanWith(t, NewScanner(), &g, Options{Clues: c.k, Cells: &c.mask, Minimal: MinimalAny})
			if !slices.Equal(got, want) {
				t.Errorf("%v, cells %v, %d clues: the removal walk found %d puzzles, brute force %d",
					g, c.mask, c.k, len(got), len(want))
			}
			if st.Puzzles != int64(len(got)) || st.Candidates != 0 {
				t.Errorf("%d clues: stats %+v for %d puzzles, none sent to the solver", c.k, st, len(got))
			}
		}
	}
}

// TestRemovalWalkWhole checks the whole-grid counts the unavoidable sets
// give: every 80 and 78 cells (no unavoidable set has fewer than four
// cells), and at 77 every four cells but the grid's four-cell sets.
func TestRemovalWalkWhole(t *testing.T) {
	list := load17(t)
	g := solution(t, &list[0])
	fours, err := Unavoidable(&g, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		k    int
		want int64
	}{{80, 81}, {78, 81 * 80 * 79 / 6}, {77, 81*80*79*78/24 - int64(len(fours))}} {
		t.Run(fmt.Sprint(c.k), func(t *testing.T) {
			st, err := NewScanner().Scan(t.Context(), &g, Options{Clues: c.k, Minimal: MinimalAny}, func(canon.Mask) error { return nil })
			if err != nil || st.Puzzles != c.want {
				t.Errorf("%d clues: %d puzzles (%v); want %d", c.k, st.Puzzles, err, c.want)
			}
		})
	}
	// The first puzzle only, and a stop by the caller.
	got, _ := scanWith(t, NewScanner(), &g, Options{Clues: 79, Minimal: MinimalAny, First: true})
	if len(got) != 1 || got[0].Count() != 79 {
		t.Errorf("first puzzle of 79 clues: %v", got)
	}
	p := puzzleOf(&g, got[0])
	if n, err := solve.NewFast().Count(t.Context(), (*[81]uint8)(&p), 2); err != nil || n != 1 {
		t.Errorf("first puzzle of 79 clues %v has %d solutions", got[0], n)
	}
}

// TestPuzzlesAtLeast checks the bound against the counts the removal walk
// gives at 79 and 80 clues, and that its m-clue puzzle is one.
func TestPuzzlesAtLeast(t *testing.T) {
	list := load17(t)
	g := solution(t, &list[1])
	for _, k := range []int{79, 80} {
		b, m, err := PuzzlesAtLeast(t.Context(), &g, k)
		if err != nil || m < 17 || m > 40 {
			t.Fatalf("%d clues: bound %v on %d clues, %v", k, b, m, err)
		}
		st, err := NewScanner().Scan(t.Context(), &g, Options{Clues: k, Minimal: MinimalAny}, func(canon.Mask) error { return nil })
		if err != nil || b > float64(st.Puzzles) || b != choose(81-m, k-m) {
			t.Errorf("%d clues: bound %v above the %d puzzles (%v), or not C(%d, %d)", k, b, st.Puzzles, err, 81-m, k-m)
		}
	}
	if b, m, err := PuzzlesAtLeast(t.Context(), &g, 16); err != nil || b != 0 || m <= 16 {
		t.Errorf("16 clues: bound %v on %d clues, %v; want 0", b, m, err)
	}
	if choose(81, 4) != 1663740 || choose(10, 0) != 1 {
		t.Errorf("choose(81, 4) = %v", choose(81, 4))
	}
	if _, _, err := PuzzlesAtLeast(t.Context(), &g, 82); err == nil {
		t.Error("82 clues: no error")
	}
	bad := g
	bad[0] = bad[1]
	if _, _, err := PuzzlesAtLeast(t.Context(), &bad, 30); err == nil {
		t.Error("an invalid grid: no error")
	}
}
