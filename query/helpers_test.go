package query

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// randomGrids returns n random valid grids, the same for a given seed.
func randomGrids(n int, seed uint64) []canon.Grid {
	r := rand.New(rand.NewPCG(seed, 1))
	gs := make([]canon.Grid, n)
	for i := range gs {
		gs[i] = canon.RandomGrid(r)
	}
	return gs
}

// groupGrids are the minlex grids of a group with their automorphism
// counts, as the enumerator emits them.
type groupGrids struct {
	grids []canon.Grid
	autos []uint16
}

var (
	groupMu    sync.Mutex
	groupCache = map[int]*groupGrids{}
)

// enumerated enumerates group n once per test binary, keeping at most max
// grids (0: all).
func enumerated(t testing.TB, n, max int) *groupGrids {
	t.Helper()
	groupMu.Lock()
	defer groupMu.Unlock()
	if gg, ok := groupCache[n]; ok && (max == 0 && gg.grids != nil && len(gg.grids) == cap(gg.grids) || max != 0 && len(gg.grids) >= max) {
		return gg
	}
	grp, err := band.ByNumber(n)
	if err != nil {
		t.Fatal(err)
	}
	gg := &groupGrids{}
	errFull := context.Canceled
	_, err = enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, func(g *canon.Grid, a int) error {
		if max > 0 && len(gg.grids) == max {
			return errFull
		}
		gg.grids = append(gg.grids, *g)
		gg.autos = append(gg.autos, uint16(a))
		return nil
	})
	if err != nil && err != errFull {
		t.Fatal(err)
	}
	gg.grids = gg.grids[:len(gg.grids):len(gg.grids)]
	groupCache[n] = gg
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
