package lines

import (
	"context"
	"io"
	"runtime"

	"edgrid/internal/ordered"
)

// EachJob is the work of AnswerEach: inputs answered one at a time, each
// by a worker with state S of its own (a scanner), for inputs that take
// from milliseconds to minutes, where handing out whole batches would leave
// cores idle behind one slow input.
type EachJob[S any] struct {
	// Workers is the number of goroutines answering; 0 or less means one
	// per core (GOMAXPROCS).
	Workers int
	// NewState returns the state of worker w (0 <= w < Workers); nil gives
	// every worker the zero S.
	NewState func(w int) S
	// Work answers input l into r with the worker's state; it answers
	// inputs that could not be read too (Input.Err).
	Work func(s S, l Input, r *Result)
	// Done, when set, is called with each input's result, in input order,
	// before its output is written.
	Done func(r *Result)
}

// AnswerEach runs the job on each input of bs and writes each input's
// output to out in input order, flushing each as soon as it is in order.
// When ctx is done the reading stops (Each), and the inputs read are
// answered (Work sees its own context) and written. The batches' memory is
// not reused (Source.Recycle is Answer's). AnswerEach returns the error of
// the reading, else of writing.
func AnswerEach[S any](ctx context.Context, bs *Source, out io.Writer, job EachJob[S]) error {
	workers := job.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	w := newOrderedWriter(out)
	oj := ordered.Job[Input, *Result, S]{
		Workers:  workers,
		NewState: job.NewState,
		Work: func(_ context.Context, s S, l Input) (*Result, error) {
			r := &Result{}
			job.Work(s, l, r)
			return r, nil
		},
		Emit: func(_ Input, r *Result, more bool) error {
			if job.Done != nil {
				job.Done(r)
			}
			w.write(r.Out, more) // each input's answer as soon as it is in order
			return nil
		},
	}
	// The map is not stopped by ctx: a signal ends the reading, and the
	// inputs read are answered and written.
	err := oj.Run(context.WithoutCancel(ctx), func(send func(Input) bool) error {
		return bs.Each(ctx, func(b []Input, _ bool) error {
			for i := range b {
				send(b[i])
			}
			return nil
		})
	})
	return w.close(err)
}
