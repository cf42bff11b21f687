package canon

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// puzzleCase is a named puzzle for the tests.
type puzzleCase struct {
	name     string
	kind     string
	p        Grid
	minAutos int // a lower bound the case is built to have (0: none)
}

// gridSymmetries returns, for each geometric transform that maps g onto a
// relabelling of itself, its cell map: cell i of the image comes from
// cell from[i]. It tries all 3,359,232 transforms.
func gridSymmetries(g *Grid) [][81]uint8 {
	lines := refLines()
	var out [][81]uint8
	for tp := range 2 {
		for _, R := range lines {
			for _, C := range lines {
				var fwd, back [10]uint8
				var from [81]uint8
				ok := true
				for i := 0; i < 81 && ok; i++ {
					r, c := R[i/9], C[i%9]
					src := r*9 + c
					if tp == 1 {
						src = c*9 + r
					}
					from[i] = uint8(src)
					d, e := g[src], g[i]
					if fwd[d] == 0 && back[e] == 0 {
						fwd[d], back[e] = e, d
					}
					ok = fwd[d] == e && back[e] == d
				}
				if ok {
					out = append(out, from)
				}
			}
		}
	}
	return out
}

// symmetricPuzzle keeps the cells of g in the orbits (under syms) of n
// random cells, so that every symmetry of g is one of the puzzle's too.
func symmetricPuzzle(r *rand.Rand, g *Grid, syms [][81]uint8, n int) Grid {
	var keep [81]bool
	for range n {
		c := uint8(r.IntN(81))
		for _, s := range syms {
			// s maps cell s[i] to cell i: the orbit of c holds every i with s[i] == c.
			for i := range 81 {
				if s[i] == c {
					keep[i] = true
				}
			}
		}
	}
	var p Grid
	for i := range p {
		if keep[i] {
			p[i] = g[i]
		}
	}
	return p
}

// randomPuzzle keeps n random cells of g.
func randomPuzzle(r *rand.Rand, g *Grid, n int) Grid {
	var p Grid
	for _, i := range r.Perm(81)[:n] {
		p[i] = g[i]
	}
	return p
}

// puzzleCases builds the brute-force cases: symmetric, nearly empty, nearly
// full, invalid and ordinary puzzles, the empty puzzle and full grids. With
// many = false it builds a few of each kind.
func puzzleCases(t testing.TB, many bool) []puzzleCase {
	r := rand.New(rand.NewPCG(21, 22))
	reps := 1
	if many {
		reps = 20
	}
	var cases []puzzleCase
	add := func(name string, p Grid, minAutos int) {
		cases = append(cases, puzzleCase{fmt.Sprintf("%s/%d", name, len(cases)), name, p, minAutos})
	}
	add("empty", Grid{}, 3359232)
	for _, g := range []Grid{shiftedGrid(), rowShiftGrid(), mustParse(t, lexFirst)} {
		syms := gridSymmetries(&g)
		for k := range 2 * reps {
			add(fmt.Sprintf("symmetric%d", len(syms)), symmetricPuzzle(r, &g, syms, 1+k%7), len(syms))
		}
	}
	for k := range 4 * reps {
		g := RandomGrid(r)
		add("nearly-empty", randomPuzzle(r, &g, k%4), 0)
		add("nearly-full", randomPuzzle(r, &g, 81-k%4), 0)
	}
	for k := range 2 * reps {
		g := RandomGrid(r)
		add("full", g, 0)
		add("random", randomPuzzle(r, &g, 17+k%20), 0)
		// Invalid: random digits in random cells, repeats likely.
		var p Grid
		for range 8 + k%30 {
			p[r.IntN(81)] = uint8(1 + r.IntN(9))
		}
		add("invalid", p, 0)
		// A row and a column with repeated digits, few other clues.
		var q Grid
		q[r.IntN(9)*9+r.IntN(9)] = 5
		for j := range 9 {
			q[j] = uint8(1 + r.IntN(3))
			q[j*9+4] = uint8(1 + r.IntN(3))
		}
		add("repeats", q, 0)
	}
	return cases
}

func TestPuzzleMinlexBruteForce(t *testing.T) {
	cases := puzzleCases(t, !testing.Short())
	if testing.Short() {
		// The first case of each kind.
		seen := map[string]bool{}
		var few []puzzleCase
		for _, c := range cases {
			if !seen[c.kind] {
				seen[c.kind] = true
				few = append(few, c)
			}
		}
		cases = few
	}
	var pc PuzzleCanon
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ref := refForms(&tc.p)
			if ref.autos != ref.autosPF {
				t.Fatalf("reference: %d transforms give the plain form, %d the pattern-first one", ref.autos, ref.autosPF)
			}
			if ref.autos < tc.minAutos {
				t.Fatalf("reference: %d automorphisms; the case was built with %d", ref.autos, tc.minAutos)
			}
			for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
				want := Grid(ref.plain)
				if order == PatternFirst {
					want = Grid(ref.patternFirst)
				}
				form, autos, tr, err := pc.Minlex(&tc.p, order)
				if err != nil {
					t.Fatalf("%v: %v", order, err)
				}
				if form != want {
					t.Errorf("%v form of %s = %s; want %s", order, tc.p.String(), puzzleString(&form), puzzleString(&want))
				}
				if autos != ref.autos {
					t.Errorf("%v automorphisms of %s = %d; want %d", order, tc.p.String(), autos, ref.autos)
				}
				if err := tr.Valid(); err != nil {
					t.Errorf("%v transform: %v", order, err)
				} else if h := tr.Apply(&tc.p); h != form {
					t.Errorf("%v transform maps the puzzle to %s, not to its form %s", order, puzzleString(&h), puzzleString(&form))
				}
			}
			var wantPat Mask
			for i, b := range ref.pattern {
				if b != 0 {
					wantPat.Set(i)
				}
			}
			pat, pautos, tr := PatternMinlex(MaskOf(&tc.p))
			if pat != wantPat || pautos != ref.patternAutos {
				t.Errorf("pattern form = %s, %d; want %s, %d", pat, pautos, wantPat, ref.patternAutos)
			}
			if h := tr.ApplyMask(MaskOf(&tc.p)); h != pat {
				t.Errorf("pattern transform gives %s, not the form %s", h, pat)
			}
		})
	}
}

// puzzleString formats a puzzle with '0' for empty cells.
func puzzleString(p *Grid) string { return string(AppendPuzzle(nil, p, '0')) }
