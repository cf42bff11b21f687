package storage

import (
	"errors"
	"fmt"
	"math/bits"

	"edgrid/enumerate"
)

// Coding from what the search knows.
//
// The enumerator lists band 3's rows 7 with band.Rows7 and their
// completions with band.Rows8Ways, the lists band3 and rows89 build
// here, in the same order. A Batch tells for each run which rows 7 its grids
// have and which completions of each (enumerate.UsedRow7), and the
// candidates of each band-2 cell (Batch.RunAt); a Place tells it for one grid.
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

// rowCode[ways][grids] is the code of a used row 7 with ways completions
// (1, 2, 4 or 8) of which grids (a mask) are grids of the run: bits 0-8 the
// code, a one (the row is used) then a bit per completion, the last one's
// implied when it alone is used; bits 10-13 its length, 0 for a mask no
// row 7 can have.
var rowCode = func() (t [16][256]uint16) {
	for _, ways := range []uint{1, 2, 4, 8} {
		for sel := uint(1); sel < 1<<ways; sel++ {
			nb := ways
			if sel == 1<<(ways-1) {
				nb--
			}
			t[ways][sel] = uint16(sel&(1<<nb-1)<<1|1) | uint16(nb+1)<<10
		}
	}
	return
}()

// band3Rows codes a run's band 3 as band3 does, from its rows 7, which
// ascend and each hold a grid. In the block's last run it stops after the
// last grid; otherwise it leaves in e.end where the stream would stop if
// this run were the last, all bits after it being zeros.
func (e *sortedEncoder) band3Rows(rows []enumerate.UsedRow7, last bool) error {
	n7 := int(rows[0].Count)
	next := 0 // the first row 7 not coded yet
	w := &e.w
	w.reserve((9*len(rows)+n7)/8 + 1) // 9 bits a row used, 1 a row not
	for i, u := range rows {
		// Rows 7 next..r-1 unused: zeros, then row r's code.
		r := int(u.Index)
		c := rowCode[u.Ways&15][u.Grids]
		code, nbits := uint32(c&511), uint(c>>10)
		if nbits == 0 || int(u.Count) != n7 || r < next || r >= n7 {
			return errPlaces
		}
		if i == 0 && r == n7-1 {
			// The last row and none before used: its one is implied.
			code, nbits = code>>1, nbits-1
		}
		skip := uint(r - next)
		for ; skip+nbits > 32; skip -= 16 {
			w.put(0, 16)
		}
		w.put(code<<skip, skip+nbits)
		next = r + 1
	}
	// Were the run's last grid the block's last, the bits of the
	// completions after it in its row 7 would not be written.
	u := rows[len(rows)-1]
	e.end = w.pos() - max(int(rowCode[u.Ways&15][u.Grids]>>10)-1-bits.Len8(u.Grids), 0)
	if last {
		w.truncate(e.end)
		return nil
	}
	for z := n7 - next; z > 0; z -= 16 {
		w.put(0, uint(min(z, 16)))
	}
	return nil
}

// run is a run of grids sharing a band 2, given as encodeSortedRuns takes
// it: its band 2, the candidates of its open cells (as Batch.RunAt gives them)
// and the end of its rows 7 in the block's.
type run struct {
	band2 [27]uint8
	cands [numBand2]uint16
	end   int
}

// codeRun codes a run given by its band 2, the candidates of its open cells
// and its rows 7, as if more runs were to follow in the block: finish ends
// the stream where the block ends.
func (e *sortedEncoder) codeRun(band2 *[27]uint8, cands *[numBand2]uint16, rows []enumerate.UsedRow7) error {
	q0, err := e.firstNew(band2)
	if err == nil {
		err = e.band2Cands(band2, cands, q0)
	}
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return errors.New("no grids")
	}
	return e.band3Rows(rows, false)
}

// startBlock readies e, which may have coded blocks before, for a block of
// runs coded with codeRun, into the buffer it holds (which finish returned)
// or a new one.
func (e *sortedEncoder) startBlock() {
	if e.w.buf == nil {
		e.w.buf = make([]byte, 0, 2048)
	}
	e.w.buf, e.w.acc, e.w.nacc = e.w.buf[:0], 0, 0
	e.havePrev, e.branch, e.end = false, 0, 0
}

// finish ends the block's stream after its last grid, the last coded with
// codeRun, and returns it.
func (e *sortedEncoder) finish() []byte {
	e.w.truncate(e.end)
	return e.w.bytes()
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
		if start > r.end {
			return nil, fmt.Errorf("storage: run %d of the block: %w", i+1, errPlaces)
		}
		if err := e.codeRun(&r.band2, &r.cands, rows[start:r.end]); err != nil {
			return nil, fmt.Errorf("storage: run %d of the block: %w", i+1, err)
		}
		start = r.end
	}
	return e.finish(), nil
}
