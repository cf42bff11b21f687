package rank

import (
	"context"
	"fmt"
	"sync"

	"edgrid/canon"
)

// Queries in the paper's order. A group's search tree (paper_tree.go) is
// walked from the root along the path the grid forces, adding the grids of
// the options before the grid's own, down to a leaf of at most Leaf grids.
// The leaf's grids are those of the group that hold the digits chosen on
// the path: enumerate.Searcher.RunWithin regenerates them, and replaying
// the search over them (dlxState) orders them.

// paperWalk is a walk down one group's tree.
type paperWalk struct {
	st   dlxState
	rd   bitReader
	leaf int64
	n    int64 // grids under the current node
	opts [9]option
	cnt  [9]int64
}

// paperTables returns the Ranker's search trees: setPaper's, or else the
// embedded ones.
func (r *Ranker) paperTables() (*paperTable, error) {
	r.mu.Lock()
	p := r.paper
	r.mu.Unlock()
	if p != nil {
		return p, nil
	}
	return embeddedPaperTable()
}

// setPaper makes the Ranker use the search trees p for the paper's order
// instead of the embedded ones.
func (r *Ranker) setPaper(p *paperTable) {
	r.mu.Lock()
	r.paper = p
	r.mu.Unlock()
}

func (r *Ranker) paperWalk(gs *groupState) (*paperWalk, error) {
	p, err := r.paperTables()
	if err != nil {
		return nil, err
	}
	partial := canon.Grid(gs.grp.Key.Partial())
	return &paperWalk{st: newDLXState(&partial), rd: p.reader(gs.grp.Number), leaf: p.leaf, n: r.t.GroupCount(gs.grp.Number)}, nil
}

// step reads the current inner node: the options of its item, and the
// grids under each.
func (w *paperWalk) step() (item, []option, []int64, error) {
	it, _ := w.st.choose()
	opts := w.st.options(it, &w.opts)
	cnt, err := w.rd.node(w.n, &w.cnt)
	if err == nil && len(cnt) != len(opts) {
		err = fmt.Errorf("%d options stored, %d in the search", len(cnt), len(opts))
	}
	return it, opts, cnt, err
}

// descend moves to option j of the current node, skipping the subtrees of
// the options before it.
func (w *paperWalk) descend(opts []option, cnt []int64, j int) error {
	for i := range j {
		if err := w.rd.skip(cnt[i], w.leaf); err != nil {
			return err
		}
	}
	w.st.place(int(opts[j].cell), opts[j].digit)
	w.n = cnt[j]
	return nil
}

// leafBuffers hold the grids of a paper leaf (about 110 KB): a group state
// borrows one while it is locked (leafGrids) and gives it back when done
// (releaseLeaf), so that queries over many groups reuse a few buffers
// instead of allocating one a query.
var leafBuffers = sync.Pool{New: func() any { return new([]canon.Grid) }}

// releaseLeaf gives gs's leaf buffer back; the grids leafGrids returned
// are not to be used after it.
func (gs *groupState) releaseLeaf() {
	if gs.leaf != nil {
		leafBuffers.Put(gs.leaf)
		gs.leaf = nil
	}
}

// leafGrids regenerates the grids of the current leaf, in gs's leaf
// buffer (the caller calls gs.releaseLeaf when done with them).
func (w *paperWalk) leafGrids(ctx context.Context, gs *groupState) ([]canon.Grid, error) {
	allowed := w.st.allowed()
	if gs.leaf == nil {
		gs.leaf = leafBuffers.Get().(*[]canon.Grid)
	}
	out := (*gs.leaf)[:0]
	if int64(cap(out)) < w.n {
		out = make([]canon.Grid, 0, w.n)
	}
	_, err := gs.q.RunWithin(ctx, &allowed, func(g *canon.Grid, _ int) error {
		out = append(out, *g)
		return nil
	})
	*gs.leaf = out
	if err == nil && int64(len(out)) != w.n {
		err = fmt.Errorf("a leaf of group %d has %d grids, the tables say %d", gs.grp.Number, len(out), w.n)
	}
	return out, err
}

func damaged(group int, err error) error {
	return fmt.Errorf("rank: paper tables, group %d: %v (damaged or built for other groups)", group, err)
}

