package solve

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"
)

// engineCheck compares Fast with the dancing-links Solver on p: counts at
// limits 1, 2, 10 and 1000, the uniqueness verdict with the solution, and
// the first solution (both lexicographic). It returns the count up to 1000.
func engineCheck(t *testing.T, f *Fast, s *Solver, what string, p *[81]uint8) int64 {
	t.Helper()
	ctx := context.Background()
	var n1000 int64
	for _, limit := range []int64{1, 2, 10, 1000} {
		a, err1 := f.Count(ctx, p, limit)
		b, err2 := s.SolveSudoku(ctx, p, limit, nil)
		if _, given := err2.(*GivenError); given {
			b, err2 = 0, nil // givens that clash: no solution, as Fast says
		}
		if err1 != nil || err2 != nil || a != b {
			t.Fatalf("%s: limit %d: fast %d (%v), dlx %d (%v)", what, limit, a, err1, b, err2)
		}
		n1000 = a
	}
	var fu, du [81]uint8
	nu, err := f.Unique(ctx, p, &fu)
	if err != nil || nu != min(n1000, 2) {
		t.Fatalf("%s: Unique %d (%v); counts say %d", what, nu, err, min(n1000, 2))
	}
	if nu == 1 {
		s.SolveSudoku(ctx, p, 1, func(v []uint8) bool { copy(du[:], v); return true })
		if fu != du {
			t.Fatalf("%s: unique solutions differ", what)
		}
	}
	ok1, err1 := f.First(ctx, p, &fu)
	ok2, err2 := s.First(ctx, p[:], du[:])
	if _, given := err2.(*GivenError); given {
		ok2, err2 = false, nil
	}
	if err1 != nil || err2 != nil || ok1 != ok2 || ok1 != (n1000 > 0) || ok1 && !bytes.Equal(fu[:], du[:]) {
		t.Fatalf("%s: first solution: fast %v %v (%v), dlx %v %v (%v)", what, ok1, fu, err1, ok2, du, err2)
	}
	return n1000
}

// The two engines agree on every puzzle of the shared sets (a sample in
// short mode).
func TestEnginesAgreeOnSets(t *testing.T) {
	f, s := NewFast(), NewSudoku()
	for _, set := range fastSets {
		ps := fastLoadSet(t, set.file)
		step := 1
		if testing.Short() {
			step = max(1, len(ps)/100)
		}
		for i := 0; i < len(ps); i += step {
			if n := engineCheck(t, f, s, set.name, &ps[i]); n != 1 {
				t.Errorf("%s puzzle %d: %d solutions; want 1", set.name, i+1, n)
			}
		}
	}
}

// ... on random puzzles with many solutions, on puzzles without a solution
// (clashing givens, and hard puzzles with one given changed, which fail
// deep in the search), and on the empty grid.
func TestEnginesAgreeOnOthers(t *testing.T) {
	f, s := NewFast(), NewSudoku()
	rng := rand.New(rand.NewPCG(7, 8))
	n := 1500
	if testing.Short() {
		n = 200
	}
	several, none := 0, 0
	for i := range n {
		p := fastRandomPuzzle(rng, 17+i%24)
		if engineCheck(t, f, s, "random", &p) > 1 {
			several++
		}
	}
	hard := fastLoadSet(t, fastSets[len(fastSets)-1].file)
	for i := 0; i < len(hard) && i < n/5; i++ {
		p := hard[i]
		for c := range p {
			if p[c] != 0 {
				p[c] = p[c]%9 + 1 // another digit
				break
			}
		}
		if engineCheck(t, f, s, "changed given", &p) == 0 {
			none++
		}
	}
	var empty [81]uint8
	if engineCheck(t, f, s, "empty grid", &empty) != 1000 {
		t.Error("the empty grid: fewer than 1000 solutions")
	}
	if several < n/4 || none == 0 {
		t.Errorf("%d of %d random puzzles with several solutions, %d changed puzzles without one: the test wants many", several, n, none)
	}
}

// FuzzEngines compares the engines on arbitrary values (taken mod 10, most
// cells empty so that searches stay short).
func FuzzEngines(f *testing.F) {
	f.Add(make([]byte, 81))
	f.Add([]byte("534678912672195348198342567859761423426853791713924856961537284287419635345286179"))
	fast, s := NewFast(), NewSudoku()
	f.Fuzz(func(t *testing.T, data []byte) {
		var p [81]uint8
		for i := 0; i < len(data) && i < 81; i++ {
			if data[i]%3 == 0 {
				p[i] = data[i] % 10
			}
		}
		engineCheck(t, fast, s, "fuzz", &p)
	})
}
