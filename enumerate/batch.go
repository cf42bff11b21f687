package enumerate

import "edgrid/canon"

// A Batch is the grids one unit of work (a filling of row 4) found, ascending,
// with their automorphism counts and Places, as GroupBatches passes them on.
// The batches of a group come in order and together are its grids. A Batch,
// and the slices it returns, are valid only during the call it is passed to
// and must not be changed: a writer trusts them as the search left them.
// Only this package makes Batches; the zero Batch is empty.
type Batch struct {
	r *taskResult
	n int
}

// Len returns the number of grids.
func (b Batch) Len() int { return b.n }

// Grids returns the grids, ascending.
func (b Batch) Grids() []canon.Grid {
	if b.r == nil {
		return nil
	}
	return b.r.grids[:b.n]
}

// Autos returns each grid's automorphism count.
func (b Batch) Autos() []uint16 {
	if b.r == nil {
		return nil
	}
	return b.r.autos[:b.n]
}

// Places returns each grid's Place, or nil when the engine does not know
// them (EngineDLX).
func (b Batch) Places() []Place {
	if b.r == nil || len(b.r.places) < b.n {
		return nil
	}
	return b.r.places[:b.n]
}

// A Run is a run of a Batch's grids sharing rows 4-6: the index of its first
// grid and those rows, which the search copies while they are at hand.
type Run struct {
	Start   int32
	Rows456 [27]uint8
}

// Runs returns the batch's runs, in order, the first starting at 0; nil when
// Places is.
func (b Batch) Runs() []Run {
	if b.Places() == nil {
		return nil
	}
	runs := b.r.runs
	for len(runs) > 0 && int(runs[len(runs)-1].Start) >= b.n {
		runs = runs[:len(runs)-1]
	}
	return runs
}
