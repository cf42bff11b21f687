package solve

import "context"

// First finds the first solution of the puzzle with the given givens (as
// Solve takes them) in lexicographic order: the solution whose values, read
// position by position, are the smallest. It is the same solution whatever
// the engine and whatever order a search meets solutions in. It copies the
// solution into sol (len: the board's size) and reports whether there is one.
//
// A puzzle with one solution costs a search that proves it unique; one with
// several also costs, for each open cell in order, a search for each value
// below that of the smallest solution known so far.
func (s *Solver) First(ctx context.Context, givens []uint8, sol []uint8) (bool, error) {
	keep := func(v []uint8) bool { copy(sol, v); return false }
	n, err := s.Solve(ctx, givens, 2, func(v []uint8) bool {
		copy(sol, v)
		return true
	})
	if err != nil || n <= 1 {
		return n == 1, err
	}
	// Several solutions; sol holds the last one met. Fix the open cells in
	// order: each takes the smallest value that still leaves a solution.
	// Invariant: sol is a solution agreeing with work on every position
	// fixed so far, so sol's value at the next open cell is feasible and
	// only smaller ones need a search.
	work := s.scratch(givens)
	for p, v := range work {
		if v != 0 || s.cellOf[p] < 0 {
			continue
		}
		for try := uint8(1); try < sol[p]; try++ {
			work[p] = try
			m, err := s.Solve(ctx, work, 1, keep)
			if err != nil {
				if _, given := err.(*GivenError); !given {
					return false, err
				}
				continue // try repeats a value of its row, column or region
			}
			if m == 1 {
				break // sol is now a solution with work[p] = try
			}
		}
		work[p] = sol[p]
	}
	return true, nil
}

// scratch returns the solver's work buffer holding a copy of givens.
func (s *Solver) scratch(givens []uint8) []uint8 {
	s.work = append(s.work[:0], givens...)
	return s.work
}
