package bulk

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"edgrid/canon"
	"edgrid/internal/extsort"
	"edgrid/internal/lines"
	"edgrid/internal/ordered"
)

// read reads every input, prepares it on all cores and writes the lines
// file and the query records, in input order; it returns the number of
// inputs and of queries.
func read[S any](ctx context.Context, job *Job[S], bs *lines.Source, queries *extsort.Sorter, linesPath string, prog Progress) (int64, int64, error) {
	f, err := os.Create(linesPath)
	if err != nil {
		return 0, 0, fmt.Errorf("bulk answering: %w", err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	type prepared struct {
		recs []lineRecord
		ms   []canon.Grid
	}
	var seq, nq int64
	var werr error
	q := make([]byte, queryRecord)
	var rec []byte
	prep := ordered.Job[[]lines.Input, prepared, S]{
		NewState: func(int) S {
			var s S
			if job.NewState != nil {
				s = job.NewState()
			}
			return s
		},
		Work: func(_ context.Context, st S, in []lines.Input) (prepared, error) {
			p := prepared{recs: make([]lineRecord, len(in)), ms: make([]canon.Grid, len(in))}
			for i := range in {
				l := &in[i]
				p.recs[i].line = *l
				if l.Err != nil {
					continue
				}
				m, payload, err := job.Prepare(ctx, st, l)
				if err != nil {
					if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
						err = stopped(ctx)
					}
					p.recs[i].prepErr = err.Error()
					continue
				}
				p.ms[i], p.recs[i].payload = m, payload
			}
			return p, nil
		},
		Emit: func(_ []lines.Input, p prepared, _ bool) error {
			for i := range p.recs {
				r := &p.recs[i]
				if werr == nil {
					rec = appendLineRecord(rec[:0], r)
					_, werr = w.Write(rec)
				}
				if werr == nil && r.line.Err == nil && r.prepErr == "" {
					copy(q, p.ms[i][:])
					binary.BigEndian.PutUint64(q[81:], uint64(seq))
					werr = queries.Add(q)
					nq++
				}
				seq++
			}
			prog.Add(int64(len(p.recs)))
			return nil
		},
	}
	// A signal ends the reading; the inputs read are prepared (prepare
	// sees ctx) before the stop is reported.
	err = prep.Run(context.WithoutCancel(ctx), func(send func([]lines.Input) bool) error {
		return bs.Each(ctx, func(b []lines.Input, _ bool) error {
			send(b)
			return nil
		})
	})
	if err == nil {
		err = werr
	}
	if err == nil && ctx.Err() != nil {
		err = stopped(ctx)
	}
	if err == nil {
		err = w.Flush()
	}
	return seq, nq, err
}
