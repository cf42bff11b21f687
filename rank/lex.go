package rank

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"iter"
	"slices"
	"sort"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/storage"
)

// In plain lexicographic order the grids of one first band interleave
// across its groups: all of them share rows 1-3 and r4c1, so row 4 (cells
// 29-36) decides first, then r5c1 (cell 37, fixed per group), then the rest
// of row 5, and so on. Buckets are by row 4, so a grid's lexicographic rank
// is the grids of the bands before, plus, in each group of its band, the
// buckets with a smaller row 4, the bucket with the same row 4 whole when the
// group's r5c1 is smaller, and the part of it below the grid when r5c1 is
// the same (regenerated, or read from a catalog).

// r5c1 is the index of r5c1 in a group key (cells 0..26, then 27, 36, ...).
const keyR5C1 = 28

// rankLex returns the lexicographic number of the minlex grid m of group grp.
func (r *Ranker) rankLex(ctx context.Context, m *canon.Grid, grp band.Group) (int64, error) {
	groups, err := band.GroupsOfBand(grp.Band)
	if err != nil {
		return 0, err
	}
	n := r.t.BandFirst(grp.Band)
	r4 := row4(m)
	for _, g := range groups {
		gs, err := r.group(g.Number)
		if err != nil {
			return 0, err
		}
		i, ok := gs.bucketOf(r4)
		if ok && g.Key[keyR5C1] == m[36] && r.hasGroup(g.Number) {
			// The catalog counts the group's grids below m: one block.
			gs.mu.Unlock()
			below, found, err := r.catalogBelow(g.Number, m)
			if err != nil {
				return 0, err
			}
			if g.Number == grp.Number && !found {
				return 0, fmt.Errorf("rank: minlex grid %s not found in group %d's catalog file", m.String(), g.Number)
			}
			n += below
			continue
		}
		n += gs.cum[i]
		if ok {
			switch d := g.Key[keyR5C1]; {
			case d < m[36]:
				n += gs.size(i)
			case d == m[36]:
				below, found, err := gs.countBelow(ctx, i, m)
				if err != nil {
					gs.mu.Unlock()
					return 0, err
				}
				if g.Number == grp.Number && !found {
					gs.mu.Unlock()
					return 0, fmt.Errorf("rank: minlex grid %s not found in group %d's bucket %d", m.String(), g.Number, i)
				}
				n += below
			}
		} else if g.Number == grp.Number {
			gs.mu.Unlock()
			return 0, fmt.Errorf("rank: group %d has no bucket for row 4 of %s", g.Number, m.String())
		}
		gs.mu.Unlock()
	}
	return n + 1, nil
}

// key64 packs a row 4 so that integer order is lexicographic order.
func key64(r4 *[8]uint8) uint64 { return binary.BigEndian.Uint64(r4[:]) }

// unrankLex returns grid n in lexicographic order.
func (r *Ranker) unrankLex(ctx context.Context, n int64) (canon.Grid, error) {
	b := sort.Search(band.NumFirstBands, func(i int) bool { return r.t.bandFirst[i+1] >= n }) + 1
	k := n - r.t.BandFirst(b) // 1-based inside the band
	groups, err := band.GroupsOfBand(b)
	if err != nil {
		return canon.Grid{}, err
	}
	states := make([]*groupState, len(groups))
	for j, g := range groups {
		gs, err := r.group(g.Number)
		if err != nil {
			return canon.Grid{}, err
		}
		// The group's data do not change once loaded; only its Searcher
		// needs the lock, taken again below.
		gs.mu.Unlock()
		states[j] = gs
	}
	// Walk the row 4 fillings of all the band's groups in ascending order
	// (a merge), adding up bucket counts until grid k is reached.
	pos := make([]int, len(states))
	for {
		next, any := uint64(0), false
		for j, gs := range states {
			if pos[j] < len(gs.row4s) {
				if v := key64(&gs.row4s[pos[j]]); !any || v < next {
					next, any = v, true
				}
			}
		}
		if !any {
			return canon.Grid{}, fmt.Errorf("rank: band %d: the tables hold fewer grids than %d", b, k)
		}
		var at []int // groups with this row 4
		var here int64
		for j, gs := range states {
			if pos[j] < len(gs.row4s) && key64(&gs.row4s[pos[j]]) == next {
				at = append(at, j)
				here += gs.size(pos[j])
			}
		}
		if k > here {
			k -= here
			for _, j := range at {
				pos[j]++
			}
			continue
		}
		// Grid k has this row 4. Then r5c1 decides between groups.
		sort.SliceStable(at, func(x, y int) bool { return groups[at[x]].Key[keyR5C1] < groups[at[y]].Key[keyR5C1] })
		for s := 0; s < len(at); {
			e := s
			var cnt int64
			for e < len(at) && groups[at[e]].Key[keyR5C1] == groups[at[s]].Key[keyR5C1] {
				j := at[e]
				cnt += states[j].size(pos[j])
				e++
			}
			if k > cnt {
				k -= cnt
				s = e
				continue
			}
			return r.pickMerged(ctx, states, pos, at[s:e], k)
		}
		return canon.Grid{}, fmt.Errorf("rank: band %d: bucket counts do not add up", b)
	}
}

