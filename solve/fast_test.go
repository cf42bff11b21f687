package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// fastLimits are the limits every puzzle is counted with.
var fastLimits = []int64{1, 2, 10, 1000}

// fastCheck compares Fast with the reference on p: Count at fastLimits,
// Unique, First, and when all > 0 the first all solutions from All, in
// order. It returns the reference's count up to 1000.
func fastCheck(t *testing.T, f *Fast, name string, p *[81]uint8, all int64) int64 {
	t.Helper()
	ctx := context.Background()
	want, _ := fastRefCount(p, 1000)
	for _, limit := range fastLimits {
		got, err := f.Count(ctx, p, limit)
		if err != nil || got != min(want, limit) {
			t.Errorf("%s %s: Count(limit %d) = %d, %v; want %d", name, fastFormat(p), limit, got, err, min(want, limit))
		}
	}
	wantFirst, wantOK := fastRefFirst(p)
	var sol [81]uint8
	n, err := f.Unique(ctx, p, &sol)
	if err != nil || n != min(want, 2) {
		t.Errorf("%s %s: Unique = %d, %v; want %d", name, fastFormat(p), n, err, min(want, 2))
	} else if n == 1 && sol != wantFirst {
		t.Errorf("%s %s: Unique gave %s; want %s", name, fastFormat(p), fastFormat(&sol), fastFormat(&wantFirst))
	}
	sol = [81]uint8{}
	ok, err := f.First(ctx, p, &sol)
	switch {
	case err != nil || ok != wantOK:
		t.Errorf("%s %s: First = %v, %v; want %v", name, fastFormat(p), ok, err, wantOK)
	case ok && sol != wantFirst:
		t.Errorf("%s %s: First gave %s; want %s", name, fastFormat(p), fastFormat(&sol), fastFormat(&wantFirst))
	case ok && !fastValidGrid(p, &sol):
		t.Errorf("%s %s: First gave %s, not a solution", name, fastFormat(p), fastFormat(&sol))
	}
	if all > 0 {
		wantAll := fastRefSolutions(p, all)
		var got [][81]uint8
		n, err := f.All(ctx, p, all, func(g *[81]uint8) error {
			got = append(got, *g)
			return nil
		})
		if err != nil || n != int64(len(wantAll)) || len(got) != len(wantAll) {
			t.Errorf("%s %s: All(limit %d) = %d (%d grids), %v; want %d", name, fastFormat(p), all, n, len(got), err, len(wantAll))
		} else {
			for i := range got {
				if got[i] != wantAll[i] {
					t.Errorf("%s %s: All solution %d = %s; want %s", name, fastFormat(p), i, fastFormat(&got[i]), fastFormat(&wantAll[i]))
					break
				}
			}
		}
	}
	return want
}

// TestFastSets checks every puzzle of the shared sets (a sample in -short
// mode) against the reference.
func TestFastSets(t *testing.T) {
	f := NewFast()
	for _, set := range fastSets {
		t.Run(set.name, func(t *testing.T) {
			ps := fastLoadSet(t, set.file)
			step := 1
			if testing.Short() {
				step = max(1, len(ps)/200)
			}
			for i := 0; i < len(ps); i += step {
				if want := fastCheck(t, f, set.name, &ps[i], 0); want != 1 {
					t.Errorf("%s puzzle %d: reference counts %d solutions; want 1", set.name, i, want)
				}
			}
		})
	}
}

// TestFastRandom checks random puzzles made by removing clues from random
// grids: from 17 to 40 clues, so that many have several solutions (often
// more than 1000).
func TestFastRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := NewFast()
	n := 3000
	if testing.Short() {
		n = 300
	}
	var several int
	for i := range n {
		p := fastRandomPuzzle(rng, 17+i%24)
		if fastCheck(t, f, "random", &p, 20) > 1 {
			several++
		}
	}
	if several < n/4 {
		t.Errorf("only %d of %d random puzzles have several solutions; the test wants many", several, n)
	}
}

