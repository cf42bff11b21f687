package rank

import (
	"context"
	"slices"

	"edgrid/canon"
)

// paperOrdinals returns the 1-based positions of the minlex grids qs in
// group g in the paper's order. Each grid walks the group's tree to its
// leaf as one query does; the grids are then taken leaf by leaf, each leaf
// regenerated once and the search replayed over it for each of its grids.
func (r *Ranker) paperOrdinals(ctx context.Context, g int, qs []canon.Grid) ([]int64, error) {
	gs, err := r.state(g, false)
	if err != nil {
		return nil, err
	}
	defer gs.mu.Unlock()
	type walked struct {
		row   int
		leaf  uint // where the leaf's node ends in the tree: one place a leaf
		below int64
	}
	ws := make([]walked, len(qs))
	for k := range qs {
		w, below, err := r.paperLeaf(gs, &qs[k])
		if err != nil {
			return nil, &RowError{Row: k, Err: err}
		}
		ws[k] = walked{k, w.rd.pos, below}
	}
	slices.SortStableFunc(ws, func(a, b walked) int { return cmpUint(a.leaf, b.leaf) })
	ords := make([]int64, len(qs))
	var scratch []canon.Grid
	defer gs.releaseLeaf()
	for a := 0; a < len(ws); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b := a + 1
		for b < len(ws) && ws[b].leaf == ws[a].leaf {
			b++
		}
		// The walk again, to have its state at the leaf; then the leaf.
		w, _, err := r.paperLeaf(gs, &qs[ws[a].row])
		if err != nil {
			return nil, &RowError{Row: ws[a].row, Err: err}
		}
		grids, err := w.leafGrids(ctx, gs)
		if err != nil {
			return nil, err
		}
		at := w.st
		for _, x := range ws[a:b] {
			w.st = at
			scratch = append(scratch[:0], grids...)
			n, err := w.replay(scratch, &qs[x.row], g)
			if err != nil {
				return nil, &RowError{Row: x.row, Err: err}
			}
			ords[x.row] = x.below + n
		}
		a = b
	}
	return ords, nil
}

func cmpUint(a, b uint) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
