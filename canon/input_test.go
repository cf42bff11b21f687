package canon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// panicMessage runs f and returns what it panicked with, or "" if it did not.
func panicMessage(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// badGrids are grids that are not solution grids, of every kind: zero,
// digits out of range, repeats, one cell off a minlex grid.
func badGrids() map[string]Grid {
	minlex := shiftedGrid()
	out := map[string]Grid{"zero": {}}
	g := minlex
	g[80] = 0
	out["last cell empty"] = g
	g = minlex
	g[40] = 10
	out["digit 10"] = g
	g = minlex
	g[50] = 255
	out["digit 255"] = g
	g = minlex
	g[30], g[31] = g[31], g[30]
	out["two cells swapped"] = g
	for i := range minlex {
		minlex[i] = uint8(i%9 + 1) // every row 123456789
	}
	out["rows repeat"] = minlex
	return out
}

// Minlex checks its precondition and panics with a message that says what
// is wrong; IsMinlex and CheckMinlex answer false for any grid that is not
// a solution grid.
func TestMinlexOfInvalidGrids(t *testing.T) {
	for name, g := range badGrids() {
		msg := panicMessage(func() { Minlex(&g) })
		if !strings.HasPrefix(msg, "canon: Minlex:") {
			t.Errorf("%s: Minlex panicked with %q; want a panic starting \"canon: Minlex:\"", name, msg)
		}
		var ok bool
		var autos int
		if msg := panicMessage(func() { ok, autos = CheckMinlex(&g) }); msg != "" || ok || autos != 0 {
			t.Errorf("%s: CheckMinlex = %v, %d (panic %q); want false, 0", name, ok, autos, msg)
		}
		if msg := panicMessage(func() { ok = IsMinlex(&g) }); msg != "" || ok {
			t.Errorf("%s: IsMinlex = %v (panic %q); want false", name, ok, msg)
		}
	}
}

// A Grid value prints as its 81 digits, as a pointer does.
func TestGridValueString(t *testing.T) {
	g := shiftedGrid()
	want := g.String()
	if len(want) != 81 || strings.Trim(want, "123456789") != "" {
		t.Fatalf("String = %q; want 81 digits", want)
	}
	for _, got := range []string{fmt.Sprint(g), fmt.Sprintf("%v", g), fmt.Sprintf("%s", g), fmt.Sprint(&g)} {
		if got != want {
			t.Errorf("formatted %q; want %q", got, want)
		}
	}
}

// BandClass rejects what is not a band; a band's class is that of its form.
func TestBandClassOfInvalidBands(t *testing.T) {
	var zero [27]uint8
	if _, err := BandClass(&zero); err == nil {
		t.Error("BandClass of 27 zeros: no error")
	}
	g := shiftedGrid()
	band := [27]uint8(g[:27])
	band[3], band[4] = band[4], band[3] // box repeats
	band[12], band[13] = band[13], band[12]
	band[5] = band[4]
	if _, err := BandClass(&band); err == nil {
		t.Errorf("BandClass of %v: no error", band)
	}
	if msg := panicMessage(func() { BandStabilizer(NumBandForms) }); !strings.HasPrefix(msg, "canon: BandStabilizer") {
		t.Errorf("BandStabilizer(%d) panicked with %q; want a message naming it", NumBandForms, msg)
	}
}

// Apply names what is wrong with a transform or grid it cannot apply.
func TestApplyChecksIndexes(t *testing.T) {
	g := shiftedGrid()
	tr := Identity()
	tr.Rows[4] = 9
	if msg := panicMessage(func() { tr.Apply(&g) }); !strings.HasPrefix(msg, "canon: Transform.Apply") {
		t.Errorf("Apply with row 9: panic %q", msg)
	}
	tr = RandomTransform(rand.New(rand.NewPCG(1, 2)))
	g[10] = 12
	if msg := panicMessage(func() { tr.Apply(&g) }); !strings.HasPrefix(msg, "canon: Transform.Apply") {
		t.Errorf("Apply to a cell of 12: panic %q", msg)
	}
}

// solutionRef is a plain reference for isSolution: every row, column and
// box holds each digit 1..9 once.
func solutionRef(g *Grid) bool {
	for kind := range 3 {
		for u := range 9 {
			var seen [10]bool
			for k := range 9 {
				d := g[unitCell(kind, u, k)]
				if d < 1 || d > 9 || seen[d] {
					return false
				}
				seen[d] = true
			}
		}
	}
	return true
}

// isSolution (Validate's fast path, Minlex's check) agrees with the
// reference on solution grids and on grids one or two cells off them.
func TestIsSolutionAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 20000 {
		g := RandomGrid(r)
		for range n % 3 {
			switch r.IntN(3) {
			case 0:
				g[r.IntN(81)] = uint8(r.IntN(256))
			case 1:
				i, j := r.IntN(81), r.IntN(81)
				g[i], g[j] = g[j], g[i]
			default:
				g[r.IntN(81)] = uint8(r.IntN(10))
			}
		}
		if got, want := isSolution(&g), solutionRef(&g); got != want {
			t.Fatalf("isSolution(%v) = %v; want %v", g, got, want)
		}
		if (g.Validate() == nil) != solutionRef(&g) {
			t.Fatalf("Validate(%v) = %v", g, g.Validate())
		}
	}
}
