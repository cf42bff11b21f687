package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"edgrid/dlx"
)

// checkSudoku is the independent validator: g is a full grid (rows,
// columns, boxes hold 1-9 once) that keeps every given of puzzle.
func checkSudoku(t *testing.T, puzzle, g *[81]uint8) {
	t.Helper()
	for k := 0; k < 9; k++ {
		var row, col, box [10]bool
		for j := 0; j < 9; j++ {
			for _, x := range []struct {
				seen *[10]bool
				cell int
			}{{&row, k*9 + j}, {&col, j*9 + k}, {&box, (k/3*3+j/3)*9 + k%3*3 + j%3}} {
				t.Run(fmt.Sprint(x.cell), func(t *testing.T) {
					d := g[x.cell]
					if d < 1 || d > 9 || x.seen[d] {
						t.Fatalf("%s: bad or repeated digit at cell %d", FormatGrid(g), x.cell+1)
					}
					x.seen[d] = true
				})
			}
		}
	}
	for c, d := range puzzle {
		if d != 0 && g[c] != d {
			t.Fatalf("%s: cell %d is %d; the given is %d", FormatGrid(g), c+1, g[c], d)
		}
	}
}

var knownPuzzles = []struct{ name, puzzle, solution string }{
	{"AI Escargot",
		"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
		"162857493534129678789643521475312986913586742628794135356478219241935867897261354"},
	{"Inkala 2010 (world's hardest)",
		"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
		"145327698839654127672918543496185372218473956753296481367542819984761235521839764"},
	{"easy",
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		"483921657967345821251876493548132976729564138136798245372689514814253769695417382"},
}

func TestKnownPuzzles(t *testing.T) {
	s := NewSudoku()
	for _, tc := range knownPuzzles {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParsePuzzle(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := ParsePuzzle(tc.solution)
			checkSudoku(t, &g, &want) // the table itself
			var got [81]uint8
			n, err := s.SolveSudoku(context.Background(), &g, 0, func(v []uint8) bool { copy(got[:], v); return true })
			if err != nil || n != 1 {
				t.Fatalf("%s: %d solutions, %v; want 1", tc.name, n, err)
			}
			checkSudoku(t, &g, &got)
			if got != want {
				t.Errorf("%s: got %s; want %s", tc.name, FormatGrid(&got), tc.solution)
			}
		})
	}
}

// bruteCount counts the completions of g by plain backtracking.
func bruteCount(g [81]uint8) int64 {
	ok := func(c int, d uint8) bool {
		r, col := c/9, c%9
		for j := 0; j < 9; j++ {
			b := (r/3*3+j/3)*9 + col/3*3 + j%3
			if g[r*9+j] == d || g[j*9+col] == d || g[b] == d {
				return false
			}
		}
		return true
	}
	var rec func(c int) int64
	rec = func(c int) int64 {
		for c < 81 && g[c] != 0 {
			c++
		}
		if c == 81 {
			return 1
		}
		var n int64
		for d := uint8(1); d <= 9; d++ {
			if ok(c, d) {
				g[c] = d
				n += rec(c + 1)
				g[c] = 0
			}
		}
		return n
	}
	return rec(0)
}

func TestCountAgainstBruteForce(t *testing.T) {
	full, _ := ParsePuzzle(knownPuzzles[0].solution)
	rng := rand.New(rand.NewPCG(3, 4))
	s := NewSudoku()
	for _, holes := range []int{50, 55, 58} {
		g := full
		for _, c := range rng.Perm(81)[:holes] {
			g[c] = 0
		}
		want := bruteCount(g)
		got, err := s.SolveSudoku(context.Background(), &g, 0, nil)
		if err != nil || got != want {
			t.Errorf("%d holes: %d, %v; want %d", holes, got, err, want)
		}
		if want < 10 {
			t.Errorf("%d holes: only %d solutions; pick a puzzle with many", holes, want)
		}
		if lim, _ := s.SolveSudoku(context.Background(), &g, 3, nil); lim != 3 {
			t.Errorf("limit 3: %d", lim)
		}
	}
}

