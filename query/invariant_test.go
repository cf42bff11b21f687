package query

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// bruteIntercalates checks every pair of rows and every pair of columns.
func bruteIntercalates(g *canon.Grid) int {
	n := 0
	for i := range 9 {
		for j := i + 1; j < 9; j++ {
			for c := range 9 {
				for d := c + 1; d < 9; d++ {
					if g[i*9+c] == g[j*9+d] && g[i*9+d] == g[j*9+c] {
						n++
					}
				}
			}
		}
	}
	return n
}

// bruteUA4 swaps the two digits of every 2x2 rectangle whose corners read
// a b / b a and counts those after which the grid is still valid.
func bruteUA4(g *canon.Grid) int {
	n := 0
	for i := range 9 {
		for j := i + 1; j < 9; j++ {
			for c := range 9 {
				for d := c + 1; d < 9; d++ {
					a, b := g[i*9+c], g[i*9+d]
					if g[j*9+c] != b || g[j*9+d] != a {
						continue
					}
					h := *g
					h[i*9+c], h[i*9+d], h[j*9+c], h[j*9+d] = b, a, a, b
					if h.Validate() == nil {
						n++
					}
				}
			}
		}
	}
	return n
}

func TestIntercalatesBruteForce(t *testing.T) {
	for i, g := range gridkit.RandomGrids(3000, 1, 1) {
		if got, want := Intercalates.Value(&g), bruteIntercalates(&g); got != want {
			t.Fatalf("grid %d %s: intercalates %d; want %d", i, g.String(), got, want)
		}
	}
}

func TestUA4BruteForce(t *testing.T) {
	for i, g := range gridkit.RandomGrids(3000, 2, 1) {
		if got, want := UA4.Value(&g), bruteUA4(&g); got != want {
			t.Fatalf("grid %d %s: ua4 %d; want %d", i, g.String(), got, want)
		}
	}
}

// bruteUA2 finds each digit pair's components by a search over the 18
// cells, checks that swapping the two digits in a component gives a valid
// grid and in no proper part of it that is a union of rows does, and
// returns the components and how many have four cells.
func bruteUA2(t *testing.T, g *canon.Grid) (all, four int) {
	linked := func(x, y int) bool {
		return x/9 == y/9 || x%9 == y%9 || x/27 == y/27 && x%9/3 == y%9/3
	}
	for a := uint8(1); a <= 9; a++ {
		for b := a + 1; b <= 9; b++ {
			var cells []int
			for i, d := range g {
				if d == a || d == b {
					cells = append(cells, i)
				}
			}
			seen := map[int]bool{}
			for _, s := range cells {
				if seen[s] {
					continue
				}
				comp := []int{s}
				seen[s] = true
				for k := 0; k < len(comp); k++ {
					for _, y := range cells {
						if !seen[y] && linked(comp[k], y) {
							seen[y] = true
							comp = append(comp, y)
						}
					}
				}
				h := *g
				for _, x := range comp {
					h[x] = a + b - h[x]
				}
				if h.Validate() != nil {
					t.Fatalf("grid %s: swapping %d and %d in component %v gives no grid", g.String(), a, b, comp)
				}
				all++
				if len(comp) == 4 {
					four++
				}
			}
		}
	}
	return all, four
}

func TestUA2BruteForce(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	for i, g := range gridkit.RandomGrids(n, 3, 1) {
		all, four := ua2Components(&g)
		wantAll, wantFour := bruteUA2(t, &g)
		if all != wantAll || four != wantFour {
			t.Fatalf("grid %d %s: %d components, %d of four cells; want %d, %d", i, g.String(), all, four, wantAll, wantFour)
		}
		// The components of four cells are the unavoidable sets of four cells.
		if ua4 := UA4.Value(&g); four != ua4 {
			t.Fatalf("grid %d %s: %d components of four cells, ua4 %d", i, g.String(), four, ua4)
		}
		if got := UA2.Value(&g); got != all {
			t.Fatalf("grid %d: Value %d; want %d", i, got, all)
		}
	}
}

// bruteForm returns the form number of a band by trying every band map:
// the position of the smallest relabelled image among the 416 forms.
func bruteForm(b *[27]uint8) int {
	var best [27]uint8
	first := true
	for _, ro := range rowOrders {
		for ci := range colMaps {
			m := bandMap{rows: ro, cols: colMaps[ci]}
			y := m.apply(b)
			var d [10]uint8
			for j := range 9 {
				d[y[j]] = uint8(j + 1)
			}
			for k := range y {
				y[k] = d[y[k]]
			}
			if first || string(y[:]) < string(best[:]) {
				best, first = y, false
			}
		}
	}
	for i, f := range canon.BandForms() {
		if f == best {
			return i + 1
		}
	}
	return 0
}

