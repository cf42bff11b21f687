package serve

import (
	"context"
	"math/rand/v2"

	"edgrid/canon"
	"edgrid/rank"
)

// randomGrid draws a grid from r: over "classes" the minlex grid of a class
// drawn uniformly among the 5,472,730,538, over "grids" a grid drawn
// uniformly among all 6,670,903,752,021,072,936,960 solution grids.
//
// A class of a automorphisms holds |G|/a grids, G the group of 3,359,232
// transforms (with its 9! relabellings). So a class is drawn uniformly and
// kept with probability 1/a, which makes it come out in proportion to its
// size, and then a uniformly random element of the full group is applied to
// its minlex grid, which makes every grid of the class equally likely.
// Nearly every class has one automorphism: the loop ends at once.
func (s *Server) randomGrid(ctx context.Context, r *rand.Rand, overGrids bool) (canon.Grid, error) {
	total := s.ranker.Tables().Total()
	for {
		n := r.Int64N(total) + 1
		g, err := s.ranker.Unrank(ctx, n, rank.Groups)
		if err != nil {
			return g, err
		}
		if !overGrids {
			return g, nil
		}
		_, autos, _ := canon.Minlex(&g)
		if autos == 1 || r.IntN(autos) == 0 {
			t := canon.RandomTransform(r)
			return t.Apply(&g), nil
		}
	}
}
