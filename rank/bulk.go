package rank

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
	"edgrid/canon"
)

// Bulk queries. One query at a time regenerates (or decodes) a bucket for
// each grid; a collection's grids share buckets, blocks and groups, so
// RankSorted answers a sorted batch of minlex grids group by group: all of a
// group's queries in one ordered merge with the group's grids, each part of
// a bucket regenerated (each catalog block decoded) at most once, and never
// further than the farthest of its queries would take one query alone.
// RankAll is the same for any grids in any order.

// RowError is the failure of one grid of a batch: Row indexes the batch.
type RowError struct {
	Row int
	Err error
}

func (e *RowError) Error() string { return fmt.Sprintf("rank: grid %d of the batch: %v", e.Row, e.Err) }

// Unwrap returns the row's error.
func (e *RowError) Unwrap() error { return e.Err }

// RankAll returns the number in the order o of each grid's class and the
// class's minlex grid, as Rank does, answering the whole batch in one pass:
// the minlex grids are worked out on workers goroutines (0: one per core),
// sorted and answered by RankSorted, group by group on as many goroutines.
// A grid that is not a valid solution grid fails the call with a *RowError
// naming the lowest such row; nothing is answered then.
func (r *Ranker) RankAll(ctx context.Context, grids []canon.Grid, o Order, workers int) ([]int64, []canon.Grid, error) {
	if err := o.check(); err != nil {
		return nil, nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ms := make([]canon.Grid, len(grids))
	bad := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Worker w takes every workers-th row, so that the lowest
			// bad row of each worker is its first.
			for i := w; i < len(grids); i += workers {
				if err := grids[i].Validate(); err != nil {
					bad[w] = &RowError{Row: i, Err: err}
					return
				}
				ms[i], _, _ = canon.Minlex(&grids[i])
			}
		}()
	}
	wg.Wait()
	var lowest *RowError
	for _, err := range bad {
		var re *RowError
		if errors.As(err, &re) && (lowest == nil || re.Row < lowest.Row) {
			lowest = re
		}
	}
	if lowest != nil {
		return nil, nil, lowest
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	nums, err := r.RankMinlex(ctx, ms, o, workers)
	if err != nil {
		return nil, nil, err
	}
	return nums, ms, nil
}

// RankMinlex returns the number in the order o of each of the minlex grids
// ms, in any order (duplicates allowed): RankSorted on them sorted, a first
// band at a time on each of workers goroutines (0: one per core). A grid
// that is not minlex fails the call with a *RowError naming its row.
func (r *Ranker) RankMinlex(ctx context.Context, ms []canon.Grid, o Order, workers int) ([]int64, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if len(ms) > math.MaxInt32 {
		return nil, fmt.Errorf("rank: %d grids in one batch: want at most %d", len(ms), math.MaxInt32)
	}
	// Sort the rows by minlex grid: a band's rows (a group's) are then
	// next to each other.
	order := make([]int32, len(ms))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return bytes.Compare(ms[a][:], ms[b][:]) })
	sorted := make([]canon.Grid, len(ms))
	for k, i := range order {
		sorted[k] = ms[i]
	}
	nums := make([]int64, len(ms))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for _, c := range bandChunks(sorted) {
		g.Go(func() error {
			ns, err := r.RankSorted(gctx, sorted[c[0]:c[1]], o)
			if err != nil {
				var re *RowError
				if errors.As(err, &re) {
					return &RowError{Row: int(order[c[0]+re.Row]), Err: re.Err}
				}
				return err
			}
			for k, n := range ns {
				nums[order[c[0]+k]] = n
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return nums, nil
}

// bandChunks cuts ascending minlex grids into the spans [a, b) of one
// first band each.
func bandChunks(ms []canon.Grid) [][2]int {
	var out [][2]int
	for a := 0; a < len(ms); {
		b := a + 1
		for b < len(ms) && [27]uint8(ms[b][:27]) == [27]uint8(ms[a][:27]) {
			b++
		}
		out = append(out, [2]int{a, b})
		a = b
	}
	return out
}

// RankSorted returns the number in the order o of each of the minlex grids
// ms, which must ascend (duplicates allowed): the grids of a group are
// answered together, with one ordered merge against the group's grids, as
// the catalog stores them or as the enumerator regenerates them, one bucket
// part at a time. A grid that is not minlex is not found in its group and
// fails the call with a *RowError, as does a grid out of order; damage in a
// catalog file fails it with the file's error, no number from it used.
func (r *Ranker) RankSorted(ctx context.Context, ms []canon.Grid, o Order) ([]int64, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	for k := 1; k < len(ms); k++ {
		if bytes.Compare(ms[k-1][:], ms[k][:]) > 0 {
			return nil, &RowError{Row: k, Err: errors.New("below the grid before it: want ascending minlex grids")}
		}
	}
	nums := make([]int64, len(ms))
	for _, c := range bandChunks(ms) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if o == Lex {
			err = r.bandLex(ctx, ms[c[0]:c[1]], nums[c[0]:c[1]])
		} else {
			err = r.bandGroups(ctx, ms[c[0]:c[1]], nums[c[0]:c[1]], o)
		}
		if err != nil {
			var re *RowError
			if errors.As(err, &re) {
				return nil, &RowError{Row: c[0] + re.Row, Err: re.Err}
			}
			return nil, err
		}
	}
	return nums, nil
}

// groupOf returns the group of the minlex grid m.
func groupOf(m *canon.Grid) (band.Group, error) {
	grp, ok := band.Find(band.KeyOf(m))
	if !ok {
		return band.Group{}, fmt.Errorf("grid %s: its first band and column 1 are no group's: not a minlex grid", m.String())
	}
	return grp, nil
}
