package generate

import (
	"context"
	"fmt"
	"math"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/uniform"
	"edgrid/rank"
	"edgrid/rate"
	"edgrid/solve"
)

// collect runs opt for n puzzles on workers and returns them.
func collect(t testing.TB, opt Options, workers, n int) []Puzzle {
	t.Helper()
	var ps []Puzzle
	err := Run(context.Background(), opt, testRanker(t), workers, func(p *Puzzle) (bool, error) {
		ps = append(ps, *p)
		return len(ps) < n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

var sharedRanker *rank.Ranker

// testRanker is one ranker for all the tests: its groups' set-up is shared.
func testRanker(t testing.TB) *rank.Ranker {
	if sharedRanker == nil {
		r, err := rank.New(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		sharedRanker = r
	}
	return sharedRanker
}

// checkPuzzle checks p with the dancing-links solver, independent of the
// fast solver that made it: a unique solution, its grid; the clue count;
// minimal when minimal is set; the rating's solution.
func checkPuzzle(t *testing.T, sv *solve.Solver, p *Puzzle, minimal bool) {
	t.Helper()
	g := canon.Grid(p.Solution)
	if err := g.Validate(); err != nil {
		t.Fatalf("unit %d: solution %v: %v", p.Unit, p.Solution, err)
	}
	clues := 0
	for c, v := range p.Givens {
		if v != 0 {
			clues++
			if v != p.Solution[c] {
				t.Fatalf("unit %d: clue r%dc%d is %d, the grid has %d", p.Unit, c/9+1, c%9+1, v, p.Solution[c])
			}
		}
	}
	if clues != p.Clues {
		t.Fatalf("unit %d: %d clues; printed %d", p.Unit, clues, p.Clues)
	}
	var sol [81]uint8
	n, err := sv.SolveSudoku(context.Background(), &p.Givens, 2, func(v []uint8) bool { copy(sol[:], v); return true })
	if err != nil || n != 1 || sol != p.Solution {
		t.Fatalf("unit %d: %d solutions (%v); want one, the grid", p.Unit, n, err)
	}
	if p.Rating.Solution != p.Solution {
		t.Fatalf("unit %d: the rating's solution differs from the grid", p.Unit)
	}
	if !minimal {
		return
	}
	q := p.Givens
	for c, v := range q {
		if v == 0 {
			continue
		}
		q[c] = 0
		if n, _ := sv.SolveSudoku(context.Background(), &q, 2, nil); n == 1 {
			t.Fatalf("unit %d: clue r%dc%d can go: not minimal", p.Unit, c/9+1, c%9+1)
		}
		q[c] = v
	}
}

// TestTopDown checks top-down puzzles from each grid distribution.
func TestTopDown(t *testing.T) {
	sv := solve.NewSudoku()
	for _, tc := range []struct {
		over Over
		n    int
	}{{OverBacktrack, 200}, {OverGrids, 40}, {OverClasses, 40}} {
		t.Run(tc.over.String(), func(t *testing.T) {
			ps := collect(t, Options{Over: tc.over, Seed: 5}, 2, tc.n)
			for i := range ps {
				p := &ps[i]
				if p.Unit != uint64(i) {
					t.Fatalf("puzzle %d has unit %d", i, p.Unit)
				}
				checkPuzzle(t, sv, p, true)
				g := canon.Grid(p.Solution)
				m, _, _ := canon.Minlex(&g)
				if isMinlex := m == g; isMinlex != (tc.over == OverClasses) {
					t.Fatalf("puzzle %d: the grid is minlex %v; over %v", i, isMinlex, tc.over)
				}
			}
		})
	}
}

// TestClues checks --clues: exact counts, ranges, minimal or not, the scan.
func TestClues(t *testing.T) {
	sv := solve.NewSudoku()
	for _, tc := range []struct {
		lo, hi  int
		minimal bool
		n       int
	}{{30, 30, false, 30}, {35, 40, false, 30}, {24, 25, true, 30}, {22, 22, true, 5}, {21, 21, false, 1}} {
		t.Run(fmt.Sprintf("%d-%d-%v", tc.lo, tc.hi, tc.minimal), func(t *testing.T) {
			if testing.Short() && tc.hi <= 21 {
				t.Skip("21 clues take seconds a puzzle")
			}
			ps := collect(t, Options{Over: OverBacktrack, MinClues: tc.lo, MaxClues: tc.hi, Minimal: tc.minimal, Seed: 2}, 2, tc.n)
			for i := range ps {
				p := &ps[i]
				if p.Clues < tc.lo || p.Clues > tc.hi {
					t.Fatalf("%d clues; want %d-%d", p.Clues, tc.lo, tc.hi)
				}
				checkPuzzle(t, sv, p, tc.minimal || tc.hi <= 17)
			}
		})
	}
}

// TestRatingFilter checks --rating: every puzzle in the range, rated as
// rate rates it on its own.
func TestRatingFilter(t *testing.T) {
	r := rate.New()
	for _, g := range []rate.Grade{rate.Simple, rate.Intermediate, rate.Expert} {
		ps := collect(t, Options{Over: OverBacktrack, MinGrade: g, MaxGrade: g, Seed: 4}, 2, 10)
		for i := range ps {
			rt, err := r.Rate(context.Background(), &ps[i].Givens)
			if err != nil || rt.Grade() != g || rt != ps[i].Rating {
				t.Fatalf("%v: puzzle %d rated %v, %v (%v); want %v", g, i, rt.Grade(), err, ps[i].Rating.Grade(), g)
			}
			if (rt.Guesses == 0) != (g < rate.Expert) {
				t.Fatalf("%v: %d guesses", g, rt.Guesses)
			}
		}
	}
}

// TestSeedWorkers checks that the puzzles depend on the seed alone, not on
// the number of workers, and differ between seeds.
func TestSeedWorkers(t *testing.T) {
	for _, opt := range []Options{{Over: OverBacktrack, Seed: 9}, {Over: OverGrids, Seed: 9}, {Over: OverBacktrack, Seed: 9, MinClues: 24, MaxClues: 24, Minimal: true}} {
		one := collect(t, opt, 1, 40)
		for _, w := range []int{2, 5} {
			many := collect(t, opt, w, 40)
			for i := range one {
				if one[i].Givens != many[i].Givens || one[i].Unit != many[i].Unit {
					t.Fatalf("%+v: puzzle %d differs between 1 and %d workers", opt, i, w)
				}
			}
		}
		opt.Seed++
		if other := collect(t, opt, 2, 1); other[0].Givens == one[0].Givens {
			t.Fatalf("seeds %d and %d give the same first puzzle", opt.Seed-1, opt.Seed)
		}
	}
}

// TestFromGrid checks puzzles of a given grid: of that grid, minimal,
// the same for the same index.
func TestFromGrid(t *testing.T) {
	sv := solve.NewSudoku()
	g, err := New(Options{Seed: 3}, testRanker(t))
	if err != nil {
		t.Fatal(err)
	}
	grid := canon.RandomGrid(Stream(1, 1))
	for i := uint64(0); i < 20; i++ {
		p, err := g.FromGrid(context.Background(), &grid, i)
		if err != nil {
			t.Fatal(err)
		}
		if p.Solution != [81]uint8(grid) {
			t.Fatalf("index %d: a puzzle of another grid", i)
		}
		checkPuzzle(t, sv, &p, true)
		again, _ := g.FromGrid(context.Background(), &grid, i)
		if again.Givens != p.Givens {
			t.Fatalf("index %d: two different puzzles", i)
		}
	}
	bad := grid
	bad[0], bad[1] = bad[1], bad[0]
	if _, err := g.FromGrid(context.Background(), &bad, 0); err == nil {
		t.Fatal("an invalid grid: no error")
	}
}

// TestOptionsBad checks the options' bounds.
func TestOptionsBad(t *testing.T) {
	for _, opt := range []Options{{Method: 7}, {Over: 9}, {MinClues: 16, MaxClues: 20}, {MinClues: 30, MaxClues: 25},
		{MinClues: 30, MaxClues: 82}, {MinGrade: rate.Hard, MaxGrade: rate.Easy}, {MinGrade: 0, MaxGrade: 9}, {MaxTries: -1}} {
		if _, err := New(opt, testRanker(t)); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	// A range no puzzle of these grids reaches ends with ErrTries.
	g, _ := New(Options{Over: OverBacktrack, MinClues: 17, MaxClues: 17, Minimal: true, MaxTries: 1}, nil)
	g.opt.MinClues, g.opt.MaxClues = 80, 81 // top-down never stops above 77
	g.opt.Minimal = true
	if _, err := g.Unit(context.Background(), 0, nil); err != ErrTries {
		t.Errorf("an unreachable range: %v; want ErrTries", err)
	}
}

// TestUniformGrids checks the grid distributions by the group of the
// grid's class (docs/design/method.md's groups, by first band): over classes each
// group comes in proportion to its number of classes exactly, and over
// grids in proportion to its number of grids, which is the same up to the
// classes with automorphisms (about one in 10,000, whose share is less).
// A chi-square over groups pooled into 16 bins of equal probability.
func TestUniformGrids(t *testing.T) {
	ranker := testRanker(t)
	tables := ranker.Tables()
	const bins = 16
	total := tables.Total()
	binOf := make([]int, band.NumGroups+1)
	for gr := 1; gr <= band.NumGroups; gr++ {
		// The bin of the group's middle class.
		mid := tables.GroupFirst(gr) + tables.GroupCount(gr)/2
		binOf[gr] = int(mid * bins / total)
	}
	var want [bins]float64
	for gr := 1; gr <= band.NumGroups; gr++ {
		want[binOf[gr]] += float64(tables.GroupCount(gr)) / float64(total)
	}
	n := 1600
	if testing.Short() {
		n = 600
	}
	for _, over := range []Over{OverClasses, OverGrids} {
		src := gridSource{over: over, ranker: ranker}
		if over == OverGrids {
			// A uniform grid costs microseconds, an unranked class a
			// millisecond: the grids get a closer look.
			n *= 10
			var err error
			if src.uniform, err = uniform.New(); err != nil {
				t.Fatal(err)
			}
		}
		var got [bins]float64
		r := Stream(11, uint64(over))
		for i := 0; i < n; i++ {
			g, err := src.draw(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			m, _, _ := canon.Minlex(&g)
			gr, err := band.GroupOf(&m)
			if err != nil {
				t.Fatal(err)
			}
			got[binOf[gr.Number]]++
		}
		chi := 0.0
		for b := range got {
			e := want[b] * float64(n)
			chi += (got[b] - e) * (got[b] - e) / e
		}
		// 15 degrees of freedom: the 0.999 quantile is 37.7.
		if chi > 37.7 {
			t.Errorf("over %v: chi-square %.1f over %d bins (%v); want < 37.7", over, chi, bins, got)
		}
	}
}

// TestTopDownClues checks the clue counts of top-down puzzles against the
// published ones of two top-down generators (Berthier's comparison of
// generators, "Classification results", a million puzzles each: mean 24.38
// clues, standard deviation 1.12 and 1.116): the mean within four standard
// errors, the deviation within 10%.
func TestTopDownClues(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 1000
	}
	ps := collect(t, Options{Over: OverGrids, Seed: 21}, 0, n)
	var sum, sum2 float64
	for i := range ps {
		c := float64(ps[i].Clues)
		sum += c
		sum2 += c * c
	}
	mean := sum / float64(n)
	sd := math.Sqrt(sum2/float64(n) - mean*mean)
	if se := 1.12 / math.Sqrt(float64(n)); math.Abs(mean-24.38) > 4*se {
		t.Errorf("%d top-down puzzles: mean %.3f clues; published 24.38 (standard error %.3f)", n, mean, se)
	}
	if math.Abs(sd/1.12-1) > 0.1 {
		t.Errorf("%d top-down puzzles: standard deviation %.3f clues; published 1.12", n, sd)
	}
	t.Logf("%d top-down puzzles: mean %.3f, sd %.3f", n, mean, sd)
}