func TestClashingGivens(t *testing.T) {
	s := NewSudoku()
	for _, tc := range []struct{ puzzle, msg string }{
		{"5...5" + strings.Repeat(".", 76), "cell 5 (r1c5): 5 is already in row 1"},
		{"7" + strings.Repeat(".", 62) + "7" + strings.Repeat(".", 17), "cell 64 (r8c1): 7 is already in column 1"},
		{strings.Repeat(".", 30) + "3" + strings.Repeat(".", 9) + "3" + strings.Repeat(".", 40), "cell 41 (r5c5): 3 is already in box 5"},
	} {
		t.Run(tc.puzzle, func(t *testing.T) {
			g, err := ParsePuzzle(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.SolveSudoku(context.Background(), &g, 0, nil)
			var ge *GivenError
			if !errors.As(err, &ge) || err.Error() != tc.msg {
				t.Errorf("%s: %v; want %q", tc.puzzle, err, tc.msg)
			}
		})
	}
	// The solver is reusable after a clash.
	g, _ := ParsePuzzle(knownPuzzles[2].puzzle)
	if n, err := s.SolveSudoku(context.Background(), &g, 0, nil); n != 1 || err != nil {
		t.Errorf("after clashes: %d, %v", n, err)
	}
}

// TestClassicIsSudokuCover checks that NewSudoku builds the Sudoku exact
// cover whose numbering the paper's order is defined by (docs/design/numbering.md):
// items cell, row-digit, column-digit, box-digit; option cell*9+d-1. The
// same search, update for update, as a cover built here from that numbering.
func TestClassicIsSudokuCover(t *testing.T) {
	g, _ := ParsePuzzle(knownPuzzles[1].puzzle)
	s := NewSudoku()
	n1, _ := s.SolveSudoku(context.Background(), &g, 0, nil)
	m := dlx.NewMatrix(324, 0)
	for o := range 729 {
		cell, d := o/9, o%9
		r, c := cell/9, cell%9
		if _, err := m.AddOption(cell, 81+r*9+d, 162+c*9+d, 243+(r/3*3+c/3)*9+d); err != nil {
			t.Fatal(err)
		}
	}
	e := dlx.NewSolver(m)
	for cell, d := range g {
		if d != 0 {
			if err := e.Choose(cell*9 + int(d) - 1); err != nil {
				t.Fatal(err)
			}
		}
	}
	n2, _ := e.Search(context.Background(), 0, nil)
	if n1 != 1 || n2 != 1 || s.Updates() != e.Updates() {
		t.Errorf("solve: %d solutions, %d updates; the cover built here: %d, %d", n1, s.Updates(), n2, e.Updates())
	}
}

func TestTrace(t *testing.T) {
	s := NewSudoku()
	var b strings.Builder
	s.SetTrace(&b)
	g, _ := ParsePuzzle(knownPuzzles[2].puzzle)
	if n, _ := s.SolveSudoku(context.Background(), &g, 0, nil); n != 1 {
		t.Fatalf("%d solutions", n)
	}
	out := b.String()
	if !strings.HasPrefix(out, "place r") || !strings.Contains(out, "undo  r") || !strings.Contains(out, " of ") {
		t.Errorf("trace:\n%s", out)
	}
	s.SetTrace(nil)
	b.Reset()
	s.SolveSudoku(context.Background(), &g, 0, nil)
	if b.Len() != 0 {
		t.Errorf("trace after SetTrace(nil): %q", b.String())
	}
}

// TestCheckGivens: the search-free check finds the same clashes as Solve.
func TestCheckGivens(t *testing.T) {
	s := NewSudoku()
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 2000; trial++ {
		var g [81]uint8
		for k := 0; k < 2+rng.IntN(20); k++ {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		e1 := CheckGivens(&g)
		_, e2 := s.SolveSudoku(context.Background(), &g, 1, nil)
		var ge *GivenError
		if errors.As(e2, &ge) != (e1 != nil) {
			t.Fatalf("%s: CheckGivens %v; Solve %v", FormatGrid(&g), e1, e2)
		}
		if e1 != nil && e1.(*GivenError).Pos != ge.Pos {
			t.Fatalf("%s: CheckGivens %v; Solve %v", FormatGrid(&g), e1, e2)
		}
	}
}

// TestNoAllocPerPuzzle: solving with a reused Solver allocates nothing.
func TestNoAllocPerPuzzle(t *testing.T) {
	s := NewSudoku()
	g, _ := ParsePuzzle(knownPuzzles[0].puzzle)
	var sink uint8
	visit := func(v []uint8) bool { sink += v[0]; return true }
	ctx := context.Background()
	if a := testing.AllocsPerRun(20, func() { s.SolveSudoku(ctx, &g, 2, visit) }); a != 0 {
		t.Errorf("%v allocations a puzzle; want 0", a)
	}
	if a := testing.AllocsPerRun(20, func() { s.SolveSudoku(ctx, &g, 1, nil) }); a != 0 {
		t.Errorf("%v allocations a puzzle (count only); want 0", a)
	}
}
