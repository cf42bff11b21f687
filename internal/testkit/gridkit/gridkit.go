// Package gridkit holds what edgrid's tests share about grids and groups:
// random valid grids, a group's grids as the enumerator emits them, and a
// band-2 searcher that fails the test on an error. It imports canon, band
// and enumerate, so the tests of those three packages cannot use it.
//
// It is imported only by _test.go files.
package gridkit

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// RandomGrids returns n random valid grids drawn from a PCG source seeded
// with seed1 and seed2: the same grids for the same seeds.
func RandomGrids(n int, seed1, seed2 uint64) []canon.Grid {
	r := rand.New(rand.NewPCG(seed1, seed2))
	gs := make([]canon.Grid, n)
	for i := range gs {
		gs[i] = canon.RandomGrid(r)
	}
	return gs
}

// Group is the grids of a group in the order the enumerator emits them,
// with what it emits beside each.
type Group struct {
	N      int               // the group's number
	Grids  []canon.Grid      // the minlex grids
	Autos  []int             // each grid's automorphism count
	Places []enumerate.Place // each grid's place, as GroupPlaced gives it
	Text   []byte            // the 81-digit lines `edgrid enumerate` prints
	full   bool              // the whole group, not its first grids only
}

var (
	groupMu    sync.Mutex
	groupCache = map[int]*Group{}
)

// errFull stops an enumeration that has the grids asked for.
var errFull = errors.New("enough grids")

// Enumerated enumerates group n once per test binary and returns at least
// its first max grids (the whole group when max is 0, or when it has fewer);
// a group already enumerated further is returned as it is. The result is
// shared: callers must not change it.
func Enumerated(tb testing.TB, n, max int) *Group {
	tb.Helper()
	groupMu.Lock()
	defer groupMu.Unlock()
	if g, ok := groupCache[n]; ok && (g.full || max != 0 && len(g.Grids) >= max) {
		return g
	}
	grp, err := band.ByNumber(n)
	if err != nil {
		tb.Fatal(err)
	}
	g := &Group{N: n}
	_, err = enumerate.GroupPlaced(context.Background(), grp.Key, enumerate.Options{}, func(c *canon.Grid, autos int, p enumerate.Place) error {
		if max > 0 && len(g.Grids) == max {
			return errFull
		}
		g.Grids = append(g.Grids, *c)
		g.Autos = append(g.Autos, autos)
		g.Places = append(g.Places, p)
		g.Text = append(c.AppendText(g.Text), '\n')
		return nil
	})
	switch {
	case errors.Is(err, errFull):
	case err != nil:
		tb.Fatalf("enumerating group %d: %v", n, err)
	default:
		g.full = true
	}
	g.Grids = g.Grids[:len(g.Grids):len(g.Grids)]
	groupCache[n] = g
	return g
}

// MustSearcher returns enumerate.NewSearcher(key) and fails the test on an
// error.
func MustSearcher(tb testing.TB, key band.Key) *enumerate.Searcher {
	tb.Helper()
	q, err := enumerate.NewSearcher(key)
	if err != nil {
		tb.Fatal(err)
	}
	return q
}
