package canon

import (
	"math/rand/v2"
	"testing"
)

const (
	paperGrid1 = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	lexFirst   = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
)

// shiftedGrid is built from shifts: moving down a band shifts the stacks'
// digit triples, moving to the next band shifts the digits inside each
// triple. It is the most symmetric grid (648 automorphisms).
func shiftedGrid() Grid {
	var g Grid
	for i := range 9 {
		for j := range 9 {
			band, row, stack, col := i/3, i%3, j/3, j%3
			g[i*9+j] = uint8(3*((stack+row)%3) + (col+band)%3 + 1)
		}
	}
	return g
}

// rowShiftGrid has every row a shift of row 1 (by 0, 3, 6, 1, 4, 7, 2, 5, 8).
func rowShiftGrid() Grid {
	var g Grid
	shifts := [9]int{0, 3, 6, 1, 4, 7, 2, 5, 8}
	for i := range 9 {
		for j := range 9 {
			g[i*9+j] = uint8((j+shifts[i])%9 + 1)
		}
	}
	return g
}

func mustParse(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bruteMinlex is the reference: it tries all 3,359,232 geometric transforms,
// relabels each so that row 1 reads 123456789, and keeps the smallest grid and
// the number of transforms reaching it.
func bruteMinlex(g *Grid) (Grid, int) {
	var best Grid
	have := false
	autos := 0
	var lines [1296][9]uint8
	n := 0
	for _, bp := range perm3 {
		for a := range 6 {
			for b := range 6 {
				for c := range 6 {
					ws := [3]int{a, b, c}
					for k := range 9 {
						lines[n][k] = bp[k/3]*3 + perm3[ws[k/3]][k%3]
					}
					n++
				}
			}
		}
	}
	var h Grid
	for tp := range 2 {
		src := *g
		if tp == 1 {
			for i := range 9 {
				for j := range 9 {
					src[j*9+i] = g[i*9+j]
				}
			}
		}
		for ri := range lines {
			R := &lines[ri]
			for ci := range lines {
				C := &lines[ci]
				var D [10]uint8
				for j := range 9 {
					D[src[int(R[0])*9+int(C[j])]] = uint8(j + 1)
				}
				cmp := 0
				if !have {
					cmp = -1
				}
				for i := 0; i < 9; i++ {
					for j := range 9 {
						h[i*9+j] = D[src[int(R[i])*9+int(C[j])]]
					}
					if cmp == 0 {
						for j := range 9 {
							if x, y := h[i*9+j], best[i*9+j]; x != y {
								if x < y {
									cmp = -1
								} else {
									cmp = 1
								}
								break
							}
						}
						if cmp > 0 {
							break
						}
					}
				}
				switch {
				case cmp < 0:
					best, have, autos = h, true, 1
				case cmp == 0:
					autos++
				}
			}
		}
	}
	return best, autos
}

func TestMinlexBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name  string
		g     Grid
		autos int // 0: whatever the brute force says
	}{
		{"paper grid 1", mustParse(t, paperGrid1), 1},
		{"lexicographically first", mustParse(t, lexFirst), 3},
		{"shifted inside boxes", shiftedGrid(), 648},
		{"shifted rows", rowShiftGrid(), 0},
		{"random", RandomGrid(r), 0},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, wantAutos := bruteMinlex(&tc.g)
			if tc.autos != 0 && wantAutos != tc.autos {
				t.Fatalf("brute force: %d automorphisms; docs/design/method.md says %d", wantAutos, tc.autos)
			}
			got, autos, tr := Minlex(&tc.g)
			if got != want {
				t.Errorf("Minlex = %s; want %s", got.String(), want.String())
			}
			if autos != wantAutos {
				t.Errorf("automorphisms = %d; want %d", autos, wantAutos)
			}
			if h := tr.Apply(&tc.g); h != got {
				t.Errorf("transform maps grid to %s, not to its minlex form", h.String())
			}
			if ok, a := CheckMinlex(&want); !ok || a != wantAutos {
				t.Errorf("CheckMinlex(%s) = %v, %d; want true, %d", want.String(), ok, a, wantAutos)
			}
		})
	}
}

func TestMinlexOfMethodGrids(t *testing.T) {
	for _, s := range []string{paperGrid1, lexFirst} {
		g := mustParse(t, s)
		if m, _, _ := Minlex(&g); m != g {
			t.Errorf("Minlex(%s) = %s; docs/design/method.md says it is minlex", s, m.String())
		}
	}
}

func TestMinlexInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		g := RandomGrid(r)
		m, autos, tr := Minlex(&g)
		if h := tr.Apply(&g); h != m {
			t.Fatalf("transform of %s gives %s, want %s", g.String(), h.String(), m.String())
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("Minlex(%s) = %s is invalid: %v", g.String(), m.String(), err)
		}
		if m2, a2, _ := Minlex(&m); m2 != m || a2 != autos {
			t.Fatalf("Minlex not idempotent on %s: %s (%d autos, first %d)", m.String(), m2.String(), a2, autos)
		}
		if !IsMinlex(&m) {
			t.Fatalf("IsMinlex(%s) = false for a Minlex result", m.String())
		}
		if IsMinlex(&g) != (g == m) {
			t.Fatalf("IsMinlex(%s) = %v, but Minlex = %s", g.String(), IsMinlex(&g), m.String())
		}
		u := RandomTransform(r)
		h := u.Apply(&g)
		if m3, a3, _ := Minlex(&h); m3 != m || a3 != autos {
			t.Fatalf("Minlex of a transformed grid differs: %s (%d) vs %s (%d)", m3.String(), a3, m.String(), autos)
		}
	}
}

