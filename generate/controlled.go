package generate

import (
	"context"
	"math/rand/v2"

	"edgrid/canon"
	"edgrid/scan"
)

// AttemptsPerGrid is the number of controlled-bias attempts made on each
// grid drawn. The number is fixed in advance, whatever the attempts give,
// so that every grid weighs the same and the estimate stays unbiased
// (docs/guide/generate.md); many attempts a grid share the cost of drawing it
// and of finding its small unavoidable sets. A success is rare (about one
// attempt in 260,000), so attempts on the same grid are nearly never
// correlated through two successes.
const AttemptsPerGrid = 1 << 14

// cbSetSize is the size up to which a grid's unavoidable sets are
// collected before its attempts: they tell, without the solver, where an
// attempt's removals first empty a known set.
const cbSetSize = 12

// cbSets lists the cells of each unavoidable set of a grid, smallest first.
type cbSets [][]uint8

// newCBSets collects the unavoidable sets of grid up to cbSetSize.
func newCBSets(grid *canon.Grid) (cbSets, error) {
	masks, err := scan.Unavoidable(grid, cbSetSize)
	if err != nil {
		return nil, err
	}
	sets := make(cbSets, len(masks))
	for i, m := range masks {
		for c := 0; c < 81; c++ {
			if m.Has(c) {
				sets[i] = append(sets[i], uint8(c))
			}
		}
	}
	return sets, nil
}

// controlledBias makes one attempt of Berthier's controlled-bias generator
// on grid: the cells are emptied in a random order while the solution stays
// unique; at the first removal that gives a second solution, the puzzle
// just before it is kept in p if it is minimal, and the attempt fails
// otherwise (false). The puzzle of an attempt is therefore the set of cells
// not yet emptied when the order reaches the first cell that cannot go: a
// minimal puzzle P of n clues comes out exactly when the first 81-n cells
// of the order are the cells outside P, in any order, which has
// probability (81-n)! n! / 81! = 1/C(81,n).
//
// The removals are not tried one by one. A puzzle loses its unique
// solution exactly when its empty cells contain an unavoidable set, so the
// first removal that empties one of the known sets bounds the stopping
// point; the solver confirms the puzzle before it, and only when an
// unknown (larger) set was emptied earlier does a bisection over the order
// find the real point (uniqueness only goes, along the order). The
// minimality test comes first, as it also shows the puzzle unique when it
// fails, which is nearly always.
func (g *Generator) controlledBias(ctx context.Context, grid, p *[81]uint8, sets cbSets, r *rand.Rand) (bool, error) {
	g.shuffle(r)
	return g.cbAttempt(ctx, grid, p, sets)
}

// cbAttempt is controlledBias's attempt in the order g.order.
func (g *Generator) cbAttempt(ctx context.Context, grid, p *[81]uint8, sets cbSets) (bool, error) {
	var pos [81]uint8
	for i, c := range g.order {
		pos[c] = uint8(i)
	}
	// first: the position in the order of the removal that empties a known
	// set first (the latest position among its cells).
	first := uint8(80)
	for _, u := range sets {
		last := uint8(0)
		for _, c := range u {
			if pos[c] > last {
				if last = pos[c]; last >= first {
					break
				}
			}
		}
		first = min(first, last)
	}
	// cut: the removals that keep the solution unique, if no unknown set
	// was emptied before the known one. The clues of p but the cut's cell
	// are tried first: one that can go (the common case, by far) shows p
	// unique, so cut is right, and p not minimal: the attempt fails
	// without another solver call.
	cut := int(first)
	*p = *grid
	for _, c := range g.order[:cut] {
		p[c] = 0
	}
	minimal, err := g.minimalBut(ctx, p, int(g.order[cut]))
	if err != nil || !minimal {
		return false, err
	}
	ok, err := g.unique(ctx, p)
	if err != nil || ok {
		return ok, err
	}
	// An unknown set was emptied sooner. At the top of the bisection,
	// removing lo cells keeps the solution unique and removing hi does not.
	lo, hi := 0, cut
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		*p = *grid
		for _, c := range g.order[:mid] {
			p[c] = 0
		}
		if ok, err = g.unique(ctx, p); err != nil {
			return false, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	*p = *grid
	for _, c := range g.order[:lo] {
		p[c] = 0
	}
	// p is the puzzle before the first removal that fails; that removal's
	// cell cannot go. Minimal when no other clue can go either.
	return g.minimalBut(ctx, p, int(g.order[lo]))
}

// minimalBut reports whether no clue of p but skip (known to be needed)
// can be emptied with the solution staying unique; for a puzzle with a
// unique solution, whether it is minimal. A false answer also shows that
// no puzzle between p and the grid that holds the clue found is minimal:
// either that clue is forced (emptying it changes no solution, of p or of
// any puzzle with more clues), or the solver found p without it unique,
// and then p and every puzzle above it too.
func (g *Generator) minimalBut(ctx context.Context, p *[81]uint8, skip int) (bool, error) {
	// The forced clues first: no solver call, and most puzzles an attempt
	// stops at have some.
	for c, v := range p {
		if v != 0 && c != skip && forced(p, c) {
			return false, nil
		}
	}
	for c, v := range p {
		if v == 0 || c == skip {
			continue
		}
		p[c] = 0
		ok, err := g.unique(ctx, p)
		p[c] = v
		if err != nil || ok {
			return false, err
		}
	}
	return true, nil
}
