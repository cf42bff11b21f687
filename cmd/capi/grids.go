package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"edgrid/canon"
	"edgrid/query"
	"edgrid/rank"
)

// minlexRows writes each grid's minlex form and automorphism count.
func minlexRows(grids, forms []canon.Grid, autos []int32, workers int) error {
	return forRows(len(grids), workers, nil, func(_ struct{}, i int) error {
		m, a, _, err := canon.TryMinlex(&grids[i]) // checks the grid once
		if err != nil {
			return err
		}
		forms[i], autos[i] = m, int32(a)
		return nil
	})
}

// bulkRows is the batch size from which rankRows and idRows number the
// rows together (rank.Ranker.RankMinlex: a bucket part regenerated once for
// all the rows in it) rather than one by one.
const bulkRows = 64

// rankRows writes the number of each grid's class in order o.
func rankRows(grids []canon.Grid, o rank.Order, numbers []int64, workers int) error {
	r, err := ranker()
	if err != nil {
		return err
	}
	ctx := context.Background()
	if len(grids) >= bulkRows {
		ms := make([]canon.Grid, len(grids))
		err := forRows(len(grids), workers, nil, func(_ struct{}, i int) error {
			g := grids[i]
			if err := g.Validate(); err != nil {
				return err
			}
			ms[i], _, _ = canon.Minlex(&g)
			return nil
		})
		if err != nil {
			return err
		}
		return rankMinlexRows(ctx, r, ms, o, numbers, workers)
	}
	return forRows(len(grids), workers, nil, func(_ struct{}, i int) error {
		g := grids[i]
		if err := g.Validate(); err != nil {
			return err
		}
		n, _, err := r.Rank(ctx, &g, o)
		numbers[i] = n
		return err
	})
}

// rankMinlexRows numbers the minlex grids ms together into numbers; a
// failure on a row is that row's error.
func rankMinlexRows(ctx context.Context, r *rank.Ranker, ms []canon.Grid, o rank.Order, numbers []int64, workers int) error {
	nums, err := r.RankMinlex(ctx, ms, o, workers)
	var re *rank.RowError
	if errors.As(err, &re) {
		return &rowError{Row: re.Row, Cell: -1, Err: re.Err, internal: true}
	}
	if err != nil {
		return err
	}
	copy(numbers, nums)
	return nil
}

// unrankRows writes the grid of each number in order o.
func unrankRows(numbers []int64, o rank.Order, grids []canon.Grid, workers int) error {
	r, err := ranker()
	if err != nil {
		return err
	}
	total := r.Tables().Total()
	ctx := context.Background()
	return forRows(len(numbers), workers, nil, func(_ struct{}, i int) error {
		n := numbers[i]
		if n < 1 || n > total {
			return fmt.Errorf("number %d is out of range 1..%d", n, total)
		}
		g, err := r.Unrank(ctx, n, o)
		grids[i] = g
		return err
	})
}

// invariantList returns the invariants a comma-separated list names, in its
// order; an unknown or empty name is an *argError listing the known ones.
func invariantList(names string) ([]query.Invariant, error) {
	if v, ok := invariantLists.Load(names); ok {
		return v.([]query.Invariant), nil
	}
	invs, err := lookupInvariants(strings.Clone(names)) // names may be the caller's memory
	if err == nil && invariantListCount.Add(1) <= maxInvariantLists {
		invariantLists.Store(strings.Clone(names), invs)
	}
	return invs, err
}

// invariantLists holds the invariants of the name lists asked for so far
// (at most maxInvariantLists of them), so that a call on one row does not
// look its names up again: an invariant is safe to share between calls.
var (
	invariantLists     sync.Map // string -> []query.Invariant
	invariantListCount atomic.Int64
)

// maxInvariantLists bounds invariantLists.
const maxInvariantLists = 256

// lookupInvariants looks up each name of a comma-separated list.
func lookupInvariants(names string) ([]query.Invariant, error) {
	var invs []query.Invariant
	for _, name := range strings.Split(names, ",") {
		inv, err := query.Lookup(name, nil)
		if err != nil {
			return nil, &argError{msg: err.Error()}
		}
		invs = append(invs, inv)
	}
	return invs, nil
}

// invariantRows writes the values of invs for each grid, one invariant after
// the other: values[k*len(grids)+i] is invariant k of grid i.
func invariantRows(grids []canon.Grid, invs []query.Invariant, values []int64, workers int) error {
	n := len(grids)
	return forRows(n, workers, nil, func(_ struct{}, i int) error {
		g := grids[i]
		if err := g.Validate(); err != nil {
			return err
		}
		for k, inv := range invs {
			values[k*n+i] = int64(inv.Value(&g))
		}
		return nil
	})
}
