package rank

import (
	"context"
	"slices"

	"edgrid/canon"
)

// paperOrdinals returns the 1-based positions of the minlex grids qs in
// group g in the paper's order. Each grid walks the group's tree to its
// leaf as one query does, once; the grids are then taken leaf by leaf,
// each leaf regenerated once and the search replayed over it for each of
// its grids, from the search state at the leaf rebuilt from the cells the
// walk fixed (atLeaf). No grid costs more than it does alone.
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
		fixed cellSet // the cells chosen at the leaf
		n     int64   // the leaf's grids
	}
	ws := make([]walked, len(qs))
	for k := range qs {
		w, below, err := r.paperLeaf(gs, &qs[k])
		if err != nil {
			return nil, &RowError{Row: k, Err: err}
		}
		ws[k] = walked{k, w.rd.pos, below, w.st.fixedCells(), w.n}
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
		w := atLeaf(&qs[ws[a].row], ws[a].fixed, ws[a].n)
		grids, err := w.leafGrids(ctx, gs)
		if err != nil {
			return nil, err
		}
		at := w.st
		for i, x := range ws[a:b] {
			w.st = at
			// replay reorders the grids it is given: a copy for each
			// grid of the leaf but the last, which takes them.
			leaf := grids
			if a+i < b-1 {
				scratch = append(scratch[:0], grids...)
				leaf = scratch
			}
			n, err := w.replay(leaf, &qs[x.row], g)
			if err != nil {
				return nil, &RowError{Row: x.row, Err: err}
			}
			ords[x.row] = x.below + n
		}
		a = b
	}
	return ords, nil
}

// atLeaf returns a walk at the leaf of n grids where the search has
// chosen the cells fixed of the grid m: its state is that of the walk that
// reached it, as a state depends only on the cells chosen.
func atLeaf(m *canon.Grid, fixed cellSet, n int64) *paperWalk {
	var partial canon.Grid
	for c := range partial {
		if fixed.has(c) {
			partial[c] = m[c]
		}
	}
	return &paperWalk{st: newDLXState(&partial), n: n}
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

// has reports whether cell c is in s.
func (s cellSet) has(c int) bool { return s[c/64]&(1<<(c%64)) != 0 }

// fixedCells returns the cells the state has chosen.
func (s *dlxState) fixedCells() cellSet {
	var f cellSet
	for c, d := range s.fixed {
		if d != 0 {
			f[c/64] |= 1 << (c % 64)
		}
	}
	return f
}
