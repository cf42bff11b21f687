package enumerate

import (
	mbits "math/bits"
	"unsafe"
)

// runState carries a search between calls of run. run makes no calls: Go
// has no callee-saved registers, so one call in the loop (a hook, the
// context, even one on a path never taken) made the compiler spill and
// reload a dozen values around the hot code. Instead run returns an event
// to Search, which calls the hooks and resumes it where it left off.
type runState struct {
	level   int    // levels 0..level-1 hold chosen options
	count   int64  // solutions found
	limit   int64  // stop at this count
	updates uint64 // link updates made by run
	tick    int    // search nodes left before the next evTick
	stop    bool   // taking everything back without trying alternatives
	x       int32  // the node an event is about
	i       int32  // the item of an evDeadEnd

	scan     int  // scanPlain, scanShortcut or scanTiered
	visit    bool // return evSolution at each solution
	watch    bool // return evPlace, evBacktrack, evDeadEnd (Trace)
	tierHook bool // return evTierCheck after each placement (TierDone)
}

// Scans for the item to branch on.
const (
	scanPlain    = iota // minimum remaining values over all primary items
	scanShortcut        // the same, and count a completion where every item has one option
	scanTiered          // minimum remaining values inside the lowest tier present
)

// Where run resumes.
const (
	resumeForward = iota // at a new search node (the start, or after evTick)
	resumeBackup         // after evSolution or evDeadEnd: take the last choice back
	resumePlaced         // after evPlace: cover the other items of st.x's option
	resumeCovered        // after a passed evTierCheck: go one level deeper
	resumeRetreat        // after a failed evTierCheck: take st.x's option back
	resumeUncover        // after evBacktrack: uncover the other items of st.x's option
)

// The events run returns.
const (
	evDone      = iota // the search is over, everything taken back
	evSolution         // a solution is at st.level
	evTick             // time to look at the context
	evPlace            // st.x's option is about to be placed
	evBacktrack        // st.x's option is about to be taken back
	evDeadEnd          // item st.i has no option left
	evTierCheck        // st.x's option was placed and the lowest tier changed
)

