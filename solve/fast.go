package solve

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"
)

// Fast solves standard 9x9 Sudoku with bit-parallel candidates: one 27-bit
// word per digit and band, with naked and hidden singles and locked
// candidates by word operations. A puzzle is 81 values row by row (cell 0 =
// r1c1), 1-9 for a given and 0 for an empty cell; givens that repeat a digit
// in a row, column or box simply give no solution. A Fast can be reused for
// any number of puzzles and allocates nothing per call (but once, for its
// probes, in the first search in lexicographic order that needs them: see
// dead); it is not safe for concurrent use.
//
// Until it has found two solutions, a search also looks at minirows and
// stacks at every step and branches on where a digit goes in a band, which
// makes hard puzzles need far fewer guesses; beyond, it branches on cells,
// and a count takes the completions of a last open band at once.
type Fast struct {
	stack   [fastDepth]fastState // the state of each search level
	counter fastCounter          // counts the completions of a last band

	limit   uint64 // stop after this many solutions
	found   uint64 // solutions found so far
	guesses uint64 // branchings so far, for the context check
	order   bool   // branch on the lowest open cell (solutions in lexicographic order)
	lastSol uint64 // guesses when the last solution was found (or the search began)
	count   bool   // only count: a last open band is counted at once

	done <-chan struct{} // ctx.Done(), nil when it cannot be cancelled
	ctx  context.Context
	err  error // why the search stopped early: ctx.Err() or the visit's error

	progress *atomic.Int64 // gets found at each context check, or nil

	keep  bool                       // copy the first solution to sol
	keep2 bool                       // and the second to sol2
	sol   [81]uint8                  // the first solution found
	sol2  [81]uint8                  // the second solution found, when keep2
	visit func(sol *[81]uint8) error // called with each solution, or nil
	out   [81]uint8                  // the solution handed to visit

	probe *Fast // tells whether a state has a solution, for a search in lexicographic order; made on first use
}

// fastDepth bounds the search depth. Each level below a state either
// places a digit in an open cell (81 at most on a path) or leaves a digit
// one permutation in a band where it had more (27 at most on a path, since
// permutations never come back).
const fastDepth = 81 + 27 + 1

// fastCheckEvery is how many guesses pass between checks of the context.
const fastCheckEvery = 4096

// fastDeepFound is how many solutions a search finds deeply, deducing at
// every step and branching on bands: fewer guesses pay while solutions are
// rare; once they are many, cheap steps pay better.
const fastDeepFound = 2

// FastValueError reports a puzzle value that is not 0-9.
type FastValueError struct {
	Cell  int   // 0-80, row by row
	Value uint8 // the value found there
}

// Error implements error.
func (e *FastValueError) Error() string {
	return fmt.Sprintf("solve: cell %d (r%dc%d): value %d is not 0-9 (0 for an empty cell)",
		e.Cell+1, e.Cell/9+1, e.Cell%9+1, e.Value)
}

// NewFast returns a Fast ready for use.
func NewFast() *Fast {
	return new(Fast)
}

// SetProgress makes f's searches store the number of solutions found so
// far in p from time to time (every few thousand branchings, where they
// check their context), for another goroutine to show; nil stops it. p is
// not reset between searches.
func (f *Fast) SetProgress(p *atomic.Int64) { f.progress = p }

// Count returns the number of solutions of p, stopping at limit (limit <= 0:
// no limit). A value of p above 9 is a *FastValueError; a cancelled ctx stops
// the search with ctx.Err() and the count so far.
func (f *Fast) Count(ctx context.Context, p *[81]uint8, limit int64) (int64, error) {
	return f.run(ctx, p, limit, false, 0, nil)
}

// Unique counts the solutions of p up to two and writes the solution to sol
// when there is exactly one (sol is left as it was otherwise): 0, 1 or 2 for
// none, unique, several. Errors are those of Count.
func (f *Fast) Unique(ctx context.Context, p *[81]uint8, sol *[81]uint8) (int64, error) {
	n, err := f.run(ctx, p, 2, false, 1, nil)
	if err == nil && n == 1 {
		*sol = f.sol
	}
	return n, err
}

// First writes to sol the lexicographically smallest solution of p (cell 0
// most significant), so that the answer does not depend on the search, and
// reports false when p has no solution (sol is then left as it was). Errors
// are those of Count.
func (f *Fast) First(ctx context.Context, p *[81]uint8, sol *[81]uint8) (bool, error) {
	// A search with the fewest-candidates rule is the fastest way to tell
	// none, one or several; only when there are several does the search in
	// lexicographic order run.
	n, err := f.run(ctx, p, 2, false, 1, nil)
	if err != nil || n == 0 {
		return false, err
	}
	if n == 2 {
		if _, err := f.run(ctx, p, 1, true, 1, nil); err != nil {
			return false, err
		}
	}
	*sol = f.sol
	return true, nil
}

// All calls fn with each solution of p in lexicographic order (cell 0 most
// significant), at most limit of them (limit <= 0: all), and returns how
// many it passed. The grid given to fn is valid during the call only; an
// error from fn stops the search and is returned. Other errors are those of
// Count.
func (f *Fast) All(ctx context.Context, p *[81]uint8, limit int64, fn func(sol *[81]uint8) error) (int64, error) {
	return f.run(ctx, p, limit, true, 0, fn)
}

// run loads p and searches: in lexicographic order when order is set, else
// as the limit suits; keeping the first keep solutions (0-2) and
// passing each one to visit when it is not nil.
func (f *Fast) run(ctx context.Context, p *[81]uint8, limit int64, order bool, keep int, visit func(*[81]uint8) error) (int64, error) {
	for c, v := range p {
		if v > 9 {
			return 0, &FastValueError{Cell: c, Value: v}
		}
	}
	f.limit = math.MaxUint64
	if limit > 0 {
		f.limit = uint64(limit)
	}
	f.found, f.guesses, f.lastSol, f.order, f.keep, f.keep2, f.visit = 0, 0, 0, order, keep > 0, keep > 1, visit
	f.count = !order && keep == 0 && visit == nil
	f.ctx, f.done, f.err = ctx, ctx.Done(), nil
	st := &f.stack[0]
	if st.load(p) && st.propagate(true) {
		f.search(0)
	}
	f.ctx, f.done, f.visit = nil, nil, nil
	return int64(f.found), f.err
}
