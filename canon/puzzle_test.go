package canon

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
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
		reps = 8
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
		// A digit twice in one stack of a line, both new when the line
		// goes on top or comes first with them (sudoku-minlexing-tool's
		// output showed this case).
		g2 := RandomGrid(r)
		u := randomPuzzle(r, &g2, 6+k%12)
		line, st := r.IntN(9), r.IntN(3)
		a, b := 9*line+3*st+r.IntN(3), 9*line+3*st+r.IntN(3)
		if k%2 == 1 {
			a, b = 27*st+9*r.IntN(3)+line, 27*st+9*r.IntN(3)+line
		}
		u[a], u[b] = 4, 4
		add("stack-repeats", u, 0)
	}
	// One full band and nothing else: over 65,536 candidates at a level
	// of the plain search.
	add("full-band", mustParsePuzzle(t, "123456789456789123789123456"+strings.Repeat(".", 54)), 7776)
	add("found-by-peer", mustParsePuzzle(t, ".......5........4........4......6......63.......7.......5......1.........3......."), 4)
	return cases
}

func mustParsePuzzle(t testing.TB, s string) Grid {
	t.Helper()
	p, err := ParsePuzzle(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
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

// formBy runs one of the searches the way Minlex does, with the choices
// Minlex makes overridden: general forces the path for puzzles whose lines
// repeat a digit, noDirect the pattern-first digit search.
func formBy(t *testing.T, pc *PuzzleCanon, p *Grid, order PuzzleOrder, general, noDirect bool) (Grid, int) {
	t.Helper()
	s := &pc.s
	if err := s.load(p); err != nil {
		t.Fatal(err)
	}
	s.repeats = s.repeats || general
	var form Grid
	if order == PatternFirst {
		s.patternSearch()
		if !noDirect {
			if autos, _, ok := s.direct(&form); ok {
				return form, autos
			}
		}
		s.digitSearch()
	} else {
		s.plainSearch()
	}
	s.writeForm(&form)
	return form, s.autos()
}

// TestPuzzlePathsAgree checks the searches' fast paths against their general
// ones: the digit comparison with labels written out (the path for puzzles
// with repeats) and, for pattern-first, the level search against the direct
// application of the elements.
func TestPuzzlePathsAgree(t *testing.T) {
	ps, _ := loadSet(t, set17)
	r := rand.New(rand.NewPCG(31, 32))
	n := 3000
	if testing.Short() {
		n = 300
	}
	var cases []Grid
	for i := range n {
		if i%2 == 0 {
			cases = append(cases, ps[r.IntN(len(ps))])
		} else {
			g := RandomGrid(r)
			cases = append(cases, randomPuzzle(r, &g, 1+r.IntN(80)))
		}
	}
	var pc PuzzleCanon
	for _, p := range cases {
		for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
			want, wantAutos, _, err := pc.Minlex(&p, order)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range []struct {
				name              string
				general, noDirect bool
			}{{"general", true, true}, {"level search", false, true}} {
				t.Run(v.name, func(t *testing.T) {
					got, autos := formBy(t, &pc, &p, order, v.general, v.noDirect)
					if got != want || autos != wantAutos {
						t.Fatalf("%v form of %s by the %s path = %s, %d; want %s, %d", order, p.String(), v.name, puzzleString(&got), autos, puzzleString(&want), wantAutos)
					}
				})
			}
		}
	}
}

// TestPuzzleMinlexInvariant moves and relabels puzzles at random: the forms
// in both orders, the automorphism counts and the pattern forms stay.
func TestPuzzleMinlexInvariant(t *testing.T) {
	ps, _ := loadSet(t, setTop)
	r := rand.New(rand.NewPCG(41, 42))
	n := 2000
	if testing.Short() {
		n = 200
	}
	var pc PuzzleCanon
	for i := range n {
		p := ps[i%len(ps)]
		if i%3 == 1 {
			g := RandomGrid(r)
			p = randomPuzzle(r, &g, r.IntN(82))
		}
		tr := RandomTransform(r)
		q := tr.Apply(&p)
		for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
			f1, a1, t1, err1 := pc.Minlex(&p, order)
			f2, a2, t2, err2 := pc.Minlex(&q, order)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if f1 != f2 || a1 != a2 {
				t.Fatalf("%v: %s gives %s (%d); moved to %s it gives %s (%d)", order, p.String(), puzzleString(&f1), a1, q.String(), puzzleString(&f2), a2)
			}
			if h := t1.Apply(&p); h != f1 {
				t.Fatalf("%v transform of %s gives %s, not its form %s", order, p.String(), puzzleString(&h), puzzleString(&f1))
			}
			if h := t2.Apply(&q); h != f2 {
				t.Fatalf("%v transform of %s gives %s, not its form %s", order, q.String(), puzzleString(&h), puzzleString(&f2))
			}
		}
		m1, b1, _ := pc.Pattern(MaskOf(&p))
		m2, b2, _ := pc.Pattern(MaskOf(&q))
		if m1 != m2 || b1 != b2 {
			t.Fatalf("pattern of %s: %s (%d); moved: %s (%d)", p.String(), m1, b1, m2, b2)
		}
	}
}

