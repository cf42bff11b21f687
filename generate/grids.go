package generate

import (
	"context"
	"fmt"
	"math/rand/v2"

	"edgrid/canon"
	"edgrid/internal/uniform"
	"edgrid/rank"
)

// Over says which distribution the solution grids are drawn from.
type Over uint8

const (
	// OverGrids draws uniformly among all 6,670,903,752,021,072,936,960
	// solution grids, by Felgenhauer and Jarvis's counting of the ways to
	// complete each band (internal/uniform): a few microseconds a grid.
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
	over    Over
	uniform *uniform.Sampler // for OverGrids
	ranker  *rank.Ranker     // for OverClasses
}

// draw returns a grid drawn from r.
func (gs *gridSource) draw(ctx context.Context, r *rand.Rand) (canon.Grid, error) {
	if gs.over == OverBacktrack {
		return canon.RandomGrid(r), nil
	}
	if gs.over == OverGrids {
		return gs.uniform.Grid(r), nil
	}
	return gs.ranker.Unrank(ctx, r.Int64N(gs.ranker.Tables().Total())+1, rank.Groups)
}
