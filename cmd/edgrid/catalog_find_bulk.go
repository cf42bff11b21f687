package main

import (
	"context"
	"errors"

	"edgrid/canon"
	"edgrid/internal/bulk"
	"edgrid/internal/lines"
	"edgrid/storage"
)

// findJob is catalog find's bulk answering: the query is the grid's minlex
// form, kept for the answer too. Each group's queries of a first band are
// answered with one ordered pass over the group's file (BelowSorted); a
// grid that is not there is answered "missed", and the message for it is
// the one that finding it alone gives.
func findJob(t *catalogTarget, a answerer) bulkJob[struct{}] {
	return bulkJob[struct{}]{
		Job: bulk.Job[struct{}]{
			Prepare: func(_ context.Context, _ struct{}, l *lines.Input) (canon.Grid, []byte, error) {
				m, err := findQuery(l)
				return m, m[:], err
			},
			Answer: func(ctx context.Context, ms []canon.Grid) ([]bulk.Answer, error) {
				return t.findSorted(ctx, ms)
			},
		},
		a:     a,
		cells: true,
		format: func(out []byte, payload []byte, ans bulk.Answer) ([]byte, error) {
			m := canon.Grid(payload)
			if ans.Status == findMissed {
				_, _, _, err := t.locate(&m)
				if err == nil {
					// Found alone but not in the pass: the file changed
					// under the command.
					err = errFindChanged
				}
				return out, err
			}
			return appendFound(out, a.json, &m, int(ans.V[0]), ans.V[1], ans.V[2]), nil
		},
	}
}

// findMissed is the status of a grid that is not in the catalog.
const findMissed = 1

// errFindChanged is the error of a grid a pass missed and a lookup found.
var errFindChanged = errors.New("the catalog changed while it was read: run again")

// findSorted answers ascending minlex grids of one first band
// (storage.FindSorted: each group's grids in one ordered pass over its
// file). Damage in a file is an error.
func (t *catalogTarget) findSorted(ctx context.Context, ms []canon.Grid) ([]bulk.Answer, error) {
	found, err := storage.FindSorted(ctx, ms, t.groupFile)
	if err != nil {
		return nil, err
	}
	as := make([]bulk.Answer, len(ms))
	for k, f := range found {
		if f.Group == 0 {
			as[k].Status = findMissed
			continue
		}
		as[k].V = [3]int64{int64(f.Group), f.Ordinal, f.Number}
	}
	return as, nil
}

// groupFile opens the file of group g and returns it with the catalog
// ordinal of its first grid; false if the target has no such group. The
// file is the caller's to close (the single file is opened anew: each
// goroutine reads its own).
func (t *catalogTarget) groupFile(g int) (*storage.File, int64, bool, error) {
	if t.cat == nil {
		if t.f.Header().Group != g {
			return nil, 0, false, nil
		}
		f, err := storage.Open(t.file)
		return f, 1, err == nil, err
	}
	return t.cat.OpenGroup(g)
}
