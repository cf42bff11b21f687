package generate

import (
	"context"
	"math/rand/v2"
)

// topDown writes to p a puzzle of grid: the cells in a random order, each
// emptied unless the puzzle would then have more than one solution. With
// target 0 it goes through every cell and the puzzle is minimal: a clue
// kept could not go when it was tried, and a puzzle with fewer clues
// around it has at least the solutions it had then. With a target it
// stops when target clues are left, and reports false if the order ends
// first (the puzzle became minimal above the target).
func (g *Generator) topDown(ctx context.Context, grid, p *[81]uint8, r *rand.Rand, target int) (bool, error) {
	*p = *grid
	g.shuffle(r)
	clues := 81
	// At the top of each step p has a unique solution, grid, and clues
	// clues; each step either empties a cell or keeps its clue for good.
	for _, c := range g.order {
		if clues == target {
			return true, nil
		}
		if forced(p, int(c)) {
			p[c] = 0
			clues--
			continue
		}
		v := p[c]
		p[c] = 0
		ok, err := g.unique(ctx, p)
		if err != nil {
			return false, err
		}
		if ok {
			clues--
		} else {
			p[c] = v
		}
	}
	return target == 0 || clues == target, nil
}
