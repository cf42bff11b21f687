package storage

import (
	"bytes"
	"errors"
	"fmt"
	"sort"

	"edgrid/canon"
)

// ErrStopScan, returned by the fn of ScanFrom, ends the scan without error.
var ErrStopScan = errors.New("storage: stop")

// Below returns how many of the file's grids are smaller than g (any grid:
// in lexicographic order of the 81 digits) and whether g is one of them,
// by the block index and one block decoded.
func (f *File) Below(g *canon.Grid) (int64, bool, error) {
	partial := f.h.Key.Partial()
	first := func(i int) canon.Grid {
		b := canon.Grid(partial)
		for q, c := range openCell {
			b[c] = f.entries[i].open.digit(q)
		}
		return b
	}
	// The last block whose first grid is not above g.
	i := sort.Search(len(f.entries), func(i int) bool {
		b := first(i)
		return bytes.Compare(b[:], g[:]) > 0
	}) - 1
	if i < 0 {
		return 0, false, nil
	}
	n := f.entries[i].first - 1
	found := false
	err := f.oneBlock(i, func(_ int64, d *canon.Grid) error {
		switch c := bytes.Compare(d[:], g[:]); {
		case c == 0:
			found = true
			return errStop
		case c > 0:
			return errStop
		}
		n++
		return nil
	})
	return n, found, err
}

// ScanFrom passes the grids from ordinal ord on to fn in ascending order,
// as Scan does, until fn returns an error; fn returning ErrStopScan ends it
// without error. Only the blocks from the one holding ord are decoded.
func (f *File) ScanFrom(ord int64, fn func(ord int64, g *canon.Grid) error) error {
	if ord < 1 || ord > f.h.Count {
		return fmt.Errorf("storage: %s: ordinal %d out of range 1..%d", f.path, ord, f.h.Count)
	}
	i := sort.Search(len(f.entries), func(i int) bool { return f.entries[i].first > ord }) - 1
	var buf buffers
	for ; i < len(f.entries); i++ {
		err := f.decode(i, &buf, func(o int64, g *canon.Grid) error {
			if o < ord {
				return nil
			}
			return fn(o, g)
		})
		if err == ErrStopScan {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}
