package enumerate

import (
	"math/bits"
	"sort"

	"edgrid/canon"
)

// A Batch is the grids one unit of work (a filling of row 4) found, ascending,
// with their automorphism counts and where each sits among the completions
// of its rows 1-6 (Runs and Rows7), as GroupBatches passes them on. The
// batches of a group come in order and together are its grids. A Batch, and
// the slices it returns, are valid only during the call it is passed to and
// must not be changed: a writer trusts them as the search left them. Only
// this package makes Batches; the zero Batch is empty.
type Batch struct {
	r *taskResult
	n int
}

// Len returns the number of grids.
func (b Batch) Len() int { return b.n }

// Grids returns the grids, ascending. The search does not copy a batch's
// grids as it finds them (a writer needs only their runs and rows 7): the
// first call rebuilds them, at about the cost of decoding them.
func (b Batch) Grids() []canon.Grid {
	if b.r == nil {
		return nil
	}
	r := b.r
	if len(r.grids) < b.n {
		r.grids = r.grids[:0]
		for j := range r.runs {
			g := b.runBase(j)
			for _, u := range b.runRows(j) {
				for m := u.Grids; m != 0; m &= m - 1 {
					if !rebuild(&g, u, bits.TrailingZeros8(m)) {
						panic("enumerate: a batch's row 7 does not rebuild")
					}
					r.grids = append(r.grids, g)
				}
			}
		}
	}
	return r.grids[:b.n]
}

// Grid returns grid i (0 <= i < Len) of the batch, rebuilding only that one
// when Grids was not called.
func (b Batch) Grid(i int) canon.Grid {
	r := b.r
	if len(r.grids) >= b.n {
		return r.grids[i]
	}
	// The run holding grid i, then its row 7.
	j := sort.Search(len(r.runs), func(j int) bool { return int(r.runs[j].Start) > i }) - 1
	g := b.runBase(j)
	left := i - int(r.runs[j].Start)
	for _, u := range b.runRows(j) {
		if c := bits.OnesCount8(u.Grids); left >= c {
			left -= c
			continue
		}
		m := u.Grids
		for ; left > 0; left-- {
			m &= m - 1
		}
		if rebuild(&g, u, bits.TrailingZeros8(m)) {
			return g
		}
		break
	}
	panic("enumerate: a batch's row 7 does not rebuild")
}

// runBase returns the key's cells with run j's rows 4-6.
func (b Batch) runBase(j int) canon.Grid {
	g := b.r.base
	*(*[27]uint8)(g[27:54]) = b.r.runs[j].Rows456
	return g
}

// runRows returns the rows 7 of run j.
func (b Batch) runRows(j int) []UsedRow7 {
	r := b.r
	end := len(r.rows)
	if j+1 < len(r.runs) {
		end = int(r.runs[j+1].Row)
	}
	return r.rows[r.runs[j].Row:end]
}

// Autos returns each grid's automorphism count.
func (b Batch) Autos() []uint16 {
	if b.r == nil {
		return nil
	}
	return b.r.autos[:b.n]
}

// A Run is a run of a Batch's grids sharing rows 4-6, as the search saw it:
// the index of its first grid (in Grids) and of its first row 7 (in Rows7),
// those rows, and the candidates of band 2's open cells.
type Run struct {
	Start   int32
	Row     int32
	Rows456 [27]uint8
	// Cands holds, for each of the 24 open cells of rows 4-6 (columns 2-9,
	// row-major), the digits (bits 1..9) it could take given the key's cells
	// and the open cells before it.
	Cands [24]uint16
}

// A UsedRow7 is a row 7 that grids of a run have: its index among the rows
// Rows7 lists for the run's rows 1-6 and how many there are, how many
// completions it has (band.Rows8Ways, 1 to 8), and which of them, ascending, are
// grids of the batch (bit k for the k-th). A run's rows 7 ascend; its grids
// are theirs, in that order.
type UsedRow7 struct {
	Index, Count, Ways, Grids uint8
}

// Runs returns the batch's runs, in order, the first starting at grid 0 and
// row 0; nil for an empty batch.
func (b Batch) Runs() []Run {
	if b.r == nil || len(b.r.runs) == 0 {
		return nil
	}
	return b.r.runs
}

// Rows7 returns the rows 7 of the batch's runs, run after run (Run.Row says
// where each run's start); nil when Runs is.
func (b Batch) Rows7() []UsedRow7 {
	if b.Runs() == nil {
		return nil
	}
	return b.r.rows
}

// NumRuns returns the number of the batch's runs.
func (b Batch) NumRuns() int { return len(b.Runs()) }

// RunAt returns run j of the batch (0 <= j < NumRuns): the index of its
// first grid, its rows 4-6, the candidates of band 2's open cells
// (Run.Cands) and its rows 7. They are the batch's own, not copies.
func (b Batch) RunAt(j int) (start int, rows456 *[27]uint8, cands *[24]uint16, rows7 []UsedRow7) {
	r := &b.r.runs[j]
	return int(r.Start), &r.Rows456, &r.Cands, b.runRows(j)
}

// Places returns each grid's Place (without a fingerprint: Fits is false),
// made from Rows7 on each call, or nil when Runs is.
func (b Batch) Places() []Place {
	rows := b.Rows7()
	if rows == nil {
		return nil
	}
	ps := make([]Place, 0, b.n)
	for _, u := range rows {
		for m := u.Grids; m != 0; m &= m - 1 {
			ps = append(ps, makePlace(int(u.Index), int(u.Count), bits.TrailingZeros8(m), int(u.Ways)))
		}
	}
	return ps
}
