package rank

import (
	"bytes"
	"context"
	"sort"

	"edgrid/canon"
	"edgrid/enumerate"
)

// countBelowSorted is countBelow for the ascending grids qs of bucket i
// (duplicates allowed), into below and found: each part of the bucket that
// holds some of them is regenerated once for all of them.
func (gs *groupState) countBelowSorted(ctx context.Context, i int, qs []canon.Grid, below []int64, found []bool) error {
	sb, err := gs.sub(i)
	if err != nil {
		return err
	}
	if sb == nil {
		return gs.countInSorted(ctx, gs.whole(i), qs, below, found)
	}
	depth := len(sb.prefixes[0])
	for a := 0; a < len(qs); {
		p := openPrefix(&qs[a], depth)
		b := a + 1
		for b < len(qs) && bytes.Equal(openPrefix(&qs[b], depth), p) {
			b++
		}
		j := sort.Search(len(sb.prefixes), func(j int) bool { return bytes.Compare(sb.prefixes[j], p) >= 0 })
		if j == len(sb.prefixes) || !bytes.Equal(sb.prefixes[j], p) {
			// No part starts as these grids do: the parts before j are
			// below them.
			for k := a; k < b; k++ {
				below[k], found[k] = sb.cum[j], false
			}
		} else {
			if err := gs.countInSorted(ctx, gs.subPart(i, sb, j), qs[a:b], below[a:b], found[a:b]); err != nil {
				return err
			}
			for k := a; k < b; k++ {
				below[k] += sb.cum[j]
			}
		}
		a = b
	}
	return nil
}

// countInSorted is countIn for the ascending grids qs of part pt: the grids
// estimated in its lower half are answered by one ascending run that stops
// at the highest of them, the others by one descending run that stops at
// the lowest of them, so that no run goes further than one of the queries
// alone would.
func (gs *groupState) countInSorted(ctx context.Context, pt part, qs []canon.Grid, below []int64, found []bool) error {
	if len(qs) == 1 {
		var err error
		below[0], found[0], err = gs.countIn(ctx, pt, &qs[0])
		return err
	}
	// position grows with the grid, so the lower half is a prefix of qs
	// (a grid estimated past the middle sends the rest down too).
	h := 0
	for h < len(qs) && gs.position(pt.prefix, &qs[h]) <= 0.5 {
		h++
	}
	if h > 0 {
		if err := gs.runUp(ctx, pt, qs[:h], below[:h], found[:h]); err != nil {
			return err
		}
	}
	if h < len(qs) {
		return gs.runDown(ctx, pt, qs[h:], below[h:], found[h:])
	}
	return nil
}

// runUp answers the ascending grids qs by one ascending run over part pt.
func (gs *groupState) runUp(ctx context.Context, pt part, qs []canon.Grid, below []int64, found []bool) error {
	// At each grid d met: n grids of the part lie below d, and the queries
	// before k are settled (all of them at or below an earlier grid).
	var n int64
	k := 0
	_, err := gs.q.Run(ctx, pt.prefix, func(d *canon.Grid, _ int) error {
		for k < len(qs) {
			c := bytes.Compare(d[36:], qs[k][36:])
			if c < 0 {
				break
			}
			below[k], found[k] = n, c == 0
			k++
		}
		if k == len(qs) {
			return enumerate.ErrStop
		}
		n++
		return nil
	})
	for ; k < len(qs); k++ {
		below[k], found[k] = n, false // above the whole part
	}
	return err
}

// runDown answers the ascending grids qs by one descending run over part pt.
func (gs *groupState) runDown(ctx context.Context, pt part, qs []canon.Grid, below []int64, found []bool) error {
	// At each grid d met: n grids of the part lie above d, and the queries
	// after k are settled (all of them at or above an earlier grid).
	var n int64
	k := len(qs) - 1
	_, err := gs.q.RunDesc(ctx, pt.prefix, func(d *canon.Grid, _ int) error {
		for k >= 0 {
			c := bytes.Compare(d[36:], qs[k][36:])
			if c > 0 {
				break
			}
			found[k] = c == 0
			below[k] = pt.size - n
			if found[k] {
				below[k]--
			}
			k--
		}
		if k < 0 {
			return enumerate.ErrStop
		}
		n++
		return nil
	})
	for ; k >= 0; k-- {
		below[k], found[k] = pt.size-n, false // below the whole part
	}
	return err
}
