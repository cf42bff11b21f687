package storage

import (
	"bytes"
	"fmt"
	"sort"

	"edgrid/canon"
)

// BelowSorted answers Below for many grids at once: below[k] is how many of
// the file's grids are smaller than gs[k], and found[k] whether gs[k] is one
// of them. The grids must ascend (duplicates allowed); each block that holds
// one of them is decoded once, in file order, so a sorted batch costs at most
// one pass over the file whatever its size. below and found must be as long
// as gs. A grid out of order is an error, and so is a damaged block, whose
// grids are then not used.
func (f *File) BelowSorted(gs []canon.Grid, below []int64, found []bool) error {
	if len(below) != len(gs) || len(found) != len(gs) {
		return fmt.Errorf("storage: BelowSorted: %d grids, %d counts, %d flags", len(gs), len(below), len(found))
	}
	for k := 1; k < len(gs); k++ {
		if bytes.Compare(gs[k-1][:], gs[k][:]) > 0 {
			return fmt.Errorf("storage: BelowSorted: grid %d is below grid %d: want ascending grids", k, k-1)
		}
	}
	partial := f.h.Key.Partial()
	first := func(i int) canon.Grid {
		b := canon.Grid(partial)
		for q, c := range openCell {
			b[c] = f.entries[i].open.digit(q)
		}
		return b
	}
	buf := blockBuffers.Get().(*buffers)
	defer blockBuffers.Put(buf)
	for k := 0; k < len(gs); {
		// Block i is the last whose first grid is not above gs[k]; the
		// grids gs[k:e] fall in it, those from e on in later blocks.
		i := sort.Search(len(f.entries), func(i int) bool {
			b := first(i)
			return bytes.Compare(b[:], gs[k][:]) > 0
		}) - 1
		e := k + 1
		if i+1 < len(f.entries) {
			next := first(i + 1)
			for e < len(gs) && bytes.Compare(next[:], gs[e][:]) > 0 {
				e++
			}
		} else {
			e = len(gs)
		}
		if i < 0 {
			for ; k < e; k++ {
				below[k], found[k] = 0, false
			}
			continue
		}
		// One walk through block i: n counts its grids below d, and each
		// query at or below d is settled when d reaches it.
		n := f.entries[i].first - 1
		j := k
		err := f.decode(i, buf, func(_ int64, d *canon.Grid) error {
			for j < e {
				c := bytes.Compare(d[:], gs[j][:])
				if c < 0 {
					break
				}
				below[j], found[j] = n, c == 0
				j++
			}
			if j == e {
				return errStop
			}
			n++
			return nil
		})
		if err != nil {
			return err
		}
		for ; j < e; j++ {
			below[j], found[j] = n, false // above every grid of the block
		}
		k = e
	}
	return nil
}
