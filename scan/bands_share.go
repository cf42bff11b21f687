package scan

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"edgrid/canon"
)

// Grids that share rows 1-6 share the frame whose band 3 is rows 7-9: its
// bands 1 and 2 are the same, and so are their valid clue sets and the
// unavoidable sets inside them (a set inside rows 1-6 that can be
// rearranged keeps each column's digits there, whatever rows 7-9 hold).
// ScanBatch runs that frame's pair loop once for all of them: one grid, the
// leader, pairs the clue sets of bands 1 and 2 against its sets of bands
// 1+2, and every pair that hits them all goes to band 3 of each grid, with
// that grid's own vectors of the sets that meet band 3. A set that one
// grid knows and another does not only prunes less; every candidate is
// still checked with the solver against its own grid.

// sharedFrame is the frame (passes' t) whose band 3 is rows 7-9.
const sharedFrame = 2

// MaxBatch is the most grids with the same rows 1-6 that ScanBatch takes
// through one pair loop: each keeps its own vectors of the pairs' lists.
const MaxBatch = 16

// ScanBatch scans each grid of gs as Scan does and calls fn with the
// grid's index in gs and the clue cells of each of its puzzles; it returns
// each grid's statistics. By the band method, grids with the same rows 1-6
// (at most MaxBatch at a time) share the pairs of bands 1+2 of the frame
// with rows 7-9 as band 3, so that the batch costs less than its grids one
// by one; the puzzles are the same, their order within a grid may differ.
// opt.Progress, if set, is called with the pairs of the grid whose passes
// are running. An error from fn or a cancelled ctx stops the batch. An
// invalid grid or options out of range are errors before any work.
func (s *Scanner) ScanBatch(ctx context.Context, gs []canon.Grid, opt Options, fn func(i int, clues canon.Mask) error) ([]Stats, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	for i := range gs {
		if err := gs[i].Validate(); err != nil {
			return nil, fmt.Errorf("scan: grid %d: %w", i+1, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stats := make([]Stats, len(gs))
	if !opt.bands() || opt.First {
		for i := range gs {
			st, err := s.Scan(ctx, &gs[i], opt, func(m canon.Mask) error { return fn(i, m) })
			stats[i] = st
			if err != nil {
				return stats, err
			}
		}
		return stats, nil
	}
	for _, run := range sameTop(gs) {
		if err := s.shareRun(ctx, gs, run, opt, fn, stats); err != nil {
			return stats, err
		}
	}
	return stats, nil
}

// sameTop splits the indices of gs into runs of at most MaxBatch grids
// with the same rows 1-6, in the order of each run's first grid.
func sameTop(gs []canon.Grid) [][]int {
	var runs [][]int
	at := map[[54]uint8]int{}
	for i := range gs {
		top := [54]uint8(gs[i][:54])
		r, ok := at[top]
		if !ok || len(runs[r]) == MaxBatch {
			r = len(runs)
			at[top] = r
			runs = append(runs, nil)
		}
		runs[r] = append(runs[r], i)
	}
	return runs
}

// shareRun scans the grids gs[run[m]], which have the same rows 1-6, by
// the band method, the shared frame's pairs once for those whose passes
// there are the same, and puts their statistics in stats.
func (s *Scanner) shareRun(ctx context.Context, gs []canon.Grid, run []int, opt Options, fn func(int, canon.Mask) error, stats []Stats) error {
	if s.bands == nil {
		s.bands = newBandScanner(s.fast)
	}
	if len(s.shared) == 0 {
		s.shared = append(s.shared, s.bands)
	}
	for len(s.shared) < len(run) {
		s.shared = append(s.shared, newBandScanner(s.fast))
	}
	bs := s.shared[:len(run)]
	for m, i := range run {
		var top *bandScanner
		if m > 0 {
			top = bs[0]
		}
		bs[m].start(ctx, &gs[i], opt, func(c canon.Mask) error { return fn(i, c) }, top)
	}
	// The grids whose lists of rows 1-3 and 4-6 end where the first's
	// do share with it; the others go alone.
	same := []*bandScanner{bs[0]}
	var alone []*bandScanner
	for _, f := range bs[1:] {
		if f.validHi == bs[0].validHi {
			same = append(same, f)
		} else {
			alone = append(alone, f)
		}
	}
	l := jointLow(same)
	lead := same[l]
	with := slices.Delete(slices.Clone(same), l, l+1)
	// The shared frame's passes depend on the order the low passes take
	// the bands in: a grid takes the leader's pairs in the passes both
	// run.
	_, _, want := lead.frameSpecs(sharedFrame)
	for _, f := range with {
		_, _, specs := f.frameSpecs(sharedFrame)
		for _, sp := range specs {
			if slices.Contains(want, sp) {
				f.doneSpecs = append(f.doneSpecs, sp)
			}
		}
		if len(f.doneSpecs) > 0 {
			lead.share = append(lead.share, f)
		}
	}
	err := lead.passes()
	for _, f := range append(with, alone...) {
		if err == nil {
			err = f.passes()
		}
	}
	for m, i := range run {
		st, e := bs[m].finish(err)
		stats[i] = st
		err = e
	}
	return err
}

// sameList is this grid's list of frame band j with the sets of l, the
// leader's list of the same band and size.
func (s *bandScanner) sameList(j int, l *bandList) *bandList {
	return &s.p.lists[j][bits.OnesCount32(l.sets[0])]
}

// sharePair takes the pair that the leader s found to hit every set of
// bands 1+2 (xs.sets[xi] of frame band jx, whose vectors are at place i of
// the block, and ys.sets[j]) to band 3 of each grid that shares the pass:
// the stacks' room and the learned sets of bands 1+2, which all of them
// share, are tested once, and a set that one grid learns there ends the
// pair for all.
func (s *bandScanner) sharePair(xs, ys *bandList, jx int, xi, j int32, i int) error {
	x, y := xs.sets[xi], ys.sets[j]
	wx, wy := &s.p.xb.w[i], &ys.w[j]
	if jx == 1 {
		x, y, wx, wy = y, x, wy, wx
	}
	caps, ok := s.p.room(xs.stk[xi] + ys.stk[j])
	if !ok || s.p.dead12(x, y) {
		return nil
	}
	if err := s.complete(x, y, wx, wy, caps); err != nil {
		if err == errPairDead {
			return nil
		}
		return err
	}
	for _, f := range s.p.share {
		fx, fy := &f.p.xb.w[i], &f.sameList(1-jx, ys).w[j]
		if jx == 1 {
			fx, fy = fy, fx
		}
		if err := f.complete(x, y, fx, fy, caps); err != nil {
			if err == errPairDead {
				return nil
			}
			return err
		}
	}
	return nil
}

// jointLow chooses the direction and order of the low passes of the grids
// bs, which share their rows 1-6 and their lists there, so that they test
// the fewest pairs in all, and returns the grid to lead them. Alone, each
// grid takes the order cheapest for itself (lowOrder). Together, the low
// pass of the shared frame (band 3 the rows 7-9, in the rows' direction)
// tests its pairs once for every grid whose order gives it the same pass
// (the same place of rows 7-9 in the order and the same bands before
// them), so an order that moves more of a grid's work there can cost less.
// For each such pass, each grid takes whichever is cheaper: an order with
// that pass, whose pairs there it does not pay, or its best other order.
func jointLow(bs []*bandScanner) int {
	type option struct {
		dir   int
		order [3]int
		key   int   // the shared frame's low pass, -1 in the stacks' direction
		full  int64 // the pairs of the low passes alone
		mine  int64 // of them, those outside the shared frame
	}
	opts := make([][]option, len(bs))
	var keys [16]bool
	for m, b := range bs {
		for dir := range 2 {
			c := lowCosts(b.k, &b.count[dir])
			for o, order := range lowOrders {
				op := option{dir: dir, order: order, key: -1}
				for a, b3 := range order {
					op.full += c[o][a]
					if dir == 0 && b3 == sharedFrame%3 { // rows 7-9 as band 3
						op.key = a
						for _, x := range order[:a] {
							op.key += 4 << x
						}
						keys[op.key] = true
						continue
					}
					op.mine += c[o][a]
				}
				opts[m] = append(opts[m], op)
			}
		}
	}
	// choose is each grid's option when the pass key is paid once.
	choose := func(key int) (int64, []option) {
		var total, shared int64
		users := 0
		pick := make([]option, len(bs))
		for m := range bs {
			var best, other *option
			for i := range opts[m] {
				op := &opts[m][i]
				if op.key == key && (best == nil || op.mine < best.mine) {
					best = op
				}
				if op.key != key && (other == nil || op.full < other.full) {
					other = op
				}
			}
			if best != nil && (other == nil || best.mine < other.full) {
				total += best.mine
				shared = best.full - best.mine
				users++
				pick[m] = *best
			} else {
				total += other.full
				pick[m] = *other
			}
		}
		if users < 2 {
			return -1, nil
		}
		return total + shared, pick
	}
	var pick []option
	var bestTotal int64 = -1
	for key, ok := range keys {
		if !ok {
			continue
		}
		if total, p := choose(key); total >= 0 && (bestTotal < 0 || total < bestTotal) {
			bestTotal, pick = total, p
		}
	}
	var alone int64
	for m := range bs {
		least := opts[m][0].full
		for _, op := range opts[m] {
			least = min(least, op.full)
		}
		alone += least
	}
	if pick == nil || bestTotal >= alone {
		return 0 // each grid's own order
	}
	lead := -1
	for m, b := range bs {
		b.lowDir, b.lowBand = pick[m].dir, pick[m].order
		if lead < 0 && pick[m].full != pick[m].mine {
			lead = m
		}
	}
	return max(lead, 0)
}
