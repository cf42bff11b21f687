package storage

import (
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/enumerate"
)

// Coding band 3 from the search's Places.
//
// The enumerator lists band 3's rows 7 with enumerate.Rows7 and their
// completions with enumerate.Rows8Ways, the lists band3 and rows89 build
// here, in the same order; a grid's enumerate.Place says where it sits in
// them. From the Places of a run the bits band3 writes follow without
// looking at the grids: which rows 7 are used and which completions of each
// are grids. The stream is the same bit for bit (TestPlacedFileSame,
// FuzzCodecs), so the decoder does not know which way a block was coded.

// errPlaces is returned for Places that cannot be a run's: out of order, or
// disagreeing on the number of rows 7 or completions.
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

// band3Placed codes a run's band 3 as band3 does, from the run's Places. In
// the block's last run it stops after the last grid.
func (e *sortedEncoder) band3Placed(ps []enumerate.Place, last bool) error {
	_, n7 := ps[0].Row7()
	next := 0 // the first row 7 not coded yet
	usedAny := false
	for t := 0; t < len(ps); {
		r, nr := ps[t].Row7()
		k, n := ps[t].Completion()
		if nr != n7 || r < next || r >= nr || k >= n {
			return errPlaces
		}
		// sel: the completions of row 7 r that are grids of the run; k
		// ends as the highest.
		sel := uint32(1) << k
		for t++; t < len(ps) && ps[t].SameRow7(ps[t-1]); t++ {
			k2, _ := ps[t].Completion()
			if k2 <= k || k2 >= n {
				return errPlaces
			}
			k = k2
			sel |= 1 << k
		}
		// Rows 7 next..r-1 unused: zeros. Row r used: a one, implied when r
		// is the last row and none before was used. Then one bit per
		// completion; in the block's last run none after its last grid;
		// the last completion's bit is implied when it is the only one used.
		nb := n
		if last && t == len(ps) {
			nb = k + 1
		}
		if sel == 1<<(n-1) { // only the last
			nb--
		}
		code, bits := sel&(1<<nb-1), uint(nb) // write takes no bits above nb
		if r < n7-1 || usedAny {
			code, bits = code<<1|1, bits+1
		}
		usedAny = true
		if skip := uint(r - next); skip+bits <= 32 {
			e.w.write(code<<skip, skip+bits)
		} else {
			e.w.zeros(int(skip))
			e.w.write(code, bits)
		}
		next = r + 1
	}
	if !last {
		e.w.zeros(n7 - next)
	}
	return nil
}

// encodeSortedRuns appends the sorted-codec stream of a block given as runs
// (Writer.AddBatch): each run's band 2 and the end of its grids' Places, and
// the block's first grid for the key. It is encodeSorted's stream for the
// grids the runs stand for.
func encodeSortedRuns(first *canon.Grid, runs []run, places []enumerate.Place, dst []byte) ([]byte, error) {
	e := &sortedEncoder{w: bitWriter{buf: dst}}
	e.u = keyUnits(first)
	g := *first
	start := 0
	for i := range runs {
		r := &runs[i]
		*bandOf(&g, 1) = r.band2
		if err := e.band2(&g); err != nil {
			return nil, fmt.Errorf("storage: grid %d of the block: %w", start+1, err)
		}
		if err := e.band3Placed(places[start:r.end], i == len(runs)-1); err != nil {
			return nil, fmt.Errorf("storage: grids %d-%d of the block: %w", start+1, r.end, err)
		}
		start = r.end
	}
	return e.w.bytes(), nil
}
