package query

import (
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// stackPatterns gives stackPattern's patterns on the runs of real groups.
func TestStackPatterns(t *testing.T) {
	for _, n := range []int{1, 2976, 2141} {
		for _, r := range runsOf(n, enumerated(t, n, 6000), false) {
			var p stackPatterns
			p.start(&r.Grids[0])
			for i := range r.Grids {
				g := &r.Grids[i]
				for s := range 3 {
					a1, a2 := p.pattern(g, s)
					b1, b2 := stackPattern(g, s)
					if a1 != b1 || a2 != b2 {
						t.Fatalf("group %d grid %s stack %d: pattern %x %x; want %x %x", n, g.String(), s, a1, a2, b1, b2)
					}
				}
			}
		}
	}
}

// An orbit set holds a band's class: a band is in it exactly when the band
// tables give it that class, whatever the order of its rows.
func TestOrbitSet(t *testing.T) {
	forms := canon.BandForms()
	for _, c := range []int{0, 1, 100, 415} {
		f := forms[c]
		s := newOrbitSet(&f)
		for i, g := range gridkit.RandomGrids(300, uint64(10+c), 1) {
			for b := range 3 {
				for _, ro := range rowOrders {
					var rows [27]uint8
					for k, r := range ro {
						copy(rows[9*k:], g[27*b+9*int(r):27*b+9*int(r)+9])
					}
					in := s.has(bandPattern((*[9]uint8)(rows[0:9]), (*[9]uint8)(rows[9:18]), (*[9]uint8)(rows[18:27])))
					bc, err := canon.BandClass(&rows)
					if err != nil {
						t.Fatal(err)
					}
					if want := bc == c; in != want {
						t.Fatalf("class %d, grid %d band %d rows %v: in set %v; want %v", c, i, b, ro, in, want)
					}
				}
			}
		}
		// Every map of the form is in its class.
		for ci := 0; ci < len(colMaps); ci += 37 {
			m := bandMap{rows: rowOrders[ci%6], cols: colMaps[ci]}
			y := m.apply(&f)
			if !s.has(bandPattern((*[9]uint8)(y[0:9]), (*[9]uint8)(y[9:18]), (*[9]uint8)(y[18:27]))) {
				t.Fatalf("class %d: map %d of its form not in the set", c, ci)
			}
		}
	}
}

// stackPattern returns the pattern of stack s of g (its columns read top
// to bottom as the band's rows) the plain way: the reference for
// stackPatterns.
func stackPattern(g *canon.Grid, s int) (w1, w2 uint64) {
	var lab [16]uint8
	c := 3 * s
	for r := range 9 {
		lab[g[r*9+c]&15] = uint8(r)
	}
	for r := range 9 {
		w1 |= uint64(lab[g[r*9+c+1]&15]) << (4 * r)
		w2 |= uint64(lab[g[r*9+c+2]&15]) << (4 * r)
	}
	return w1, w2
}
