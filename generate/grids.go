package generate

import (
	"context"
	"fmt"
	"math/rand/v2"

	"edgrid/canon"
	"edgrid/rank"
)

// Over says which distribution the solution grids are drawn from.
type Over uint8

const (
	// OverGrids draws uniformly among all 6,670,903,752,021,072,936,960
	// solution grids: an essentially different grid (a class) drawn
	// uniformly by its number, kept with probability 1/a for a class of a
	// automorphisms (so that classes come in proportion to their size),
	// then a uniformly random transform of the whole group applied.
	OverGrids Over = iota
	// OverClasses draws the minlex grid of one of the 5,472,730,538
	// classes, uniformly among the classes.
	OverClasses
	// OverBacktrack fills a grid by randomized backtracking and applies a
	// random transform (canon.RandomGrid): fast, but not uniform.
	OverBacktrack
)

var overNames = [...]string{"grids", "classes", "backtrack"}

// String returns the name: grids, classes or backtrack.
func (o Over) String() string {
	if int(o) < len(overNames) {
		return overNames[o]
	}
	return fmt.Sprintf("Over(%d)", o)
}

// ParseOver reads grids, classes or backtrack.
func ParseOver(s string) (Over, error) {
	for i, n := range overNames {
		if n == s {
			return Over(i), nil
		}
	}
	return 0, fmt.Errorf("generate: %q is not a grid distribution (want grids, classes or backtrack)", s)
}

// gridSource draws solution grids.
type gridSource struct {
	over   Over
	ranker *rank.Ranker // for OverGrids and OverClasses
}

// draw returns a grid drawn from r.
func (gs *gridSource) draw(ctx context.Context, r *rand.Rand) (canon.Grid, error) {
	if gs.over == OverBacktrack {
		return canon.RandomGrid(r), nil
	}
	total := gs.ranker.Tables().Total()
	for {
		g, err := gs.ranker.Unrank(ctx, r.Int64N(total)+1, rank.Groups)
		if err != nil {
			return g, err
		}
		if gs.over == OverClasses {
			return g, nil
		}
		// Keep a class of a automorphisms with probability 1/a: nearly
		// every class has one, and the loop ends at once.
		_, autos, _ := canon.Minlex(&g)
		if autos == 1 || r.IntN(autos) == 0 {
			t := canon.RandomTransform(r)
			return t.Apply(&g), nil
		}
	}
}
