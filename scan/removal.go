package scan

import "edgrid/canon"

// The removal walk answers a scan for puzzles of many clues, minimal or
// not, from the other side: it chooses the r = 81-k cells left out rather
// than the k clues. A clue set is a puzzle exactly when the cells it
// leaves out contain no unavoidable set, and an unavoidable set inside r
// cells contains a minimal one of at most r cells, so with the collection
// complete up to r cells (Unavoidable) every set of removed cells is
// decided without the solver. The hitting-set search would instead visit
// every way to hit the sets with fewer clues before adding the rest, which
// at 79 clues and more is most of the work for a handful of puzzles.

// removalWalk reports whether a scan of k clues with the given minimality
// takes the removal walk: puzzles minimal or not, at most MaxUASize cells
// left out.
func removalWalk(k int, minimal bool) bool { return !minimal && 81-k <= MaxUASize }

// removals runs the removal walk for s.k clues, the clues within allowed.
func (s *Scanner) removals(allowed cells) error {
	r := 81 - s.k
	forced := allowed.complement()
	if forced.count() > r {
		return nil
	}
	sets := minimalSets((*canon.Grid)(&s.g), max(4, r))
	s.stats.Sets = len(sets)
	// byCell[c] holds the sets whose last cell in the walk's order is c:
	// a set is inside the removed cells once its last cell is removed, so
	// each set is checked once, when its last cell is added.
	var byCell [81][]cells
	for _, u := range sets {
		last := 0
		for c := range 81 {
			if u.has(c) {
				last = c
			}
		}
		byCell[last] = append(byCell[last], u)
	}
	w := removalState{s: s, byCell: &byCell, forced: forced, need: r}
	for c := 80; c >= 0; c-- {
		w.forcedFrom[c] = w.forcedFrom[c+1]
		if forced.has(c) {
			w.forcedFrom[c]++
		}
	}
	return w.walk(0, cells{}, 0)
}

// removalState is the removal walk's fixed data.
type removalState struct {
	s      *Scanner
	byCell *[81][]cells
	forced cells // cells outside the allowed clue cells: always removed
	need   int   // cells to remove
	// forcedFrom[c] counts the forced cells from c on.
	forcedFrom [82]int
}

// walk decides cells from c on, with removed the cells removed before c
// (n of them): each cell is removed or kept, forced cells always removed,
// and no removed set may contain an unavoidable set.
func (w *removalState) walk(c int, removed cells, n int) error {
	if err := w.s.node(); err != nil {
		return err
	}
	left := w.need - n
	switch {
	case left < w.forcedFrom[c] || 81-c < left:
		return nil // the forced cells do not fit, or too few cells are left
	case left == 0:
		return w.report(removed)
	}
	// Remove c, unless that completes an unavoidable set.
	with := removed
	with.set(c)
	ok := true
	for _, u := range w.byCell[c] {
		if u.subsetOf(with) {
			ok = false
			break
		}
	}
	if ok {
		if err := w.walk(c+1, with, n+1); err != nil {
			return err
		}
	}
	if w.forced.has(c) {
		return nil
	}
	return w.walk(c+1, removed, n)
}

// report hands the clues, every cell not removed, to the caller.
func (w *removalState) report(removed cells) error {
	w.s.stats.Puzzles++
	if err := w.s.emit(removed.complement().mask()); err != nil {
		return err
	}
	if w.s.first {
		return errStop
	}
	return nil
}
