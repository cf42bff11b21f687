package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"edgrid/internal/ordered"
)

// blockRows is how many rows a worker claims at a time: enough that claiming
// costs nothing next to the rows, few enough that the cores finish together.
// A batch of at most blockRows rows runs on the caller's thread alone.
const blockRows = 64

// statePool keeps the states of forRows' workers (a solver, a puzzle
// canonicalizer) between calls, so that a call on a few rows does not
// allocate one afresh. A state taken from it is the taker's alone until it
// is put back.
type statePool[S any] struct{ p sync.Pool }

// newStatePool returns a pool whose new states come from newState.
func newStatePool[S any](newState func() S) *statePool[S] {
	sp := new(statePool[S])
	sp.p.New = func() any { return newState() }
	return sp
}

// get returns a state of the pool, or the zero S when sp is nil.
func (sp *statePool[S]) get() S {
	if sp == nil {
		var zero S
		return zero
	}
	return sp.p.Get().(S)
}

// put returns s to the pool (nothing when sp is nil).
func (sp *statePool[S]) put(s S) {
	if sp != nil {
		sp.p.Put(s)
	}
}

// forRows calls do(s, i) for every row i in [0, n), on workers goroutines
// (0: one per core), each with a state of its own from states (the zero S
// when states is nil), given back when it is done. A batch of no rows
// returns at once; one of at most blockRows rows, or workers 1, runs on the
// caller's goroutine alone, starting none. It returns the error of the
// lowest row that failed, or nil: rows after a failed one may be skipped,
// rows before it never are. A panic in do is recovered and becomes an
// internal *rowError for its row.
func forRows[S any](n, workers int, states *statePool[S], do func(s S, i int) error) error {
	if n <= 0 {
		return nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if blocks := (n + blockRows - 1) / blockRows; workers > blocks {
		workers = blocks
	}
	if workers <= 1 {
		// Small batches run on the caller's thread: no goroutines to start.
		s := states.get()
		err := runRows(s, 0, n, do)
		states.put(s)
		return err
	}
	blocks := ordered.Job[int, struct{}, S]{
		Workers:   workers,
		NewState:  func(int) S { return states.get() },
		FreeState: states.put,
		Work: func(_ context.Context, s S, lo int) (struct{}, error) {
			return struct{}{}, runRows(s, lo, min(lo+blockRows, n), do)
		},
	}
	// Blocks fail in order: the lowest failed block's error is returned
	// once every block before it has run.
	return blocks.Run(context.Background(), func(send func(int) bool) error {
		for lo := 0; lo < n; lo += blockRows {
			if !send(lo) {
				break
			}
		}
		return nil
	})
}

// runRows calls do(s, i) for the rows i in [lo, hi) and returns the first
// failure as a *rowError, a panic included.
func runRows[S any](s S, lo, hi int, do func(s S, i int) error) (err error) {
	i := lo
	defer func() {
		if p := recover(); p != nil {
			err = &rowError{Row: i, Cell: -1, Err: fmt.Errorf("panic: %v", p), internal: true}
		}
	}()
	for ; i < hi; i++ {
		if e := do(s, i); e != nil {
			return newRowError(i, e)
		}
	}
	return nil
}