func TestBandsBruteForce(t *testing.T) {
	for i, g := range gridkit.RandomGrids(40, 4, 1) {
		m, _, _ := canon.Minlex(&g)
		for k := 1; k <= 6; k++ {
			inv, _ := Band(k)
			b := inv.(bandInvariant)
			var rows [27]uint8
			if k <= 3 {
				rows = [27]uint8(m[27*(k-1) : 27*k])
			} else {
				for r := range 9 {
					for j := range 3 {
						rows[j*9+r] = m[r*9+3*(k-4)+j]
					}
				}
			}
			if got, want := inv.Value(&g), bruteForm(&rows); got != want || want == 0 {
				t.Fatalf("grid %d %s: %s %d; want %d", i, g.String(), b.Name(), got, want)
			}
		}
	}
	if _, err := Band(7); err == nil {
		t.Error("Band(7): no error")
	}
}

func TestAutosValue(t *testing.T) {
	// Grids with many automorphisms: docs/design/method.md's most symmetric grid, and
	// minlex grids of band 1's first group.
	g, err := canon.Parse("123456789456789123789123456231564897564897231897231564312645978645978312978312645")
	if err != nil {
		t.Fatal(err)
	}
	if got := Autos.Value(&g); got != 648 {
		t.Errorf("autos of the most symmetric grid %d; want 648", got)
	}
	for i, g := range gridkit.RandomGrids(500, 5, 1) {
		m, want, _ := canon.Minlex(&g)
		if ok, a := canon.CheckMinlex(&m); !ok || a != want {
			t.Fatalf("grid %d: CheckMinlex of its minlex form (%v, %d), Minlex %d", i, ok, a, want)
		}
		if got := Autos.Value(&g); got != want {
			t.Fatalf("grid %d %s: autos %d; want %d", i, g.String(), got, want)
		}
	}
}

// Every built-in invariant has the same value on a grid, its minlex form and
// random transforms of it.
func TestClassInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i, g := range gridkit.RandomGrids(n, 6, 1) {
		m, _, _ := canon.Minlex(&g)
		others := []canon.Grid{m}
		for range 3 {
			tr := canon.RandomTransform(r)
			others = append(others, tr.Apply(&g))
		}
		for _, inv := range builtins {
			want := inv.Value(&g)
			for k, h := range others {
				if got := inv.Value(&h); got != want {
					t.Fatalf("grid %d %s: %s %d, but %d on transform %d %s", i, g.String(), inv.Name(), want, got, k, h.String())
				}
			}
		}
	}
}

// Each runner gives Value's answer on the runs of groups whose first bands
// have stabilizers of every size, and autos's runner the enumerator's.
func TestRunnersMatchValue(t *testing.T) {
	for _, n := range stabGroups {
		gg := enumerated(t, n, 6000)
		for _, withAutos := range []bool{false, true} {
			runs := runsOf(n, gg, withAutos)
			for _, inv := range builtins {
				if inv == UA2 && (withAutos || testing.Short()) {
					continue
				}
				run := NewRunner(inv)
				k := 0
				for ri := range runs {
					r := &runs[ri]
					out := make([]int, len(r.Grids))
					run.Values(r, out)
					for i := range r.Grids {
						want := inv.Value(&r.Grids[i])
						if inv == Autos && int(gg.autos[k]) != want {
							t.Fatalf("group %d grid %d: enumerator autos %d, Value %d", n, k+1, gg.autos[k], want)
						}
						if out[i] != want {
							t.Fatalf("group %d grid %d %s (autos given %v): runner %s %d; want %d", n, k+1, r.Grids[i].String(), withAutos, inv.Name(), out[i], want)
						}
						k++
					}
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, inv := range builtins {
		got, err := Lookup(inv.Name(), nil)
		if err != nil || got != inv {
			t.Errorf("Lookup(%q) = %v, %v", inv.Name(), got, err)
		}
		if inv.Definition() == "" {
			t.Errorf("%s has no definition", inv.Name())
		}
	}
	_, err := Lookup("ua5", nil)
	if err == nil || err.Error() != fmt.Sprintf("unknown invariant %q (known: autos, ua4, intercalates, ua2, band1, band2, band3, stack1, stack2, stack3, band3s, ua6, ua8, ua9, ua10, ua11, ua12, p16, p17)", "ua5") {
		t.Errorf("Lookup(ua5): %v", err)
	}
	if err := checkNames(builtins); err != nil {
		t.Error(err)
	}
	for _, bad := range [][]Invariant{{Func("2x", "", nil)}, {Func("a-b", "", nil)}, {Autos, Func("autos", "", nil)}} {
		if checkNames(bad) == nil {
			t.Errorf("checkNames(%s) = nil", bad[len(bad)-1].Name())
		}
	}
}

// A run whose group number is no group still gets right automorphism
// counts, by canon's search.
func TestAutosRunnerBadGroup(t *testing.T) {
	gg := enumerated(t, 3541, 0)
	r := Run{Group: 0, First: 1, Grids: gg.grids}
	out := make([]int, len(gg.grids))
	Autos.NewRunner().Values(&r, out)
	for i, a := range out {
		if a != int(gg.autos[i]) {
			t.Fatalf("grid %d: %d automorphisms; want %d", i+1, a, gg.autos[i])
		}
	}
}
