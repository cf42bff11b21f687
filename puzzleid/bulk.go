package puzzleid

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"edgrid/canon"
	"edgrid/rank"
)

// IDs returns the IDs of puzzles, as ID does one by one, in one pass: the
// keys on workers goroutines (0: one per core), then every number at once
// with r.RankMinlex, a catalog block or bucket part read once for all the
// puzzles whose solutions fall in it. A puzzle without an ID fails the call
// with a *rank.RowError naming the lowest such row; nothing is answered
// then.
func IDs(ctx context.Context, r *rank.Ranker, puzzles []canon.Grid, workers int) ([]ID, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ms := make([]canon.Grid, len(puzzles))
	masks := make([]canon.Mask, len(puzzles))
	bad := make([]*rank.RowError, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := New(r)
			// Worker w takes every workers-th row: its first failure is
			// its lowest.
			for i := w; i < len(puzzles); i += workers {
				if ctx.Err() != nil {
					return
				}
				var err error
				if ms[i], masks[i], err = n.Key(ctx, &puzzles[i]); err != nil {
					bad[w] = &rank.RowError{Row: i, Err: err}
					return
				}
			}
		}()
	}
	wg.Wait()
	var lowest *rank.RowError
	for _, e := range bad {
		if e != nil && (lowest == nil || e.Row < lowest.Row) {
			lowest = e
		}
	}
	if lowest != nil {
		return nil, lowest
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	nums, err := r.RankMinlex(ctx, ms, rank.Lex, workers)
	if err != nil {
		var re *rank.RowError
		if errors.As(err, &re) {
			return nil, re
		}
		return nil, err
	}
	ids := make([]ID, len(puzzles))
	for i := range ids {
		ids[i] = ID{Number: nums[i], Mask: masks[i]}
	}
	return ids, nil
}
