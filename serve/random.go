package serve

import (
	"context"
	"math/rand/v2"
	"sync"

	"edgrid/canon"
	"edgrid/internal/uniform"
	"edgrid/rank"
)

// sampler is the uniform sampler of all grids, made at the first draw over
// grids (its table of fillings takes a quarter of a second to build).
var sampler = sync.OnceValues(uniform.New)

// randomGrid draws a grid from r: over "classes" the minlex grid of a class
// drawn uniformly among the 5,472,730,538 (by its number), over "grids" a
// grid drawn uniformly among all 6,670,903,752,021,072,936,960 solution grids
// (internal/uniform).
func (s *Server) randomGrid(ctx context.Context, r *rand.Rand, overGrids bool) (canon.Grid, error) {
	if overGrids {
		u, err := sampler()
		if err != nil {
			return canon.Grid{}, err
		}
		return u.Grid(r), nil
	}
	return s.ranker.Unrank(ctx, r.Int64N(s.ranker.Tables().Total())+1, rank.Groups)
}
