package solve

// fastProbeAfter is how many guesses a search in lexicographic order makes
// without finding a solution before it asks, at each branch, whether the
// branch has a solution at all. Branching on the lowest open cell can enter
// a subtree without solutions that the fewest-candidates search would leave
// at once: a sparse puzzle without solutions took a plain lexicographic
// search about 10^8 guesses to refute. With the probes, every branch entered
// holds a solution, so each solution costs at most one probe per digit of
// each cell on its path.
var fastProbeAfter uint64 = 256

// dead reports whether the propagated state st, about to be searched in
// lexicographic order (f.order, which the caller checks), has no solution.
// It only asks, with a search on the fewest-candidates rule, once the
// search has gone fastProbeAfter guesses without a solution; before that it
// reports false. A probe stopped by the context sets f.err and reports
// true. The probe's Fast is made on first use, the only allocation of a
// Fast after NewFast.
func (f *Fast) dead(st *fastState) bool {
	if f.guesses-f.lastSol < fastProbeAfter {
		return false
	}
	if f.probe == nil {
		f.probe = new(Fast)
	}
	p := f.probe
	p.stack[0] = *st
	p.limit, p.found, p.guesses, p.lastSol = 1, 0, 0, 0
	p.order, p.count, p.keep, p.keep2, p.visit = false, true, false, false, nil
	p.ctx, p.done, p.err = f.ctx, f.done, nil
	p.search(0)
	p.ctx, p.done = nil, nil
	if p.err != nil {
		f.err = p.err
		return true
	}
	return p.found == 0
}
