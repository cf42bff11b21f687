package dlx

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"testing"
)

// knuthMatrix is the example of dlx1.w (and of "Dancing links"): items
// a..g, options "c e", "a d g", "b c f", "a d f", "b g", "d e g". Its
// only exact cover is options 3, 4, 0 ("a d f", "b g", "c e").
func knuthMatrix(t testing.TB) *Matrix {
	t.Helper()
	const a, b, c, d, e, f, g = 0, 1, 2, 3, 4, 5, 6
	m := NewMatrix(7, 0)
	for _, o := range [][]int{{c, e}, {a, d, g}, {b, c, f}, {a, d, f}, {b, g}, {d, e, g}} {
		if _, err := m.AddOption(o...); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// allSolutions returns every solution of s, each sorted, in the order found.
func allSolutions(t testing.TB, s *Solver) [][]int {
	t.Helper()
	var sols [][]int
	n, err := s.Search(context.Background(), 0, func(opts []int) bool {
		sol := append([]int(nil), opts...)
		sort.Ints(sol)
		sols = append(sols, sol)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(len(sols)) {
		t.Fatalf("Search returned %d; visit saw %d", n, len(sols))
	}
	if err := s.checkLinks(); err != nil {
		t.Fatalf("after Search: %v", err)
	}
	return sols
}

func TestKnuthExample(t *testing.T) {
	s := NewSolver(knuthMatrix(t))
	got := allSolutions(t, s)
	want := [][]int{{0, 3, 4}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("solutions = %v; want %v", got, want)
	}
	// 20 updates today; a bound catches a search that stops pruning.
	if u := s.Updates(); u == 0 || u > 30 {
		t.Errorf("Updates = %d; want 1..30", u)
	}
	if n, _ := s.Search(context.Background(), 0, nil); n != 1 {
		t.Errorf("count = %d; want 1", n)
	}
}

func TestAddOptionErrors(t *testing.T) {
	m := NewMatrix(3, 2)
	for _, tc := range []struct {
		items []int
		item  int
	}{
		{nil, -1},
		{[]int{0, 5}, 5},
		{[]int{-1}, -1},
		{[]int{1, 3, 1}, 1},
		{[]int{3, 4}, -1},
	} {
		t.Run(fmt.Sprint(tc.items), func(t *testing.T) {
			_, err := m.AddOption(tc.items...)
			var oe *OptionError
			if !errors.As(err, &oe) || oe.Item != tc.item || oe.Option != 0 {
				t.Errorf("AddOption(%v) = %v; want *OptionError for option 0 item %d", tc.items, err, tc.item)
			}
		})
	}
	if m.Options() != 0 {
		t.Errorf("failed AddOptions left %d options; want 0", m.Options())
	}
	if k, err := m.AddOption(0, 4); k != 0 || err != nil {
		t.Errorf("AddOption(0, 4) = %d, %v; want 0, nil", k, err)
	}
	if got := m.OptionItems(0); !reflect.DeepEqual(got, []int{0, 4}) {
		t.Errorf("OptionItems(0) = %v; want [0 4]", got)
	}
}

func TestChooseReset(t *testing.T) {
	s := NewSolver(knuthMatrix(t))
	if err := s.Choose(4); err != nil { // "b g"
		t.Fatal(err)
	}
	if got := allSolutions(t, s); !reflect.DeepEqual(got, [][]int{{0, 3, 4}}) {
		t.Errorf("with option 4 chosen: %v; want [[0 3 4]]", got)
	}
	err := s.Choose(1) // "a d g" clashes with "b g" on g
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Item != 6 || ce.By != 4 || ce.Option != 1 {
		t.Fatalf("Choose(1) = %v; want clash on item 6 with option 4", err)
	}
	if err := s.Choose(5); err != nil { // "d e g" clashes too, on g
		if !errors.As(err, &ce) || ce.Item != 6 {
			t.Fatalf("Choose(5) = %v; want clash on item 6", err)
		}
	}
	if err := s.Choose(2); err != nil { // "b c f" clashes on b
		if !errors.As(err, &ce) || ce.Item != 1 {
			t.Fatalf("Choose(2) = %v; want clash on item 1", err)
		}
	}
	if err := s.Choose(1); err == nil {
		t.Fatal("Choose(1) after clash: want error")
	}
	if err := s.Choose(99); err == nil {
		t.Fatal("Choose(99): want error")
	}
	if err := s.Choose(0); err != nil { // "c e": fine with "b g"
		t.Fatal(err)
	}
	if got := allSolutions(t, s); !reflect.DeepEqual(got, [][]int{{0, 3, 4}}) {
		t.Errorf("with options 4, 0 chosen: %v", got)
	}
	s.Reset()
	if err := s.checkLinks(); err != nil {
		t.Fatal(err)
	}
	if err := s.Choose(1); err != nil { // "a d g": no cover completes it
		t.Fatal(err)
	}
	if n, _ := s.Search(context.Background(), 0, nil); n != 0 {
		t.Errorf("with option 1 chosen: %d solutions; want 0", n)
	}
	s.Reset()
	if n, _ := s.Search(context.Background(), 0, nil); n != 1 {
		t.Errorf("after Reset: %d solutions; want 1", n)
	}
}

// queens returns the n-queens exact cover: rows and columns primary,
// diagonals secondary (Knuth's formulation).
func queens(t testing.TB, n int) *Matrix {
	t.Helper()
	m := NewMatrix(2*n, 2*(2*n-1))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if _, err := m.AddOption(r, n+c, 2*n+r+c, 2*n+2*n-1+r-c+n-1); err != nil {
				t.Fatal(err)
			}
		}
	}
	return m
}

func TestQueens(t *testing.T) {
	for n, want := range map[int]int64{1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352} {
		s := NewSolver(queens(t, n))
		got, err := s.Search(context.Background(), 0, nil)
		if err != nil || got != want {
			t.Errorf("%d queens: %d, %v; want %d", n, got, err, want)
		}
		if sols := allSolutions(t, s); int64(len(sols)) != want {
			t.Errorf("%d queens, visiting: %d; want %d", n, len(sols), want)
		}
	}
	// The work of counting 8 queens: 20,527 updates today.
	s := NewSolver(queens(t, 8))
	s.Search(context.Background(), 0, nil)
	if u := s.Updates(); u < 10000 || u > 25000 {
		t.Errorf("8 queens: %d updates; want 10,000..25,000", u)
	}
}

// dominoes returns the exact cover of tiling an h x w board with dominoes.
func dominoes(t testing.TB, h, w int) *Matrix {
	t.Helper()
	m := NewMatrix(h*w, 0)
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			if c+1 < w {
				m.AddOption(r*w+c, r*w+c+1)
			}
			if r+1 < h {
				m.AddOption(r*w+c, (r+1)*w+c)
			}
		}
	}
	return m
}