// TestFastNoSolution checks puzzles without a solution: givens that clash,
// and hard unique puzzles with one more given that differs from their
// solution, which mostly fail only deep in the search; and the same puzzles
// with one given changed instead (no solution or several).
func TestFastNoSolution(t *testing.T) {
	f := NewFast()
	clash := []string{
		"11...............................................................................", // row
		"1........1.......................................................................", // column
		"1.........1......................................................................", // box
		"123456789456789123789123456214365897365897214897214365531642978642978531978531649", // full grid, last cell wrong
		"12345678.........9...............................................................", // r1c9 has no digit
	}
	for _, s := range clash {
		p := fastParse(t, s)
		if n := fastCheck(t, f, "clash", &p, 5); n != 0 {
			t.Errorf("clash %s: reference counts %d; want 0", s, n)
		}
	}
	// Each hard puzzle has one solution; a further given that differs from
	// it (and clashes with no given) leaves none, mostly found only deep
	// in the search. Changing one given instead gives puzzles with no
	// solution or several.
	rng := rand.New(rand.NewPCG(3, 4))
	ps := fastLoadSet(t, "puzzles6_forum_hardest_1106")
	m := len(ps)
	if testing.Short() {
		m = 40
	}
	for _, p := range ps[:m] {
		sol, ok := fastRefFirst(&p)
		if !ok {
			t.Fatalf("%s: the reference finds no solution", fastFormat(&p))
		}
		var empty, givens []int
		for c, v := range p {
			if v == 0 {
				empty = append(empty, c)
			} else {
				givens = append(givens, c)
			}
		}
		q := p
		for _, c := range rng.Perm(len(empty)) {
			c = empty[c]
			for d := uint8(1); d <= 9 && q[c] == 0; d++ {
				q[c] = d
				if d == sol[c] || !fastRefNoClash(&q, c) {
					q[c] = 0
				}
			}
			if q[c] != 0 {
				break
			}
		}
		if n := fastCheck(t, f, "added", &q, 3); n != 0 {
			t.Errorf("added %s: reference counts %d; want 0", fastFormat(&q), n)
		}
		q = p
		c := givens[rng.IntN(len(givens))]
		for _, d := range rng.Perm(9) {
			q[c] = uint8(d + 1)
			if q[c] != p[c] && fastRefNoClash(&q, c) {
				break
			}
		}
		fastCheck(t, f, "changed", &q, 3)
	}
}

// fastRefNoClash reports whether the given at cell c of p differs from the
// other givens of its row, column and box.
func fastRefNoClash(p *[81]uint8, c int) bool {
	for k := range 81 {
		if k != c && p[k] == p[c] && (k/9 == c/9 || k%9 == c%9 || (k/27 == c/27 && k%9/3 == c%9/3)) {
			return false
		}
	}
	return true
}

// TestFastEmpty checks the empty grid: every limit is reached, and the
// first solutions are those of the reference in lexicographic order.
func TestFastEmpty(t *testing.T) {
	f := NewFast()
	ctx := context.Background()
	var p [81]uint8
	for _, limit := range []int64{1, 2, 3, 10, 1000, 100000} {
		if n, err := f.Count(ctx, &p, limit); err != nil || n != limit {
			t.Errorf("empty grid: Count(limit %d) = %d, %v; want %d", limit, n, err, limit)
		}
	}
	fastCheck(t, f, "empty", &p, 100)
	var sol [81]uint8
	if ok, err := f.First(ctx, &p, &sol); !ok || err != nil {
		t.Fatalf("empty grid: First = %v, %v; want true", ok, err)
	}
	// The smallest grid of all is the smallest member of its class, so it
	// is the lexicographically smallest minlex grid that docs/design/method.md names.
	const want = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	if got := fastFormat(&sol); got != want {
		t.Errorf("empty grid: First = %s; want %s", got, want)
	}
}

// fastGroup1 is group 1 of the method: band 1 is 123456789 456789123
// 789123456, column 1 of rows 4-9 is 2 3 5 6 8 9, all else empty.
const fastGroup1 = "123456789456789123789123456" +
	"2........3........5........" +
	"6........8........9........"

// TestFastGroup1 counts the completions of group 1: 11,297,664.
func TestFastGroup1(t *testing.T) {
	if testing.Short() {
		t.Skip("counts 11 million completions")
	}
	p := fastParse(t, fastGroup1)
	f := NewFast()
	n, err := f.Count(context.Background(), &p, 0)
	if err != nil || n != 11297664 {
		t.Errorf("group 1: Count = %d, %v; want 11297664", n, err)
	}
	// A limit stops the count there.
	n, err = f.Count(context.Background(), &p, 12345)
	if err != nil || n != 12345 {
		t.Errorf("group 1: Count(limit 12345) = %d, %v; want 12345", n, err)
	}
}

// TestFastBadValue checks that a value above 9 is an error naming its cell.
func TestFastBadValue(t *testing.T) {
	f := NewFast()
	ctx := context.Background()
	var p [81]uint8
	p[40] = 10
	var sol [81]uint8
	_, err1 := f.Count(ctx, &p, 1)
	_, err2 := f.First(ctx, &p, &sol)
	_, err3 := f.Unique(ctx, &p, &sol)
	_, err4 := f.All(ctx, &p, 1, func(*[81]uint8) error { return nil })
	for i, err := range []error{err1, err2, err3, err4} {
		var ve *FastValueError
		if !errors.As(err, &ve) || ve.Cell != 40 || ve.Value != 10 {
			t.Errorf("call %d: error %v; want a FastValueError at cell 40 with value 10", i+1, err)
		}
	}
	if err1 != nil && err1.Error() != "solve: cell 41 (r5c5): value 10 is not 0-9 (0 for an empty cell)" {
		t.Errorf("message %q", err1.Error())
	}
}

