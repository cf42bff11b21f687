package canon

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzMinlex calls the exported functions that take a grid, a band or a
// transform with arbitrary bytes. None may panic except as documented (Minlex
// and Apply, with a message naming the problem); on a solution grid Minlex
// must agree with its own transform, with IsMinlex and CheckMinlex, and be
// invariant under a random element of the group.
func FuzzMinlex(f *testing.F) {
	for _, s := range []string{paperGrid1, lexFirst} {
		f.Add([]byte(s), uint64(1))
	}
	g := shiftedGrid()
	f.Add(g[:], uint64(2))
	f.Add(make([]byte, 81), uint64(3))
	f.Add([]byte{1, 2, 3}, uint64(4))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var g Grid
		copy(g[:], data)
		// Text digits are taken as digits, so that seeds read as grids.
		for i, d := range g {
			if d >= '0' && d <= '9' {
				g[i] = d - '0'
			}
		}
		valid := g.Validate() == nil
		ok, autos := CheckMinlex(&g)
		if IsMinlex(&g) != ok || (!valid && ok) || ok != (autos > 0) {
			t.Fatalf("%v: IsMinlex %v, CheckMinlex %v %d, valid %v", g, IsMinlex(&g), ok, autos, valid)
		}
		band := [27]uint8(g[:27])
		if c, err := BandClass(&band); err == nil && (c < 0 || c >= NumBandForms || BandStabilizer(c) < 1) {
			t.Fatalf("BandClass(%v) = %d", band, c)
		}
		NewChecker(&band) // must not panic whatever the band
		if !valid {
			if msg := panicMessage(func() { Minlex(&g) }); !strings.HasPrefix(msg, "canon: Minlex:") {
				t.Fatalf("Minlex(%v) panicked with %q", g, msg)
			}
			return
		}
		m, a, tr := Minlex(&g)
		if tr.Valid() != nil || tr.Apply(&g) != m {
			t.Fatalf("Minlex(%v): its transform %+v does not give %v", g, tr, m)
		}
		if ok2, a2 := CheckMinlex(&m); !ok2 || a2 != a || a < 1 || a > MaxAutomorphisms {
			t.Fatalf("Minlex(%v) = %v with %d automorphisms; CheckMinlex says %v %d", g, m, a, ok2, a2)
		}
		b1, b2 := [27]uint8(m[:27]), [27]uint8(m[27:54])
		ck, err := NewChecker(&b1)
		if err != nil {
			t.Fatalf("NewChecker(band 1 of %v): %v", m, err)
		}
		if e, ok2 := ck.Band2(&b2); !ok2 {
			t.Fatalf("Checker.Band2 rejects band 2 of minlex %v", m)
		} else if ok3, a3 := ck.Check(&m, e); !ok3 || a3 != a {
			t.Fatalf("Checker.Check(%v) = %v %d; want true %d", m, ok3, a3, a)
		}
		if ok && (m != g || autos != a) {
			t.Fatalf("%v is minlex with %d automorphisms, but Minlex gives %v, %d", g, autos, m, a)
		}
		var s [8]byte
		binary.LittleEndian.PutUint64(s[:], seed)
		r := RandomTransform(rand.New(rand.NewPCG(seed, binary.LittleEndian.Uint64(s[:])^0x9e3779b97f4a7c15)))
		h := r.Apply(&g)
		if m2, a2, _ := Minlex(&h); m2 != m || a2 != a {
			t.Fatalf("Minlex of a transform of %v: %v %d; want %v %d", g, m2, a2, m, a)
		}
	})
}
