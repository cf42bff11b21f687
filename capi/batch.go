package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// blockRows is how many rows a worker claims at a time: enough that claiming
// costs nothing next to the rows, few enough that the cores finish together.
const blockRows = 64

// forRows calls do(s, i) for every row i in [0, n), on workers goroutines
// (0: one per core), each with its own state from newState. It returns the
// error of the lowest row that failed, or nil: rows after a failed one may be
// skipped, rows before it never are. A panic in do is recovered and becomes
// an internal *rowError for its row.
func forRows[S any](n, workers int, newState func() S, do func(s S, i int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if blocks := (n + blockRows - 1) / blockRows; workers > blocks {
		workers = blocks
	}
	if workers <= 1 {
		// Small batches run on the caller's thread: no goroutines to start.
		return runRows(newState(), 0, n, do)
	}
	var (
		next   atomic.Int64 // the first row of the next unclaimed block
		failed atomic.Int64 // the lowest failed row so far, or n
		mu     sync.Mutex
		first  error // the error of row failed
		wg     sync.WaitGroup
	)
	failed.Store(int64(n))
	for range workers {
		wg.Go(func() {
			s := newState()
			for {
				lo := int(next.Add(blockRows)) - blockRows
				// Blocks are claimed in ascending order, so once one starts
				// after the lowest failure every later one does too.
				if lo >= n || int64(lo) > failed.Load() {
					return
				}
				err := runRows(s, lo, min(lo+blockRows, n), do)
				if err == nil {
					continue
				}
				row := err.(*rowError).Row
				mu.Lock()
				if int64(row) < failed.Load() {
					failed.Store(int64(row))
					first = err
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return first
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
