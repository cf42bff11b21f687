package storage

import (
	"context"
	"slices"

	"edgrid/band"
	"edgrid/canon"
)

// Found is where FindSorted found a grid: its group, its ordinal in the
// group (from 1) and its number in the catalog. A grid that is not there
// has Group 0.
type Found struct {
	Group   int
	Ordinal int64
	Number  int64
}

// GroupOpener opens the file of group g for FindSorted and returns it with
// the catalog number of its first grid, or false when there is no such
// group. The file is FindSorted's to close.
type GroupOpener func(g int) (f *File, first int64, ok bool, err error)

// FindSorted finds the minlex grids ms, ascending, in the group files open
// gives: each group's grids in one ordered pass over its file
// (File.BelowSorted), the groups in ascending order. A grid of no group,
// or of a group open has no file for, is not found; a damaged file, or one
// that open cannot open, is an error, and so is ctx's end between groups.
func FindSorted(ctx context.Context, ms []canon.Grid, open GroupOpener) ([]Found, error) {
	found := make([]Found, len(ms))
	// The rows of each group, ascending within it.
	byGroup := map[int][]int{}
	for k := range ms {
		if grp, err := band.GroupOf(&ms[k]); err == nil {
			byGroup[grp.Number] = append(byGroup[grp.Number], k)
		}
	}
	groups := make([]int, 0, len(byGroup))
	for g := range byGroup {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := findInGroup(ms, byGroup[g], g, open, found); err != nil {
			return nil, err
		}
	}
	return found, nil
}

// findInGroup fills in found for the rows of ms in group g.
func findInGroup(ms []canon.Grid, rows []int, g int, open GroupOpener, found []Found) error {
	f, first, ok, err := open(g)
	if err != nil || !ok {
		return err
	}
	gs := make([]canon.Grid, len(rows))
	for i, k := range rows {
		gs[i] = ms[k]
	}
	below, in := make([]int64, len(rows)), make([]bool, len(rows))
	err = f.BelowSorted(gs, below, in)
	f.Close()
	if err != nil {
		return err
	}
	for i, k := range rows {
		if in[i] {
			found[k] = Found{Group: g, Ordinal: below[i] + 1, Number: first + below[i]}
		}
	}
	return nil
}

// OpenGroup is the catalog's GroupOpener: the file of group g (Open) and
// the number of its first grid, or false when the catalog lacks the group.
func (c *Catalog) OpenGroup(g int) (*File, int64, bool, error) {
	e, ok := c.Entry(g)
	if !ok {
		return nil, 0, false, nil
	}
	f, err := c.Open(g)
	if err != nil {
		return nil, 0, false, err
	}
	return f, e.First, true, nil
}