// run is the search loop of Search (Knuth's Algorithm X with dancing
// links, dlx1.w steps X2-X8, made iterative with xs as the stack).
func (s *Solver) run(st *runState, resume int) int {
	// nb and ib are the bases of s.nodes and s.items (see dlx_unsafe.go).
	nb, ib := unsafe.Pointer(&s.nodes[0]), unsafe.Pointer(&s.items[0])
	xb := unsafe.Pointer(&s.xs[0]) // xs[level] is *levelAt(xb, level)
	n := off(s.n)                  // x <= n: x is a header
	// The bitset of uncovered items: word w is *wordAt(ab, w); the scans
	// look at words 0..nw-1 and the bits of primary items in them, which
	// *wordAt(pb, w) masks.
	ab, pb, nw := unsafe.Pointer(&s.active[0]), unsafe.Pointer(&s.primaryMask[0]), int(s.n1>>6)+1
	var (
		level   = st.level
		updates uint64
		i, x, p int32
		q, r    uintptr // inner walkers: byte offsets, no extension on the load chain
		best    int32
		hint    int32 // a column covering left with len <= 1 (or 0)
		ev      int
	)
	x = st.x
	tick := st.tick
	// lists: keep the item lists up to date as well as the bitset; only
	// the tiered scan and the tier hook read them. Without, they are left
	// as Search found them, which is also how run leaves them.
	lists := st.scan == scanTiered || st.tierHook || sanity
	switch resume {
	case resumeBackup:
		goto backup
	case resumePlaced:
		goto placed
	case resumeCovered:
		goto covered
	case resumeRetreat:
		goto retreat
	case resumeUncover:
		goto uncover
	}

	// Invariant at forward: levels 0..level-1 hold a chosen option xs[l]
	// (minus it at a forced level) whose items are all covered; the items
	// and columns left are exactly the subproblem of covering what is
	// uncovered with the options not hidden.
forward:
	if tick--; tick <= 0 {
		ev = evTick
		goto out
	}

	// Choose the item to branch on: the fewest options (MRV), inside the
	// lowest tier present when tiers are in use; ties go to the first in
	// the list, which for Sudoku (cells first) makes the smallest tree.
	// Only a dead end beats a forced item (len 1), and a dead end shows at
	// the next level anyway, so the scans stop at a forced item. Without
	// tiers the list order is item order, and the scans walk the bitset of
	// uncovered items instead of the list: its loads do not wait on each
	// other, which makes long scans several times faster.
	switch st.scan {
	case scanTiered:
		i = itemAt(ib, 0).next
		if i == 0 {
			goto solved
		}
		best = nodeAt(nb, off(i)).top
		t := itemAt(ib, i).tier
		for k := itemAt(ib, i).next; k != 0 && best > 1; {
			it := itemAt(ib, k)
			if it.tier != t {
				break
			}
			if l := nodeAt(nb, off(k)).top; l < best {
				best, i = l, k
			}
			k = it.next
		}
		i = off(i)
	default:
		if hint != 0 && st.scan == scanShortcut {
			// A column that covering left with at most one option, if it
			// is still an uncovered primary item: branch on it without a
			// scan. (Counting only: the order of forced moves changes the
			// order of the options in a solution, never the tree's
			// branch points, which lie where no item is forced.)
			h, b := int(hint>>(6+nodeShift)), hint>>nodeShift&63
			if *wordAt(ab, h)&*wordAt(pb, h)>>b&1 != 0 {
				if best = nodeAt(nb, hint).top; best == 0 {
					i, hint = hint, 0
					goto chosen
				} else if best == 1 {
					// Unless its option is isolated (each of its items
					// has it alone), as at the end of a branch, where the
					// scan below counts a completion instead.
					y := nodeAt(nb, hint).down
					for q = uintptr(uint32(nodeAt(nb, y).right)); q != uintptr(uint32(y)); q = uintptr(uint32(at(nb, q).right)) {
						if nodeAt(nb, at(nb, q).top).top != 1 {
							i, hint = hint, 0
							goto chosen
						}
					}
				}
			}
			hint = 0
		}
		// The first uncovered primary item, from the bitset.
		w := 0
		bits := *wordAt(ab, 0) & *wordAt(pb, 0)
		for bits == 0 {
			if w++; w >= nw {
				goto solved
			}
			bits = *wordAt(ab, w) & *wordAt(pb, w)
		}
		i = int32(w<<6+mbits.TrailingZeros64(bits)) << nodeShift
		bits &= bits - 1
		best = nodeAt(nb, i).top
		if best == 1 && st.scan == scanShortcut {
			// The first item is forced: look for an item with no option
			// (a dead end) or several (then branch on the first item). If
			// there is none, every item has one option, and each item's
			// option covers only items whose one option it is, so these
			// options are disjoint: exactly one completion.
			for {
				for bits != 0 {
					k := int32(w<<6+mbits.TrailingZeros64(bits)) << nodeShift
					bits &= bits - 1
					if l := nodeAt(nb, k).top; l != 1 {
						if l == 0 {
							best, i = 0, k
						}
						goto chosen
					}
				}
				if w++; w >= nw {
					break
				}
				bits = *wordAt(ab, w) & *wordAt(pb, w)
			}
			if st.count++; st.count >= st.limit {
				st.stop = true
			}
			goto backup
		}
		if best <= 1 {
			goto chosen
		}
		for {
			// wn is the header node of the word's first item.
			for wn := unsafe.Add(nb, uintptr(w)<<6*unsafe.Sizeof(node{})); bits != 0; bits &= bits - 1 {
				tz := mbits.TrailingZeros64(bits)
				if l := (*node)(unsafe.Add(wn, uintptr(tz)*unsafe.Sizeof(node{}))).top; l < best {
					best, i = l, int32(w<<6+tz)<<nodeShift
					if l <= 1 {
						goto chosen
					}
				}
			}
			if w++; w >= nw {
				break
			}
			bits = *wordAt(ab, w) & *wordAt(pb, w)
		}
	}
chosen:
	if best == 0 {
		if st.watch {
			st.i = i
			ev = evDeadEnd
			goto out
		}
		goto backup
	}
	if best == 1 {
		// A forced item: commit its one option x. Covering i first would
		// take x out of its other columns only for those columns to be
		// covered right after; instead each of x's columns is covered
		// around x (40% fewer updates counting Sudoku). xs[level] = -x marks
		// the level as forced: there is no alternative to try.
		x = -nodeAt(nb, i).down
		*levelAt(xb, level) = x
		if st.watch {
			ev = evPlace
			goto out
		}
		goto commit
	}

	// cover(i), inlined: hide every option of i's column, then unlink i.
	for p = nodeAt(nb, i).down; p != i; p = nodeAt(nb, p).down {
		for q = uintptr(uint32(nodeAt(nb, p).right)); q != uintptr(uint32(p)); {
			nq := at(nb, q)
			u, d := nq.up, nq.down
			at(nb, uintptr(uint32(u))).down = d
			at(nb, uintptr(uint32(d))).up = u
			h := at(nb, uintptr(uint32(nq.top)))
			t := h.top - 1
			h.top = t
			if t <= 1 {
				hint = nq.top
			}
			updates++
			q = uintptr(uint32(nq.right))
		}
	}
	{
		if lists {
			it := itemAt(ib, idx(i))
			itemAt(ib, it.prev).next = it.next
			itemAt(ib, it.next).prev = it.prev
		}
		*wordAt(ab, int(i>>(6+nodeShift))) &^= 1 << (i >> nodeShift & 63)
		updates++
	}
	*levelAt(xb, level) = nodeAt(nb, i).down

	// Invariant at try: the item branched on at this level is covered, and
	// so are the items of the options at the levels below; xs[level] is the
	// next alternative to try, or the item's header when none is left.
try:
	x = *levelAt(xb, level)
	if x <= n || st.stop {
		// Every option of the item was tried, or the search stops:
		// uncover the item, inlined.
		i = x
		if x > n {
			i = nodeAt(nb, x).top
		}
		{
			if lists {
				it := itemAt(ib, idx(i))
				itemAt(ib, it.prev).next = idx(i)
				itemAt(ib, it.next).prev = idx(i)
			}
			*wordAt(ab, int(i>>(6+nodeShift))) |= 1 << (i >> nodeShift & 63)
		}
		for p = nodeAt(nb, i).up; p != i; p = nodeAt(nb, p).up {
			for q = uintptr(uint32(nodeAt(nb, p).right)); q != uintptr(uint32(p)); {
				nq := at(nb, q)
				u, d := nq.up, nq.down
				at(nb, uintptr(uint32(u))).down = int32(q)
				at(nb, uintptr(uint32(d))).up = int32(q)
				at(nb, uintptr(uint32(nq.top))).top++
				q = uintptr(uint32(nq.right))
			}
		}
		goto backup
	}
	if st.watch {
		ev = evPlace
		goto out
	}
placed:
	if x < 0 {
		goto commit
	}
	// Cover the other items of x's option, left to right with wraparound
	// through the spacer.
	for p = x + nodeSize; p != x; {
		i = nodeAt(nb, p).top
		if i <= 0 {
			p = nodeAt(nb, p).up
			continue
		}
		for q = uintptr(uint32(nodeAt(nb, i).down)); q != uintptr(uint32(i)); q = uintptr(uint32(at(nb, q).down)) {
			for r = uintptr(uint32(at(nb, q).right)); r != q; {
				nr := at(nb, r)
				u, d := nr.up, nr.down
				at(nb, uintptr(uint32(u))).down = d
				at(nb, uintptr(uint32(d))).up = u
				h := at(nb, uintptr(uint32(nr.top)))
				t := h.top - 1
				h.top = t
				if t <= 1 {
					hint = nr.top
				}
				updates++
				r = uintptr(uint32(nr.right))
			}
		}
		if lists {
			it := itemAt(ib, idx(i))
			itemAt(ib, it.prev).next = it.next
			itemAt(ib, it.next).prev = it.prev
		}
		*wordAt(ab, int(i>>(6+nodeShift))) &^= 1 << (i >> nodeShift & 63)
		updates++
		p += nodeSize
	}
	if st.tierHook {
		// TierDone hears of a tier when the lowest tier present has changed.
		if j := itemAt(ib, 0).next; j == 0 || itemAt(ib, j).tier != itemAt(ib, idx(nodeAt(nb, x).top)).tier {
			ev = evTierCheck
			goto out
		}
	}
covered:
	level++
	goto forward

	// A forced level: cover each item of x's option, x's own first, then
	// along right: hide the column's options other than x, unlink the item.
commit:
	p = -x
	for {
		i = nodeAt(nb, p).top
		// The column's options other than x: those below x's node p,
		// then those above it.
		for q = uintptr(uint32(nodeAt(nb, p).down)); q != uintptr(uint32(i)); q = uintptr(uint32(at(nb, q).down)) {
			for r = uintptr(uint32(at(nb, q).right)); r != q; {
				nr := at(nb, r)
				u, d := nr.up, nr.down
				at(nb, uintptr(uint32(u))).down = d
				at(nb, uintptr(uint32(d))).up = u
				h := at(nb, uintptr(uint32(nr.top)))
				t := h.top - 1
				h.top = t
				if t <= 1 {
					hint = nr.top
				}
				updates++
				r = uintptr(uint32(nr.right))
			}
		}
		for q = uintptr(uint32(nodeAt(nb, i).down)); q != uintptr(uint32(p)); q = uintptr(uint32(at(nb, q).down)) {
			for r = uintptr(uint32(at(nb, q).right)); r != q; {
				nr := at(nb, r)
				u, d := nr.up, nr.down
				at(nb, uintptr(uint32(u))).down = d
				at(nb, uintptr(uint32(d))).up = u
				h := at(nb, uintptr(uint32(nr.top)))
				t := h.top - 1
				h.top = t
				if t <= 1 {
					hint = nr.top
				}
				updates++
				r = uintptr(uint32(nr.right))
			}
		}
		if lists {
			it := itemAt(ib, idx(i))
			itemAt(ib, it.prev).next = it.next
			itemAt(ib, it.next).prev = it.prev
		}
		*wordAt(ab, int(i>>(6+nodeShift))) &^= 1 << (i >> nodeShift & 63)
		updates++
		if p = nodeAt(nb, p).right; p == -x {
			break
		}
	}
	if st.tierHook {
		// TierDone hears of a tier when the lowest tier present has changed.
		if j := itemAt(ib, 0).next; j == 0 || itemAt(ib, j).tier != itemAt(ib, idx(nodeAt(nb, -x).top)).tier {
			ev = evTierCheck
			goto out
		}
	}
	goto covered

	// Every primary item is covered: a solution.
solved:
	if st.visit {
		ev = evSolution
		goto out
	}
	if st.count++; st.count >= st.limit {
		st.stop = true
	}
	goto backup

	// Invariant at backup: levels 0..level-1 hold chosen options; the one
	// at level-1 (if any) is to be taken back and its successor tried.
backup:
	if level == 0 {
		ev = evDone
		goto out
	}
	level--
	x = *levelAt(xb, level)
retreat:
	if st.watch && !st.stop {
		ev = evBacktrack
		goto out
	}
uncover:
	if x < 0 {
		// A forced level: uncover the items of x's option right to left,
		// ending with x's own: the exact reverse of the commit above.
		x = -x
		p = x
		for {
			if p -= nodeSize; nodeAt(nb, p).top <= 0 {
				p = nodeAt(nb, p).down // from the spacer to the option's last node
			}
			i = nodeAt(nb, p).top
			if lists {
				it := itemAt(ib, idx(i))
				itemAt(ib, it.prev).next = idx(i)
				itemAt(ib, it.next).prev = idx(i)
			}
			*wordAt(ab, int(i>>(6+nodeShift))) |= 1 << (i >> nodeShift & 63)
			// The reverse of the commit: above x's node p, bottom up,
			// then below it.
			for q = uintptr(uint32(nodeAt(nb, p).up)); q != uintptr(uint32(i)); q = uintptr(uint32(at(nb, q).up)) {
				for r = uintptr(uint32(at(nb, q).right)); r != q; {
					nr := at(nb, r)
					u, d := nr.up, nr.down
					at(nb, uintptr(uint32(u))).down = int32(r)
					at(nb, uintptr(uint32(d))).up = int32(r)
					at(nb, uintptr(uint32(nr.top))).top++
					r = uintptr(uint32(nr.right))
				}
			}
			for q = uintptr(uint32(nodeAt(nb, i).up)); q != uintptr(uint32(p)); q = uintptr(uint32(at(nb, q).up)) {
				for r = uintptr(uint32(at(nb, q).right)); r != q; {
					nr := at(nb, r)
					u, d := nr.up, nr.down
					at(nb, uintptr(uint32(u))).down = int32(r)
					at(nb, uintptr(uint32(d))).up = int32(r)
					at(nb, uintptr(uint32(nr.top))).top++
					r = uintptr(uint32(nr.right))
				}
			}
			if p == x {
				break
			}
		}
		goto backup
	}
	// Uncover the other items of x's option, right to left: the exact
	// reverse of the covering above.
	for p = x - nodeSize; p != x; {
		i = nodeAt(nb, p).top
		if i <= 0 {
			p = nodeAt(nb, p).down
			continue
		}
		{
			if lists {
				it := itemAt(ib, idx(i))
				itemAt(ib, it.prev).next = idx(i)
				itemAt(ib, it.next).prev = idx(i)
			}
			*wordAt(ab, int(i>>(6+nodeShift))) |= 1 << (i >> nodeShift & 63)
		}
		for q = uintptr(uint32(nodeAt(nb, i).up)); q != uintptr(uint32(i)); q = uintptr(uint32(at(nb, q).up)) {
			for r = uintptr(uint32(at(nb, q).right)); r != q; {
				nr := at(nb, r)
				u, d := nr.up, nr.down
				at(nb, uintptr(uint32(u))).down = int32(r)
				at(nb, uintptr(uint32(d))).up = int32(r)
				at(nb, uintptr(uint32(nr.top))).top++
				r = uintptr(uint32(nr.right))
			}
		}
		p -= nodeSize
	}
	*levelAt(xb, level) = nodeAt(nb, x).down
	goto try

out:
	st.level, st.x, st.tick = level, x, tick
	st.updates += updates
	return ev
}