// TestIsMinlexNearMisses checks IsMinlex on grids that agree with a minlex
// grid in band 1 and differ below: swapping rows or bands must be caught.
func TestIsMinlexNearMisses(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		g := RandomGrid(r)
		m, _, _ := Minlex(&g)
		for _, tr := range []Transform{swapRows(3, 4), swapRows(7, 8), swapBands23(), swapCols(1, 2), swapCols(7, 8)} {
			h := tr.Apply(&m)
			want := func() bool { x, _, _ := Minlex(&h); return x == h }()
			if got := IsMinlex(&h); got != want {
				t.Fatalf("IsMinlex(%s) = %v; want %v", h.String(), got, want)
			}
		}
	}
}

func swapRows(a, b int) Transform {
	t := Identity()
	t.Rows[a], t.Rows[b] = t.Rows[b], t.Rows[a]
	return t
}

func swapCols(a, b int) Transform {
	t := Identity()
	t.Cols[a], t.Cols[b] = t.Cols[b], t.Cols[a]
	return t
}

func swapBands23() Transform {
	t := Identity()
	for k := range 3 {
		t.Rows[3+k], t.Rows[6+k] = t.Rows[6+k], t.Rows[3+k]
	}
	return t
}

func TestBandForms(t *testing.T) {
	forms := BandForms()
	if len(forms) != NumBandForms {
		t.Fatalf("%d band forms; want %d", len(forms), NumBandForms)
	}
	for i := 1; i < len(forms); i++ {
		if string(forms[i-1][:]) >= string(forms[i][:]) {
			t.Fatalf("band forms %d and %d out of order", i-1, i)
		}
	}
	// Burnside over the band group: the 2,612,736 normalized bands split into
	// orbits of size 7776/stabilizer.
	total := 0
	for c := range forms {
		total += numBandTransforms / BandStabilizer(c)
	}
	if total != numNormBands {
		t.Errorf("orbit sizes add up to %d; want %d", total, numNormBands)
	}
}

func TestBandClassMapsToForm(t *testing.T) {
	tb := tables()
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		g := RandomGrid(r)
		var rows [27]uint8
		copy(rows[:], g[:27])
		c, err := BandClass(&rows)
		if err != nil {
			t.Fatal(err)
		}
		e := tb.lookup((*[9]uint8)(rows[0:9]), (*[9]uint8)(rows[9:18]), (*[9]uint8)(rows[18:27]))
		tr := tb.transforms[e&0xFFFF]
		var y [27]uint8
		var D [10]uint8
		for j := range 9 {
			D[rows[int(tr.rows[0])*9+int(tr.cols[j])]] = uint8(j + 1)
		}
		for i := range 3 {
			for j := range 9 {
				y[i*9+j] = D[rows[int(tr.rows[i])*9+int(tr.cols[j])]]
			}
		}
		if y != BandForms()[c] {
			t.Fatalf("band %v: transform gives %v, not form %d %v", rows, y, c, BandForms()[c])
		}
	}
}

// TestGeneratedBandForms re-derives the band forms from scratch and compares
// them, and the class of every one of the 2,612,736 normalized bands, with the
// tables built from the committed forms.
func TestGeneratedBandForms(t *testing.T) {
	derived := deriveBandTables()
	built := tables()
	if len(derived.forms) != NumBandForms {
		t.Fatalf("derived %d forms; want %d", len(derived.forms), NumBandForms)
	}
	for c := range derived.forms {
		if derived.forms[c] != built.forms[c] {
			t.Fatalf("form %d: derived %v, committed %v (run go generate ./canon)", c, derived.forms[c], built.forms[c])
		}
		if len(derived.stab[c]) != len(built.stab[c]) {
			t.Fatalf("form %d: stabilizer %d vs %d", c, len(derived.stab[c]), len(built.stab[c]))
		}
	}
	for i := range derived.entry {
		if derived.entry[i]>>16 != noClass && derived.entry[i]>>16 != built.entry[i]>>16 {
			t.Fatalf("normalized band %d: class %d derived, %d built", i, derived.entry[i]>>16, built.entry[i]>>16)
		}
	}
}

// TryMinlex answers as Minlex for valid grids and with Validate's error,
// not a panic, for others.
func TestTryMinlex(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 200 {
		g := RandomGrid(r)
		m, a, tr, err := TryMinlex(&g)
		wm, wa, wtr := Minlex(&g)
		if err != nil || m != wm || a != wa || tr != wtr {
			t.Fatalf("TryMinlex(%s) = %s %d %v; Minlex gives %s %d", g.String(), m.String(), a, err, wm.String(), wa)
		}
		bad := g
		bad[40], bad[41] = bad[41], bad[40]
		if bad == g {
			continue
		}
		_, _, _, err = TryMinlex(&bad)
		if want := bad.Validate(); err == nil || want == nil || err.Error() != want.Error() {
			t.Fatalf("TryMinlex of a bad grid: %v; Validate says %v", err, want)
		}
	}
	var zero Grid
	if _, _, _, err := TryMinlex(&zero); err == nil {
		t.Fatal("TryMinlex of an empty grid: no error")
	}
}
