package bulk

import (
	"context"
	"encoding/binary"
	"errors"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
	"edgrid/internal/extsort"
	"edgrid/storage"
)

// answerAll answers the sorted queries a first band at a time (in chunks
// of at most chunk queries) on all cores, adding the answers to answers.
func answerAll[S any](ctx context.Context, job *Job[S], queries, answers *extsort.Sorter, chunk int, prog Progress, damage *damage) error {
	next, closeRuns, err := queries.Sorted()
	if err != nil {
		return err
	}
	defer closeRuns()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	var mu sync.Mutex // answers
	// A chunk: distinct grids ms, and the sequence numbers of the inputs
	// of each (seqs[starts[k]:starts[k+1]] are ms[k]'s).
	var ms []canon.Grid
	var seqs []uint64
	var starts []int
	flush := func() {
		if len(ms) == 0 {
			return
		}
		cms, cseqs, cstarts := ms, seqs, append(starts, len(seqs))
		ms, seqs, starts = nil, nil, nil
		g.Go(func() error {
			as, err := job.Answer(gctx, cms)
			var ce *storage.CorruptError
			if err != nil && job.DamagePerLine && errors.As(err, &ce) {
				i := damage.add(err)
				as = make([]Answer, len(cms))
				for k := range as {
					as[k].Status, as[k].V[0] = damaged, i
				}
			} else if err != nil {
				return err
			}
			rec := make([]byte, answerRecord)
			mu.Lock()
			defer mu.Unlock()
			for k := range cms {
				for _, sq := range cseqs[cstarts[k]:cstarts[k+1]] {
					binary.BigEndian.PutUint64(rec, sq)
					rec[8] = as[k].Status
					for v := range 3 {
						binary.BigEndian.PutUint64(rec[9+8*v:], uint64(as[k].V[v]))
					}
					if err := answers.Add(rec); err != nil {
						return err
					}
				}
			}
			prog.Add(int64(len(cseqs)))
			return nil
		})
	}
	for {
		rec, err := next()
		if err != nil {
			g.Wait()
			return err
		}
		if rec == nil {
			break
		}
		if gctx.Err() != nil {
			break
		}
		m := canon.Grid(rec[:81])
		sq := binary.BigEndian.Uint64(rec[81:])
		if len(ms) > 0 && m == ms[len(ms)-1] {
			seqs = append(seqs, sq) // a duplicate: answered once
			continue
		}
		if len(ms) > 0 && ([27]uint8(m[:27]) != [27]uint8(ms[0][:27]) || len(seqs) >= chunk) {
			flush()
		}
		ms, starts, seqs = append(ms, m), append(starts, len(seqs)), append(seqs, sq)
	}
	flush()
	if err := g.Wait(); err != nil {
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			return stopped(ctx)
		}
		return err
	}
	if ctx.Err() != nil {
		return stopped(ctx)
	}
	return nil
}
