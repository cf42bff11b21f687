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
	n := s.n
	// The bitset of uncovered items: word w is *wordAt(ab, w); the scans
	// look at words 0..nw-1 and the bits of primary items in them, which
	// *wordAt(pb, w) masks.
	ab, pb, nw := unsafe.Pointer(&s.active[0]), unsafe.Pointer(&s.primaryMask[0]), int(s.n1>>6)+1
	var (
		level   = st.level
		updates uint64
		i, x, p int32
		q, r    int32
		best    int32
		ev      int
	)
	x = st.x
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
	if st.tick--; st.tick <= 0 {
		ev = evTick
		goto out
	}
	i = itemAt(ib, 0).next
	if i == 0 {
		if st.visit {
			ev = evSolution
			goto out
		}
		if st.count++; st.count >= st.limit {
			st.stop = true
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
	// other, which makes long scans several times faster.
	best = nodeAt(nb, i).top
	switch {
	case st.scan == scanTiered:
		t := itemAt(ib, i).tier
		for k := itemAt(ib, i).next; k != 0 && best > 1; {
			it := itemAt(ib, k)
			if it.tier != t {
				break
			}
			if l := nodeAt(nb, k).top; l < best {
				best, i = l, k
			}
			k = it.next
		}
	case best == 1 && st.scan == scanShortcut:
		// The first item is forced: look for an item with no option (a
		// dead end) or several (then branch on the first item). If there
		// is none, every item has one option, and each item's option
		// covers only items whose one option it is, so these options are
		// disjoint: exactly one completion.
		w := int(i >> 6)
		bits := *wordAt(ab, w) & *wordAt(pb, w) & (^uint64(0) << (i & 63) << 1) // after i
		for {
			for bits != 0 {
				k := int32(w<<6 + mbits.TrailingZeros64(bits))
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
	case best > 1:
		w := int(i >> 6)
		bits := *wordAt(ab, w) & *wordAt(pb, w) & (^uint64(0) << (i & 63) << 1)
		for {
			// wn is the header node of the word's first item.
			for wn := unsafe.Add(nb, uintptr(w)<<6*unsafe.Sizeof(node{})); bits != 0; bits &= bits - 1 {
				tz := mbits.TrailingZeros64(bits)
				if l := (*node)(unsafe.Add(wn, uintptr(tz)*unsafe.Sizeof(node{}))).top; l < best {
					best, i = l, int32(w<<6+tz)
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
		for q = nodeAt(nb, p).right; q != p; {
			nq := nodeAt(nb, q)
			u, d := nq.up, nq.down
			nodeAt(nb, u).down = d
			nodeAt(nb, d).up = u
			nodeAt(nb, nq.top).top--
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
	if x <= n || st.stop {
		// Every option of the item was tried, or the search stops:
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
				nodeAt(nb, nq.top).top++
				q = nq.right
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
				nodeAt(nb, nr.top).top--
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
	// TierDone hears of a tier when the lowest tier present has changed.
	if j := itemAt(ib, 0).next; st.tierHook && (j == 0 || itemAt(ib, j).tier != itemAt(ib, nodeAt(nb, x).top).tier) {
		ev = evTierCheck
		goto out
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
		for q = nodeAt(nb, p).down; q != i; q = nodeAt(nb, q).down {
			for r = nodeAt(nb, q).right; r != q; {
				nr := nodeAt(nb, r)
				u, d := nr.up, nr.down
				nodeAt(nb, u).down = d
				nodeAt(nb, d).up = u
				nodeAt(nb, nr.top).top--
				updates++
				r = nr.right
			}
		}
		for q = nodeAt(nb, i).down; q != p; q = nodeAt(nb, q).down {
			for r = nodeAt(nb, q).right; r != q; {
				nr := nodeAt(nb, r)
				u, d := nr.up, nr.down
				nodeAt(nb, u).down = d
				nodeAt(nb, d).up = u
				nodeAt(nb, nr.top).top--
				updates++
				r = nr.right
			}
		}
		it := itemAt(ib, i)
		itemAt(ib, it.prev).next = it.next
		itemAt(ib, it.next).prev = it.prev
		*wordAt(ab, int(i>>6)) &^= 1 << (i & 63)
		updates++
		if p = nodeAt(nb, p).right; p == -x {
			break
		}
	}
	if j := itemAt(ib, 0).next; st.tierHook && (j == 0 || itemAt(ib, j).tier != itemAt(ib, nodeAt(nb, -x).top).tier) {
		ev = evTierCheck
		goto out
	}
	goto covered

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
			if p--; nodeAt(nb, p).top <= 0 {
				p = nodeAt(nb, p).down // from the spacer to the option's last node
			}
			i = nodeAt(nb, p).top
			it := itemAt(ib, i)
			itemAt(ib, it.prev).next = i
			itemAt(ib, it.next).prev = i
			*wordAt(ab, int(i>>6)) |= 1 << (i & 63)
			// The reverse of the commit: above x's node p, bottom up,
			// then below it.
			for q = nodeAt(nb, p).up; q != i; q = nodeAt(nb, q).up {
				for r = nodeAt(nb, q).right; r != q; {
					nr := nodeAt(nb, r)
					u, d := nr.up, nr.down
					nodeAt(nb, u).down = r
					nodeAt(nb, d).up = r
					nodeAt(nb, nr.top).top++
					r = nr.right
				}
			}
			for q = nodeAt(nb, i).up; q != p; q = nodeAt(nb, q).up {
				for r = nodeAt(nb, q).right; r != q; {
					nr := nodeAt(nb, r)
					u, d := nr.up, nr.down
					nodeAt(nb, u).down = r
					nodeAt(nb, d).up = r
					nodeAt(nb, nr.top).top++
					r = nr.right
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
				nodeAt(nb, nr.top).top++
				r = nr.right
			}
		}
		p--
	}
	*levelAt(xb, level) = nodeAt(nb, x).down
	goto try

out:
	st.level, st.x = level, x
	st.updates += updates
	return ev
}
