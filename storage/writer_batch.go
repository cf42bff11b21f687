package storage

import (
	"errors"
	"fmt"
	"math/bits"

	"edgrid/canon"
	"edgrid/enumerate"
)

// A Batch is a batch of consecutive grids of one group as the search finds
// them (enumerate.Batch is one, from enumerate.GroupBatches): runs of grids
// sharing rows 4-6, each given by those rows, the candidates of their open
// cells and its rows 7, from which AddBatch codes the grids without
// reading them. The grids are rebuilt only when asked for.
type Batch interface {
	// Len is the number of grids.
	Len() int
	// Autos is each grid's automorphism count.
	Autos() []uint16
	// Grid rebuilds grid i; Grids rebuilds them all, ascending.
	Grid(i int) canon.Grid
	Grids() []canon.Grid
	// NumRuns is the number of runs; RunAt returns run j: the index of
	// its first grid (0 for the first run), its rows 4-6, the candidates
	// of band 2's 24 open cells and its rows 7, which ascend.
	NumRuns() int
	RunAt(j int) (start int, rows456 *[27]uint8, cands *[numBand2]uint16, rows7 []enumerate.UsedRow7)
}

// AddBatch appends the grids of a batch of the group's enumeration
// (enumerate.GroupBatches). A Batch comes only from the search, so its grids
// are trusted to be ascending, of one group and with their right runs, rows
// 7 and automorphism counts: only its first grid is checked, for the
// group's key and against the grid before. Each run is coded at once from
// its rows 4-6, candidates and rows 7 (Batch.RunAt), while they
// are at hand, into the open block's stream (a few nanoseconds a grid);
// the background compresses the blocks. Of the grids only the first and
// last of the batch and the first of each block are rebuilt (Batch.Grid).
// A run the coder rejects (a bug in the search) fails the writer. A batch
// for the packed codec is added grid by grid as Add does.
func (w *Writer) AddBatch(b Batch) error {
	if w.closed {
		return errors.New("storage: Add after Close")
	}
	if b.Len() == 0 {
		return nil
	}
	n, autos := b.Len(), b.Autos()
	if w.codec != CodecSorted {
		grids := b.Grids()
		for i := range grids {
			if err := w.Add(&grids[i], int(autos[i])); err != nil {
				return err
			}
		}
		return nil
	}
	if err := w.bgErr(); err != nil {
		return err
	}
	first := b.Grid(0)
	newRun, err := w.check(&first, w.last())
	if err != nil {
		return err
	}
	if !newRun && w.havePrev {
		// Batches are fillings of row 4: never one band 2 across two.
		return fmt.Errorf("storage: grid %d (%s): a batch goes on with the band 2 before it", w.h.Count+1, first.String())
	}
	if len(w.block) > 0 {
		w.flush() // a block holds grids or runs, not both
	}
	w.countAutos(autos)
	// Runs come from the search with their rows 4-6, so the grids are not
	// read again. Consecutive runs differ in them, and a batch's first run
	// differs from the grid before (checked above).
	for j, nr := 0, b.NumRuns(); j < nr; j++ {
		start, rows456, cands, rows := b.RunAt(j)
		end := n
		if j+1 < nr {
			end, _, _, _ = b.RunAt(j + 1)
		}
		r0 := 0
		var done uint8 // grids of rows[r0] in the block before
		for start < end {
			// As Add does grid by grid: a run opens a block or follows
			// another band 2 at a cost of 4, and each grid costs 1; the
			// block closes once the cost reaches the limit.
			if w.nruns == 0 {
				w.first = b.Grid(start)
				w.enc.startBlock()
			}
			w.work += 4
			take := min(end-start, max(w.limit-w.work, 1))
			piece := rows[r0:]
			switch {
			case take < end-start:
				// The block ends inside the run.
				w.rows, r0, done = takeRows(w.rows[:0], rows, r0, done, take)
				piece = w.rows
			case done != 0:
				// It goes on from a block that ended inside it.
				w.rows = append(w.rows[:0], piece...)
				w.rows[0].Grids &^= done
				piece, done = w.rows, 0
			}
			if err := w.enc.codeRun(rows456, cands, piece); err != nil {
				err = fmt.Errorf("storage: grids %d-%d: %w", w.h.Count+int64(start)+1, w.h.Count+int64(start+take), err)
				w.fail(err)
				return err
			}
			w.nruns += take
			start += take
			if w.work += take; w.work >= w.limit {
				w.flush()
			}
		}
	}
	w.h.Count += int64(n)
	w.prev = b.Grid(n - 1)
	w.havePrev = true
	return nil
}

// countAutos adds automorphism counts to the header's histogram. Almost
// every grid has one automorphism: counting those apart keeps the loop free
// of the store-to-load chain of incrementing one counter in memory.
func (w *Writer) countAutos(autos []uint16) {
	ones := 0
	for _, a := range autos {
		if a == 1 {
			ones++
		} else {
			w.h.Autos[a]++
		}
	}
	w.h.Autos[1] += int64(ones)
}

// takeRows appends to dst the rows 7 of the next c grids of a run whose rows
// 7 are rows, starting at rows[r0], of which the grids in done were taken
// before; it returns dst and where the grids left start (r0, done).
func takeRows(dst, rows []enumerate.UsedRow7, r0 int, done uint8, c int) ([]enumerate.UsedRow7, int, uint8) {
	for c > 0 {
		u := rows[r0]
		u.Grids &^= done
		if k := bits.OnesCount8(u.Grids); k <= c {
			dst, r0, done, c = append(dst, u), r0+1, 0, c-k
			continue
		}
		var low uint8 // the c lowest grids of u
		for ; c > 0; c-- {
			low |= u.Grids & -u.Grids
			u.Grids &= u.Grids - 1
		}
		u.Grids = low
		dst, done = append(dst, u), done|low
	}
	return dst, r0, done
}

// check checks g as every grid added must be: it has the group's key and,
// unless it is the first, is above prev. newRun reports whether its band 2
// differs from prev's.
func (w *Writer) check(g, prev *canon.Grid) (newRun bool, err error) {
	k := &w.h.Key
	if !eq27(bandOf(g, 0), (*[27]uint8)(k[:27])) || g[27] != k[27] || g[36] != k[28] ||
		g[45] != k[29] || g[54] != k[30] || g[63] != k[31] || g[72] != k[32] {
		return false, fmt.Errorf("storage: grid %d (%s) is not in group %d", w.h.Count+1, g.String(), w.h.Group)
	}
	c2 := cmp27(bandOf(g, 1), bandOf(prev, 1))
	if w.havePrev && (c2 < 0 || c2 == 0 && cmp27(bandOf(g, 2), bandOf(prev, 2)) <= 0) {
		return false, fmt.Errorf("storage: grid %d (%s) is not above the one before", w.h.Count+1, g.String())
	}
	return c2 != 0, nil
}
