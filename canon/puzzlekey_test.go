package canon

import (
	"math/rand/v2"
	"testing"
)

// refKey is PuzzleKey by brute force: every geometric transform that maps s
// onto a relabelling of m, the clue mask of p it gives, the smallest.
func refKey(p, s, m *Grid) (Mask, int) {
	lines := refLines()
	clues := MaskOf(p)
	var best Mask
	n := 0
	for tp := range 2 {
		for _, R := range lines {
			for _, C := range lines {
				var lab [10]uint8
				ok := true
				var mask Mask
				for i := 0; i < 81 && ok; i++ {
					r, c := R[i/9], C[i%9]
					src := r*9 + c
					if tp == 1 {
						src = c*9 + r
					}
					d := s[src]
					if lab[d] == 0 {
						lab[d] = m[i]
					}
					ok = lab[d] == m[i]
					if clues.Has(src) {
						mask.Set(i)
					}
				}
				if ok {
					if n == 0 || mask.Less(best) {
						best = mask
					}
					n++
				}
			}
		}
	}
	return best, n
}

func TestPuzzleKeyBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	grids := []Grid{shiftedGrid(), rowShiftGrid(), mustParse(t, lexFirst), RandomGrid(r)}
	if testing.Short() {
		grids = grids[:2]
	}
	for _, g := range grids {
		u := RandomTransform(r)
		s := u.Apply(&g) // not minlex, so the transform to m matters
		p := randomPuzzle(r, &s, 20+r.IntN(20))
		m, mask, err := PuzzleKey(&p, &s)
		if err != nil {
			t.Fatal(err)
		}
		want, _, _ := Minlex(&s)
		if m != want {
			t.Fatalf("PuzzleKey grid = %s; want the minlex %s", m.String(), want.String())
		}
		wantMask, n := refKey(&p, &s, &m)
		_, autos, _ := Minlex(&s)
		if n != autos {
			t.Fatalf("reference: %d transforms map the grid to its minlex form; it has %d automorphisms", n, autos)
		}
		if mask != wantMask {
			t.Errorf("PuzzleKey mask of %s in %s = %s; want %s", puzzleString(&p), s.String(), mask, wantMask)
		}
	}
}

func TestPuzzleKeyInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for i := range 200 {
		// A solution for the test: any grid holding the puzzle's clues
		// will do, so take a grid and keep some of its cells.
		g := RandomGrid(r)
		if i%2 == 0 {
			g = shiftedGrid()
		}
		p := randomPuzzle(r, &g, 17+r.IntN(30))
		m1, k1, err := PuzzleKey(&p, &g)
		if err != nil {
			t.Fatal(err)
		}
		u := RandomTransform(r)
		q, h := u.Apply(&p), u.Apply(&g)
		m2, k2, err := PuzzleKey(&q, &h)
		if err != nil {
			t.Fatal(err)
		}
		if m1 != m2 || k1 != k2 {
			t.Fatalf("PuzzleKey(%s) = %s %s; moved: %s %s", puzzleString(&p), m1.String(), k1, m2.String(), k2)
		}
		if k1.Count() != MaskOf(&p).Count() {
			t.Fatalf("mask %s has %d cells; the puzzle %d clues", k1, k1.Count(), MaskOf(&p).Count())
		}
	}
}

func TestPuzzleKeyErrors(t *testing.T) {
	g := mustParse(t, paperGrid1)
	p := g
	p[5] = 0
	if _, _, err := PuzzleKey(&p, &g); err != nil {
		t.Fatalf("a puzzle of its own grid: %v", err)
	}
	p[7] = p[7]%9 + 1
	if _, _, err := PuzzleKey(&p, &g); err == nil {
		t.Error("a clue that differs from the grid: no error")
	}
	bad := g
	bad[0], bad[1] = bad[1], bad[0]
	if _, _, err := PuzzleKey(&g, &bad); err == nil {
		t.Error("an invalid grid: no error")
	}
}