// pickMerged returns the k-th (1-based) grid, in ascending order, of the
// union of the buckets pos[j] of the groups states[j], j in js. Buckets
// split to the same depth are taken part by part: parts with different
// prefixes do not interleave, so the counts say which prefix holds the k-th
// grid and only its parts are regenerated.
func (r *Ranker) pickMerged(ctx context.Context, states []*groupState, pos []int, js []int, k int64) (canon.Grid, error) {
	var all []groupPart
	depth, same := -1, true
	for _, j := range js {
		states[j].mu.Lock() // parts may work out a split bucket with the Searcher
		ps, err := states[j].parts(pos[j])
		states[j].mu.Unlock()
		if err != nil {
			return canon.Grid{}, err
		}
		if depth >= 0 && len(ps[0].prefix) != depth {
			same = false
		}
		depth = len(ps[0].prefix)
		for _, p := range ps {
			all = append(all, groupPart{states[j], p})
		}
	}
	if !same {
		all = all[:0]
		for _, j := range js {
			gs := states[j]
			all = append(all, groupPart{gs, gs.whole(pos[j])})
		}
	}
	sort.SliceStable(all, func(x, y int) bool { return bytes.Compare(all[x].pt.prefix, all[y].pt.prefix) < 0 })
	for s := 0; s < len(all); {
		e := s
		var cnt int64
		for e < len(all) && bytes.Equal(all[e].pt.prefix, all[s].pt.prefix) {
			cnt += all[e].pt.size
			e++
		}
		if k > cnt {
			k -= cnt
			s = e
			continue
		}
		if r.inCatalog(all[s:e]) {
			return r.catalogPick(all[s:e], k)
		}
		return mergePick(ctx, all[s:e], k)
	}
	return canon.Grid{}, fmt.Errorf("rank: buckets hold fewer grids than %d", k)
}

// groupPart is a part of one group's bucket.
type groupPart struct {
	gs *groupState
	pt part
}

// mergePick returns the k-th (1-based) grid, in ascending order, of the
// union of parts of distinct groups. Their grids are enumerated side by side
// (a merge of pull iterators), from the nearer end of the union, so the
// search stops at the k-th grid instead of finishing every part.
func mergePick(ctx context.Context, parts []groupPart, k int64) (canon.Grid, error) {
	if len(parts) == 1 {
		gs := parts[0].gs
		gs.mu.Lock()
		defer gs.mu.Unlock()
		return gs.nthIn(ctx, parts[0].pt, k-1)
	}
	k, desc, _ := nearerEnd(parts, k)
	srcs := make([]*source, len(parts))
	for x, p := range parts {
		gs := p.gs
		gs.mu.Lock()
		defer gs.mu.Unlock()
		run := gs.q.Run
		if desc {
			run = gs.q.RunDesc
		}
		var runErr error
		seq := func(yield func(canon.Grid) bool) {
			_, runErr = run(ctx, p.pt.prefix, func(h *canon.Grid, _ int) error {
				if !yield(*h) {
					return enumerate.ErrStop
				}
				return nil
			})
		}
		next, stop := iter.Pull(seq)
		defer stop()
		src := &source{next: next, err: &runErr}
		src.head, src.ok = next()
		srcs[x] = src
	}
	return selectMerged(srcs, k, desc)
}