// paperOrdinal returns the 1-based position of the minlex grid m in its
// group in the paper's order.
func (r *Ranker) paperOrdinal(ctx context.Context, m *canon.Grid, gs *groupState) (int64, error) {
	w, below, err := r.paperLeaf(gs, m)
	if err != nil {
		return 0, err
	}
	grids, err := w.leafGrids(ctx, gs)
	defer gs.releaseLeaf()
	if err != nil {
		return 0, err
	}
	n, err := w.replay(grids, m, gs.grp.Number)
	return below + n, err
}

// paperLeaf walks group gs's tree down the path m forces to its leaf, and
// returns the walk there and the grids of the options before m's on the way.
func (r *Ranker) paperLeaf(gs *groupState, m *canon.Grid) (*paperWalk, int64, error) {
	w, err := r.paperWalk(gs)
	if err != nil {
		return nil, 0, err
	}
	var below int64
	for {
		if split, err := w.rd.split(w.n, w.leaf); err != nil {
			return nil, 0, damaged(gs.grp.Number, err)
		} else if !split {
			break
		}
		it, opts, cnt, err := w.step()
		if err != nil {
			return nil, 0, damaged(gs.grp.Number, err)
		}
		j := index(opts, pick(it, m))
		if j < 0 {
			return nil, 0, fmt.Errorf("rank: %s is not a completion of group %d", m.String(), gs.grp.Number)
		}
		for _, c := range cnt[:j] {
			below += c
		}
		if err := w.descend(opts, cnt, j); err != nil {
			return nil, 0, damaged(gs.grp.Number, err)
		}
	}
	return w, below, nil
}

// replay returns the 1-based position of m among the grids of the walk's
// leaf, by replaying the search over them from the walk's state; grids is
// reordered and cut, and the walk's state moved on.
func (w *paperWalk) replay(grids []canon.Grid, m *canon.Grid, group int) (int64, error) {
	var below int64
	// At each item, the grids that take an earlier option than m come
	// before it; those taking m's go on.
	for len(grids) > 0 && !(len(grids) == 1 && grids[0] == *m) {
		it, _ := w.st.choose()
		om := pick(it, m)
		keep := grids[:0]
		for i := range grids {
			switch o := pick(it, &grids[i]); {
			case o == om:
				keep = append(keep, grids[i])
			case o.before(om):
				below++
			}
		}
		grids = keep
		w.st.place(int(om.cell), om.digit)
	}
	if len(grids) == 0 {
		return 0, fmt.Errorf("rank: minlex grid %s not found in group %d", m.String(), group)
	}
	return below + 1, nil
}

// paperNth returns the k-th (0-based) grid of the group in the paper's order.
func (r *Ranker) paperNth(ctx context.Context, gs *groupState, k int64) (canon.Grid, error) {
	w, err := r.paperWalk(gs)
	if err != nil {
		return canon.Grid{}, err
	}
	for {
		if split, err := w.rd.split(w.n, w.leaf); err != nil {
			return canon.Grid{}, damaged(gs.grp.Number, err)
		} else if !split {
			break
		}
		_, opts, cnt, err := w.step()
		if err != nil {
			return canon.Grid{}, damaged(gs.grp.Number, err)
		}
		j := 0
		for k >= cnt[j] {
			k -= cnt[j]
			j++
		}
		if err := w.descend(opts, cnt, j); err != nil {
			return canon.Grid{}, damaged(gs.grp.Number, err)
		}
	}
	grids, err := w.leafGrids(ctx, gs)
	defer gs.releaseLeaf()
	if err != nil {
		return canon.Grid{}, err
	}
	// Replay the search over the leaf, following the option that holds
	// the k-th grid.
	for len(grids) > 1 {
		it, _ := w.st.choose()
		var buf [9]option
		opts := w.st.options(it, &buf)
		var cnt [9]int64
		for i := range grids {
			j := index(opts, pick(it, &grids[i]))
			if j < 0 {
				return canon.Grid{}, fmt.Errorf("rank: group %d: a regenerated grid outside the search", gs.grp.Number)
			}
			cnt[j]++
		}
		j := 0
		for k >= cnt[j] {
			k -= cnt[j]
			j++
		}
		keep := grids[:0]
		for i := range grids {
			if pick(it, &grids[i]) == opts[j] {
				keep = append(keep, grids[i])
			}
		}
		grids = keep
		w.st.place(int(opts[j].cell), opts[j].digit)
	}
	return grids[0], nil
}
