package query

import (
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
)

// groupGrids are the minlex grids of a group with their automorphism
// counts, as the enumerator emits them.
type groupGrids struct {
	grids []canon.Grid
	autos []uint16
}

// enumerated is gridkit.Enumerated(t, n, max) with the automorphism counts
// as a Run carries them.
func enumerated(t testing.TB, n, max int) *groupGrids {
	t.Helper()
	g := gridkit.Enumerated(t, n, max)
	gg := &groupGrids{grids: g.Grids, autos: make([]uint16, len(g.Autos))}
	for i, a := range g.Autos {
		gg.autos[i] = uint16(a)
	}
	return gg
}

// runsOf splits a group's grids into runs as the sources do; with autos
// false the runs do not carry the enumerator's counts.
func runsOf(n int, gg *groupGrids, autos bool) []Run {
	var out []Run
	b := newRunBuffer(n, func(r *Run) error {
		c := *r
		c.Grids = append([]canon.Grid(nil), r.Grids...)
		if autos {
			c.Autos = append([]uint16(nil), gg.autos[r.First-1:r.First-1+int64(len(r.Grids))]...)
		}
		out = append(out, c)
		return nil
	})
	for i := range gg.grids {
		b.add(&gg.grids[i])
	}
	b.flush()
	return out
}

// stabGroups are small groups whose first bands have stabilizers of 1, 2,
// 3, 6, 18, 54 and 108 maps, and the last group.
var stabGroups = []int{2976, 2849, 2141, 2748, 266, 157, 6, 3541}