// TestPuzzle17Distinct: the 49,158 known 17-clue puzzles are pairwise
// essentially different (docs/design/method.md), so their forms are distinct in both
// orders.
func TestPuzzle17Distinct(t *testing.T) {
	ps, _ := loadSet(t, set17)
	if len(ps) != want17 {
		t.Fatalf("%d puzzles in %s; want %d", len(ps), set17, want17)
	}
	var pc PuzzleCanon
	for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
		seen := make(map[Grid]int, len(ps))
		for i := range ps {
			f, _, _, err := pc.Minlex(&ps[i], order)
			if err != nil {
				t.Fatal(err)
			}
			if j, dup := seen[f]; dup {
				t.Fatalf("%v: puzzles %d and %d have the same form %s", order, j+1, i+1, puzzleString(&f))
			}
			seen[f] = i
		}
		if len(seen) != want17 {
			t.Errorf("%v: %d distinct forms; want %d", order, len(seen), want17)
		}
	}
}

func TestPuzzleValueError(t *testing.T) {
	var p Grid
	p[40] = 10
	_, _, _, err := PuzzleMinlex(&p, PlainOrder)
	var ve *ValueError
	if !errors.As(err, &ve) || ve.Cell != 40 || ve.Value != 10 {
		t.Fatalf("PuzzleMinlex with 10 in cell 41: %v; want a ValueError naming it", err)
	}
	if want := "canon: cell 41 (r5c5) holds 10, not 0-9"; err.Error() != want {
		t.Errorf("error %q; want %q", err.Error(), want)
	}
	for _, v := range []uint8{0x80, 0xFF, 0x8A} {
		p[40] = 0
		p[80] = v
		if _, _, _, err := PuzzleMinlex(&p, PatternFirst); !errors.As(err, &ve) || ve.Cell != 80 {
			t.Errorf("value %d in cell 81: %v; want a ValueError", v, err)
		}
	}
}

func TestParsePuzzle(t *testing.T) {
	good := "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
	p, err := ParsePuzzle(good + "\r\n")
	if err != nil || string(AppendPuzzle(nil, &p, '.')) != good {
		t.Fatalf("ParsePuzzle(%q) = %s, %v", good, puzzleString(&p), err)
	}
	if q, err := ParsePuzzle(strings.ReplaceAll(good, ".", "0")); err != nil || q != p {
		t.Errorf("zeros for empty cells: %s, %v", puzzleString(&q), err)
	}
	for _, tc := range []struct{ in, want string }{
		{good[:80], "80 cells, want 81"},
		{good + "5", "82 cells, want 81"},
		{good[:4] + "x" + good[5:], "cell 5 (r1c5): 'x' is not a digit 1-9, '.' or '0'"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if _, err := ParsePuzzleLine(0, tc.in); err == nil || err.Error() != tc.want {
				t.Errorf("ParsePuzzle(%q) = %v; want %q", tc.in, err, tc.want)
			}
		})
	}
	if _, err := ParsePuzzleLine(7, good[:3]); err == nil || err.Error() != "line 7: 3 cells, want 81" {
		t.Errorf("line 7: %v", err)
	}
}

// TestPatternMinlexIgnoresSpareBits: bits of a Mask past cell 80 play no part.
func TestPatternMinlexIgnoresSpareBits(t *testing.T) {
	ps, _ := loadSet(t, setTop)
	for _, p := range ps[:50] {
		m := MaskOf(&p)
		junk := m
		junk[1] |= 0xFFFF_FFFF_FFFE_0000
		f1, a1, _ := PatternMinlex(m)
		f2, a2, _ := PatternMinlex(junk)
		if f1 != f2 || a1 != a2 {
			t.Fatalf("pattern %s: %s (%d); with bits past cell 80 set: %s (%d)", m, f1, a1, f2, a2)
		}
	}
}

