package canon

import (
	"math/rand/v2"
	"testing"
)

// positionMask is the mask of band p (0-2) or stack p-3 (3-5).
func positionMask(p int) Mask {
	var m Mask
	for i := range 9 {
		for j := range 3 {
			if p < 3 {
				m.Set((3*p+i/3)*9 + 3*(i%3) + j)
			} else {
				m.Set(i*9 + 3*(p-3) + j)
			}
		}
	}
	return m
}

func TestAutomorphisms(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	grids := map[string]Grid{
		"paper":    mustParse(t, paperGrid1),
		"lexFirst": mustParse(t, lexFirst),
		"shifted":  shiftedGrid(),
		"rowShift": rowShiftGrid(),
	}
	for name, g := range grids {
		// The same grid moved by a random transform has the same count.
		tr := RandomTransform(rng)
		grids[name+" moved"] = tr.Apply(&g)
	}
	for name, g := range grids {
		t.Run(name, func(t *testing.T) {
			_, want, _ := Minlex(&g)
			auts, err := Automorphisms(&g)
			if err != nil {
				t.Fatal(err)
			}
			if len(auts) != want {
				t.Fatalf("%d automorphisms, Minlex counts %d", len(auts), want)
			}
			if auts[0] != Identity() {
				t.Errorf("the first is %+v, not the identity", auts[0])
			}
			seen := map[Transform]bool{}
			for i := range auts {
				a := &auts[i]
				if err := a.Valid(); err != nil {
					t.Fatalf("automorphism %d: %v", i, err)
				}
				if a.Apply(&g) != g {
					t.Fatalf("automorphism %d does not give the grid back", i)
				}
				if seen[*a] {
					t.Fatalf("automorphism %d repeats one", i)
				}
				seen[*a] = true
				// Positions agrees with where the cells of each band and
				// stack go.
				for from, to := range a.Positions() {
					if got := a.ApplyMask(positionMask(from)); got != positionMask(to) {
						t.Fatalf("automorphism %d: Positions sends %d to %d, its cells go elsewhere", i, from, to)
					}
				}
			}
		})
	}
}

func TestPositionOrbits(t *testing.T) {
	id := Identity()
	if n := PositionOrbits([]Transform{id}); n != 6 {
		t.Errorf("identity alone: %d orbits, want 6", n)
	}
	// The transpose swaps each band with the stack of the same number.
	tr := id
	tr.Transpose = true
	if n := PositionOrbits([]Transform{id, tr}); n != 3 {
		t.Errorf("identity and transpose: %d orbits, want 3", n)
	}
	// A cyclic shift of the bands joins the three bands, the stacks stay.
	sh := id
	for i := range 9 {
		sh.Rows[i] = uint8((i + 3) % 9)
	}
	if n := PositionOrbits([]Transform{id, sh}); n != 4 {
		t.Errorf("identity and band shift: %d orbits, want 4", n)
	}
	if n := PositionOrbits([]Transform{id, sh, tr}); n != 1 {
		t.Errorf("band shift and transpose: %d orbits, want 1", n)
	}
	// The most symmetric grid: its 648 automorphisms join every band and
	// stack (its bands are shifts of one another, and so are its stacks).
	g := shiftedGrid()
	auts, err := Automorphisms(&g)
	if err != nil {
		t.Fatal(err)
	}
	n := PositionOrbits(auts)
	// Independently: p and q are in one orbit when some automorphism maps
	// p's cells onto q's.
	var same [6][6]bool
	for i := range auts {
		for p := range 6 {
			for q := range 6 {
				if auts[i].ApplyMask(positionMask(p)) == positionMask(q) {
					same[p][q] = true
				}
			}
		}
	}
	want := 0
	for p := range 6 {
		first := true
		for q := range p {
			if same[q][p] {
				first = false
			}
		}
		if first {
			want++
		}
	}
	if n != want {
		t.Errorf("shifted grid: %d orbits, the masks say %d", n, want)
	}
}

func TestAutomorphismsBadGrid(t *testing.T) {
	g := mustParse(t, paperGrid1)
	g[0], g[1] = g[1], g[0]
	if _, err := Automorphisms(&g); err == nil {
		t.Error("a grid with a repeated digit in a column: no error")
	}
}
