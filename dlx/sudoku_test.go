package dlx

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// bruteCount counts the completions of g by plain backtracking over the
// empty cells with row, column and box checks: the independent reference.
func bruteCount(g [81]uint8) int64 {
	var rows, cols, boxes [9]uint16
	for c, d := range g {
		if d != 0 {
			bit := uint16(1) << d
			rows[c/9] |= bit
			cols[c%9] |= bit
			boxes[c/27*3+c%9/3] |= bit
		}
	}
	var empty []int
	for c, d := range g {
		if d == 0 {
			empty = append(empty, c)
		}
	}
	var rec func(k int) int64
	rec = func(k int) int64 {
		if k == len(empty) {
			return 1
		}
		c := empty[k]
		r, col, b := c/9, c%9, c/27*3+c%9/3
		var n int64
		for d := 1; d <= 9; d++ {
			bit := uint16(1) << d
			if (rows[r]|cols[col]|boxes[b])&bit != 0 {
				continue
			}
			rows[r] |= bit
			cols[col] |= bit
			boxes[b] |= bit
			n += rec(k + 1)
			rows[r] &^= bit
			cols[col] &^= bit
			boxes[b] &^= bit
		}
		return n
	}
	return rec(0)
}

// validGrid reports whether g is a full grid with every row, column and box
// holding 1..9 once.
func validGrid(g [81]uint8) bool {
	var rows, cols, boxes [9]uint16
	for c, d := range g {
		if d < 1 || d > 9 {
			return false
		}
		bit := uint16(1) << d
		if (rows[c/9]|cols[c%9]|boxes[c/27*3+c%9/3])&bit != 0 {
			return false
		}
		rows[c/9] |= bit
		cols[c%9] |= bit
		boxes[c/27*3+c%9/3] |= bit
	}
	return true
}

const paperGrid1 = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"

func TestSudokuCountsAgainstBruteForce(t *testing.T) {
	full := parseGrid(t, paperGrid1)
	rng := rand.New(rand.NewPCG(7, 8))
	s := NewSolver(sudokuMatrix())
	for trial, holes := range []int{0, 10, 30, 45, 50, 52, 55, 55} {
		g := full
		for _, c := range rng.Perm(81)[:holes] {
			g[c] = 0
		}
		s.Reset()
		if err := chooseSudoku(s, &g); err != nil {
			t.Fatal(err)
		}
		want := bruteCount(g)
		got, err := s.Search(context.Background(), 0, nil)
		if err != nil || got != want {
			t.Errorf("trial %d, %d holes: count %d, %v; want %d", trial, holes, got, err, want)
		}
		bad := 0
		visited, _ := s.Search(context.Background(), 0, func(opts []int) bool {
			sol := sudokuGrid(opts)
			for c := range g {
				if g[c] != 0 && sol[c] != g[c] {
					bad++
				}
			}
			if !validGrid(sol) {
				bad++
			}
			return true
		})
		if visited != want || bad != 0 {
			t.Errorf("trial %d: visited %d (want %d), %d bad solutions", trial, visited, want, bad)
		}
	}
}

// TestSudokuGroup1Part counts a part of group 1 (group1Part), which the
// brute force can still afford.
func TestSudokuGroup1Part(t *testing.T) {
	g := group1Part(t)
	s, err := sudokuSolver(&g)
	if err != nil {
		t.Fatal(err)
	}
	u0 := s.Updates()
	got, _ := s.Search(context.Background(), 0, nil)
	if got != group1PartCompletions {
		t.Fatalf("count %d; want %d", got, group1PartCompletions)
	}
	// About 79 updates a completion today; the bound catches a search
	// that branches badly or stops pruning.
	if per := float64(s.Updates()-u0) / group1PartCompletions; per > 100 {
		t.Errorf("%.1f updates per completion; want at most 100", per)
	}
	if testing.Short() {
		return
	}
	if b := bruteCount(g); b != group1PartCompletions {
		t.Fatalf("brute force %d; want %d", b, group1PartCompletions)
	}
}

func TestChooseSudokuClash(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		cell   int
		unit   string
	}{
		{"11" + dots(79), 1, "row 1"},
		{"1" + dots(8) + "1" + dots(71), 9, "column 1"},
		{"1" + dots(9) + "1" + dots(70), 10, "box 1"},
		{dots(80) + "5" + "", -1, ""},
	} {
		t.Run(tc.puzzle, func(t *testing.T) {
			g := parseGrid(t, tc.puzzle)
			_, err := sudokuSolver(&g)
			var ge *givenError
			if tc.cell < 0 {
				if err != nil {
					t.Errorf("%s: %v; want no error", tc.puzzle, err)
				}
				return
			}
			if !errors.As(err, &ge) || ge.Cell != tc.cell || ge.Unit != tc.unit || ge.Digit != 1 {
				t.Errorf("%s: %v; want clash at cell %d in %s", tc.puzzle, err, tc.cell, tc.unit)
			}
		})
	}
	g := [81]uint8{3: 12}
	if _, err := sudokuSolver(&g); err == nil {
		t.Error("digit 12: want error")
	}
}

func dots(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

func TestSudokuItems(t *testing.T) {
	seen := map[int]int{}
	for o := 0; o < sudokuOptions; o++ {
		cell, d := sudokuOptionCell(o)
		if sudokuOption(cell, d) != o {
			t.Fatalf("option %d: round trip gives %d", o, sudokuOption(cell, d))
		}
		for _, it := range sudokuOptionItems(o) {
			seen[it]++
		}
	}
	for it := 0; it < sudokuItems; it++ {
		if seen[it] != 9 {
			t.Errorf("%s is in %d options; want 9", sudokuItemName(it), seen[it])
		}
	}
	if got := sudokuItemName(81 + 4*9 + 2); got != "row 5 digit 3" {
		t.Errorf("item name %q; want row 5 digit 3", got)
	}
}
