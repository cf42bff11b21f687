package enumerate

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
	s := NewSolver(NewSudokuMatrix())
	for trial, holes := range []int{0, 10, 30, 45, 50, 52, 55, 55} {
		g := full
		for _, c := range rng.Perm(81)[:holes] {
			g[c] = 0
		}
		s.Reset()
		if err := ChooseSudoku(s, &g); err != nil {
			t.Fatal(err)
		}
		want := bruteCount(g)
		got, err := s.Search(context.Background(), 0, nil)
		if err != nil || got != want {
			t.Errorf("trial %d, %d holes: count %d, %v; want %d", trial, holes, got, err, want)
		}
		bad := 0
		visited, _ := s.Search(context.Background(), 0, func(opts []int) bool {
			sol := SudokuGrid(opts)
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
	s, err := NewSudokuSolver(&g)
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
		g := parseGrid(t, tc.puzzle)
		_, err := NewSudokuSolver(&g)
		var ge *GivenError
		if tc.cell < 0 {
			if err != nil {
				t.Errorf("%s: %v; want no error", tc.puzzle, err)
			}
			continue
		}
		if !errors.As(err, &ge) || ge.Cell != tc.cell || ge.Unit != tc.unit || ge.Digit != 1 {
			t.Errorf("%s: %v; want clash at cell %d in %s", tc.puzzle, err, tc.cell, tc.unit)
		}
	}
	g := [81]uint8{3: 12}
	if _, err := NewSudokuSolver(&g); err == nil {
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
	for o := 0; o < SudokuOptions; o++ {
		cell, d := SudokuOptionCell(o)
		if SudokuOption(cell, d) != o {
			t.Fatalf("option %d: round trip gives %d", o, SudokuOption(cell, d))
		}
		for _, it := range SudokuOptionItems(o) {
			seen[it]++
		}
	}
	for it := 0; it < SudokuItems; it++ {
		if seen[it] != 9 {
			t.Errorf("%s is in %d options; want 9", SudokuItemName(it), seen[it])
		}
	}
	if got := SudokuItemName(81 + 4*9 + 2); got != "row 5 digit 3" {
		t.Errorf("item name %q; want row 5 digit 3", got)
	}
}

// TestTiers fills band 2 (tier 0) before band 3 (tier 1) on part of group
// 1 and checks what TierDone sees and that pruning works.
func TestTiers(t *testing.T) {
	g := parseGrid(t, group1)
	copy(g[28:30], []uint8{1, 4}) // r4c2, r4c3 as in the paper's grid 1
	s := NewSolver(NewSudokuMatrix())
	band2 := func(it int) bool {
		switch {
		case it < 81:
			return it/27 == 1
		case it < 162:
			return (it-81)/27 == 1
		case it < 243:
			return false
		default:
			return (it-243)/27 == 1
		}
	}
	for it := 0; it < SudokuItems; it++ {
		tier := 1
		if band2(it) {
			tier = 0
		}
		if err := s.SetTier(it, tier); err != nil {
			t.Fatal(err)
		}
	}
	if err := ChooseSudoku(s, &g); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTier(0, 0); err == nil {
		t.Error("SetTier with options chosen: want error")
	}
	total, _ := s.Search(context.Background(), 0, nil)
	if want := bruteCount(g); total != want {
		t.Fatalf("tiered count %d; want %d", total, want)
	}

	var bands [][81]uint8
	tier1 := 0
	s.TierDone = func(tier int, chosen []int) bool {
		grid := SudokuGrid(chosen)
		switch tier {
		case 0:
			for c := 27; c < 54; c++ {
				if grid[c] == 0 {
					t.Fatalf("TierDone(0): cell %d empty", c)
				}
			}
			for c := 54; c < 81; c++ {
				if grid[c] != g[c] {
					t.Fatalf("TierDone(0): band 3 cell %d decided before band 2 was done", c)
				}
			}
			bands = append(bands, grid)
			return len(bands) == 1 // keep only the first band 2
		case 1:
			tier1++
		default:
			t.Fatalf("TierDone(%d)", tier)
		}
		return true
	}
	n, _ := s.Search(context.Background(), 0, nil)
	if len(bands) < 2 {
		t.Fatalf("TierDone(0) called %d times; want several", len(bands))
	}
	g1 := bands[0]
	for c := 54; c < 81; c++ {
		g1[c] = g[c]
	}
	if want := bruteCount(g1); n != want || int64(tier1) != want {
		t.Errorf("pruned to the first band 2: count %d, TierDone(1) %d times; want %d", n, tier1, want)
	}
	if err := s.checkLinks(); err != nil {
		t.Fatal(err)
	}
}
