package rank

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"edgrid/band"
	"edgrid/canon"
)

// bandGroups answers, in the groups or the paper's order, the ascending
// minlex grids ms of one first band into nums, group by group.
func (r *Ranker) bandGroups(ctx context.Context, ms []canon.Grid, nums []int64, o Order) error {
	byGroup := map[int][]int{} // group -> rows of ms, ascending
	for k := range ms {
		grp, err := groupOf(&ms[k])
		if err != nil {
			return &RowError{Row: k, Err: err}
		}
		byGroup[grp.Number] = append(byGroup[grp.Number], k)
	}
	for _, g := range slices.Sorted(mapsKeys(byGroup)) {
		rows := byGroup[g]
		qs := make([]canon.Grid, len(rows))
		for j, k := range rows {
			qs[j] = ms[k]
		}
		var ords []int64
		var err error
		if o == Paper {
			ords, err = r.paperOrdinals(ctx, g, qs)
		} else {
			ords, err = r.ordinals(ctx, g, qs)
		}
		if err != nil {
			var re *RowError
			if errors.As(err, &re) {
				return &RowError{Row: rows[re.Row], Err: re.Err}
			}
			return err
		}
		for j, k := range rows {
			nums[k] = r.t.GroupFirst(g) + ords[j]
		}
	}
	return nil
}

// mapsKeys returns the keys of m as a sequence.
func mapsKeys(m map[int][]int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ordinals returns the 1-based positions in group g (ascending order) of
// its minlex grids qs, which ascend: from the catalog's file, each block
// decoded once, or from the enumerator, each bucket part regenerated once.
func (r *Ranker) ordinals(ctx context.Context, g int, qs []canon.Grid) ([]int64, error) {
	below := make([]int64, len(qs))
	found := make([]bool, len(qs))
	if r.hasGroup(g) {
		f, release, err := r.file(g)
		if err != nil {
			return nil, err
		}
		err = f.BelowSorted(qs, below, found)
		release()
		if err != nil {
			return nil, err
		}
	} else {
		gs, err := r.group(g)
		if err != nil {
			return nil, err
		}
		err = gs.belowSorted(ctx, qs, below, found)
		gs.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	for k := range qs {
		if !found[k] {
			return nil, &RowError{Row: k, Err: fmt.Errorf("rank: minlex grid %s not found in group %d", qs[k].String(), g)}
		}
		below[k]++
	}
	return below, nil
}

// belowSorted counts, for each of the ascending grids qs (any grids of
// gs's first band), the group's grids below it, and says whether it is one
// of them: the buckets before its row 4 from the tables, its own bucket by
// one merge per part for all the grids in it.
func (gs *groupState) belowSorted(ctx context.Context, qs []canon.Grid, below []int64, found []bool) error {
	for a := 0; a < len(qs); {
		i, ok := gs.bucketOf(row4(&qs[a]))
		b := a + 1
		for b < len(qs) && row4(&qs[b]) == row4(&qs[a]) {
			b++
		}
		if !ok {
			for k := a; k < b; k++ {
				below[k], found[k] = gs.cum[i], false
			}
		} else {
			if err := gs.countBelowSorted(ctx, i, qs[a:b], below[a:b], found[a:b]); err != nil {
				return err
			}
			for k := a; k < b; k++ {
				below[k] += gs.cum[i]
			}
		}
		a = b
	}
	return nil
}

// bandLex answers, in lexicographic order, the ascending minlex grids ms of
// one first band into nums: each grid's number is the grids of the bands
// before, plus, in each group of the band, the group's grids below it
// (lex.go's rankLex, for all the grids at once).
func (r *Ranker) bandLex(ctx context.Context, ms []canon.Grid, nums []int64) error {
	own := make([]int, len(ms))
	for k := range ms {
		grp, err := groupOf(&ms[k])
		if err != nil {
			return &RowError{Row: k, Err: err}
		}
		own[k] = grp.Number
	}
	bnd, err := groupOf(&ms[0])
	if err != nil {
		return &RowError{Row: 0, Err: err}
	}
	groups, err := band.GroupsOfBand(bnd.Band)
	if err != nil {
		return err
	}
	for k := range nums {
		nums[k] = r.t.BandFirst(bnd.Band) + 1
	}
	var rows []int
	var qs []canon.Grid
	for _, g := range groups {
		if err := ctx.Err(); err != nil {
			return err
		}
		gs, err := r.group(g.Number)
		if err != nil {
			return err
		}
		// The grids whose count in g needs g's grids: same row 4 and
		// r5c1 (the catalog counts all of g below them at once).
		rows, qs = rows[:0], qs[:0]
		cat := r.hasGroup(g.Number)
		c := bucketCursor{gs: gs}
		for k := range ms {
			m := &ms[k]
			i, ok := c.seek(row4(m))
			switch {
			case !ok && own[k] == g.Number:
				gs.mu.Unlock()
				return &RowError{Row: k, Err: fmt.Errorf("rank: group %d has no bucket for row 4 of %s", g.Number, m.String())}
			case ok && g.Key[keyR5C1] == m[36]:
				if !cat {
					nums[k] += gs.cum[i]
				}
				rows, qs = append(rows, k), append(qs, *m)
			case ok && g.Key[keyR5C1] < m[36]:
				nums[k] += gs.cum[i+1]
			default:
				nums[k] += gs.cum[i]
			}
		}
		below := make([]int64, len(qs))
		found := make([]bool, len(qs))
		if cat {
			gs.mu.Unlock()
			err = r.catalogBelowSorted(g.Number, qs, below, found)
		} else {
			err = gs.countBelowSortedBuckets(ctx, qs, below, found)
			gs.mu.Unlock()
		}
		if err != nil {
			return err
		}
		for j, k := range rows {
			if own[k] == g.Number && !found[j] {
				return &RowError{Row: k, Err: fmt.Errorf("rank: minlex grid %s not found in group %d", ms[k].String(), g.Number)}
			}
			nums[k] += below[j]
		}
	}
	return nil
}

// countBelowSortedBuckets is countBelowSorted for ascending grids of any
// of the group's buckets, each present: the grids of one row 4 at a time.
func (gs *groupState) countBelowSortedBuckets(ctx context.Context, qs []canon.Grid, below []int64, found []bool) error {
	for a := 0; a < len(qs); {
		b := a + 1
		for b < len(qs) && row4(&qs[b]) == row4(&qs[a]) {
			b++
		}
		i, _ := gs.bucketOf(row4(&qs[a]))
		if err := gs.countBelowSorted(ctx, i, qs[a:b], below[a:b], found[a:b]); err != nil {
			return err
		}
		a = b
	}
	return nil
}

// catalogBelowSorted is the catalog file's BelowSorted for group g.
func (r *Ranker) catalogBelowSorted(g int, qs []canon.Grid, below []int64, found []bool) error {
	if len(qs) == 0 {
		return nil
	}
	f, release, err := r.file(g)
	if err != nil {
		return err
	}
	defer release()
	return f.BelowSorted(qs, below, found)
}

// bucketCursor finds the buckets of ascending rows 4 by moving forward
// through a group's row 4s instead of a search for each.
type bucketCursor struct {
	gs *groupState
	i  int // the first bucket whose row 4 is not below the last one sought
}

// seek returns what gs.bucketOf(r4) does, for r4 not below the last one.
func (c *bucketCursor) seek(r4 [8]uint8) (int, bool) {
	k := key64(&r4)
	for c.i < len(c.gs.row4s) && key64(&c.gs.row4s[c.i]) < k {
		c.i++
	}
	return c.i, c.i < len(c.gs.row4s) && c.gs.row4s[c.i] == r4
}