func TestDominoTilings(t *testing.T) {
	for _, tc := range []struct {
		h, w int
		want int64
	}{{1, 1, 0}, {2, 2, 2}, {2, 3, 3}, {2, 10, 89}, {3, 4, 11}, {4, 4, 36}, {3, 3, 0}, {5, 6, 1183}, {6, 6, 6728}} {
		t.Run(fmt.Sprintf("%dx%d", tc.h, tc.w), func(t *testing.T) {
			s := NewSolver(dominoes(t, tc.h, tc.w))
			if got, _ := s.Search(context.Background(), 0, nil); got != tc.want {
				t.Errorf("%dx%d dominoes: %d; want %d", tc.h, tc.w, got, tc.want)
			}
		})
	}
}

func TestLimitAndStop(t *testing.T) {
	s := NewSolver(queens(t, 8))
	for _, limit := range []int64{1, 5, 92, 200} {
		got, err := s.Search(context.Background(), limit, nil)
		if want := min(limit, 92); got != want || err != nil {
			t.Errorf("limit %d: %d, %v; want %d", limit, got, err, want)
		}
		if err := s.checkLinks(); err != nil {
			t.Fatalf("limit %d: %v", limit, err)
		}
	}
	seen := 0
	got, err := s.Search(context.Background(), 0, func([]int) bool { seen++; return seen < 7 })
	if got != 7 || seen != 7 || err != nil {
		t.Errorf("visit stopping at 7: count %d, seen %d, %v", got, seen, err)
	}
	if n, _ := s.Search(context.Background(), 0, nil); n != 92 {
		t.Errorf("after stops: %d; want 92", n)
	}
}

func TestCancel(t *testing.T) {
	g := parseGrid(t, group1)
	s, err := sudokuSolver(&g)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	seen := int64(0)
	n, err := s.Search(ctx, 0, func([]int) bool {
		if seen++; seen == 1000 {
			cancel()
		}
		return true
	})
	if !errors.Is(err, context.Canceled) || n < 1000 || n > 1000+2*ctxEvery {
		t.Fatalf("cancelled search: %d, %v; want about 1000, context.Canceled", n, err)
	}
	if err := s.checkLinks(); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Search(ctx, 0, nil); n != 0 || err == nil {
		t.Errorf("search on a done context: %d, %v; want 0 and an error", n, err)
	}
}

func TestTrace(t *testing.T) {
	s := NewSolver(knuthMatrix(t))
	var lines []string
	s.Trace = func(e TraceEvent) {
		lines = append(lines, fmt.Sprintf("%d %d %d %d/%d %d", e.Kind, e.Depth, e.Option, e.Choice, e.Choices, e.Item))
	}
	n, _ := s.Search(context.Background(), 0, nil)
	if n != 1 {
		t.Fatalf("traced count %d; want 1", n)
	}
	places, backs := 0, 0
	for _, l := range lines {
		switch l[0] {
		case '0':
			places++
		case '1':
			backs++
		}
	}
	if places == 0 || places != backs {
		t.Errorf("trace: %d placements, %d backtracks; want equal and > 0:\n%v", places, backs, lines)
	}
	// The first step branches on item a (two options, 1 and 3, MRV tie
	// broken by order): place option 1 as choice 1 of 2.
	if lines[0] != "0 0 1 1/2 0" {
		t.Errorf("first event %q; want %q", lines[0], "0 0 1 1/2 0")
	}
}

// TestTrivialMatrices: no primary item has one (empty) cover; an item
// without options has none; many items span several bitset words.
func TestTrivialMatrices(t *testing.T) {
	if n, err := NewSolver(NewMatrix(0, 0)).Search(context.Background(), 0, nil); n != 1 || err != nil {
		t.Errorf("empty matrix: %d, %v; want 1", n, err)
	}
	if n, _ := NewSolver(NewMatrix(1, 3)).Search(context.Background(), 0, nil); n != 0 {
		t.Errorf("item without options: %d; want 0", n)
	}
	m := NewMatrix(200, 0) // 200 items, each its own option, plus pairs
	for i := 0; i < 200; i++ {
		m.AddOption(i)
		if i%2 == 1 {
			m.AddOption(i-1, i)
		}
	}
	// Each of the 100 pairs is covered by two singles or by the pair: 2^100
	// covers; count a bounded number and check the limit.
	s := NewSolver(m)
	if n, _ := s.Search(context.Background(), 1000, nil); n != 1000 {
		t.Errorf("limit 1000 on 2^100 covers: %d", n)
	}
	if err := s.checkLinks(); err != nil {
		t.Fatal(err)
	}
}
