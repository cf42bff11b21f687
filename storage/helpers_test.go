package storage

import (
	"path/filepath"
	"testing"

	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit/gridkit"
)

// groupGrids are the minlex grids of a group with their automorphism
// counts, as the enumerator emits them.
type groupGrids struct {
	group  int
	grids  []canon.Grid
	autos  []int
	places []enumerate.Place
	text   []byte // the 81-digit lines `edgrid enumerate` prints
}

// enumerated enumerates a group once per test binary (gridkit.Enumerated).
func enumerated(t testing.TB, group int) *groupGrids {
	t.Helper()
	g := gridkit.Enumerated(t, group, 0)
	return &groupGrids{group: group, grids: g.Grids, autos: g.Autos, places: g.Places, text: g.Text}
}

// writeGroup writes gg to a file in dir with opt and returns its path.
func writeGroup(t testing.TB, dir string, gg *groupGrids, opt WriterOptions) string {
	t.Helper()
	return writeGroupWith(t, dir, gg, opt, false)
}

// writeGroupWith is writeGroup passing the enumerator's Places (AddPlaced)
// when placed is set.
func writeGroupWith(t testing.TB, dir string, gg *groupGrids, opt WriterOptions, placed bool) string {
	t.Helper()
	path := filepath.Join(dir, FileName(gg.group))
	w, err := Create(path, gg.group, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range gg.grids {
		var p enumerate.Place
		if placed {
			p = gg.places[i]
		}
		if err := w.AddPlaced(&gg.grids[i], gg.autos[i], p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// candsOf returns the candidates of g's band-2 open cells given the key and
// the cells before each, as enumerate.Run.Cands has them.
func candsOf(g *canon.Grid) [numBand2]uint16 {
	u := keyUnits(g)
	var c [numBand2]uint16
	for q := range numBand2 {
		c[q] = u.candQ(q)
		u.placeQ(q, g[openCell[q]])
	}
	return c
}