// TestFastStop checks that All stops on the visit's error and that a
// cancelled context stops a long count.
func TestFastStop(t *testing.T) {
	f := NewFast()
	var p [81]uint8
	stop := errors.New("stop")
	k := 0
	n, err := f.All(context.Background(), &p, 0, func(*[81]uint8) error {
		k++
		if k == 7 {
			return stop
		}
		return nil
	})
	if err != stop || n != 7 {
		t.Errorf("All stopped by the visit: %d, %v; want 7, stop", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err = f.Count(ctx, &p, 0)
	if !errors.Is(err, context.Canceled) || n <= 0 {
		t.Errorf("Count with a cancelled context: %d, %v; want some solutions and context.Canceled", n, err)
	}
	// The Fast still works after an early stop.
	if n, err := f.Count(context.Background(), &p, 5); n != 5 || err != nil {
		t.Errorf("Count after a stop = %d, %v; want 5", n, err)
	}
}

// TestFastAllocs checks that no call allocates.
func TestFastAllocs(t *testing.T) {
	ps := fastLoadSet(t, "puzzles3_magictour_top1465")[:50]
	var empty [81]uint8
	f := NewFast()
	ctx := context.Background()
	var sol [81]uint8
	visit := func(*[81]uint8) error { return nil }
	allocs := testing.AllocsPerRun(5, func() {
		for i := range ps {
			f.Count(ctx, &ps[i], 2)
			f.Unique(ctx, &ps[i], &sol)
			f.First(ctx, &ps[i], &sol)
			f.All(ctx, &ps[i], 2, visit)
		}
		f.Count(ctx, &empty, 1000)
		f.First(ctx, &empty, &sol)
		f.All(ctx, &empty, 10, visit)
	})
	if allocs != 0 {
		t.Errorf("%v allocations a run; want 0", allocs)
	}
}

// TestFastCounts counts all the solutions of puzzles with many against the
// reference: random grids with two bands given and a few cells of the
// third (each band in turn), whose count is the last band's completions,
// and random puzzles with few clues.
func TestFastCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	f := NewFast()
	ctx := context.Background()
	n := 150
	if testing.Short() {
		n = 30
	}
	for i := range n {
		g := fastRandomGrid(rng)
		open := i % 3 // the band left open
		p := g
		for c := open * 27; c < open*27+27; c++ {
			p[c] = 0
		}
		for _, c := range rng.Perm(27)[:rng.IntN(7)] {
			p[open*27+c] = g[open*27+c]
		}
		want, _ := fastRefCount(&p, 1_000_000)
		got, err := f.Count(ctx, &p, 0)
		if err != nil || got != want {
			t.Errorf("%s: Count = %d, %v; want %d", fastFormat(&p), got, err, want)
		}
		if want > 3 {
			limit := 1 + rng.Int64N(want-1)
			if got, err := f.Count(ctx, &p, limit); err != nil || got != limit {
				t.Errorf("%s: Count(limit %d) = %d, %v; want %d", fastFormat(&p), limit, got, err, limit)
			}
		}
	}
	const cap = 20000
	m := 60
	if testing.Short() {
		m = 10
	}
	for i := range m {
		p := fastRandomPuzzle(rng, 22+i%6)
		want, _ := fastRefCount(&p, cap)
		limit := int64(0)
		if want == cap {
			limit = cap
		}
		if got, err := f.Count(ctx, &p, limit); err != nil || got != want {
			t.Errorf("%s: Count(limit %d) = %d, %v; want %d", fastFormat(&p), limit, got, err, want)
		}
	}
}

// SetProgress publishes the count while a long count runs, never more
// than the count it returns.
func TestFastProgress(t *testing.T) {
	var p atomic.Int64
	f := NewFast()
	f.SetProgress(&p)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	var empty [81]uint8
	n, err := f.Count(ctx, &empty, 0)
	if err == nil || n <= 0 {
		t.Fatalf("count of the empty grid stopped after 200 ms: %d, %v; want a partial count and the context's error", n, err)
	}
	if got := p.Load(); got <= 0 || got > n {
		t.Fatalf("progress %d; want 1..%d", got, n)
	}
}
