package dlx

import (
	"context"
	"testing"
)

// group1 is the first group of the enumeration (docs/design/method.md): band 1 of
// 123456789, column 1 below it 2,3,5 | 6,8,9. It has 11,297,664 completions.
const (
	group1           = "1234567894567891237891234562........3........5........6........8........9........"
	group1Completion = 11297664
)

// parseGrid turns 81 characters (digits, '.' or '0' empty) into a grid.
func parseGrid(tb testing.TB, s string) [81]uint8 {
	tb.Helper()
	var g [81]uint8
	if len(s) != 81 {
		tb.Fatalf("grid %q: %d characters; want 81", s, len(s))
	}
	for i := 0; i < 81; i++ {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		default:
			tb.Fatalf("grid %q: bad character %q at %d", s, c, i)
		}
	}
	return g
}

// group1Part is group 1 with r4c2..r4c4 filled as in its first
// completion; it has group1PartCompletions completions.
func group1Part(tb testing.TB) [81]uint8 {
	tb.Helper()
	g := parseGrid(tb, group1)
	s, err := sudokuSolver(&g)
	if err != nil {
		tb.Fatal(err)
	}
	var first [81]uint8
	if n, _ := s.Search(context.Background(), 1, func(o []int) bool { first = sudokuGrid(o); return true }); n != 1 {
		tb.Fatalf("group 1 has no completion")
	}
	copy(g[28:31], first[28:31])
	return g
}

const group1PartCompletions = 221660

var sinkCount int64

// BenchmarkCount counts every solution of a few problems with one solver
// each and reports solutions/s. The figure that matters is group1's: the
// enumeration counts completions of groups like it (target 2,000,000/s).
func BenchmarkCount(b *testing.B) {
	g1, g1part := parseGrid(b, group1), group1Part(b)
	sudoku := func(g *[81]uint8) *Solver {
		s, err := sudokuSolver(g)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	for _, bc := range []struct {
		name   string
		solver func() *Solver
		want   int64
	}{
		{"group1", func() *Solver { return sudoku(&g1) }, group1Completion},
		{"group1-part", func() *Solver { return sudoku(&g1part) }, group1PartCompletions},
		{"queens12", func() *Solver { return NewSolver(queens(b, 12)) }, 14200},
		{"dominoes8x8", func() *Solver { return NewSolver(dominoes(b, 8, 8)) }, 12988816},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := bc.solver()
			b.ReportAllocs()
			b.ResetTimer()
			var total int64
			for b.Loop() {
				n, err := s.Search(context.Background(), 0, nil)
				if err != nil || n != bc.want {
					b.Fatalf("Search = %d, %v; want %d, nil", n, err, bc.want)
				}
				total += n
			}
			sinkCount = total
			b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "solutions/s")
		})
	}
}

// BenchmarkChooseReset measures placing the 33 givens of group 1 and
// taking them back, the per-puzzle overhead of a reused solver.
func BenchmarkChooseReset(b *testing.B) {
	g := parseGrid(b, group1)
	s := NewSolver(sudokuMatrix())
	b.ReportAllocs()
	for b.Loop() {
		if err := chooseSudoku(s, &g); err != nil {
			b.Fatal(err)
		}
		s.Reset()
	}
}
