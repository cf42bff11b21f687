package canon

import (
	"math/rand/v2"
	"testing"
)

func TestTransformAlgebra(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		g := RandomGrid(r)
		a, b := RandomTransform(r), RandomTransform(r)
		for _, x := range []Transform{a, b} {
			if err := x.Valid(); err != nil {
				t.Fatalf("RandomTransform gave an invalid transform: %v", err)
			}
		}
		ab := Compose(a, b)
		bg := b.Apply(&g)
		if got, want := ab.Apply(&g), a.Apply(&bg); got != want {
			t.Fatalf("Compose(a,b)(g) = %s; a(b(g)) = %s (a.T=%v b.T=%v)", got.String(), want.String(), a.Transpose, b.Transpose)
		}
		inv := a.Invert()
		ag := a.Apply(&g)
		if back := inv.Apply(&ag); back != g {
			t.Fatalf("Invert: got %s back; want %s", back.String(), g.String())
		}
		if id := Compose(inv, a); id != Identity() {
			t.Fatalf("Compose(a^-1, a) = %+v; want identity", id)
		}
		if err := ag.Validate(); err != nil {
			t.Fatalf("transformed grid invalid: %v", err)
		}
	}
}

func TestTransformValid(t *testing.T) {
	id := Identity()
	if err := id.Valid(); err != nil {
		t.Fatal(err)
	}
	bad := Identity()
	bad.Rows[2], bad.Rows[3] = bad.Rows[3], bad.Rows[2] // splits bands 1 and 2
	if bad.Valid() == nil {
		t.Error("a row swap across bands was accepted")
	}
	bad = Identity()
	bad.Digits[1] = 0
	if bad.Valid() == nil {
		t.Error("a relabelling that sends 1 to 0 was accepted")
	}
}