// TestPuzzleFullGrids: a full grid's puzzle form, in either order, is its
// minlex grid, and its automorphism count the grid's.
func TestPuzzleFullGrids(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	grids := []Grid{shiftedGrid(), rowShiftGrid(), mustParse(t, lexFirst), mustParse(t, paperGrid1)}
	n := 60
	if testing.Short() {
		n = 6
	}
	for range n {
		grids = append(grids, RandomGrid(r))
	}
	var pc PuzzleCanon
	for _, g := range grids {
		want, wantAutos, _ := Minlex(&g)
		for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
			form, autos, _, err := pc.Minlex(&g, order)
			if err != nil || form != want || autos != wantAutos {
				t.Fatalf("%v form of grid %s = %s, %d, %v; want Minlex's %s, %d", order, g.String(), form.String(), autos, err, want.String(), wantAutos)
			}
		}
	}
}

// TestMaskOf checks MaskOf against Set cell by cell on grids of random
// values 0..9, sparse and dense.
func TestMaskOf(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for trial := range 2000 {
		var p Grid
		var want Mask
		for i := range p {
			if r.IntN(10) < trial%10 {
				p[i] = uint8(1 + r.IntN(9))
				want.Set(i)
			}
		}
		if got := MaskOf(&p); got != want {
			t.Fatalf("%v: MaskOf %x; want %x", p, got, want)
		}
	}
}

// Mask.Compare orders masks as their 0/1 strings sort, and agrees with Less.
func TestMaskCompare(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	for range 5000 {
		var a, b Mask
		for i := range 81 {
			// Few cells, so that equal words and equal masks come up.
			if r.IntN(40) == 0 {
				a.Set(i)
			}
			if r.IntN(40) == 0 {
				b.Set(i)
			}
		}
		if r.IntN(4) == 0 {
			b[0] = a[0]
		}
		want := strings.Compare(a.String(), b.String())
		if got := a.Compare(b); got != want {
			t.Fatalf("%v.Compare(%v) = %d; want %d", a, b, got, want)
		}
		if a.Less(b) != (want < 0) || a.Compare(a) != 0 {
			t.Fatalf("%v, %v: Less %v, Compare with itself %d", a, b, a.Less(b), a.Compare(a))
		}
	}
}

// A PuzzleCanon with MaxCandidates fails with ErrTooManyCandidates on a
// puzzle whose search needs more, in both orders, and still finds the forms
// of the puzzles within it, the same as one without the bound, however its
// calls alternate.
func TestPuzzleMaxCandidates(t *testing.T) {
	band := mustParsePuzzle(t, "123456789456789123789123456"+strings.Repeat(".", 54))
	bounded := PuzzleCanon{MaxCandidates: 1 << 16}
	var free PuzzleCanon
	cases := puzzleCases(t, false)
	for i, tc := range cases {
		if tc.kind == "full-band" {
			continue
		}
		for _, order := range []PuzzleOrder{PlainOrder, PatternFirst} {
			if _, _, _, err := bounded.Minlex(&band, order); !errors.Is(err, ErrTooManyCandidates) {
				t.Fatalf("%v form of a lone band with %d candidates: err %v; want ErrTooManyCandidates", order, bounded.MaxCandidates, err)
			}
			want, wantAutos, _, err := free.Minlex(&tc.p, order)
			if err != nil {
				t.Fatal(err)
			}
			got, autos, tr, err := bounded.Minlex(&tc.p, order)
			if err != nil || got != want || autos != wantAutos {
				t.Errorf("case %d %s, %v: %s %d %v; want %s %d", i, tc.name, order, puzzleString(&got), autos, err, puzzleString(&want), wantAutos)
			}
			if h := tr.Apply(&tc.p); h != got {
				t.Errorf("case %d %s, %v: the transform gives %s, not the form", i, tc.name, order, puzzleString(&h))
			}
		}
	}
	// Without the bound, the band's form.
	bounded.MaxCandidates = 0
	if _, autos, _, err := bounded.Minlex(&band, PlainOrder); err != nil || autos != 7776 {
		t.Errorf("a lone band without the bound: %d automorphisms, %v; want 7776", autos, err)
	}
}
