package enumerate

import (
	"context"
	"math"
	mbits "math/bits"
	"unsafe"
)

// ctxEvery is how many search nodes pass between two looks at the context.
const ctxEvery = 1 << 14

// Search looks for the ways to complete the chosen options to an exact
// cover and returns how many it found. It stops after limit solutions
// (limit <= 0: find all), when visit returns false, or when ctx is done
// (then err is ctx.Err() and count the solutions found so far). visit, if
// not nil, gets each solution as option numbers, the chosen ones first; the
// slice is only valid during the call. With visit nil only counting is done,
// with shortcuts that never build a solution. Whatever the outcome, the
// solver is left as it was before Search, chosen options still in place.
func (s *Solver) Search(ctx context.Context, limit int64, visit func(options []int) bool) (count int64, err error) {
	if limit <= 0 {
		limit = math.MaxInt64
	}
	done := ctx.Done()
	if done != nil && ctx.Err() != nil {
		return 0, ctx.Err()
	}
	tierHook := s.TierDone != nil
	if tierHook {
		s.startTiers()
	}
	// The shortcut "every uncovered item has one option left: that is one
	// solution" needs no secondary items (their options might clash) and no
	// caller watching the path.
	shortcut := visit == nil && !tierHook && s.Trace == nil && !s.hasSecond && !s.tiered
	// Few flags live through the loop, so that its variables fit in
	// registers: scan picks the branching loop, watched is true when a
	// Trace or TierDone hook wants to hear of each step.
	const (
		scanPlain = iota
		scanShortcut
		scanTiered
	)
	scan := scanPlain
	switch {
	case s.tiered:
		scan = scanTiered
	case shortcut:
		scan = scanShortcut
	}
	watched := tierHook || s.Trace != nil
	// nb and ib are the bases of s.nodes and s.items (see dlx_unsafe.go).
	nb, ib := unsafe.Pointer(&s.nodes[0]), unsafe.Pointer(&s.items[0])
	xb := unsafe.Pointer(&s.xs[0]) // xs[level] is *levelAt(xb, level)
	n, n1 := s.n, s.n1
	// The bitset of uncovered items: word w is *wordAt(ab, w), the scans
	// look at words 0..nw-1, which hold the primary items.
	ab, nw := unsafe.Pointer(&s.active[0]), int(s.n1>>6)+1
	var (
		level   int
		i, x, p int32
		q, r    int32
		best    int32
		updates uint64
		stop    bool
		tick    = ctxEvery
	)

	// Invariant at forward: levels 0..level-1 hold a chosen option xs[l]
	// whose items are all covered (the item branched on, top(xs[l]), was
	// covered first); the items and columns left are exactly the subproblem
	// of covering what is uncovered with the options not hidden.
forward:
	if sanity {
		s.mustCheck()
	}
	if done != nil {
		if tick--; tick == 0 {
			tick = ctxEvery
			select {
			case <-done:
				err = ctx.Err()
				goto unwind
			default:
			}
		}
	}
	i = itemAt(ib, 0).next
	if i == 0 {
		count++
		if visit != nil && !visit(s.solution(level)) {
			goto unwind
		}
		if count >= limit {
			goto unwind
		}
		goto backup
	}

	// Choose the item to branch on: the fewest options (MRV), inside the
	// lowest tier present when tiers are in use; ties go to the first in
	// the list, which for Sudoku (cells first) makes the smallest tree.
	// Only a dead end beats a forced item (len 1), and a dead end shows at
	// the next level anyway, so the scans stop at a forced item. Without
	// tiers the list order is item order, and the scans walk the bitset of
	// uncovered items instead of the list: its loads do not wait on each
	// other, which makes a long scan about three times as fast.
	best = itemAt(ib, i).len
	switch scan {
	case scanTiered:
		t := itemAt(ib, i).tier
		for k := itemAt(ib, i).next; k != 0 && best > 1; {
			it := itemAt(ib, k)
			if it.tier != t {
				break
			}
			if it.len < best {
				best, i = it.len, k
			}
			k = it.next
		}
	case scanShortcut:
		// Scan until a dead end, or until a forced item is known and some
		// item has more than one option; if neither happens, every item
		// has one option.
		allOne := best == 1
		w := int(i >> 6)
		bits := *wordAt(ab, w) & (^uint64(0) << (i & 63) << 1) // after i
	shortcutScan:
		for {
			for bits != 0 {
				k := int32(w<<6 + mbits.TrailingZeros64(bits))
				bits &= bits - 1
				if k > n1 {
					break shortcutScan
				}
				l := itemAt(ib, k).len
				if l < best {
					best, i = l, k
					if l == 0 {
						break shortcutScan
					}
				}
				if l != 1 {
					allOne = false
					if best == 1 {
						break shortcutScan
					}
				}
			}
			if w++; w >= nw {
				break
			}
			bits = *wordAt(ab, w)
		}
		if allOne && best == 1 {
			// Each item's one option covers only items whose one option it
			// is, so these options are disjoint: exactly one completion.
			count++
			if count >= limit {
				goto unwind
			}
			goto backup
		}
	default:
		w := int(i >> 6)
		bits := *wordAt(ab, w) & (^uint64(0) << (i & 63) << 1)
	plainScan:
		for best > 1 {
			for bits != 0 {
				k := int32(w<<6 + mbits.TrailingZeros64(bits))
				bits &= bits - 1
				if k > n1 {
					break plainScan
				}
				if l := itemAt(ib, k).len; l < best {
					best, i = l, k
					if l <= 1 {
						break plainScan
					}
				}
			}
			if w++; w >= nw {
				break
			}
			bits = *wordAt(ab, w)
		}
	}
	if best == 0 {
		if watched && s.Trace != nil {
			s.Trace(TraceEvent{Kind: TraceDeadEnd, Depth: level, Item: int(i - 1), Option: -1})
		}
		goto backup
	}

	// cover(i), inlined: hide every option of i's column, then unlink i.
	for p = nodeAt(nb, i).down; p != i; p = nodeAt(nb, p).down {
		for q = nodeAt(nb, p).right; q != p; {
			nq := nodeAt(nb, q)
			u, d := nq.up, nq.down
			nodeAt(nb, u).down = d
			nodeAt(nb, d).up = u
			itemAt(ib, nq.top).len--
			updates++
			q = nq.right
		}
	}
	{
		it := itemAt(ib, i)
		itemAt(ib, it.prev).next = it.next
		itemAt(ib, it.next).prev = it.prev
		*wordAt(ab, int(i>>6)) &^= 1 << (i & 63)
		updates++
	}
	*levelAt(xb, level) = nodeAt(nb, i).down

	// Invariant at try: the item branched on at this level is covered, and
	// so are the items of the options at the levels below; xs[level] is the
	// next alternative to try, or the item's header when none is left.
try:
	x = *levelAt(xb, level)
	if x <= n || stop {
		// Every option of item x was tried, or the search stops:
		// uncover the item, inlined.
		i = x
		if x > n {
			i = nodeAt(nb, x).top
		}
		{
			it := itemAt(ib, i)
			itemAt(ib, it.prev).next = i
			itemAt(ib, it.next).prev = i
			*wordAt(ab, int(i>>6)) |= 1 << (i & 63)
		}
		for p = nodeAt(nb, i).up; p != i; p = nodeAt(nb, p).up {
			for q = nodeAt(nb, p).right; q != p; {
				nq := nodeAt(nb, q)
				u, d := nq.up, nq.down
				nodeAt(nb, u).down = q
				nodeAt(nb, d).up = q
				itemAt(ib, nq.top).len++
				q = nq.right
			}
		}
		goto backup
	}
	if watched && s.Trace != nil {
		s.tracePlace(TracePlace, level, x)
	}
	// Cover the other items of x's option, left to right with wraparound
	// through the spacer.
	for p = x + 1; p != x; {
		i = nodeAt(nb, p).top
		if i <= 0 {
			p = nodeAt(nb, p).up
			continue
		}
		for q = nodeAt(nb, i).down; q != i; q = nodeAt(nb, q).down {
			for r = nodeAt(nb, q).right; r != q; {
				nr := nodeAt(nb, r)
				u, d := nr.up, nr.down
				nodeAt(nb, u).down = d
				nodeAt(nb, d).up = u
				itemAt(ib, nr.top).len--
				updates++
				r = nr.right
			}
		}
		it := itemAt(ib, i)
		itemAt(ib, it.prev).next = it.next
		itemAt(ib, it.next).prev = it.prev
		*wordAt(ab, int(i>>6)) &^= 1 << (i & 63)
		updates++
		p++
	}
	if watched && s.TierDone != nil && !s.tierCheck(level, x) {
		goto retreat
	}
	level++
	goto forward

	// Invariant at backup: levels 0..level-1 hold chosen options; the one
	// at level-1 (if any) is to be taken back and its successor tried.
backup:
	if level == 0 {
		goto finish
	}
	level--
	x = *levelAt(xb, level)
retreat:
	if watched && s.Trace != nil {
		s.tracePlace(TraceBacktrack, level, x)
	}
	// Uncover the other items of x's option, right to left: the exact
	// reverse of the covering above.
	for p = x - 1; p != x; {
		i = nodeAt(nb, p).top
		if i <= 0 {
			p = nodeAt(nb, p).down
			continue
		}
		{
			it := itemAt(ib, i)
			itemAt(ib, it.prev).next = i
			itemAt(ib, it.next).prev = i
			*wordAt(ab, int(i>>6)) |= 1 << (i & 63)
		}
		for q = nodeAt(nb, i).up; q != i; q = nodeAt(nb, q).up {
			for r = nodeAt(nb, q).right; r != q; {
				nr := nodeAt(nb, r)
				u, d := nr.up, nr.down
				nodeAt(nb, u).down = r
				nodeAt(nb, d).up = r
				itemAt(ib, nr.top).len++
				r = nr.right
			}
		}
		p--
	}
	*levelAt(xb, level) = nodeAt(nb, x).down
	goto try

unwind:
	// Stopped early: backup takes back every level, newest first, and
	// try, seeing stop, tries no further alternative.
	stop = true
	goto backup
finish:
	s.updates += updates
	if sanity {
		s.mustCheck()
	}
	return count, err
}

