package query

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// rebuilder turns the batches of enumerate.GroupBatches into Runs. A batch
// does not hold its grids: each run has its rows 4-6, and each of its rows
// 7 is an index in the ascending list of rows 7 that complete rows 1-6
// (enumerate.Rows7) with a mask of which of its completions, ascending, are
// grids (enumerate.Rows8Ways numbers them). Batch.Grids rebuilds them one at
// a time, listing the rows 7 again for each; the rebuilder lists them once a
// run and each row 7's completions once.
type rebuilder struct {
	base  canon.Grid // the group's key as a partial grid
	grids []canon.Grid
}

func newRebuilder(key band.Key) *rebuilder { return &rebuilder{base: key.Partial()} }

// runs calls fn with each run of b in order: its grids, rebuilt into a
// buffer reused for the next run, and their automorphism counts. first is
// the ordinal of b's first grid in its group.
func (rb *rebuilder) runs(b enumerate.Batch, group int, first int64, fn func(r *Run) error) error {
	runs, rows7, autos := b.Runs(), b.Rows7(), b.Autos()
	if runs == nil {
		// An engine that does not report runs: split the grids.
		return splitRuns(b.Grids(), autos, group, first, fn)
	}
	for j := range runs {
		run := &runs[j]
		end, endRow := b.Len(), len(rows7)
		if j+1 < len(runs) {
			end, endRow = int(runs[j+1].Start), int(runs[j+1].Row)
		}
		g := rb.base
		*(*[27]uint8)(g[27:54]) = run.Rows456
		var err error
		rb.grids, err = appendCompletions(rb.grids[:0], &g, rows7[run.Row:endRow])
		if err != nil {
			return fmt.Errorf("query: group %d, grid %d: %w", group, first+int64(run.Start), err)
		}
		if len(rb.grids) != end-int(run.Start) {
			return fmt.Errorf("query: group %d, grid %d: a run of %d grids rebuilt as %d", group, first+int64(run.Start), end-int(run.Start), len(rb.grids))
		}
		r := Run{Group: group, First: first + int64(run.Start), Grids: rb.grids, Autos: autos[run.Start:end]}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}

// appendCompletions appends to dst the grids that rows 1-6 and column 1 of g
// complete into through the rows 7 used.
func appendCompletions(dst []canon.Grid, g *canon.Grid, used []enumerate.UsedRow7) ([]canon.Grid, error) {
	var tri [9]uint16
	tri[0] = 1<<g[54] | 1<<g[63] | 1<<g[72]
	for c := 1; c < 9; c++ {
		var m uint16
		for r := range 6 {
			m |= 1 << (g[r*9+c] & 15)
		}
		tri[c] = ^m & 0x3FE
	}
	all := [9]uint16{0x3FE, 0x3FE, 0x3FE, 0x3FE, 0x3FE, 0x3FE, 0x3FE, 0x3FE, 0x3FE}
	var list [enumerate.MaxRows7]uint64
	n := enumerate.Rows7(&tri, &all, g[54], nil, &list)
	for _, u := range used {
		if int(u.Count) != n || int(u.Index) >= n {
			return dst, fmt.Errorf("row 7 %d of %d, but rows 1-6 have %d rows 7", u.Index, u.Count, n)
		}
		binary.LittleEndian.PutUint64(g[55:63], list[u.Index])
		// Each column keeps a pair of digits, lo < hi; row 8 takes one.
		var pair, lo, hi [9]uint16
		for c := range 9 {
			p := tri[c] &^ (1 << (g[54+c] & 15))
			pair[c], lo[c] = p, p&-p
			hi[c] = p ^ lo[c]
		}
		m1 := enumerate.Stack1Lanes(g[63], lo[1], hi[1], lo[2], hi[2])
		ways := enumerate.Rows8Ways(m1, lo[3], hi[3], lo[4], hi[4], lo[5], hi[5], pair[6], pair[7], pair[8])
		if bits.OnesCount64(ways) != int(u.Ways) {
			return dst, fmt.Errorf("row 7 %d has %d completions, the batch says %d", u.Index, bits.OnesCount64(ways), u.Ways)
		}
		// Invariant: k counts the completions before the lowest bit of ways.
		for k := 0; ways != 0; k++ {
			p := uint(bits.TrailingZeros64(ways))
			ways &= ways - 1
			if u.Grids&(1<<k) == 0 {
				continue
			}
			// Way p: bits 4-0 of w say whether columns 2-6 take hi in row 8;
			// columns 7-9 take the digit of their pair that is left.
			w := p>>4<<3 | p&7
			used := uint16(1) << (g[63] & 15)
			for c := 1; c < 9; c++ {
				var m uint16
				if c < 6 {
					m = lo[c]
					if w>>(5-c)&1 != 0 {
						m = hi[c]
					}
				} else {
					m = pair[c] &^ used
				}
				used |= m
				g[63+c] = uint8(bits.TrailingZeros16(m))
				g[72+c] = uint8(bits.TrailingZeros16(pair[c] &^ m))
			}
			dst = append(dst, *g)
		}
	}
	return dst, nil
}

// splitRuns calls fn with the runs of grids sharing rows 1-6 in grids.
func splitRuns(grids []canon.Grid, autos []uint16, group int, first int64, fn func(r *Run) error) error {
	for i := 0; i < len(grids); {
		j := i + 1
		for j < len(grids) && [27]uint8(grids[j][27:54]) == [27]uint8(grids[i][27:54]) {
			j++
		}
		r := Run{Group: group, First: first + int64(i), Grids: grids[i:j]}
		if autos != nil {
			r.Autos = autos[i:j]
		}
		if err := fn(&r); err != nil {
			return err
		}
		i = j
	}
	return nil
}
