package enumerate

import (
	"context"
	"testing"
)

// group1 is the first group of the enumeration (method.md): band 1 of
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

var sinkCount int64

// BenchmarkCountGroup1 counts every completion of group 1 with one solver;
// the figure that matters is completions/s.
func BenchmarkCountGroup1(b *testing.B) {
	g := parseGrid(b, group1)
	s, err := NewSudokuSolver(&g)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var total int64
	for b.Loop() {
		n, err := s.Search(context.Background(), 0, nil)
		if err != nil || n != group1Completion {
			b.Fatalf("Search = %d, %v; want %d, nil", n, err, group1Completion)
		}
		total += n
	}
	sinkCount = total
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "completions/s")
}