// nearerEnd returns, for the k-th (1-based) grid of the union of parts,
// its place counted from the nearer end, whether that is the top, and the
// union's size.
func nearerEnd(parts []groupPart, k int64) (int64, bool, int64) {
	var total int64
	for _, p := range parts {
		total += p.pt.size
	}
	if k > total/2 {
		return total - k + 1, true, total
	}
	return k, false, total
}

// source is one ascending (descending) stream of grids in a merge.
type source struct {
	next func() (canon.Grid, bool)
	head canon.Grid
	ok   bool
	err  *error
}

// selectMerged returns the k-th (1-based) grid of the merge of srcs, whose
// heads are set: the k-th smallest, or largest when desc.
func selectMerged(srcs []*source, k int64, desc bool) (canon.Grid, error) {
	for {
		var best *source
		for _, s := range srcs {
			if *s.err != nil {
				return canon.Grid{}, *s.err
			}
			if s.ok && (best == nil || (bytes.Compare(s.head[:], best.head[:]) < 0) != desc) {
				best = s
			}
		}
		if best == nil {
			return canon.Grid{}, fmt.Errorf("rank: buckets hold fewer grids than the tables say")
		}
		if k--; k == 0 {
			return best.head, nil
		}
		best.head, best.ok = best.next()
	}
}

// hasGroup reports whether the Ranker's catalog holds group g.
func (r *Ranker) hasGroup(g int) bool {
	if r.cat == nil {
		return false
	}
	_, ok := r.cat.Entry(g)
	return ok
}

// inCatalog reports whether the catalog holds the groups of all parts.
func (r *Ranker) inCatalog(parts []groupPart) bool {
	for _, p := range parts {
		if !r.hasGroup(p.gs.grp.Number) {
			return false
		}
	}
	return true
}

// catalogBelow returns how many grids of group g's catalog file are below
// m, and whether m is one of them.
func (r *Ranker) catalogBelow(g int, m *canon.Grid) (int64, bool, error) {
	f, release, err := r.file(g)
	if err != nil {
		return 0, false, err
	}
	defer release()
	return f.Below(m)
}

// catalogPick returns the k-th (1-based) grid, ascending, of the union of
// parts of distinct groups, read from their catalog files: from the nearer
// end of the union, at most k grids of each part (ascending in its file),
// then a merge.
func (r *Ranker) catalogPick(parts []groupPart, k int64) (canon.Grid, error) {
	k, desc, total := nearerEnd(parts, k)
	if k < 1 || k > total {
		return canon.Grid{}, fmt.Errorf("rank: grid %d of %d in the catalog's parts", k, total)
	}
	var noErr error
	srcs := make([]*source, 0, len(parts))
	for _, p := range parts {
		take := min(p.pt.size, k)
		if take == 0 {
			continue
		}
		from := p.pt.first
		if desc {
			from += p.pt.size - take
		}
		f, release, err := r.file(p.gs.grp.Number)
		if err != nil {
			return canon.Grid{}, err
		}
		list := make([]canon.Grid, 0, take)
		err = f.ScanFrom(from, func(o int64, g *canon.Grid) error {
			if o >= from+take {
				return storage.ErrStopScan
			}
			list = append(list, *g)
			return nil
		})
		release()
		if err != nil {
			return canon.Grid{}, err
		}
		if int64(len(list)) != take {
			return canon.Grid{}, fmt.Errorf("rank: group %d's catalog file holds %d grids from ordinal %d, the tables %d", p.gs.grp.Number, len(list), from, take)
		}
		if desc {
			slices.Reverse(list)
		}
		next := func() (canon.Grid, bool) {
			if len(list) == 0 {
				return canon.Grid{}, false
			}
			g := list[0]
			list = list[1:]
			return g, true
		}
		src := &source{next: next, err: &noErr}
		src.head, src.ok = next()
		srcs = append(srcs, src)
	}
	return selectMerged(srcs, k, desc)
}
