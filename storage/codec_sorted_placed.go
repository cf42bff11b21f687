package storage

import (
	"errors"
	"fmt"
	"math/bits"

	"edgrid/enumerate"
)

// Coding from what the search knows.
//
// The enumerator lists band 3's rows 7 with enumerate.Rows7 and their
// completions with enumerate.Rows8Ways, the lists band3 and rows89 build
// here, in the same order. A Batch tells for each run which rows 7 its grids
// have and which completions of each (enumerate.UsedRow7), and the
// candidates of each band-2 cell (Run.Cands); a Place tells it for one grid.
// From these the bits follow without looking at the grids, a row 7 at a
// time. The stream is the same bit for bit (TestPlacedFileSame, FuzzCodecs),
// so the decoder does not know which way a block was coded.

// errPlaces is returned for Places or rows 7 that cannot be a run's: out of
// order, or disagreeing on the number of rows 7 or completions.
var errPlaces = errors.New("places out of order or inconsistent")

// allKnown reports whether every Place of ps is known.
func allKnown(ps []enumerate.Place) bool {
	for _, p := range ps {
		if !p.Known() {
			return false
		}
	}
	return true
}

// rowsOfPlaces appends to dst the rows 7 the Places of a run's grids stand
// for, checking that the Places ascend.
func rowsOfPlaces(ps []enumerate.Place, dst []enumerate.UsedRow7) ([]enumerate.UsedRow7, error) {
	_, n7 := ps[0].Row7()
	n0 := len(dst)
	for t := 0; t < len(ps); {
		r, nr := ps[t].Row7()
		k, n := ps[t].Completion()
		if nr != n7 || k >= n || len(dst) > n0 && r <= int(dst[len(dst)-1].Index) {
			return nil, errPlaces
		}
		sel := uint8(1) << k
		for t++; t < len(ps) && ps[t].SameRow7(ps[t-1]); t++ {
			k2, _ := ps[t].Completion()
			if k2 <= k || k2 >= n {
				return nil, errPlaces
			}
			k = k2
			sel |= 1 << k
		}
		dst = append(dst, enumerate.UsedRow7{Index: uint8(r), Count: uint8(nr), Ways: uint8(n), Grids: sel})
	}
	return dst, nil
}

// band3Rows codes a run's band 3 as band3 does, from its rows 7, which
// ascend and each hold a grid. In the block's last run it stops after the
// last grid.
func (e *sortedEncoder) band3Rows(rows []enumerate.UsedRow7, last bool) error {
	n7 := int(rows[0].Count)
	next := 0                         // the first row 7 not coded yet
	w := e.w                          // a local copy the compiler keeps in registers
	w.reserve((9*len(rows)+n7)/8 + 1) // 9 bits a row used, 1 a row not
	for i, u := range rows {
		r, n, sel := int(u.Index), uint(u.Ways), uint32(u.Grids)
		if int(u.Count) != n7 || r < next || r >= n7 || n-1 > 7 || sel == 0 || sel>>n != 0 {
			return errPlaces
		}
		// Rows 7 next..r-1 unused: zeros. Row r used: a one, implied when r
		// is the last row and none before was used. Then one bit per
		// completion; in the block's last run none after its last grid;
		// the last completion's bit is implied when it is the only one used.
		nb := n
		if last && i == len(rows)-1 {
			nb = uint(bits.Len32(sel))
		}
		nb -= flag(sel == 1<<(n-1))      // only the last: its bit implied
		code, nbits := sel&(1<<nb-1), nb // put takes no bits above nb
		one := flag(r < n7-1 || i > 0)   // the row's bit, unless implied
		code, nbits = code<<one|uint32(one), nbits+one
		skip := uint(r - next)
		for ; skip+nbits > 32; skip -= 16 {
			w.put(0, 16)
		}
		w.put(code<<skip, skip+nbits)
		next = r + 1
	}
	for z := n7 - next; z > 0 && !last; z -= 16 {
		w.put(0, uint(min(z, 16)))
	}
	e.w = w
	return nil
}

// encodeSortedRuns appends the sorted-codec stream of a block given as runs
// (Writer.AddBatch): each run's band 2, its candidates and the end of its
// rows 7 in rows. It is encodeSorted's stream for the grids the runs stand
// for.
func encodeSortedRuns(runs []run, rows []enumerate.UsedRow7, dst []byte) ([]byte, error) {
	e := &sortedEncoder{w: bitWriter{buf: dst}}
	start := 0
	for i := range runs {
		r := &runs[i]
		q0, err := e.firstNew(&r.band2)
		if err == nil {
			err = e.band2Cands(&r.band2, &r.cands, q0)
		}
		if err != nil {
			return nil, fmt.Errorf("storage: run %d of the block: %w", i+1, err)
		}
		if start >= r.end {
			return nil, fmt.Errorf("storage: run %d of the block: no grids", i+1)
		}
		if err := e.band3Rows(rows[start:r.end], i == len(runs)-1); err != nil {
			return nil, fmt.Errorf("storage: run %d of the block: %w", i+1, err)
		}
		start = r.end
	}
	return e.w.bytes(), nil
}

// flag is 1 for true and 0 for false, without a branch.
func flag(b bool) uint {
	var x uint
	if b {
		x = 1
	}
	return x
}