// solution fills s.sol with the chosen options and the search path of
// the given depth.
func (s *Solver) solution(depth int) []int {
	s.sol = s.sol[:0]
	for _, o := range s.forced {
		s.sol = append(s.sol, int(o))
	}
	for l := 0; l < depth; l++ {
		s.sol = append(s.sol, s.optionOf(s.xs[l]))
	}
	return s.sol
}

// tracePlace reports placing or taking back node x's option at level.
func (s *Solver) tracePlace(kind TraceKind, level int, x int32) {
	i := s.nodes[x].top
	choice, choices := 0, 0
	for p := s.nodes[i].down; p != i; p = s.nodes[p].down {
		choices++
		if p == x {
			choice = choices
		}
	}
	s.Trace(TraceEvent{Kind: kind, Depth: level, Item: int(i - 1), Option: s.optionOf(x), Choice: choice, Choices: choices})
}

// startTiers records the tiers that have uncovered primary items.
func (s *Solver) startTiers() {
	s.tierList = s.tierList[:0]
	for k := s.items[0].next; k != 0; k = s.items[k].next {
		t := s.items[k].tier
		if len(s.tierList) == 0 || s.tierList[len(s.tierList)-1] != t {
			s.tierList = append(s.tierList, t)
		}
	}
}

// tierCheck runs after the option of node x was placed at level: if that
// emptied the lowest tier (and maybe more), TierDone hears of each emptied
// tier in ascending order; false from it means prune.
func (s *Solver) tierCheck(level int, x int32) bool {
	t := s.items[s.nodes[x].top].tier
	next := int64(math.MaxInt64)
	if k := s.items[0].next; k != 0 {
		next = int64(s.items[k].tier)
	}
	if next == int64(t) {
		return true
	}
	var chosen []int
	for _, tt := range s.tierList {
		if tt < t || int64(tt) >= next {
			continue
		}
		if chosen == nil {
			chosen = s.solution(level + 1)
		}
		if !s.TierDone(int(tt), chosen) {
			return false
		}
	}
	return true
}
