package rank

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"sort"

	"edgrid/canon"
	"edgrid/enumerate"
)

// A bucket, or a part of a split one (split.go), is regenerated from
// whichever end is nearer its target: the Searcher meets its grids in
// ascending order (Run) or descending (RunDesc), and a query pays for the
// grids between the end it starts at and the target. unrank knows the
// target's place exactly (k against the part's count); rank estimates it
// from m's row 5 (position).

// part is a prefix of the open cells (row 4, perhaps some of row 5) and the
// number of the group's grids that start with it.
type part struct {
	prefix []uint8
	size   int64
	first  int64 // ordinal (1-based, ascending) of its first grid in the group
}

// size returns the number of grids in bucket i.
func (gs *groupState) size(i int) int64 { return gs.cum[i+1] - gs.cum[i] }

// parts returns bucket i as parts, ascending: itself, or the parts it is
// split into.
func (gs *groupState) parts(i int) ([]part, error) {
	sb, err := gs.sub(i)
	if err != nil {
		return nil, err
	}
	if sb == nil {
		return []part{gs.whole(i)}, nil
	}
	ps := make([]part, len(sb.prefixes))
	for j := range sb.prefixes {
		ps[j] = gs.subPart(i, sb, j)
	}
	return ps, nil
}

// whole returns bucket i as one part.
func (gs *groupState) whole(i int) part { return part{gs.row4s[i][:], gs.size(i), gs.cum[i] + 1} }

// subPart returns part j of bucket i, split as sb.
func (gs *groupState) subPart(i int, sb *subBuckets, j int) part {
	return part{sb.prefixes[j], sb.cum[j+1] - sb.cum[j], gs.cum[i] + sb.cum[j] + 1}
}

// openPrefix returns the first n open cells of m (r4c2.., then r5c2..).
func openPrefix(m *canon.Grid, n int) []uint8 {
	p := make([]uint8, 0, n)
	p = append(p, m[28:36]...)
	return append(p, m[37:37+n-8]...)
}

// position estimates where m falls among the grids that start with prefix,
// from 0 (the first) to 1 (the last), as if every digit a cell of row 5 can
// take led to as many grids: past the prefix, the digits below m's at the
// next cell weigh 1/n each of the n it can take, those below m's at the
// cell after 1/n of that, and so on.
func (gs *groupState) position(prefix []uint8, m *canon.Grid) float64 {
	var buf [16]uint8
	p := append(buf[:0], prefix...)
	pos, w := 0.0, 1.0
	for k := len(p); k < 16 && w > 1e-3; k++ {
		a := gs.q.Next(p)
		if a == 0 {
			break
		}
		d := m[37+k-8]
		n := float64(bits.OnesCount16(a))
		pos += w * float64(bits.OnesCount16(a&(1<<d-1))) / n
		if a&(1<<d) == 0 {
			// No grid goes on like m: those that take a smaller digit
			// here are below it, the others above.
			return pos
		}
		w /= n
		p = append(p, d)
	}
	return pos + w/2
}

// countBelow counts the grids of bucket i below m and says whether m is one
// of the bucket's grids.
func (gs *groupState) countBelow(ctx context.Context, i int, m *canon.Grid) (int64, bool, error) {
	sb, err := gs.sub(i)
	if sb == nil {
		if err != nil {
			return 0, false, err
		}
		return gs.countIn(ctx, gs.whole(i), m)
	}
	p := openPrefix(m, len(sb.prefixes[0]))
	j := sort.Search(len(sb.prefixes), func(j int) bool { return bytes.Compare(sb.prefixes[j], p) >= 0 })
	if j == len(sb.prefixes) || !bytes.Equal(sb.prefixes[j], p) {
		// No part starts as m does: the parts before j are below it.
		return sb.cum[j], false, nil
	}
	n, found, err := gs.countIn(ctx, gs.subPart(i, sb, j), m)
	return sb.cum[j] + n, found, err
}

// countIn counts the grids of part pt below m and says whether m is one of
// them.
func (gs *groupState) countIn(ctx context.Context, pt part, m *canon.Grid) (int64, bool, error) {
	var n int64
	found := false
	desc := gs.position(pt.prefix, m) > 0.5
	visit := func(h *canon.Grid, _ int) error {
		c := bytes.Compare(h[36:], m[36:])
		switch {
		case c == 0:
			found = true
			return enumerate.ErrStop
		case (c > 0) != desc:
			// Past m: from below, a larger grid; from above, a smaller one.
			return enumerate.ErrStop
		}
		n++
		return nil
	}
	run := gs.q.Run
	if desc {
		run = gs.q.RunDesc
	}
	_, err := run(ctx, pt.prefix, visit)
	if desc {
		// n grids lie above m.
		n = pt.size - n
		if found {
			n--
		}
	}
	return n, found, err
}

// nth returns the k-th (0-based) grid of bucket i.
func (gs *groupState) nth(ctx context.Context, i int, k int64) (canon.Grid, error) {
	sb, err := gs.sub(i)
	if sb == nil {
		if err != nil {
			return canon.Grid{}, err
		}
		return gs.nthIn(ctx, gs.whole(i), k)
	}
	j := sort.Search(len(sb.prefixes), func(j int) bool { return sb.cum[j+1] > k })
	if j == len(sb.prefixes) {
		return canon.Grid{}, fmt.Errorf("rank: group %d bucket %d has %d grids, not %d", gs.grp.Number, i, gs.size(i), k+1)
	}
	return gs.nthIn(ctx, gs.subPart(i, sb, j), k-sb.cum[j])
}

// nthIn returns the k-th (0-based) grid of part pt.
func (gs *groupState) nthIn(ctx context.Context, pt part, k int64) (canon.Grid, error) {
	run := gs.q.Run
	if k >= pt.size/2 {
		run, k = gs.q.RunDesc, pt.size-1-k
	}
	var out canon.Grid
	seen := int64(0)
	got := false
	_, err := run(ctx, pt.prefix, func(h *canon.Grid, _ int) error {
		if seen == k {
			out, got = *h, true
			return enumerate.ErrStop
		}
		seen++
		return nil
	})
	if err == nil && !got {
		err = fmt.Errorf("rank: group %d: the grids starting %v are fewer than the tables' %d", gs.grp.Number, pt.prefix, pt.size)
	}
	return out, err
}
