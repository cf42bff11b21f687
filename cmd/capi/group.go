package main

import (
	"context"
	"fmt"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// groupSize returns the number of minlex grids of group g (1..3541), from
// the rank tables: what groupRows needs room for.
func groupSize(g int) (int64, error) {
	if g < 1 || g > band.NumGroups {
		return 0, &argError{msg: fmt.Sprintf("group %d: want 1..%d", g, band.NumGroups)}
	}
	r, err := ranker()
	if err != nil {
		return 0, err
	}
	return r.Tables().GroupCount(g), nil
}

// groupRows writes the minlex grids of group g, ascending, into grids,
// which must have room for exactly groupSize(g) of them.
func groupRows(g int, grids []canon.Grid, workers int) error {
	size, err := groupSize(g)
	if err != nil {
		return err
	}
	if int64(len(grids)) != size {
		return &argError{msg: fmt.Sprintf("group %d has %d grids: room for %d given", g, size, len(grids))}
	}
	grp, err := band.ByNumber(g)
	if err != nil {
		return &argError{msg: err.Error()}
	}
	k := 0
	_, err = enumerate.Group(context.Background(), grp.Key, enumerate.Options{Workers: workers}, func(m *canon.Grid, _ int) error {
		if k == len(grids) {
			return fmt.Errorf("group %d: more grids than the rank tables' %d", g, size)
		}
		grids[k] = *m
		k++
		return nil
	})
	if err == nil && k != len(grids) {
		err = fmt.Errorf("group %d: %d grids, the rank tables say %d", g, k, size)
	}
	return err
}
